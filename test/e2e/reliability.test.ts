// Reliability, round two: what a new user, a script author and a hostile
// server found. Each block is one rule: a change that succeeded is success,
// pagination ends on every server, kettle api writes the body's bytes, the
// credential stays under the API root, unwritable output is one line, a
// DELETE whose answer was lost counts as done, -H Authorization wins, the
// caller's page size is kept, and odd records do not crash the printers.
import { spawn } from 'node:child_process';
import { closeSync, openSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import type { PagingFault } from '../server/http.js';
import type { RecordedRequest } from '../server/index.js';
import { BIN, json } from '../support/harness.js';
import { expectExit, ownServer, sent, type Suite, useServer } from '../support/suite.js';

const s = useServer();

const BULK = 120;

beforeAll(() => {
  const repo = s.server.state.addRepo('alice', 'pages', { init: true });
  s.server.state.bulkIssues(repo, 'alice', BULK);
});

/** kettle with stdout as bytes (the harness decodes it as UTF-8), or written to a file descriptor. */
function runBytes(suite: Suite, args: string[], stdoutFd?: number): Promise<{ code: number | null; stdout: Buffer; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [BIN, ...args], {
      cwd: suite.dir,
      env: { PATH: process.env.PATH ?? '/usr/bin:/bin', LANG: 'C.UTF-8', HOME: suite.configDir, KETTLE_CONFIG_DIR: suite.configDir, ...suite.ciEnv },
      stdio: ['ignore', stdoutFd ?? 'pipe', 'pipe'],
    });
    const out: Buffer[] = [];
    let stderr = '';
    child.stdout?.on('data', (d: Buffer) => out.push(d));
    child.stderr?.setEncoding('utf8').on('data', (d: string) => (stderr += d));
    const timer = setTimeout(() => child.kill('SIGKILL'), 20_000);
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout: Buffer.concat(out), stderr });
    });
  });
}

/** No stack trace, no Node banner: kettle's own words only. */
function expectNoStack(stderr: string): void {
  expect(stderr).not.toMatch(/\n\s+at |Node\.js v|TypeError|Cannot read properties/);
}

describe('a change that succeeded is success, whatever the read after it', () => {
  it.each([
    { flags: [] as string[], stdout: '' },
    { flags: ['--json'], stdout: 'json' },
  ])('pr merge $flags when the pull request cannot be read back: exit 0, a warning', async ({ flags, stdout }) => {
    const repo = s.server.state.addRepo('alice', `merge-noread-${flags.length}`, { init: true });
    repo.branches.push('topic');
    const pr = s.server.state.addIssue(repo, 'bob', { title: 'Merge me', pull: { head: 'topic', base: 'main' } });
    const path = `/repos/alice/${repo.name}/pulls/${pr.number}`;
    s.server.fault({ kind: 'status', status: 404, method: 'GET', path, times: 10 });
    const r = await s.kettle(['pr', 'merge', String(pr.number), '-R', `alice/${repo.name}`, ...flags]);
    expectExit(r, 0);
    expect(pr.pull).toMatchObject({ merged: true });
    expect(r.stderr).toMatch(new RegExp(`^✓ Merged pull request #${pr.number} in alice/${repo.name} \\(merge\\)\\n`));
    expect(r.stderr).toMatch(/^kettle: warning: .*cannot read pull request/m);
    if (stdout === 'json') expect(json(r)).toEqual({ number: pr.number, merged: true });
    else expect(r.stdout).toBe('');
  });
});

