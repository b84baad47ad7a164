// kettle runner list|token|delete against the in-memory server
// (test/server/routes-runners.ts), per release: which endpoint each release
// has, the one line for a release without one, the token on stdout alone
// (never in a trace, a log or an error), and who may.
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { json } from '../support/harness.js';
import { expectExit, expectFailure, expectUsage, rows, sent, useServer } from '../support/suite.js';
import { addRunner, clearRunners, runnersData } from '../server/routes-runners.js';
import type { Org, Repo } from '../server/state.js';
import { F11, F15, G23, G24, G27, runnerHomes } from '../support/runners.js';

const s = useServer({ runner: 'in-process' });
const LISTING = [
  ['Gitea 1.24.0', G24],
  ['Gitea 1.27.0', G27],
  ['Forgejo 15.0.3', F15],
] as const;
const NOT_LISTING = [
  ['Gitea 1.23.8', G23, 'Gitea 1.23.8'],
  ['Forgejo 11.0.1', F11, 'Forgejo 11.0.1'],
] as const;

let repo: Repo;
let org: Org;
let asRoot: { env: { KETTLE_TOKEN: string } };
const R = () => ['-R', `alice/${repo.name}`];
const nonGet = () => s.server.requests.filter((q) => q.method !== 'GET' || !q.path.startsWith('/version'));

beforeAll(() => {
  ({ repo, org, asRoot } = runnerHomes(s.server, 'runners-home', 'runner-guild', 'Runner Guild'));
});

beforeEach(() => {
  clearRunners(s.server.state);
  addRunner(s.server.state, { name: 'repo-runner', repoId: repo.id, labels: ['ubuntu-latest', 'docker'] });
  addRunner(s.server.state, { name: 'guild-runner', ownerId: org.id, status: 'idle' });
  addRunner(s.server.state, { name: 'shared-runner' });
});

describe('runner list', () => {
  it.each(LISTING)('%s: a repository’s runners, an organization’s, the instance’s', async (_name, flavor) => {
    s.server.set({ flavor });
    const mine = await s.kettle(['runner', 'list', ...R()]);
    expectExit(mine, 0);
    expect(rows(mine.stdout)).toEqual([['1', 'repo-runner', 'offline', 'ubuntu-latest, docker']]);
    const guild = await s.kettle(['runner', 'list', '--org', org.login, '--json', '--fields', 'id,name,status']);
    expectExit(guild, 0);
    // A polling runner: Gitea says online (and busy when at work), Forgejo 15 the status itself (convert ToActionRunner).
    expect(json(guild)).toEqual([{ id: 2, name: 'guild-runner', status: flavor.forgejo ? 'idle' : 'online' }]);
    const all = await s.kettle(['runner', 'list', '--global', '--json', '--fields', 'name'], asRoot);
    expectExit(all, 0);
    // Gitea lists every runner to the instance's call, Forgejo 15 the instance's own (models/actions/runner.go ToConds);
    // the polling ones first (last_online DESC).
    expect(json<Array<{ name: string }>>(all).map((r) => r.name)).toEqual(flavor.forgejo ? ['shared-runner'] : ['guild-runner', 'repo-runner', 'shared-runner']);
    const none = await s.kettle(['runner', 'list', '--user', '--json']);
    expectExit(none, 0);
    expect(json(none)).toEqual([]);
  });

  it.each(LISTING)('%s: every page is read (--all), pages of the size asked', async (_name, flavor) => {
    s.server.set({ flavor });
    for (let i = 0; i < 7; i++) addRunner(s.server.state, { name: `extra-${i}`, repoId: repo.id });
    const r = await s.kettle(['runner', 'list', ...R(), '--all', '--json', '--fields', 'name']);
    expectExit(r, 0);
    expect(json<unknown[]>(r)).toHaveLength(8);
    const three = await s.kettle(['runner', 'list', ...R(), '--limit', '3', '--json', '--fields', 'name']);
    expect(json<Array<{ name: string }>>(three).map((x) => x.name)).toEqual(['repo-runner', 'extra-0', 'extra-1']);
  });

  it.each(NOT_LISTING)('%s: one line naming the releases that list runners, nothing asked of the runners', async (_name, flavor, release) => {
    s.server.set({ flavor });
    const r = await s.kettle(['runner', 'list', ...R()]);
    expectFailure(
      r,
      `listing runners needs Gitea 1.24 or later or Forgejo 15 or later; ${new URL(s.server.url).host} runs ${release} (its web page lists the runners under Settings, Actions, Runners)`,
    );
    expect(s.server.requests.filter((q) => q.path.includes('runners'))).toEqual([]);
  });

  it('the instance’s runners need a site administrator: one line', async () => {
    s.server.set({ flavor: G27 });
    expectFailure(await s.kettle(['runner', 'list', '--global']), 'cannot list the runners of the instance: this needs a site administrator');
  });

  it('a repository that does not exist, and one the user does not own', async () => {
    s.server.set({ flavor: G27 });
    expectFailure(await s.kettle(['runner', 'list', '-R', 'alice/nope']), 'repository alice/nope not found');
    expectFailure(await s.kettle(['runner', 'list', '-R', 'bob/toolbox']), /^kettle: cannot list the runners of bob\/toolbox: permission denied \(user should be the owner of the repo\)$/);
  });

  it('one place at a time: --global with -R, --org or --user is a usage error', async () => {
    expectUsage(s, await s.kettle(['runner', 'list', '--global', ...R()]), 'use either --global or -R, not both');
    expectUsage(s, await s.kettle(['runner', 'list', '--global', '--org', 'x']), 'use either --global or --org, not both');
    expectUsage(s, await s.kettle(['runner', 'token', '--org', 'x', '--user']), 'use either --org or --user, not both');
  });
});

