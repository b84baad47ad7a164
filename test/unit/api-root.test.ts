// The credential never leaves the API root: every spelling of a path that
// climbs out of it is refused before a request is made, in the one place
// every request is built (buildUrl, used by the client) and so for every
// command, not only kettle api.
import { describe, expect, it } from 'vitest';
import { ApiClient } from '../../src/api/client.js';
import { buildUrl, checkUnderRoot } from '../../src/api/url.js';
import { UsageError } from '../../src/errors.js';

const ROOT = 'https://host.example/forge/api/v1';

const ESCAPES = [
  '/..',
  '/../../../other-app/admin',
  '../other-app',
  '/%2e%2e/%2e%2e/other-app/x',
  '/%2E%2e/other-app',
  '/.%2e/other-app',
  '/repos/..%2f..%2f..%2fother-app',
  '/repos/..%2F..%2Fother-app',
  '/%252e%252e/%252e%252e/other-app',
  '/%25252e%25252e/other-app',
  '/repos\\..\\..\\other-app',
  '/repos/..%5c..%5cother-app',
  '/repos/%2e%2e%5c%2e%2e%5cother-app',
  '/repos/%zz/..%2f..%2f..',
  '/%2525252525252e%2525252525252e/x',
];

describe('checkUnderRoot', () => {
  it.each(ESCAPES)('refuses %s', (path) => {
    expect(() => checkUnderRoot(path, ROOT)).toThrow(UsageError);
    expect(() => checkUnderRoot(path, ROOT)).toThrow(/outside the API root \/forge\/api\/v1/);
  });

  it.each([
    '/user',
    '/repos/alice/teapot/branches/feature%2Fx',
    '/repos/alice/a..b/issues',
    '/repos/alice/.hidden/issues',
    '/repos/alice/teapot/contents/docs/x.md?ref=..',
    '/repos/search?q=%2e%2e',
    '/repos/alice/teapot/raw/100%25.txt',
    // Dot segments that stay under the root reach only the API itself.
    '/repos/./alice/../alice/teapot',
    '/users/..%2Frepos%2Falice%2Fteapot',
    '/users/%252e%252e',
  ])('accepts %s', (path) => {
    expect(() => checkUnderRoot(path, ROOT)).not.toThrow();
    expect(buildUrl(ROOT, path).href.startsWith(`${ROOT}/`)).toBe(true);
  });

  it.each(ESCAPES)('buildUrl refuses %s too', (path) => {
    expect(() => buildUrl(ROOT, path)).toThrow(UsageError);
  });
});

describe('the client', () => {
  it.each(ESCAPES)('refuses %s before sending anything (no network error: nothing was tried)', async (path) => {
    // Port 9 on a reserved address: a request that went out would fail as a network error instead.
    const api = new ApiClient({ root: 'http://192.0.2.1:9/forge/api/v1', credentials: { method: 'header', token: 'secret' }, userAgent: 'test', timeoutMs: 200 });
    try {
      await expect(api.request('GET', path)).rejects.toThrow(UsageError);
    } finally {
      await api.close();
    }
  });
});
