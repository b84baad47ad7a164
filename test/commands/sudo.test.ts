// --sudo USER, global: an administrator's requests act as USER. Sent as the
// Sudo header on every request of the command, list pages included
// (routers/api/v1/api.go sudo() reads ?sudo= or the header, every release);
// refused in one line when the login's user is no administrator.
import { beforeAll, describe, expect, it } from 'vitest';
import { json } from '../support/harness.js';
import { expectExit, expectFailure, expectUsage, useServer } from '../support/suite.js';
import { addPackage } from '../server/routes-packages.js';

const s = useServer({ runner: 'in-process' });
let asRoot: { env: { KETTLE_TOKEN: string } };

beforeAll(() => {
  const root = s.server.state.addUser('sudo-root', 'Site Admin', 'root-password');
  root.admin = true;
  asRoot = { env: { KETTLE_TOKEN: s.server.addToken('sudo-root') } };
  addPackage(s.server.state, { owner: 'bob', type: 'generic', name: 'bobs-tools', version: '0.1.0' });
});

describe('--sudo', () => {
  it.each([
    ['before the command', ['--sudo', 'bob', 'package', 'list', '--json', '--fields', 'name']],
    ['after it', ['package', 'list', '--sudo', 'bob', '--json', '--fields', 'name']],
  ])('%s: every request carries it, and the server answers as that user', async (_name, args) => {
    const r = await s.kettle(args, asRoot);
    expectExit(r, 0);
    // GET /user answers bob, so his packages are listed.
    expect(json<Array<{ name: string }>>(r).map((p) => p.name)).toEqual(['bobs-tools']);
    expect(s.server.requests.length).toBeGreaterThanOrEqual(2);
    for (const q of s.server.requests) expect(q.headers.sudo, `${q.method} ${q.path}`).toBe('bob');
  });

  it('on every page of a list', async () => {
    s.server.set({ maxPageSize: 2 });
    const r = await s.kettle(['--sudo', 'alice', 'issue', 'list', '-R', 'alice/teapot', '--state', 'all', '--all', '--json', '--fields', 'number'], asRoot);
    expectExit(r, 0);
    const pages = s.server.requests.filter((q) => q.path === '/repos/alice/teapot/issues');
    expect(pages.length).toBeGreaterThan(1);
    for (const q of pages) expect(q.headers.sudo).toBe('alice');
  });

  it('not sent without the flag', async () => {
    expectExit(await s.kettle(['package', 'list', '--owner', 'bob'], asRoot), 0);
    for (const q of s.server.requests) expect(q.headers.sudo).toBeUndefined();
  });

  it('a login whose user is no administrator: one line, whatever the command', async () => {
    for (const args of [
      ['--sudo', 'bob', 'package', 'list'],
      ['--sudo', 'bob', 'issue', 'view', '1', '-R', 'alice/teapot'],
      ['--sudo', 'bob', 'runner', 'list', '--user'],
    ]) {
      const lines = expectFailure(await s.kettle(args), "cannot act as another user (--sudo): the login's user is not a site administrator");
      expect(lines).toHaveLength(1);
    }
  });

  it('a user that does not exist: the 404 says it may be the user', async () => {
    const r = await s.kettle(['--sudo', 'no-such-user', 'issue', 'view', '1', '-R', 'alice/teapot'], asRoot);
    expectFailure(r, /^kettle: .* not found, or there is no user no-such-user to act as \(--sudo\)$/);
  });

  it('login add refuses it: a login is its own user’s', async () => {
    const r = await s.kettle(['--sudo', 'bob', 'login', 'add', '--url', s.server.url, '--with-token'], { ...asRoot, input: 'x\n' });
    expectUsage(s, r, '--sudo acts on the requests of a login already added');
  });

  it('an empty name: a usage error, nothing sent', async () => {
    const r = await s.kettle(['--sudo', ' ', 'package', 'list'], asRoot);
    expectUsage(s, r, '--sudo needs a user name');
  });
});
