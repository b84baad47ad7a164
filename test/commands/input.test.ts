// Bad and unusual input: names that try to reach another endpoint, numbers and
// URLs that are not, files that cannot be read, and long non-ASCII text that
// must arrive exactly as typed. Standard input from a real pipe, empty or not:
// test/e2e/stdin.test.ts.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { json, type RunResult } from '../support/harness.js';
import { useServer } from '../support/suite.js';

const s = useServer({ runner: 'in-process' });

function usage(r: RunResult, message: RegExp): void {
  expect(r.code, r.stderr).toBe(2);
  expect(r.stdout).toBe('');
  expect(r.stderr).toMatch(/^kettle: [^\n]+\n$/);
  expect(r.stderr).toMatch(message);
}

describe('names never reach another endpoint', () => {
  it.each(['a/b', '../repos/alice/teapot', 'x?admin=true', 'x#frag', '%2e%2e', 'al%2Fice', 'a b', 'ünïcødé'])('user view %j stays one segment under /users/', async (name) => {
    const r = await s.kettle(['user', 'view', name, '--json']);
    expect([0, 1]).toContain(r.code);
    expect(s.server.requests).toHaveLength(1);
    const [q] = s.server.requests;
    expect(q!.rawUrl.split('?')[0]!.split('/')).toHaveLength(5); // '', api, v1, users, NAME
    expect(q!.rawUrl.startsWith('/api/v1/users/')).toBe(true);
    expect(decodeURIComponent(q!.path.slice('/users/'.length))).toBe(name);
    expect(Object.keys(q!.query)).toEqual([]);
    if (r.code === 1) expect(r.stderr).toMatch(/^kettle: user .* not found\n$/);
  });

  it.each(['.', '..'])('user view %j is refused before any request', async (name) => {
    usage(await s.kettle(['user', 'view', name]), /cannot be used as a name/);
    expect(s.server.requests).toHaveLength(0);
  });

  // A server (or proxy) that decodes the path twice would climb out of the API root.
  it.each(['..%2f..', '..%2f..%2f..%2fother-app'])('user view %j is refused before any request', async (name) => {
    usage(await s.kettle(['user', 'view', name]), /outside the API root/);
    expect(s.server.requests).toHaveLength(0);
  });

  it.each(['alice/../bob', 'alice/teapot/issues', 'alice', 'a?b/c', 'a/b#c', '../x', 'a%2Fb/c'])('-R %j is refused before any request', async (value) => {
    usage(await s.kettle(['issue', 'list', '-R', value]), /invalid -R value/);
    expect(s.server.requests).toHaveLength(0);
  });
});

describe('numbers and URLs are checked before any request', () => {
  it.each([
    [['issue', 'view', 'abc', '-R', 'alice/teapot'], /invalid issue number "abc"/],
    [['issue', 'view', '0', '-R', 'alice/teapot'], /invalid issue number "0"/],
    [['issue', 'view', '1e3', '-R', 'alice/teapot'], /invalid issue number/],
    [['issue', 'view', '99999999999999999999', '-R', 'alice/teapot'], /invalid issue number/],
    [['pr', 'merge', '-3', '-R', 'alice/teapot'], /./],
    [['issue', 'list', '-R', 'alice/teapot', '--limit', '0'], /--limit/],
    [['issue', 'list', '-R', 'alice/teapot', '--page', 'two'], /--page/],
    [['issue', 'create', '-R', 'alice/teapot', '--title', 'x', '--due', '2026-02-30'], /invalid --due "2026-02-30"/],
    [['hook', 'add', '-R', 'alice/teapot', '--url', 'ftp://example.com'], /invalid --url/],
    [['hook', 'add', '-R', 'alice/teapot', '--url', 'not a url'], /invalid --url/],
    [['login', 'add', '--url', 'https://user:pw@example.com', '--token', 'x'], /must not contain credentials/],
    [['login', 'add', '--url', 'gopher://example.com', '--token', 'x'], /not supported/],
  ])('%j', async (args, message) => {
    usage(await s.kettle(args), message);
    expect(s.server.requests).toHaveLength(0);
  });
});

describe('files', () => {
  it('a missing --body-file says so', async () => {
    usage(await s.kettle(['issue', 'create', '-R', 'alice/teapot', '--title', 't', '--body-file', join(s.dir, 'nope.md')]), /cannot read --body-file .*nope\.md: no such file/);
    expect(s.server.requests).toHaveLength(0);
  });

  it('a folder given as --body-file says so', async () => {
    const folder = join(s.dir, 'folder');
    mkdirSync(folder);
    usage(await s.kettle(['issue', 'create', '-R', 'alice/teapot', '--title', 't', '--body-file', folder]), /cannot read --body-file .*: it is a folder/);
  });
});

