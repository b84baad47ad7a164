// Secrets stay secret: tokens, passwords and hook secrets never appear in
// output, traces or errors, and credentials are never sent to another origin
// or over plain http to another host without a warning.
import { describe, expect, it } from 'vitest';
import { json, type RunResult } from '../support/harness.js';
import { useServer } from '../support/suite.js';

const s = useServer({ login: 'none' });

function all(r: RunResult): string {
  return r.stdout + r.stderr;
}

describe('--debug traces every request with credentials redacted', () => {
  it('hides the token header and a hook secret in the traced request body', async () => {
    const secret = 'hook-secret-4f9a1c';
    const r = await s.kettle(['hook', 'add', '-R', 'alice/teapot', '--url', 'https://ci.example.com/x', '--secret', secret, '--json', '--debug'], { env: s.ciEnv });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toContain('[debug] >   authorization: token REDACTED');
    expect(r.stderr).toMatch(/\[debug\] > {3}body: \{.*"secret":"REDACTED".*\}/);
    expect(all(r)).not.toContain(secret);
    expect(all(r)).not.toContain(s.token);
    // The server did get the secret: redaction is for output only.
    expect((s.server.requests.find((q) => q.method === 'POST')?.body as { config: { secret: string } }).config.secret).toBe(secret);
    expect(json<{ config?: Record<string, unknown> }>(r).config?.secret).toBeUndefined();
  });

  it('hides the password of a Basic login and the token minted with it', async () => {
    const r = await s.kettle(['login', 'add', '--url', s.server.url, '--user', 'alice', '--password', 'alice-password', '--debug']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toContain('authorization: Basic REDACTED');
    expect(r.stderr).not.toContain('alice-password');
    expect(r.stderr).not.toContain(Buffer.from('alice:alice-password').toString('base64'));
    const minted = s.server.state.tokens.at(-1)!.sha1;
    expect(all(r)).not.toContain(minted);
    const who = await s.kettle(['whoami', '--debug']);
    expect(who.code, who.stderr).toBe(0);
    expect(all(who)).not.toContain(minted);
  });

  it('hides a token carried in the query, in traces and in errors', async () => {
    expect((await s.kettle(['login', 'add', '--url', s.server.url, '--token', s.token, '--auth', 'query'])).code).toBe(0);
    s.server.fault({ kind: 'reset', path: '/user', times: 3 });
    const r = await s.kettle(['whoami', '--debug', '--timeout', '1']);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('token=REDACTED');
    expect(all(r)).not.toContain(s.token);
  });

  it('hides credentials given to `kettle api` as headers', async () => {
    const r = await s.kettle(['api', '/user', '-H', `Authorization: token ${s.token}`, '-H', 'X-Api-Token: sesame-77', '--debug'], { env: s.ciEnv });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toMatch(/x-api-token: REDACTED/i);
    expect(all(r)).not.toContain('sesame-77');
    expect(all(r)).not.toContain(s.token);
  });

  it('a 401 names KETTLE_TOKEN but never prints it', async () => {
    const r = await s.kettle(['whoami'], { env: { KETTLE_URL: s.server.url, KETTLE_TOKEN: 'wrong-token-1234' } });
    expect(r.code).toBe(4);
    expect(all(r)).not.toContain('wrong-token-1234');
  });
});

describe('credentials stay with their server', () => {
  const other = useServer();

  it('`kettle api` refuses an absolute URL on another origin, and sends nothing there', async () => {
    const r = await s.kettle(['api', `${other.server.apiUrl}/user`], { env: s.ciEnv });
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/^kettle: refusing to send your credentials to 127\.0\.0\.1:\d+/);
    expect(other.server.requests).toHaveLength(0);
    expect(s.server.requests).toHaveLength(0);
  });

  it('--paginate follows page numbers on the same server, never a Link to elsewhere', async () => {
    const r = await s.kettle(['api', '/repos/alice/teapot/issues', '--paginate'], { env: s.ciEnv });
    expect(r.code, r.stderr).toBe(0);
    expect(other.server.requests).toHaveLength(0);
    for (const q of s.server.requests) expect(q.rawUrl.startsWith('/api/v1/')).toBe(true);
  });
});

describe('plain http', () => {
  it('warns before a credential travels over http to a host that is not loopback', async () => {
    const r = await s.kettle(['whoami', '--timeout', '1'], { env: { KETTLE_URL: 'http://kettle-test.invalid', KETTLE_TOKEN: s.token } });
    expect(r.stderr).toMatch(/^kettle: warning: sending credentials to kettle-test\.invalid over plain http/);
    expect(r.code).toBe(1);
    expect(all(r)).not.toContain(s.token);
  });

  // The server listens on 127.0.0.1 only: on the other loopback addresses the
  // credentials are offered and refused at the door, still without a warning.
  it.each([
    ['127.0.0.1', 'answered'],
    ['localhost', 'answered'],
    ['[::1]', 'refused'],
    ['127.1.2.3', 'refused'],
  ] as const)('does not warn for the loopback host %s (%s)', async (host, outcome) => {
    const port = new URL(s.server.url).port;
    const r = await s.kettle(['whoami', '--json', '--timeout', '1'], { env: { KETTLE_URL: `http://${host}:${port}`, KETTLE_TOKEN: s.token } });
    expect(r.stderr).not.toContain('plain http');
    if (outcome === 'answered') {
      expect(r.code, r.stderr).toBe(0);
      expect(r.stderr).toBe('');
      expect(json<{ login: string }>(r).login).toBe('alice');
    } else {
      expect(r.code).toBe(1);
      expect(r.stderr).toBe(`kettle: GET http://${host}:${port}/api/v1/user: connection refused\n`);
    }
  });

  it('does not warn for https', async () => {
    const r = await s.kettle(['whoami', '--timeout', '1'], { env: { KETTLE_URL: 'https://kettle-test.invalid', KETTLE_TOKEN: s.token } });
    expect(r.stderr).not.toContain('plain http');
    expect(r.code).toBe(1);
  });
});
