// kettle variable list|get|set|delete, run in-process against the in-memory server of each release.
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { json } from '../support/harness.js';
import { expectExit, expectFailure, expectUsage, rows, sent, useServer } from '../support/suite.js';
import { secretsData } from '../server/routes-actions-secrets.js';
import { RELEASES } from '../support/releases.js';

const s = useServer({ runner: 'in-process' });

let count = 0;
function freshRepo(): { id: number; full: string } {
  const repo = s.server.state.addRepo('alice', `vars-${++count}`, { init: true });
  return { id: repo.id, full: `alice/${repo.name}` };
}

function stored(key: `repo:${number}` | `owner:${number}`) {
  return secretsData(s.server.state).variables.get(key) ?? [];
}

let caches = 0;
/** A cache folder of its own, for a run after the test switched the server's release. */
const fresh = () => ({ XDG_CACHE_HOME: join(s.dir, `cache-${++caches}`) });

describe('variable set', () => {
  it.each(RELEASES)('creates, then updates, with the requests each release needs, on %s', async (name, flavor) => {
    s.server.set({ flavor });
    const { id, full } = freshRepo();
    const path = `/repos/${full}/actions/variables/REGISTRY`;
    const made = await s.kettle(['variable', 'set', 'registry', 'registry.example.com', '-R', full]);
    expectExit(made, 0);
    expect(made.stderr).toBe(`✓ Created variable REGISTRY of ${full}\n`);
    const created = name === 'Gitea 1.26.4' ? [`GET ${path}`, `POST ${path}`] : [`POST ${path}`];
    expect(s.server.requests.filter((q) => q.path !== '/version').map((q) => `${q.method} ${q.path}`)).toEqual(created);
    s.server.resetRequests();
    const changed = await s.kettle(['variable', 'set', 'REGISTRY', 'mirror.example.com', '-R', full]);
    expectExit(changed, 0);
    expect(changed.stderr).toBe(`✓ Updated variable REGISTRY of ${full}\n`);
    const updated = name === 'Gitea 1.26.4' ? [`GET ${path}`, `PUT ${path}`] : [`POST ${path}`, `PUT ${path}`];
    expect(s.server.requests.filter((q) => q.path !== '/version').map((q) => `${q.method} ${q.path}`)).toEqual(updated);
    expect(stored(`repo:${id}`).map((v) => [v.name, v.data])).toEqual([['REGISTRY', 'mirror.example.com']]);
  });

  it('keeps the description Gitea 1.24 and later would otherwise erase on update', async () => {
    s.server.set({ flavor: { forgejo: false, version: '1.26.4' } });
    const { id, full } = freshRepo();
    expectExit(await s.kettle(['variable', 'set', 'REGION', 'eu', '-R', full]), 0);
    const v = stored(`repo:${id}`)[0];
    if (v) v.description = 'where the runners deploy';
    expectExit(await s.kettle(['variable', 'set', 'REGION', 'us', '-R', full]), 0);
    expect(sent(s, 'PUT').map((q) => q.body)).toEqual([{ value: 'us', description: 'where the runners deploy' }]);
    expect(stored(`repo:${id}`)).toMatchObject([{ name: 'REGION', data: 'us', description: 'where the runners deploy' }]);
  });

  it('refuses bad names and empty values before sending (exit 2)', async () => {
    const { full } = freshRepo();
    for (const bad of ['9LIVES', 'A.B', 'GITEA_X', 'github_y', 'FORGEJO_Z']) {
      s.server.resetRequests();
      expectUsage(s, await s.kettle(['variable', 'set', bad, 'v', '-R', full]), new RegExp(`invalid variable name "${bad.replace('.', '\\.')}"`));
    }
    s.server.resetRequests();
    expectUsage(s, await s.kettle(['variable', 'set', 'EMPTY', '', '-R', full]), /the variable's value is empty; nothing was sent/);
  });

  it.each(RELEASES)('CI and names starting with CI as %s takes them', async (name, flavor) => {
    s.server.set({ flavor });
    const { id, full } = freshRepo();
    const ci = await s.kettle(['variable', 'set', 'CI', 'true', '-R', full]);
    expectExit(ci, 2);
    expect(ci.stderr).toMatch(/^kettle: invalid variable name "CI": (Gitea|Forgejo) [\d.]+ refuses .*; nothing was sent\n$/);
    const city = await s.kettle(['variable', 'set', 'CITY', 'Paris', '-R', full]);
    const prefixRefused = name === 'Gitea 1.23.8' || name === 'Forgejo 11.0.1';
    expectExit(city, prefixRefused ? 2 : 0);
    if (prefixRefused) expect(city.stderr).toMatch(/refuses variable names starting with CI; nothing was sent/);
    expect(sent(s, 'POST')).toHaveLength(prefixRefused ? 0 : 1);
    expect(stored(`repo:${id}`).map((v) => v.name)).toEqual(prefixRefused ? [] : ['CITY']);
  });

  it('refuses a value over 65536 characters on Gitea 1.24 and later only', async () => {
    const { id, full } = freshRepo();
    const long = 'é'.repeat(65537);
    s.server.set({ flavor: { forgejo: false, version: '1.26.4' } });
    const r = await s.kettle(['variable', 'set', 'LONG', long, '-R', full]);
    expectExit(r, 2);
    expect(r.stderr).toBe("kettle: the variable's value holds 65537 characters; Gitea 1.26.4 takes at most 65536; nothing was sent\n");
    // Characters, not bytes: 65536 two-byte characters are taken.
    expectExit(await s.kettle(['variable', 'set', 'LONG', long.slice(1), '-R', full]), 0);
    s.server.set({ flavor: { forgejo: true, version: '15.0.3+gitea-1.22.0' } });
    expectExit(await s.kettle(['variable', 'set', 'LONGER', long, '-R', full], { env: fresh() }), 0);
    expect(stored(`repo:${id}`).map((v) => v.name)).toEqual(['LONG', 'LONGER']);
  });

  it('works for an organization and for your account', async () => {
    const org = s.server.state.org('wonderland');
    const alice = s.server.state.user('alice');
    expectExit(await s.kettle(['variable', 'set', 'TEAM', 'hatters', '--org', 'wonderland']), 0);
    expectExit(await s.kettle(['variable', 'set', 'SHELL_THEME', 'dark', '--user']), 0);
    expect(stored(`owner:${org?.id ?? 0}`)).toMatchObject([{ name: 'TEAM', data: 'hatters', ownerId: org?.id, repoId: 0 }]);
    expect(stored(`owner:${alice?.id ?? 0}`)).toMatchObject([{ name: 'SHELL_THEME', data: 'dark' }]);
    const get = await s.kettle(['variable', 'get', 'team', '--org', 'wonderland']);
    expectExit(get, 0);
    expect(get.stdout).toBe('hatters\n');
    expectExit(await s.kettle(['variable', 'delete', 'SHELL_THEME', '--user', '--yes']), 0);
    expect(stored(`owner:${alice?.id ?? 0}`)).toEqual([]);
  });

  it('without -R, --org or --user: the repository of the git remote', async () => {
    const { id, full } = freshRepo();
    const work = join(s.dir, 'work');
    execFileSync('git', ['init', '-q', work]);
    execFileSync('git', ['-C', work, 'remote', 'add', 'origin', `${s.server.url}/${full}.git`]);
    expectExit(await s.kettle(['variable', 'set', 'FROM_REMOTE', 'yes'], { cwd: work }), 0);
    expect(stored(`repo:${id}`).map((v) => v.name)).toEqual(['FROM_REMOTE']);
    const none = await s.kettle(['variable', 'list']);
    expectExit(none, 2);
  });

  it('a server whose version cannot be read: read first, then create or update', async () => {
    const { id, full } = freshRepo();
    const path = `/repos/${full}/actions/variables/REGION`;
    s.server.fault({ kind: 'status', status: 404, path: '/version', times: 10 });
    expectExit(await s.kettle(['variable', 'set', 'REGION', 'eu', '-R', full]), 0);
    expectExit(await s.kettle(['variable', 'set', 'REGION', 'us', '-R', full]), 0);
    expect(s.server.requests.filter((q) => q.path !== '/version').map((q) => `${q.method} ${q.path}`)).toEqual([`GET ${path}`, `POST ${path}`, `GET ${path}`, `PUT ${path}`]);
    // Gitea 1.23 has no description: none is sent back.
    expect(sent(s, 'PUT').map((q) => q.body)).toEqual([{ value: 'us' }]);
    expect(stored(`repo:${id}`).map((v) => v.data)).toEqual(['us']);
  });

  it('takes a value that starts with a dash after --', async () => {
    const { id, full } = freshRepo();
    expectExit(await s.kettle(['variable', 'set', '-R', full, '--', 'OFFSET', '-5']), 0);
    expect(stored(`repo:${id}`).map((v) => [v.name, v.data])).toEqual([['OFFSET', '-5']]);
  });

  it('someone who does not own the organization is refused', async () => {
    const carol = s.server.addToken('carol');
    const r = await s.kettle(['variable', 'set', 'X', 'y', '--org', 'wonderland'], { env: { KETTLE_TOKEN: carol } });
    expectFailure(r, /^kettle: cannot set variable X of organization wonderland: permission denied/);
  });
});

describe('variable get', () => {
  it.each(RELEASES)('prints the value alone, or the record with --json, on %s', async (_name, flavor) => {
    s.server.set({ flavor });
    const { id, full } = freshRepo();
    expectExit(await s.kettle(['variable', 'set', 'MOTTO', 'two\nlines', '-R', full]), 0);
    const r = await s.kettle(['variable', 'get', 'motto', '-R', full]);
    expectExit(r, 0);
    expect(r.stdout).toBe('two\nlines\n');
    expect(r.stderr).toBe('');
    const j = await s.kettle(['variable', 'get', 'MOTTO', '-R', full, '--json']);
    expectExit(j, 0);
    expect(json(j)).toEqual({ owner_id: 0, repo_id: id, name: 'MOTTO', data: 'two\nlines', ...(flavor.version === '1.26.4' ? { description: '' } : {}) });
    const jq = await s.kettle(['variable', 'get', 'MOTTO', '-R', full, '--jq', '.name']);
    expect(jq.stdout).toBe('MOTTO\n');
  });

  it('names a missing variable, or a missing repository: one line, exit 1', async () => {
    const { full } = freshRepo();
    expect(expectFailure(await s.kettle(['variable', 'get', 'NOPE', '-R', full]), `variable NOPE of ${full} not found`)).toHaveLength(1);
    expectFailure(await s.kettle(['variable', 'get', 'NOPE', '-R', 'alice/missing-repo']), 'repository alice/missing-repo not found');
  });
});

describe('variable list', () => {
  it.each(RELEASES)('names and values, complete over pages, on %s', async (_name, flavor) => {
    s.server.set({ flavor });
    const { full } = freshRepo();
    for (let i = 1; i <= 5; i++) expectExit(await s.kettle(['variable', 'set', `V${i}`, `value ${i}`, '-R', full]), 0);
    s.server.resetRequests();
    s.server.set({ flavor, maxPageSize: 2 });
    const r = await s.kettle(['variable', 'list', '-R', full, '--all']);
    expectExit(r, 0);
    expect(rows(r.stdout).map((row) => row.slice(0, 2))).toEqual([1, 2, 3, 4, 5].map((i) => [`V${i}`, `value ${i}`]));
    expect(sent(s, 'GET', `/repos/${full}/actions/variables`).length).toBeGreaterThanOrEqual(3);
    const j = await s.kettle(['variable', 'list', '-R', full, '--json', '--fields', 'name,data', '--limit', '2']);
    expect(json(j)).toEqual([
      { name: 'V1', data: 'value 1' },
      { name: 'V2', data: 'value 2' },
    ]);
  });

  it('a list cut short prints nothing (complete or absent)', async () => {
    const { full } = freshRepo();
    for (let i = 1; i <= 3; i++) expectExit(await s.kettle(['variable', 'set', `W${i}`, 'x', '-R', full]), 0);
    s.server.set({ maxPageSize: 1 });
    s.server.fault({ kind: 'status', status: 403, method: 'GET', path: `/repos/${full}/actions/variables`, skip: 1 });
    const r = await s.kettle(['variable', 'list', '-R', full, '--all']);
    expectExit(r, 1);
    expect(r.stdout).toBe('');
  });
});

describe('variable delete', () => {
  it.each(RELEASES)('needs --yes without a terminal; deletes; names a missing one, on %s', async (_name, flavor) => {
    s.server.set({ flavor });
    const { id, full } = freshRepo();
    expectExit(await s.kettle(['variable', 'set', 'OLD', 'v', '-R', full]), 0);
    s.server.resetRequests();
    expectUsage(s, await s.kettle(['variable', 'delete', 'OLD', '-R', full]), /refusing to delete variable OLD of alice\/vars-\d+ without confirmation; pass --yes/);
    const r = await s.kettle(['variable', 'delete', 'old', '-R', full, '--yes']);
    expectExit(r, 0);
    expect(r.stderr).toBe(`✓ Deleted variable OLD of ${full}\n`);
    expect(stored(`repo:${id}`)).toEqual([]);
    expect(expectFailure(await s.kettle(['variable', 'delete', 'OLD', '-R', full, '--yes']), `variable OLD of ${full} not found`)).toHaveLength(1);
  });
});
