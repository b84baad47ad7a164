// kettle team list|view|create|delete, team member and team repo, and org member list|remove,
// in-process against the in-memory server.
import { beforeEach, describe, expect, it } from 'vitest';
import { json } from '../support/harness.js';
import { expectExit, expectUsage, rows, sent, useServer } from '../support/suite.js';
import type { Org } from '../server/state.js';

const s = useServer({ runner: 'in-process' });
let org: Org;
let n = 0;

beforeEach(() => {
  s.server.set({ flavor: { forgejo: false, version: undefined } });
  n++;
  org = s.server.state.addOrg(`guild-${n}`, 'Guild', ['alice']);
  s.server.state.addRepo(org.login, 'kettle', { init: true });
  s.server.state.addRepo(org.login, 'teapot', { init: true });
});
const O = () => ['--org', org.login];

describe('team create, list, view', () => {
  it('sends the units as units_map at the permission, and lists the team after Owners', async () => {
    const r = await s.kettle(['team', 'create', 'writers', ...O(), '--permission', 'write', '--units', 'code,issues', '--json', '--fields', 'name,units_map']);
    expectExit(r, 0);
    expect(sent(s, 'POST', `/orgs/${org.login}/teams`)[0]?.body).toEqual({
      name: 'writers',
      permission: 'write',
      units: ['repo.code', 'repo.issues'],
      units_map: { 'repo.code': 'write', 'repo.issues': 'write' },
      includes_all_repositories: false,
      can_create_org_repo: false,
    });
    expect(json(r)).toEqual({ name: 'writers', units_map: { 'repo.code': 'write', 'repo.issues': 'write' } });
    const list = await s.kettle(['team', 'list', ...O()]);
    expectExit(list, 0);
    expect(rows(list.stdout).map((row) => row[0])).toEqual(['Owners', 'writers']);
    const view = await s.kettle(['team', 'view', 'WRITERS', ...O(), '--json', '--fields', 'name,permission']);
    expectExit(view, 0);
    expect(json(view)).toEqual({ name: 'writers', permission: 'write' });
  });

  it.each([
    [{ forgejo: false, version: '1.23.8' }, 'write'],
    [{ forgejo: false, version: '1.27.0' }, 'none'],
    [{ forgejo: true, version: '11.0.1' }, 'write'],
  ])('%j: a write team shows the permission %s (recorded)', async (flavor, shown) => {
    s.server.set({ flavor });
    const r = await s.kettle(['team', 'create', 'w', ...O(), '--permission', 'write', '--json', '--jq', '.permission']);
    expectExit(r, 0);
    expect(r.stdout).toBe(`${shown}\n`);
  });

  it.each([
    [{ forgejo: false, version: '1.23.8' }, ['alpha', 'Owners', 'zeta'], ['alpha', 'Owners', 'zeta']],
    [{ forgejo: true, version: '11.0.1' }, ['alpha', 'Owners', 'zeta'], ['alpha', 'Owners', 'zeta']],
    [{ forgejo: false, version: '1.27.0' }, ['Owners', 'alpha', 'zeta'], ['Owners', 'zeta']],
  ])('%j: teams listed as %j to an owner, as %j to a member in zeta only (recorded order)', async (flavor, toOwner, toMember) => {
    s.server.set({ flavor });
    expectExit(await s.kettle(['team', 'create', 'zeta', ...O()]), 0);
    expectExit(await s.kettle(['team', 'create', 'alpha', ...O()]), 0);
    expectExit(await s.kettle(['team', 'member', 'add', 'zeta', 'bob', ...O()]), 0);
    const owner = await s.kettle(['team', 'list', ...O()]);
    expectExit(owner, 0);
    expect(rows(owner.stdout).map((row) => row[0])).toEqual(toOwner);
    const member = await s.kettle(['team', 'list', ...O()], { env: { KETTLE_TOKEN: s.server.addToken('bob') } });
    expectExit(member, 0);
    expect(rows(member.stdout).map((row) => row[0])).toEqual(toMember);
  });

  it("admin: every unit at admin; a name that is taken is the server's 422 in one line", async () => {
    const r = await s.kettle(['team', 'create', 'admins', ...O(), '--permission', 'admin', '--json', '--jq', '.units_map["repo.wiki"]']);
    expectExit(r, 0);
    expect(r.stdout).toBe('admin\n');
    const again = await s.kettle(['team', 'create', 'admins', ...O()]);
    expectExit(again, 1);
    expect(again.stderr).toMatch(/^kettle: cannot create team "admins" in organization guild-\d+: team already exists/);
  });

  it('bad input: an unknown unit, a bad permission, no --org, a bad name; nothing sent', async () => {
    expectUsage(s, await s.kettle(['team', 'create', 'x', ...O(), '--units', 'code,wikis']), /unknown unit "wikis"/);
    expectUsage(s, await s.kettle(['team', 'create', 'x', ...O(), '--permission', 'owner']), /permission/);
    expectUsage(s, await s.kettle(['team', 'create', 'x']), /--org is required/);
    expectUsage(s, await s.kettle(['team', 'create', 'two words', ...O()]), /invalid team name/);
  });

  it('a team that does not exist is one line, exit 1', async () => {
    const r = await s.kettle(['team', 'view', 'ghosts', ...O()]);
    expectExit(r, 1);
    expect(r.stderr).toBe(`kettle: organization ${org.login} has no team "ghosts" (\`kettle team list --org ${org.login}\` lists them)\n`);
  });
});