describe('pagination ends on every server', () => {
  const listRequests = () => s.server.requests.filter((q) => q.method === 'GET' && q.path === '/repos/alice/pages/issues');

  it.each<{ fault: PagingFault; style?: 'spec' | 'gitea' | 'none'; says: RegExp }>([
    { fault: 'ignore-page', says: /^kettle: the server sent page \d+ again \(same records as page 1\); the list is incomplete$/ },
    { fault: 'ignore-page', style: 'none', says: /^kettle: the server sent page 2 again \(same records as page 1\); the list is incomplete$/ },
    // With X-PerPage (the API description's variant) the short page gives it away; without it (Gitea), the empty one after.
    { fault: 'huge-total', style: 'spec', says: /^kettle: the server sent a short page 3 \(20 of 50 records\) although it announced 99999999999 records; the list is incomplete$/ },
    { fault: 'huge-total', style: 'gitea', says: /^kettle: the server sent an empty page 4 although it announced 99999999999 records; the list is incomplete$/ },
    { fault: 'empty-early', says: /^kettle: the server sent an empty page 2 although it announced 120 records; the list is incomplete$/ },
    { fault: 'link-back', says: /^kettle: the server's link to the next page points back to page 1 from page 1; the list is incomplete$/ },
  ])('$fault ($style): exit 1, nothing on stdout, one line, few requests', async ({ fault, style, says }) => {
    s.server.set({ pagingFault: fault, ...(style ? { pagination: style } : {}) });
    for (const args of [
      ['issue', 'list', '-R', 'alice/pages', '--all'],
      ['issue', 'list', '-R', 'alice/pages', '--all', '--json'],
      ['api', '--paginate', '/repos/alice/pages/issues'],
    ]) {
      s.server.resetRequests();
      const r = await s.kettle(args);
      expectExit(r, 1);
      expect(r.stdout).toBe('');
      expect(r.stderr.trimEnd().split('\n')).toEqual([expect.stringMatching(says)]);
      // Bounded: a handful of pages, never a flood.
      expect(listRequests().length).toBeLessThanOrEqual(30);
    }
  });

  it('an honest server still gives every record', async () => {
    const r = await s.kettle(['issue', 'list', '-R', 'alice/pages', '--all', '--json', '--fields', 'number']);
    expectExit(r, 0);
    expect(json<unknown[]>(r)).toHaveLength(BULK);
  });
});

describe('kettle api writes the body as it came', () => {
  it('a binary answer: every byte, nothing added', async () => {
    const bytes = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0xff, 0xfe, 0x00, 0xc3]), randomBytes(2992)]);
    s.server.fault({ kind: 'status', status: 200, body: bytes, headers: { 'content-type': 'image/png' } });
    const r = await runBytes(s, ['api', '/repos/alice/teapot/raw/logo.png']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout.length).toBe(3000);
    expect(r.stdout.equals(bytes)).toBe(true);
  });

  it.each([
    ['text/plain', 'line one\nline two'],
    ['text/plain', 'ends with a newline\n'],
    ['application/json', '{"compact":true,"n":[1,2]}'],
  ])('%s %j: exactly the bytes sent', async (type, body) => {
    s.server.fault({ kind: 'status', status: 200, body, headers: { 'content-type': type } });
    const r = await runBytes(s, ['api', '/repos/alice/teapot/raw/file']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout.toString('utf8')).toBe(body);
  });

  it('streams a body larger than the cap on JSON answers', async () => {
    const size = 51 * 1024 * 1024;
    s.server.fault({ kind: 'huge', bytes: size, headers: { 'content-type': 'application/octet-stream' } });
    const r = await runBytes(s, ['api', '/repos/alice/teapot/raw/big.bin']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout.length).toBe(size + 4);
  });

  it('a body cut off partway: exit 1, one line on stderr', async () => {
    s.server.fault({ kind: 'cut', headers: { 'content-type': 'application/octet-stream' } });
    const r = await runBytes(s, ['api', '/repos/alice/teapot/raw/cut.bin']);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/^kettle: [^\n]*\n$/);
    expectNoStack(r.stderr);
  });

  it('--paginate still prints one JSON array', async () => {
    const r = await s.kettle(['api', '--paginate', '/repos/alice/pages/issues']);
    expectExit(r, 0);
    expect(r.stdout).toBe(`${JSON.stringify(JSON.parse(r.stdout), null, 2)}\n`);
  });
});

