// kettle admin user / org / cron, run in-process against the in-memory server
// (test/server/routes-admin.ts), as a site administrator and as anyone else.
import { beforeAll, describe, expect, it } from 'vitest';
import { expectExit, expectFailure, expectUsage, rows, sent, useServer } from '../support/suite.js';

const s = useServer({ runner: 'in-process' });
const G23 = {};
const G27 = { version: '1.27.0' };
const F11 = { forgejo: true };
const F15 = { forgejo: true, version: '15.0.3+gitea-1.22.0' };
const RELEASES = [
  ['Gitea 1.23.8', G23],
  ['Gitea 1.27.0', G27],
  ['Forgejo 11.0.1', F11],
  ['Forgejo 15.0.3', F15],
] as const;

let asAdmin: { env: { KETTLE_TOKEN: string } };
beforeAll(() => {
  const root = s.server.state.addUser('root', 'Site Admin', 'root-password');
  root.admin = true;
  asAdmin = { env: { KETTLE_TOKEN: s.server.addToken('root') } };
});

const json = (stdout: string) => JSON.parse(stdout) as Record<string, unknown>;
const PASSWORD = 'correct horse battery staple';

describe('admin commands as a user who is no site administrator', () => {
  it.each([
    [['admin', 'user', 'list'], 'list users'],
    [['admin', 'org', 'list'], 'list organizations'],
    [['admin', 'cron', 'list'], 'list scheduled tasks'],
    [['admin', 'cron', 'run', 'update_mirrors'], 'run task update_mirrors'],
    [['admin', 'user', 'delete', 'bob', '--yes'], 'delete user bob'],
  ])('%j says in one line that a site administrator is needed', async (args, action) => {
    const r = await s.kettle(args);
    const lines = expectFailure(r, `cannot ${action}: this needs a site administrator`);
    expect(lines).toHaveLength(1);
    expect(s.server.state.user('bob')).toBeDefined();
  });

  it('create: the same line, after the password was read', async () => {
    const r = await s.kettle(['admin', 'user', 'create', 'mallory', '--email', 'm@example.com', '--password-stdin'], { input: PASSWORD });
    expect(expectFailure(r, 'cannot create user mallory: this needs a site administrator')).toHaveLength(1);
    expect(s.server.state.user('mallory')).toBeUndefined();
  });
});

