// What a script author runs into: repeatable --assignee, hook types of both
// server families, --filter checked before any request, blank secrets refused,
// --fields with and without --json, plain rows that stay one line, an empty
// body from standard input, doing what is already done, --password-stdin, and
// the hint after a Basic login's 401.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { json } from '../support/harness.js';
import { expectExit, expectUsage, rows, sent, useServer } from '../support/suite.js';

const s = useServer();

describe('issue create --assignee', () => {
  it.each([
    [
      ['--assignee', 'bob', '--assignee', 'carol'],
      ['bob', 'carol'],
    ],
    [
      ['--assignee', 'bob,carol'],
      ['bob', 'carol'],
    ],
    [
      ['-a', 'bob', '-a', 'carol,bob'],
      ['bob', 'carol'],
    ],
  ])('%j sends assignees %j', async (flags, expected) => {
    const r = await s.kettle(['issue', 'create', '-R', 'alice/teapot', '--title', 'Lid', '--body', 'x', ...flags, '--json']);
    expectExit(r, 0);
    expect(sent(s, 'POST', '/repos/alice/teapot/issues')[0]?.body).toEqual({ title: 'Lid', body: 'x', assignees: expected });
    expect(json<{ assignees: Array<{ login: string }> }>(r).assignees.map((a) => a.login)).toEqual(expected);
  });

  it.each([
    ['bob,', /invalid --assignee "bob,": an empty user name/],
    ['b@d', /invalid --assignee "b@d": a user name has only letters, digits/],
  ])('%s is refused with a reason, before any request', async (value, message) => {
    expectUsage(s, await s.kettle(['issue', 'create', '-R', 'alice/teapot', '--title', 'Lid', '--assignee', value]), message);
  });
});