describe('the credential never leaves the API root', () => {
  it.for([
    '../../../other-app/admin',
    '/../../other-app/admin',
    '/%2e%2e/%2e%2e/other-app/x',
    '/%2E%2E/%2e%2E/other-app/x',
    '/repos/..%2f..%2f..%2fother-app',
    '/%252e%252e/%252e%252e/other-app/x',
    '/repos\\..\\..\\..\\other-app',
    '/repos/./../../../other-app',
    '/api/v1/../../other-app',
  ])('kettle api %s is refused before any request (exit 2)', async (path, ctx) => {
    const own = await ownServer(ctx, { server: { basePath: '/forge' } });
    const seen: RecordedRequest[] = [];
    own.server.onRequest((q) => seen.push(q));
    const r = await own.kettle(['api', path]);
    expectExit(r, 2);
    expect(r.stderr).toMatch(/^kettle: .*outside the API root/);
    expect(seen).toEqual([]);
  });

  it('a name with an encoded slash is still a name', async () => {
    const r = await s.kettle(['api', '/repos/alice/teapot/branches/feature%2Fx']);
    expectExit(r, 1);
    expect(sent(s, 'GET').map((q) => q.rawUrl)).toEqual(['/api/v1/repos/alice/teapot/branches/feature%2Fx']);
  });
});

describe('output that cannot be written is one line', () => {
  it.each([[['issue', 'view', '1', '-R', 'alice/teapot']], [['api', '/user']], [['issue', 'list', '-R', 'alice/pages', '--all']]])('%j > /dev/full', async (args) => {
    const fd = openSync('/dev/full', 'w');
    try {
      const r = await runBytes(s, args, fd);
      expect(r.stderr).toBe('kettle: cannot write output: no space left on device\n');
      expect(r.code).toBe(1);
    } finally {
      closeSync(fd);
    }
  });
});

describe('a DELETE whose first answer was lost', () => {
  it('repo delete: the retry meets 404, so the repository is gone: success with a note', async () => {
    const repo = s.server.state.addRepo('alice', 'lost-answer');
    // The server deletes, then a proxy loses the answer.
    s.server.onRequest((q) => {
      if (q.method === 'DELETE' && q.path === '/repos/alice/lost-answer') s.server.state.deleteRepo(repo);
    });
    s.server.fault({ kind: 'status', status: 504, method: 'DELETE', path: '/repos/alice/lost-answer' });
    const r = await s.kettle(['repo', 'delete', 'alice/lost-answer', '--yes']);
    expectExit(r, 0);
    expect(sent(s, 'DELETE', '/repos/alice/lost-answer').map((q) => q.status)).toEqual([504, 404]);
    expect(r.stderr).toMatch(/^kettle: warning: the first answer to DELETE \/repos\/alice\/lost-answer was lost \(504 Gateway Timeout\); the server now answers 404 Not Found, so it is gone$/m);
    expect(r.stderr).toMatch(/✓ Deleted repository alice\/lost-answer/);
  });
});

describe('kettle api -H Authorization', () => {
  it('wins over the stored credential, and --debug hides it', async () => {
    const bobs = s.server.addToken('bob');
    const r = await s.kettle(['api', '/user', '-H', `Authorization: token ${bobs}`, '--debug']);
    expectExit(r, 0);
    expect(json<{ login: string }>(r).login).toBe('bob');
    expect(sent(s, 'GET', '/user').map((q) => q.headers.authorization)).toEqual([`token ${bobs}`]);
    expect(r.stderr).not.toContain(bobs);
    expect(r.stderr).not.toContain(s.token);
  });
});