describe('team member and team repo', () => {
  beforeEach(async () => {
    expectExit(await s.kettle(['team', 'create', 'crew', ...O()]), 0);
  });

  it('adds and removes members; a user who does not exist fails alone', async () => {
    const add = await s.kettle(['team', 'member', 'add', 'crew', 'bob', 'nobody-here', ...O()]);
    expectExit(add, 1);
    expect(add.stderr).toContain('✓ Added bob to team "crew"');
    expect(add.stderr).toContain('kettle: user nobody-here not found');
    const list = await s.kettle(['team', 'member', 'list', 'crew', ...O(), '--json', '--jq', '.[].login']);
    expect(list.stdout).toBe('bob\n');
    // A user in a team is a member of the organization.
    const members = await s.kettle(['org', 'member', 'list', org.login, '--json', '--jq', '.[].login']);
    expect(members.stdout).toBe('alice\nbob\n');
    expectExit(await s.kettle(['team', 'member', 'remove', 'crew', 'bob', ...O()]), 0);
    const after = await s.kettle(['team', 'member', 'list', 'crew', ...O(), '--json']);
    expect(json(after)).toEqual([]);
  });

  it("adds the organization's repositories, by NAME or OWNER/NAME; another owner's is refused before sending", async () => {
    const add = await s.kettle(['team', 'repo', 'add', 'crew', 'kettle', `${org.login}/teapot`, ...O()]);
    expectExit(add, 0);
    expect(sent(s, 'PUT').map((q) => q.path.replace(/^\/teams\/\d+/, '/teams/ID'))).toEqual([`/teams/ID/repos/${org.login}/kettle`, `/teams/ID/repos/${org.login}/teapot`]);
    const list = await s.kettle(['team', 'repo', 'list', 'crew', ...O(), '--json', '--jq', '.[].name']);
    expect(list.stdout.split('\n').filter(Boolean).sort()).toEqual(['kettle', 'teapot']);
    s.server.resetRequests();
    expectUsage(s, await s.kettle(['team', 'repo', 'add', 'crew', 'alice/teapot', ...O()]), /not a repository of organization/);
    expectExit(await s.kettle(['team', 'repo', 'remove', 'crew', 'kettle', ...O()]), 0);
    const after = await s.kettle(['team', 'repo', 'list', 'crew', ...O(), '--json', '--jq', '.[].name']);
    expect(after.stdout).toBe('teapot\n');
  });
});

describe('team delete', () => {
  it('refuses the Owners team (the API would delete it); --yes needed without a terminal', async () => {
    const owners = await s.kettle(['team', 'delete', 'Owners', ...O(), '--yes']);
    expectExit(owners, 1);
    expect(owners.stderr).toBe(`kettle: cannot delete team "Owners" of organization ${org.login}: it is the organization's Owners team\n`);
    expect(sent(s, 'DELETE')).toEqual([]);
    expectExit(await s.kettle(['team', 'create', 'temp', ...O()]), 0);
    const no = await s.kettle(['team', 'delete', 'temp', ...O()]);
    expectExit(no, 2);
    const yes = await s.kettle(['team', 'delete', 'temp', ...O(), '--yes']);
    expectExit(yes, 0);
    const list = await s.kettle(['team', 'list', ...O(), '--json', '--jq', '.[].name']);
    expect(list.stdout).toBe('Owners\n');
  });
});

describe('org member remove', () => {
  it('removes a member from every team; the last owner and a non-member are refused before sending', async () => {
    expectExit(await s.kettle(['team', 'create', 'crew', ...O()]), 0);
    expectExit(await s.kettle(['team', 'member', 'add', 'crew', 'bob', ...O()]), 0);
    const last = await s.kettle(['org', 'member', 'remove', org.login, 'alice', '--yes']);
    expectExit(last, 1);
    expect(last.stderr).toMatch(/alice is its last owner/);
    const stranger = await s.kettle(['org', 'member', 'remove', org.login, 'carol', '--yes']);
    expectExit(stranger, 1);
    expect(stranger.stderr).toBe(`kettle: carol is not a member of organization ${org.login}; nothing was changed\n`);
    expect(sent(s, 'DELETE')).toEqual([]);
    expectExit(await s.kettle(['org', 'member', 'remove', org.login, 'bob']), 2);
    const r = await s.kettle(['org', 'member', 'remove', org.login, 'bob', '--yes']);
    expectExit(r, 0);
    const crew = await s.kettle(['team', 'member', 'list', 'crew', ...O(), '--json']);
    expect(json(crew)).toEqual([]);
  });
});

describe('team member remove from Owners', () => {
  it('refuses to leave the organization without an owner, before sending', async () => {
    const r = await s.kettle(['team', 'member', 'remove', 'Owners', 'alice', ...O()]);
    expectExit(r, 1);
    expect(r.stderr).toBe(`kettle: cannot remove alice from team "Owners" of organization ${org.login}: an organization keeps at least one owner\n`);
    expect(sent(s, 'DELETE')).toEqual([]);
  });
});