describe('runner token', () => {
  const tokenCases = [
    ['Gitea 1.23.8', G23, 'GET', '/repos/alice/runners-home/actions/runners/registration-token', 'GET', '/admin/runners/registration-token'],
    ['Gitea 1.24.0', G24, 'POST', '/repos/alice/runners-home/actions/runners/registration-token', 'POST', '/admin/actions/runners/registration-token'],
    ['Gitea 1.27.0', G27, 'POST', '/repos/alice/runners-home/actions/runners/registration-token', 'POST', '/admin/actions/runners/registration-token'],
    ['Forgejo 11.0.1', F11, 'GET', '/repos/alice/runners-home/actions/runners/registration-token', 'GET', '/admin/runners/registration-token'],
  ] as const;

  it.each(tokenCases)('%s: the token alone on stdout, asked the way the release answers', async (_name, flavor, method, path, adminMethod, adminPath) => {
    s.server.set({ flavor });
    const r = await s.kettle(['runner', 'token', ...R()]);
    expectExit(r, 0);
    const issued = runnersData(s.server.state).issued;
    expect(r.stdout).toBe(`${issued.at(-1)}\n`);
    expect(r.stderr).toBe('');
    expect(sent(s, method, path)).toHaveLength(1);
    const again = await s.kettle(['runner', 'token', ...R()]);
    // GetRegistrationToken gives the place's active token until it is used up or reset.
    expect(again.stdout).toBe(r.stdout);
    const global = await s.kettle(['runner', 'token', '--global'], asRoot);
    expectExit(global, 0);
    expect(sent(s, adminMethod, adminPath)).toHaveLength(1);
    expect(global.stdout).toBe(`${issued.at(-1)}\n`);
  });

  it('never in a trace: --debug and KETTLE_DEBUG show the requests, not the token', async () => {
    s.server.set({ flavor: G27 });
    for (const how of [{ args: ['--debug'] }, { args: [], env: { KETTLE_DEBUG: '1' } }]) {
      const r = await s.kettle([...how.args, 'runner', 'token', '--org', org.login], how.env ? { env: how.env } : {});
      expectExit(r, 0);
      const token = r.stdout.trim();
      expect(token).toMatch(/^[0-9a-f]{40}$/);
      expect(r.stderr).toMatch(/POST .*\/orgs\/runner-guild\/actions\/runners\/registration-token/);
      expect(r.stderr).not.toContain(token);
    }
  });

  it.each([
    ['cut short', (body: unknown) => JSON.stringify(body).slice(0, 30)],
    ['without a token field of the right kind', (body: unknown) => JSON.stringify({ token: 42, note: (body as { token: string }).token })],
  ])('never in an error: an answer %s fails without showing the token, even with --debug', async (_name, mangle) => {
    s.server.set({ flavor: G27 });
    s.server.fault({ kind: 'mangle', method: 'POST', path: `/repos/alice/${repo.name}/actions/runners/registration-token`, mangle });
    const r = await s.kettle(['--debug', 'runner', 'token', ...R()]);
    expectExit(r, 1);
    expect(r.stdout).toBe('');
    const token = runnersData(s.server.state).issued.at(-1) as string;
    expect(token).toMatch(/^[0-9a-f]{40}$/);
    expect(r.stderr).not.toContain(token.slice(0, 12));
  });

  it.each([
    ['Gitea 1.27.0', G27, ['POST']],
    ['Gitea 1.23.8', G23, ['POST', 'GET']],
  ])('%s that does not say its version: asked with POST, then GET when the POST is not routed', async (_name, flavor, methods) => {
    s.server.set({ flavor });
    s.server.fault({ kind: 'status', status: 404, path: '/version', times: 10 });
    const r = await s.kettle(['runner', 'token', ...R()], { env: { XDG_CACHE_HOME: `${s.dir}/cache-unknown` } });
    expectExit(r, 0);
    expect(r.stdout).toBe(`${runnersData(s.server.state).issued.at(-1)}\n`);
    expect(s.server.requests.filter((q) => q.path.endsWith('/registration-token')).map((q) => q.method)).toEqual(methods);
  });

  it('Forgejo 15 registers runners directly: it says which command the runner takes, and asks for no token', async () => {
    s.server.set({ flavor: F15 });
    const r = await s.kettle(['runner', 'token', ...R()]);
    const lines = expectFailure(
      r,
      /^kettle: Forgejo 15\.0\.3 registers runners directly, without a registration token: .*forgejo-runner daemon --url http:\/\/127\.0\.0\.1:\d+ --uuid UUID --token-url/,
    );
    expect(lines).toHaveLength(1);
    expect(s.server.requests.filter((q) => q.path.includes('registration-token'))).toEqual([]);
  });

  it('the instance’s token needs a site administrator; a missing organization is named', async () => {
    s.server.set({ flavor: G27 });
    expectFailure(await s.kettle(['runner', 'token', '--global']), 'cannot get a runner registration token for the instance: this needs a site administrator');
    expectFailure(await s.kettle(['runner', 'token', '--org', 'no-such-guild']), 'organization no-such-guild not found');
    expect(runnersData(s.server.state).issued).toEqual([]);
  });
});

