// Messages that fit the situation: each names what the user did and what to
// do instead, not a neighbouring case's advice or the server's own words.
import { describe, expect, it } from 'vitest';
import { requestLog } from '../server/log.js';
import { expectExit, expectUsage, useServer } from '../support/suite.js';

const s = useServer({ runner: 'in-process' });

describe('the server URL', () => {
  it('KETTLE_URL with credentials points to KETTLE_TOKEN, not to flags', async () => {
    const url = new URL(s.server.url);
    url.username = 'alice';
    url.password = 'hunter2';
    const r = await s.kettle(['whoami'], { env: { KETTLE_URL: url.href, KETTLE_TOKEN: s.token } });
    expectUsage(s, r, /^kettle: KETTLE_URL must not contain credentials; put the token in KETTLE_TOKEN instead\n$/);
    expect(r.stderr).not.toContain('hunter2');
  });

  it('--url with credentials still points to the flags', async () => {
    const r = await s.kettle(['login', 'add', '--url', 'https://alice:hunter2@git.example.com', '--token', 'x']);
    expectUsage(s, r, /^kettle: the server URL must not contain credentials; pass --user\/--password or --token instead\n$/);
  });

  it('an invalid KETTLE_URL is named as such', async () => {
    const r = await s.kettle(['whoami'], { env: { KETTLE_URL: 'ftp://git.example.com', KETTLE_TOKEN: s.token } });
    expectUsage(s, r, /^kettle: invalid KETTLE_URL: ftp: is not supported/);
  });

  it('a URL with a sub-path too many asks whether that path belongs, and offers the host', async () => {
    const page = `${s.server.url}/alice/teapot`;
    const r = await s.kettle(['login', 'add', '--url', page, '--token', s.token], { env: { KETTLE_URL: undefined, KETTLE_TOKEN: undefined } });
    expectExit(r, 1);
    expect(r.stderr).toBe(`kettle: no Gitea-family API at ${page}/ (GET /alice/teapot/api/v1/user answered 404); is /alice/teapot part of the server's address? If not, use ${s.server.url}\n`);
  });
});

describe('a number that is an issue, given to a pr verb', () => {
  it.each([['view'], ['close'], ['reopen'], ['edit', '--title', 'New']])('pr %s 1 says #1 is an issue and how to see it', async (verb, ...rest) => {
    const r = await s.kettle(['pr', verb as string, '1', '-R', 'alice/teapot', ...rest]);
    expectExit(r, 1);
    expect(r.stderr).toBe('kettle: #1 in alice/teapot is an issue, not a pull request; see it with: kettle issue view 1 -R alice/teapot\n');
    expect(s.server.requests.filter((q) => q.method !== 'GET')).toEqual([]);
  });

  it('a number that is neither is still not found', async () => {
    const r = await s.kettle(['pr', 'view', '9999', '-R', 'alice/teapot']);
    expectExit(r, 1);
    expect(r.stderr).toBe('kettle: pull request #9999 in alice/teapot not found\n');
  });
});

describe('the server wording passed on once, in words', () => {
  it('hook add --type bogus: the server refusal once, no doubled field line', async () => {
    const r = await s.kettle(['hook', 'add', '-R', 'alice/teapot', '--url', 'https://hooks.example.com/in', '--type', 'bogus']);
    expectExit(r, 1);
    const lines = r.stderr.trimEnd().split('\n');
    expect(lines.at(-1)).toBe('kettle: cannot add a webhook to alice/teapot: Invalid hook type: bogus');
    expect(r.stderr).not.toMatch(/\[type\]|type: in/);
    // kettle sends a type it does not know as given, by design (with the
    // warning above), for servers newer than its list: the request is the
    // user's, and the server's refusal of it is what this test reads. Taken
    // out of the log so the contract check (test/contract/setup.ts) does not
    // count it as kettle's own mistake.
    const mine = requestLog.filter((e) => e.request.method === 'POST' && e.request.path === '/repos/alice/teapot/hooks');
    expect(mine).toHaveLength(1);
    requestLog.splice(requestLog.indexOf(mine[0]!), 1);
  });

  it('a second release create for a tag says the release exists, and what to run instead', async () => {
    expectExit(await s.kettle(['release', 'create', 'v3.0', '-R', 'alice/teapot']), 0);
    const again = await s.kettle(['release', 'create', 'v3.0', '-R', 'alice/teapot', '--title', 'Again']);
    expectExit(again, 1);
    expect(again.stderr).toBe('kettle: the release for tag v3.0 already exists in alice/teapot; nothing was changed (change it with: kettle release edit v3.0 -R alice/teapot)\n');
    expect(again.stderr).not.toMatch(/has no Tag/);
    expectExit(await s.kettle(['release', 'delete', 'v3.0', '-R', 'alice/teapot', '--yes']), 0);
  });
});