// Text inputs stop at 4 MiB (MAX_TEXT_INPUT), kettle api's at 64 MiB, without
// reading past the limit: /dev/zero never ends, so only stopping there ends these.
describe('a size cap on every file and standard input value', () => {
  const zero = '/dev/zero';
  it.each([
    [['issue', 'create', '-R', 'alice/teapot', '--title', 't', '--body-file', zero], '--body-file /dev/zero', '4 MiB'],
    [['issue', 'comment', '1', '-R', 'alice/teapot', '--body-file', zero], '--body-file /dev/zero', '4 MiB'],
    [['pr', 'edit', '5', '-R', 'alice/teapot', '--body-file', zero], '--body-file /dev/zero', '4 MiB'],
    [['release', 'create', 'v9.9.9', '-R', 'alice/teapot', '--notes-file', zero], '--notes-file /dev/zero', '4 MiB'],
    [['hook', 'add', '-R', 'alice/teapot', '--url', 'https://hooks.example.com/in', '--secret-file', zero], '--secret-file /dev/zero', '4 MiB'],
    [['api', '/repos/alice/teapot/issues', '--input', zero], '--input /dev/zero', '64 MiB'],
    [['api', '/repos/alice/teapot/issues', '-F', `body=@${zero}`], '-F /dev/zero', '64 MiB'],
  ])('%j stops at the cap, with one line and nothing sent', async (args, what, cap) => {
    const r = await s.kettle(args as string[]);
    usage(r, new RegExp(`^kettle: ${what.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')} holds more than ${cap}, the most kettle reads for one value; nothing was sent\n$`));
    expect(s.server.requests.filter((q) => q.method !== 'GET')).toHaveLength(0);
  });

  it('a regular file past the cap is refused; one at the cap is sent whole', async () => {
    const cap = 4 * 1024 * 1024;
    const over = join(s.dir, 'over.md');
    writeFileSync(over, 'a'.repeat(cap + 1));
    usage(await s.kettle(['issue', 'create', '-R', 'alice/teapot', '--title', 't', '--body-file', over]), /--body-file .*over\.md holds more than 4 MiB/);
    const at = join(s.dir, 'at.md');
    writeFileSync(at, 'b'.repeat(cap));
    const r = await s.kettle(['issue', 'create', '-R', 'alice/teapot', '--title', 't', '--body-file', at, '--json']);
    expect(r.code, r.stderr).toBe(0);
    expect(json<{ body: string }>(r).body).toHaveLength(cap);
  });

  it.each([
    [['issue', 'create', '-R', 'alice/teapot', '--title', 't', '--body-file', '-'], /^kettle: --body-file - \(standard input\) holds more than 4 MiB/],
    [['issue', 'comment', '1', '-R', 'alice/teapot'], /^kettle: standard input holds more than 4 MiB/],
    [['login', 'add', '--url', 'http://127.0.0.1:9', '--with-token'], /^kettle: --with-token - \(standard input\) holds more than 4 MiB/],
  ])('standard input past the cap: %j', async (args, message) => {
    usage(await s.kettle(args, { input: 'x'.repeat(4 * 1024 * 1024 + 1) }), message);
    expect(s.server.requests).toHaveLength(0);
  });
});

describe('long and non-ASCII text arrives exactly as typed', () => {
  const mixed = 'Ünïcødé — 中文 العربية עברית 🫖☕️ e\u0301 \u200d👩‍👩‍👧 tab\there';

  it('a 255-character title and a 1 MB body round-trip through the server', async () => {
    const title = [...`${mixed} `.repeat(20)].slice(0, 255).join('');
    const body = `${mixed}\n`.repeat(Math.ceil(1_000_000 / Buffer.byteLength(`${mixed}\n`)));
    const file = join(s.dir, 'body.md');
    writeFileSync(file, body);
    const created = await s.kettle(['issue', 'create', '-R', 'alice/teapot', '--title', title, '--body-file', file, '--json']);
    expect(created.code, created.stderr).toBe(0);
    const issue = json<{ number: number; title: string; body: string }>(created);
    expect(issue.title).toBe(title);
    expect(issue.body).toBe(body);
    const viewed = json<{ title: string; body: string }>(await s.kettle(['issue', 'view', String(issue.number), '-R', 'alice/teapot', '--json']));
    expect(viewed).toMatchObject({ title, body });
  });

  it('a title the server finds too long is its 422, one line per field', async () => {
    const r = await s.kettle(['issue', 'create', '-R', 'alice/teapot', '--title', '🫖'.repeat(256)]);
    expect(r.code).toBe(1);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(/\n {2}title: max_size\n$/);
  });

  it('non-ASCII plain output keeps one record per line', async () => {
    await s.kettle(['issue', 'create', '-R', 'alice/teapot', '--title', `line one\nline two ${mixed}`]);
    const r = await s.kettle(['issue', 'list', '-R', 'alice/teapot']);
    expect(r.code, r.stderr).toBe(0);
    for (const line of r.stdout.trimEnd().split('\n')) expect(line.split('\t').length).toBeGreaterThan(2);
  });
});