describe('runner delete', () => {
  it.each(LISTING)('%s: deletes a runner of the place with --yes', async (_name, flavor) => {
    s.server.set({ flavor });
    const r = await s.kettle(['runner', 'delete', '1', ...R(), '--yes']);
    expectExit(r, 0);
    expect(r.stderr).toBe(`✓ Deleted runner 1 of alice/${repo.name}\n`);
    expect(sent(s, 'DELETE', `/repos/alice/${repo.name}/actions/runners/1`)).toHaveLength(1);
    expect(runnersData(s.server.state).runners.map((x) => x.name)).toEqual(['guild-runner', 'shared-runner']);
    const global = await s.kettle(['runner', 'delete', '3', '--global', '--yes'], asRoot);
    expectExit(global, 0);
    expect(runnersData(s.server.state).runners.map((x) => x.name)).toEqual(['guild-runner']);
  });

  it('a runner of another place, or none: not found, nothing deleted', async () => {
    s.server.set({ flavor: G27 });
    expectFailure(await s.kettle(['runner', 'delete', '2', ...R(), '--yes']), `runner 2 of alice/${repo.name} not found`);
    expectFailure(await s.kettle(['runner', 'delete', '99', '--user', '--yes']), 'runner 99 of your account not found');
    expect(runnersData(s.server.state).runners).toHaveLength(3);
  });

  it.each(NOT_LISTING)('%s: one line, nothing sent', async (_name, flavor, release) => {
    s.server.set({ flavor });
    expectFailure(
      await s.kettle(['runner', 'delete', '1', ...R(), '--yes']),
      new RegExp(`^kettle: deleting a runner needs Gitea 1\\.24 or later or Forgejo 15 or later; .* runs ${release.replace(/\./g, '\\.')} `),
    );
    expect(nonGet()).toEqual([]);
  });

  it('without --yes and no terminal, or with an id that is no number: a usage error, nothing sent', async () => {
    s.server.set({ flavor: G27 });
    expectUsage(s, await s.kettle(['runner', 'delete', '1', ...R()]), `refusing to delete runner 1 of alice/${repo.name} without confirmation; pass --yes`);
    expectUsage(s, await s.kettle(['runner', 'delete', 'host-runner', ...R(), '--yes']), 'a runner\'s id is a whole number (kettle runner list shows it), not "host-runner"');
    expectUsage(s, await s.kettle(['runner', 'delete', '0', '--global', '--yes']), /not "0"/);
    expect(runnersData(s.server.state).runners).toHaveLength(3);
  });

  it('the instance’s runners need a site administrator', async () => {
    s.server.set({ flavor: G27 });
    expectFailure(await s.kettle(['runner', 'delete', '3', '--global', '--yes']), 'cannot delete runner 3 of the instance: this needs a site administrator');
    expect(runnersData(s.server.state).runners).toHaveLength(3);
  });
});