describe('kettle api --paginate', () => {
  it("-F limit=10 keeps the caller's page size", async () => {
    const r = await s.kettle(['api', '--paginate', '-F', 'limit=10', '/repos/alice/pages/issues']);
    expectExit(r, 0);
    expect(json<unknown[]>(r)).toHaveLength(BULK);
    const asked = sent(s, 'GET', '/repos/alice/pages/issues');
    expect(asked.length).toBe(BULK / 10);
    expect(asked.every((q) => q.query.limit === '10')).toBe(true);
  });
});

describe('odd records from the server', () => {
  it.each([
    [['issue', 'list', '-R', 'alice/teapot'], '/repos/alice/teapot/issues'],
    [['pr', 'list', '-R', 'alice/teapot'], '/repos/alice/teapot/pulls'],
    [['repo', 'list'], '/user/repos'],
    [['api', '--paginate', '/repos/alice/teapot/issues'], '/repos/alice/teapot/issues'],
  ])('%j: a null element is one clear line', async (args, path) => {
    s.server.fault({ kind: 'status', status: 200, method: 'GET', path, body: '[{"id":1,"number":1,"title":"ok"},null]' });
    const r = await s.kettle(args);
    expectExit(r, 1);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(/^kettle: the server sent a list with a null element \(GET \S+, page 1\)\n$/);
  });

  const WEIRD = JSON.stringify([
    { number: '7', title: 5, user: 'bob', labels: 'bug', state: 3, created_at: 12, updated_at: null, head: 'x', base: null, owner: 'alice', full_name: 9 },
    { title: 'no id at all' },
    { id: 'x', number: null, user: { login: 4 }, labels: [null, 3, { name: 7 }], assignees: 'z', milestone: 'm' },
  ]);
  it.each([
    [['issue', 'list', '-R', 'alice/teapot'], '/repos/alice/teapot/issues'],
    [['issue', 'view', '1', '-R', 'alice/teapot'], '/repos/alice/teapot/issues/1'],
    [['pr', 'list', '-R', 'alice/teapot'], '/repos/alice/teapot/pulls'],
    [['repo', 'list'], '/user/repos'],
    [['repo', 'view', 'alice/teapot'], '/repos/alice/teapot'],
  ])('%j: a field of the wrong type is one line naming it, exit 1 (issue 34, 12)', async (args, path) => {
    const one = !path.endsWith('s');
    s.server.fault({ kind: 'status', status: 200, method: 'GET', path, body: one ? JSON.stringify(JSON.parse(WEIRD)[2]) : WEIRD });
    const r = await s.kettle(args);
    expectExit(r, 1);
    expectNoStack(r.stderr);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(/^kettle: expected an? \w+ for "\w+" from GET \S+ but the server answered 200 OK with an? \w+\n$/);
  });

  it.each([
    // --json passes the server's records through as sent, undecoded.
    [['issue', 'list', '-R', 'alice/teapot', '--json'], '/repos/alice/teapot/issues'],
    [['org', 'list'], '/user/orgs'],
    [['hook', 'list', '-R', 'alice/teapot'], '/repos/alice/teapot/hooks'],
  ])('%j: records with wrong types print without a crash', async (args, path) => {
    s.server.fault({ kind: 'status', status: 200, method: 'GET', path, body: WEIRD });
    const r = await s.kettle(args);
    expectExit(r, 0);
    expectNoStack(r.stderr);
    expect(r.stdout.trimEnd().split('\n').length).toBeGreaterThanOrEqual(1);
  });

  it.each([
    [['user', 'view', 'bob'], '/users/bob'],
    [['org', 'view', 'wonderland'], '/orgs/wonderland'],
  ])('%j: a record with wrong types prints without a crash', async (args, path) => {
    s.server.fault({ kind: 'status', status: 200, method: 'GET', path, body: JSON.stringify(JSON.parse(WEIRD)[2]) });
    const r = await s.kettle(args);
    expectExit(r, 0);
    expectNoStack(r.stderr);
  });
});