describe('hook add --type', () => {
  it('forgejo is accepted and sent, for a Forgejo server', async () => {
    s.server.set({ flavor: { forgejo: true } });
    const r = await s.kettle(['hook', 'add', '-R', 'alice/teapot', '--url', 'https://ci.example.com/hook', '--type', 'forgejo']);
    expectExit(r, 0);
    expect(r.stderr).not.toMatch(/warning/);
    expect((sent(s, 'POST', '/repos/alice/teapot/hooks')[0]?.body as { type: string }).type).toBe('forgejo');
  });

  it('an unknown type is sent with a warning, for a newer server to judge', async () => {
    // Neither description lists it (so the contract check is told by the fault):
    // this server, like today's, refuses it, and its own message is shown.
    s.server.fault({ kind: 'status', status: 422, method: 'POST', path: '/repos/alice/teapot/hooks', body: JSON.stringify({ message: 'Invalid hook type', url: '' }) });
    const r = await s.kettle(['hook', 'add', '-R', 'alice/teapot', '--url', 'https://ci.example.com/hook', '--type', 'matrix']);
    expect(r.stderr).toMatch(/^kettle: warning: --type matrix is not a type kettle knows \(gitea, forgejo, gogs/m);
    expect(r.stderr).toMatch(/Invalid hook type/);
    expect((sent(s, 'POST', '/repos/alice/teapot/hooks')[0]?.body as { type: string }).type).toBe('matrix');
  });

  it('help lists the types once and the defaults once', async () => {
    const r = await s.kettle(['hook', 'add', '--help']);
    expect(r.stdout).toMatch(/"forgejo"/);
    expect(r.stdout).not.toMatch(/\(default push\)/);
    expect(r.stdout.match(/default: "push"/g)).toHaveLength(1);
  });
});

describe('hook add refuses a blank secret', () => {
  it.each([
    [['--secret', ''], /--secret is empty or only blanks/],
    [['--secret', '  \t '], /--secret is empty or only blanks/],
    [['--secret-file', '-'], /--secret-file - is empty or only blanks/, ' \n\t\n'],
    [['--secret-file', 'FILE'], /--secret-file .* is empty or only blanks/],
  ])('%j: exit 2, nothing sent', async (flags, message, input = '') => {
    const file = join(s.dir, 'secret.txt');
    writeFileSync(file, '   \n');
    const args = flags.map((f) => (f === 'FILE' ? file : f));
    expectUsage(s, await s.kettle(['hook', 'add', '-R', 'alice/teapot', '--url', 'https://ci.example.com/hook', ...args], { input }), message);
  });
});

describe('issue list --all-repos --filter', () => {
  it('an unknown value exits 2 before any request, naming the values', async () => {
    expectUsage(s, await s.kettle(['issue', 'list', '--all-repos', '--filter', 'bogus']), /bogus.*all, created, assigned, mentioned, review_requested, reviewed/);
  });

  it('help lists the values', async () => {
    const r = await s.kettle(['issue', 'list', '--help']);
    expect(r.stdout.replace(/\s+/g, ' ')).toMatch(/--filter <value>.*choices: "all", "created", "assigned", "mentioned", "review_requested", "reviewed"/);
  });
});

describe('--fields', () => {
  it.each([[['issue', 'list', '-R', 'alice/teapot']], [['issue', 'view', '1', '-R', 'alice/teapot']], [['whoami']]])('%j: an unknown name exits 2 with --json as without', async (args) => {
    for (const json of [[], ['--json']]) {
      const r = await s.kettle([...args, ...json, '--fields', 'id,no_such_field']);
      expectExit(r, 2);
      expect(r.stdout).toBe('');
      expect(r.stderr).toMatch(/^kettle: unknown field no_such_field in --fields/);
    }
  });

  it("a column name works with --json too: whoami's server and kettle_login", async () => {
    const r = await s.kettle(['whoami', '--json', '--fields', 'login,server,kettle_login']);
    expectExit(r, 0);
    expect(json(r)).toEqual({ login: 'alice', server: s.server.url, kettle_login: 'KETTLE_URL/KETTLE_TOKEN' });
    const plain = await s.kettle(['whoami', '--fields', 'login,server,kettle_login']);
    expect(plain.stdout).toBe(`login\talice\nserver\t${s.server.url}\nkettle_login\tKETTLE_URL/KETTLE_TOKEN\n`);
  });

  it("whoami --fields login_name is Gitea's user field, not kettle's login", async () => {
    const r = await s.kettle(['whoami', '--fields', 'login_name']);
    expectExit(r, 0);
    expect(r.stdout).toBe('login_name\t\n');
    expect(json(await s.kettle(['whoami', '--json', '--fields', 'login_name']))).toEqual({ login_name: '' });
  });
});

describe('plain rows stay one line', () => {
  it('tabs, line breaks and backslashes are written \\t, \\n and \\\\', async () => {
    const title = 'Tab\there, C:\\tea';
    const created = await s.kettle(['issue', 'create', '-R', 'alice/teapot', '--title', title, '--body', 'one\ntwo', '--json']);
    const { number } = json<{ number: number }>(created);
    const list = await s.kettle(['issue', 'list', '-R', 'alice/teapot', '--fields', 'number,title']);
    expect(rows(list.stdout)).toContainEqual([String(number), 'Tab\\there, C:\\\\tea']);
    const view = await s.kettle(['issue', 'view', String(number), '-R', 'alice/teapot', '--fields', 'body']);
    expect(view.stdout).toBe('body\tone\\ntwo\n');
  });
});

describe('scripts', () => {
  it('--body-file - with empty input is an empty body', async () => {
    const r = await s.kettle(['issue', 'create', '-R', 'alice/teapot', '--title', 'No body', '--body-file', '-', '--json'], { input: '' });
    expectExit(r, 0);
    expect(sent(s, 'POST', '/repos/alice/teapot/issues')[0]?.body).toEqual({ title: 'No body', body: '' });
  });

  it.each([
    ['close', 'closed'],
    ['reopen', 'open'],
  ])('issue %s when it already is %s: a note, exit 0, no PATCH', async (verb, state) => {
    const created = json<{ number: number }>(await s.kettle(['issue', 'create', '-R', 'alice/teapot', '--title', `Already ${state}`, '--json']));
    if (state === 'closed') expectExit(await s.kettle(['issue', 'close', String(created.number), '-R', 'alice/teapot']), 0);
    s.server.resetRequests();
    const r = await s.kettle(['issue', verb, String(created.number), '-R', 'alice/teapot', '--json']);
    expectExit(r, 0);
    expect(r.stderr).toBe(`Issue #${created.number} in alice/teapot is already ${state}; nothing to do\n`);
    expect(json<{ state: string }>(r).state).toBe(state);
    expect(s.server.requests.map((q) => q.method)).toEqual(['GET']);
  });

  it('issue edit that changes nothing sends nothing', async () => {
    const created = json<{ number: number }>(await s.kettle(['issue', 'create', '-R', 'alice/teapot', '--title', 'Same', '--body', 'b', '--json']));
    s.server.resetRequests();
    const r = await s.kettle(['issue', 'edit', String(created.number), '-R', 'alice/teapot', '--title', 'Same', '--body', 'b']);
    expectExit(r, 0);
    expect(r.stderr).toMatch(/already is as asked; nothing was sent/);
    expect(sent(s, 'PATCH')).toEqual([]);
  });
});

describe('login add --password-stdin', () => {
  const noEnv = { KETTLE_URL: undefined, KETTLE_TOKEN: undefined };

  it('reads the password from standard input', async () => {
    const r = await s.kettle(['login', 'add', '--url', s.server.url, '--user', 'alice', '--password-stdin', '--auth', 'basic'], { input: 'alice-password\n', env: noEnv });
    expectExit(r, 0);
    expect(r.stderr).toMatch(/Logged in to .* as alice/);
  });

  it.each([
    [['--user', 'alice', '--password', 'x'], /either --password or --password-stdin/],
    [['--with-token'], /--password-stdin is for --user/],
    [['--token', 't'], /--password-stdin is for --user/],
    [[], /--password-stdin needs --user/],
  ])('%j with --password-stdin is refused', async (flags, message) => {
    expectUsage(s, await s.kettle(['login', 'add', '--url', s.server.url, '--password-stdin', ...flags], { input: 'pw\n', env: noEnv }), message);
  });
});

describe('pr create help says what it assumes', () => {
  it('says where head and base come from when they are left out', async () => {
    const r = await s.kettle(['pr', 'create', '--help']);
    const help = r.stdout.replace(/\s+/g, ' ');
    expect(help).toMatch(/--head <branch> the branch with the changes \(default: the current git branch\)/);
    expect(help).toMatch(/--base <branch> the branch to merge into \(default: the repository's default branch\)/);
  });
});

describe("a Basic login's 401", () => {
  it('suggests logging in again with --user, not --with-token', async () => {
    writeFileSync(join(s.configDir, 'config.json'), JSON.stringify({ default: 'work', logins: { work: { url: `${s.server.url}/api/v1`, auth: 'basic', user: 'alice', password: 'wrong' } } }));
    const r = await s.kettle(['whoami'], { env: { KETTLE_URL: undefined, KETTLE_TOKEN: undefined } });
    expectExit(r, 4);
    expect(r.stderr).toContain(`kettle login add --url ${s.server.url} --name work --user alice`);
    expect(r.stderr).not.toContain('--with-token');
  });
});