describe('admin user', () => {
  it('lists every account alphabetically, organizations left out', async () => {
    const r = await s.kettle(['admin', 'user', 'list', '--json', '--fields', 'login,is_admin'], asAdmin);
    expectExit(r, 0);
    const list = JSON.parse(r.stdout) as Array<{ login: string; is_admin: boolean }>;
    const logins = list.map((u) => u.login);
    expect(logins).toEqual([...logins].sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase())));
    expect(logins).toContain('root');
    expect(logins).not.toContain('wonderland');
    expect(list.find((u) => u.login === 'root')?.is_admin).toBe(true);
    expect(sent(s, 'GET', '/admin/users')).toHaveLength(1);
  });

  it.each(RELEASES)('creates a user with the password from standard input, never on the line or in a trace, on %s', async (_name, flavor) => {
    s.server.set({ flavor });
    const login = `dave-${_name.replace(/\W/g, '')}`;
    const r = await s.kettle(['admin', 'user', 'create', login, '--email', `${login}@example.com`, '--password-stdin', '--json', '--debug'], { ...asAdmin, input: `${PASSWORD}\n` });
    expectExit(r, 0);
    expect(json(r.stdout)).toMatchObject({ login, email: `${login}@example.com`, active: true });
    expect(r.stderr).toContain(`✓ Created user ${login} (asked to choose a new password at first sign-in)`);
    expect(r.stderr + r.stdout).not.toContain(PASSWORD);
    const [post] = sent(s, 'POST', '/admin/users');
    // The server's default must_change_password (true) applies: kettle sends none.
    expect(post?.body).toEqual({ username: login, email: `${login}@example.com`, password: PASSWORD });
    const user = s.server.state.user(login);
    expect(user?.password).toBe(PASSWORD);
    expect(user?.mustChangePassword).toBe(true);
  });

  it('creates with --no-must-change-password, --restricted, --visibility and --full-name', async () => {
    const r = await s.kettle(
      ['admin', 'user', 'create', 'ci-bot', '--email', 'ci@example.com', '--full-name', 'CI', '--password-stdin', '--no-must-change-password', '--restricted', '--visibility', 'private'],
      { ...asAdmin, input: PASSWORD },
    );
    expectExit(r, 0);
    expect(sent(s, 'POST', '/admin/users')[0]?.body).toEqual({
      username: 'ci-bot',
      email: 'ci@example.com',
      full_name: 'CI',
      password: PASSWORD,
      must_change_password: false,
      restricted: true,
      visibility: 'private',
    });
    expect(s.server.state.user('ci-bot')).toMatchObject({ mustChangePassword: false, restricted: true, visibility: 'private' });
    expect(r.stderr).toBe('✓ Created user ci-bot\n');
  });

  it('create: no password without a terminal is a usage error naming --password-stdin; --email is required', async () => {
    expectUsage(
      s,
      await s.kettle(['admin', 'user', 'create', 'erin', '--email', 'e@example.com'], asAdmin),
      '--password-stdin is required (no terminal to ask on); a password is never taken from the command line',
    );
    expectUsage(s, await s.kettle(['admin', 'user', 'create', 'erin', '--password-stdin'], { ...asAdmin, input: PASSWORD }), '--email is required');
    expectUsage(
      s,
      await s.kettle(['admin', 'user', 'create', 'erin', '--email', 'e@example.com', '--password-stdin'], { ...asAdmin, input: '\n' }),
      '--password-stdin: standard input held no password',
    );
    expectUsage(s, await s.kettle(['admin', 'user', 'create', 'erin', '--email', 'e@example.com', '--password', PASSWORD], asAdmin), /unknown option '--password'/);
  });

  it('create: a short password is refused in words, the password in none of them', async () => {
    const r = await s.kettle(['admin', 'user', 'create', 'frank', '--email', 'f@example.com', '--password-stdin'], { ...asAdmin, input: 'short' });
    expect(expectFailure(r, /^kettle: cannot create user frank: the password is too short for the server/)).toHaveLength(1);
    expect(r.stderr).not.toContain('short\n');
    expect(s.server.state.user('frank')).toBeUndefined();
  });

  it("create: a name that is taken is the server's one line", async () => {
    expectFailure(
      await s.kettle(['admin', 'user', 'create', 'bob', '--email', 'bob2@example.com', '--password-stdin'], { ...asAdmin, input: PASSWORD }),
      'cannot create user bob: user already exists [name: bob]',
    );
  });

  it.each(RELEASES)('edits only the fields given, sending what the server requires, on %s', async (name, flavor) => {
    s.server.set({ flavor });
    const login = `gina-${name.replace(/\W/g, '')}`;
    s.server.state.addUser(login, 'Gina', 'gina-password');
    const r = await s.kettle(['admin', 'user', 'edit', login, '--admin', '--prohibit-login', '--full-name', 'Gina G', '--json'], asAdmin);
    expectExit(r, 0);
    expect(json(r.stdout)).toMatchObject({ login, is_admin: true, prohibit_login: true, full_name: 'Gina G', active: true });
    const [patch] = sent(s, 'PATCH');
    // Gitea binds login_name Required; Forgejo takes it and source_id together or not at all: both, the user's own, everywhere.
    expect(patch?.body).toEqual({ full_name: 'Gina G', admin: true, prohibit_login: true, login_name: login, source_id: 0 });
    expect(s.server.state.user(login)).toMatchObject({ admin: true, prohibitLogin: true, password: 'gina-password' });
  });

  it.each(RELEASES)('edit --visibility public: applied on Gitea from 1.25, ignored (and said so) elsewhere, on %s', async (name, flavor) => {
    s.server.set({ flavor });
    const login = `hank-${name.replace(/\W/g, '')}`;
    s.server.state.addUser(login, 'Hank').visibility = 'private';
    const r = await s.kettle(['admin', 'user', 'edit', login, '--visibility', 'public'], asAdmin);
    expectExit(r, 0);
    const applied = name === 'Gitea 1.27.0';
    expect(s.server.state.user(login)?.visibility).toBe(applied ? 'public' : 'private');
    expect(r.stderr.includes(`the server kept ${login}'s visibility private`)).toBe(!applied);
  });

  it('edit: a new password from standard input; conflicting or no flags are usage errors', async () => {
    s.server.state.addUser('ivy', 'Ivy', 'ivy-password');
    const r = await s.kettle(['admin', 'user', 'edit', 'ivy', '--password-stdin', '--must-change-password', '--debug'], { ...asAdmin, input: PASSWORD });
    expectExit(r, 0);
    expect(r.stderr).not.toContain(PASSWORD);
    expect(s.server.state.user('ivy')).toMatchObject({ password: PASSWORD, mustChangePassword: true });
    s.server.resetRequests();
    expectUsage(s, await s.kettle(['admin', 'user', 'edit', 'ivy'], asAdmin), /nothing to change: pass --email/);
    expectUsage(s, await s.kettle(['admin', 'user', 'edit', 'ivy', '--active', '--inactive'], asAdmin), 'use either --active or --inactive, not both');
  });

  it('edit: a missing user is named; the last administrator keeps the rights', async () => {
    expectFailure(await s.kettle(['admin', 'user', 'edit', 'nobody', '--admin'], asAdmin), 'user nobody not found');
    s.server.set({ flavor: F11 });
    for (const u of s.server.state.users) if (u.login !== 'root') u.admin = false;
    const r = await s.kettle(['admin', 'user', 'edit', 'root', '--no-admin'], asAdmin);
    expectFailure(r, /^kettle: .*last admin/);
    expect(s.server.state.user('root')?.admin).toBe(true);
  });

  it('deletes several users with --yes; one refusal does not stop the rest, and the exit names it', async () => {
    s.server.state.addUser('jack', 'Jack');
    s.server.state.addUser('kim', 'Kim');
    const r = await s.kettle(['admin', 'user', 'delete', 'jack', 'alice', 'kim', '--yes'], asAdmin);
    expectExit(r, 1);
    expect(r.stderr).toContain('✓ Deleted user jack');
    expect(r.stderr).toContain('✓ Deleted user kim');
    expect(r.stderr).toMatch(/cannot delete user alice: user still has ownership of repositories/);
    expect(r.stderr).toMatch(/1 of 3 failed: alice/);
    expect(s.server.state.user('jack')).toBeUndefined();
    expect(s.server.state.user('alice')).toBeDefined();
  });

  it('delete --purge takes what the user owns with them; without --yes and no terminal, nothing is sent', async () => {
    s.server.state.addUser('liz', 'Liz');
    s.server.state.addRepo('liz', 'notes');
    expectUsage(s, await s.kettle(['admin', 'user', 'delete', 'liz'], asAdmin), 'refusing to delete user liz without confirmation; pass --yes');
    const r = await s.kettle(['admin', 'user', 'delete', 'liz', '--purge', '--yes'], asAdmin);
    expectExit(r, 0);
    expect(sent(s, 'DELETE').map((q) => [q.path, q.query])).toEqual([['/admin/users/liz', { purge: 'true' }]]);
    expect(s.server.state.user('liz')).toBeUndefined();
    expect(s.server.state.repo('liz', 'notes')).toBeUndefined();
  });
});

describe('admin org and cron', () => {
  it('lists every organization', async () => {
    s.server.state.addOrg('secret-club', 'Secret', ['carol']);
    const r = await s.kettle(['admin', 'org', 'list'], asAdmin);
    expectExit(r, 0);
    expect(rows(r.stdout).map((row) => row[0])).toContain('secret-club');
  });

  it('lists the scheduled tasks and starts one', async () => {
    const list = await s.kettle(['admin', 'cron', 'list', '--json'], asAdmin);
    expectExit(list, 0);
    const tasks = JSON.parse(list.stdout) as Array<{ name: string; exec_times: number }>;
    const before = tasks.find((t) => t.name === 'update_mirrors')?.exec_times ?? -1;
    const r = await s.kettle(['admin', 'cron', 'run', 'update_mirrors'], asAdmin);
    expectExit(r, 0);
    expect(r.stderr).toBe('✓ Started task update_mirrors\n');
    const after = JSON.parse((await s.kettle(['admin', 'cron', 'list', '--json'], asAdmin)).stdout) as Array<{ name: string; exec_times: number }>;
    expect(after.find((t) => t.name === 'update_mirrors')?.exec_times).toBe(before + 1);
  });

  it('names a task that does not exist', async () => {
    expectFailure(await s.kettle(['admin', 'cron', 'run', 'no_such_task'], asAdmin), 'scheduled task no_such_task (see kettle admin cron list) not found');
    s.server.resetRequests();
    expectUsage(s, await s.kettle(['admin', 'cron', 'run', '../x'], asAdmin), 'invalid task name "../x"');
  });
});
