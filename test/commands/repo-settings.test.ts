// kettle repo star/unstar, collaborator, topic and sync, run in-process against the in-memory server.
import { describe, expect, it } from 'vitest';
import { json } from '../support/harness.js';
import { expectExit, expectFailure, expectUsage, rows, sent, useServer } from '../support/suite.js';
import { settingsData } from '../server/routes-settings.js';
import { addTeam } from '../server/routes-teams.js';

const s = useServer({ runner: 'in-process' });

/** A repository of alice's own for one test. */
function fresh(name: string, opts: { private?: boolean } = {}) {
  return s.server.state.addRepo('alice', name, { init: true, ...opts });
}

const writes = () => s.server.requests.filter((q) => q.method !== 'GET').map((q) => `${q.method} ${q.path}`);

describe('repo star / unstar', () => {
  it('stars, shows stars_count, and starring again sends no write', async () => {
    fresh('star-me');
    const r = await s.kettle(['repo', 'star', 'alice/star-me']);
    expectExit(r, 0);
    expect(r.stderr).toBe('✓ Starred alice/star-me\n');
    expect(writes()).toEqual(['PUT /user/starred/alice/star-me']);
    const view = await s.kettle(['repo', 'view', 'alice/star-me', '--json']);
    expect(json(view)).toMatchObject({ stars_count: 1 });
    s.server.resetRequests();
    const again = await s.kettle(['repo', 'star', '-R', 'alice/star-me']);
    expectExit(again, 0);
    expect(again.stderr).toBe('kettle: you have already starred alice/star-me; nothing was changed\n');
    expect(writes()).toEqual([]);
  });

  it('unstars; unstarring what is not starred is a note, and a missing repository is not found', async () => {
    const repo = fresh('unstar-me');
    settingsData(s.server.state).stars.set(repo.id, new Set(['alice', 'bob']));
    const r = await s.kettle(['repo', 'unstar', 'alice/unstar-me']);
    expectExit(r, 0);
    expect(r.stderr).toBe('✓ Unstarred alice/unstar-me\n');
    expect(json(await s.kettle(['repo', 'view', 'alice/unstar-me', '--json']))).toMatchObject({ stars_count: 1 });
    s.server.resetRequests();
    const again = await s.kettle(['repo', 'unstar', 'alice/unstar-me']);
    expectExit(again, 0);
    expect(again.stderr).toBe('kettle: you have not starred alice/unstar-me; nothing was changed\n');
    expect(writes()).toEqual([]);
    expectFailure(await s.kettle(['repo', 'unstar', 'alice/nope']), 'repository alice/nope not found');
    expectFailure(await s.kettle(['repo', 'star', 'alice/nope']), 'repository alice/nope not found');
    // A private repository of someone else is as missing as one that does not exist.
    expectFailure(await s.kettle(['repo', 'star', 'bob/secret-of-nobody']), 'repository bob/secret-of-nobody not found');
  });

  it('OWNER/NAME and -R together is a usage error', async () => {
    expectUsage(s, await s.kettle(['repo', 'star', 'alice/teapot', '-R', 'alice/teapot']), /either OWNER\/NAME or -R/);
  });
});

describe('repo collaborator', () => {
  it('adds with write by default; the permission then changes what the collaborator may do', async () => {
    fresh('collab', { private: true });
    const bob = s.server.addToken('bob');
    const asBob = { env: { KETTLE_TOKEN: bob } };
    expectFailure(await s.kettle(['label', 'create', 'by-bob', '--color', 'ff0000', '-R', 'alice/collab'], asBob), /not found/);
    const r = await s.kettle(['repo', 'collaborator', 'add', 'bob', '-R', 'alice/collab']);
    expectExit(r, 0);
    expect(r.stderr).toBe('✓ Added bob to alice/collab with write permission\n');
    expect(sent(s, 'PUT').map((q) => [q.path, q.body])).toEqual([['/repos/alice/collab/collaborators/bob', { permission: 'write' }]]);
    // Write: labels yes; the repository's settings (reqAdmin) no.
    expectExit(await s.kettle(['label', 'create', 'by-bob', '--color', 'ff0000', '-R', 'alice/collab'], asBob), 0);
    const edit = await s.kettle(['repo', 'edit', 'alice/collab', '--description', 'by bob'], asBob);
    expectExit(edit, 1);
    expect(edit.stderr).toMatch(/permission denied/);
    expect(json(await s.kettle(['repo', 'view', 'alice/collab', '--json'], asBob))).toMatchObject({ permissions: { admin: false, push: true, pull: true } });
    // Admin: the settings too; deleting the repository stays the owner's.
    expectExit(await s.kettle(['repo', 'collaborator', 'add', 'bob', '--permission', 'admin', '-R', 'alice/collab']), 0);
    expectExit(await s.kettle(['repo', 'edit', 'alice/collab', '--description', 'by bob'], asBob), 0);
    expect(s.server.state.repo('alice', 'collab')?.description).toBe('by bob');
    expectExit(await s.kettle(['repo', 'delete', 'alice/collab', '--yes'], asBob), 1);
    expect(s.server.state.repo('alice', 'collab')).toBeDefined();
  });

  it('read permission lets the collaborator see but not change; setting it again sets it without claiming what it was (D35)', async () => {
    fresh('collab-read', { private: true });
    const carol = s.server.addToken('carol');
    expectExit(await s.kettle(['repo', 'collaborator', 'add', 'carol', '--permission', 'read', '-R', 'alice/collab-read']), 0);
    expectExit(await s.kettle(['repo', 'view', 'alice/collab-read'], { env: { KETTLE_TOKEN: carol } }), 0);
    const edit = await s.kettle(['repo', 'edit', 'alice/collab-read', '--description', 'by carol'], { env: { KETTLE_TOKEN: carol } });
    expectExit(edit, 1);
    expect(edit.stderr).toMatch(/permission denied/);
    // The API answers a user's effective access, not the collaboration's own mode (a team or an administrator's rights
    // raise it): kettle sets the mode asked for and says only that.
    s.server.resetRequests();
    const same = await s.kettle(['repo', 'collaborator', 'add', 'carol', '--permission', 'read', '-R', 'alice/collab-read']);
    expectExit(same, 0);
    expect(same.stderr).toBe("✓ Set carol's permission on alice/collab-read to read\n");
    expect(sent(s, 'GET').map((q) => q.path)).not.toContain('/repos/alice/collab-read/collaborators/carol/permission');
    const up = await s.kettle(['repo', 'collaborator', 'add', 'carol', '-p', 'admin', '-R', 'alice/collab-read']);
    expectExit(up, 0);
    expect(up.stderr).toBe("✓ Set carol's permission on alice/collab-read to admin\n");
    const list = await s.kettle(['repo', 'collaborator', 'list', 'alice/collab-read', '--json']);
    expect((json(list) as Array<{ login: string }>).map((u) => u.login)).toEqual(['carol']);
    expect(rows((await s.kettle(['repo', 'collaborator', 'list', '-R', 'alice/collab-read'])).stdout)).toEqual([['carol', 'Carol Danvers']]);
  });

  it("refuses, as the servers' own page does, the owner, an organization account and an owner of the owning organization (D35)", async () => {
    fresh('collab-who');
    s.server.resetRequests();
    const owner = await s.kettle(['repo', 'collaborator', 'add', 'alice', '-R', 'alice/collab-who']);
    expectFailure(owner, 'cannot add alice to alice/collab-who: alice owns it, which is more than a collaborator can be given');
    expect(s.server.requests).toEqual([]);
    const org = await s.kettle(['repo', 'collaborator', 'add', 'wonderland', '-R', 'alice/collab-who']);
    expectFailure(org, 'cannot add wonderland to alice/collab-who: wonderland is an organization, and organizations take part through teams, not as collaborators');
    s.server.state.addRepo('wonderland', 'collab-org', { init: true });
    const orgOwner = await s.kettle(['repo', 'collaborator', 'add', 'bob', '-R', 'wonderland/collab-org']);
    expectFailure(orgOwner, 'cannot add bob to wonderland/collab-org: bob owns the organization wonderland, which is more than a collaborator can be given');
    expect(writes()).toEqual([]);
    // Someone outside the organization is added as usual.
    expectExit(await s.kettle(['repo', 'collaborator', 'add', 'carol', '-R', 'wonderland/collab-org']), 0);
  });

  it('finds the Owners team past the first page: Gitea before 1.27 and Forgejo list teams by name (models/organization/team_list.go SearchTeam)', async () => {
    s.server.set({ flavor: { forgejo: false, version: '1.26.4' } });
    const org = s.server.state.addOrg('teaparty', 'Tea party', ['alice', 'bob']);
    s.server.state.addRepo('teaparty', 'collab-many-teams', { init: true });
    // A first page of 50 teams whose names sort before "owners", then the Owners team on page 2.
    for (let i = 0; i < 50; i++) addTeam(s.server.state, org, `aa-team-${String(i).padStart(2, '0')}`);
    s.server.resetRequests();
    const r = await s.kettle(['repo', 'collaborator', 'add', 'bob', '-R', 'teaparty/collab-many-teams']);
    s.server.set({ flavor: { forgejo: false, version: undefined } });
    expect(sent(s, 'GET', '/orgs/teaparty/teams').map((q) => q.query.page ?? '1')).toEqual(['1', '2']);
    expectFailure(r, 'cannot add bob to teaparty/collab-many-teams: bob owns the organization teaparty, which is more than a collaborator can be given');
    expect(writes()).toEqual([]);
  });

  it('removes; removing someone who is not a collaborator is a note', async () => {
    const repo = fresh('collab-rm');
    settingsData(s.server.state).collaborators.set(repo.id, new Map([['bob', 'write']]));
    const r = await s.kettle(['repo', 'collaborator', 'remove', 'bob', '-R', 'alice/collab-rm']);
    expectExit(r, 0);
    expect(r.stderr).toBe('✓ Removed bob from alice/collab-rm\n');
    expect(settingsData(s.server.state).collaborators.get(repo.id)?.has('bob')).toBe(false);
    s.server.resetRequests();
    const again = await s.kettle(['repo', 'collaborator', 'rm', 'bob', '-R', 'alice/collab-rm']);
    expectExit(again, 0);
    expect(again.stderr).toBe('kettle: bob is not a collaborator on alice/collab-rm; nothing was changed\n');
    expect(writes()).toEqual([]);
  });

  it('an unknown user is one line naming the user; a missing repository is not found', async () => {
    fresh('collab-unknown');
    const r = await s.kettle(['repo', 'collaborator', 'add', 'nobody-here', '-R', 'alice/collab-unknown']);
    expectFailure(r, 'cannot add nobody-here to alice/collab-unknown: user nobody-here not found');
    expect(writes()).toEqual([]);
    expectFailure(await s.kettle(['repo', 'collaborator', 'add', 'bob', '-R', 'alice/nope']), 'repository alice/nope not found');
    expectFailure(await s.kettle(['repo', 'collaborator', 'list', 'alice/nope']), 'repository alice/nope not found');
  });

  it('--permission takes read, write or admin only', async () => {
    const r = await s.kettle(['repo', 'collaborator', 'add', 'bob', '--permission', 'owner', '-R', 'alice/teapot']);
    expectExit(r, 2);
    expect(r.stderr).toMatch(/owner.*Allowed choices are read, write, admin/);
  });
});

describe('repo topic', () => {
  it('adds (lower-cased, with a note), lists, and adding one that is there is a note', async () => {
    fresh('topics-add');
    const r = await s.kettle(['repo', 'topic', 'add', 'Tea', 'kitchen', '-R', 'alice/topics-add']);
    expectExit(r, 0);
    expect(r.stderr).toBe('kettle: topic "Tea" is stored as "tea"\n✓ Added topics tea, kitchen to alice/topics-add\n');
    expect(writes()).toEqual(['PUT /repos/alice/topics-add/topics/tea', 'PUT /repos/alice/topics-add/topics/kitchen']);
    const list = await s.kettle(['repo', 'topic', 'list', '-R', 'alice/topics-add']);
    expect(list.stdout).toBe('kitchen\ntea\n');
    expect(json(await s.kettle(['repo', 'topic', 'list', '-R', 'alice/topics-add', '--json']))).toEqual(['kitchen', 'tea']);
    expect(json(await s.kettle(['repo', 'view', 'alice/topics-add', '--json']))).toMatchObject({ topics: ['kitchen', 'tea'] });
    s.server.resetRequests();
    const again = await s.kettle(['repo', 'topic', 'add', 'tea', '-R', 'alice/topics-add']);
    expectExit(again, 0);
    expect(again.stderr).toBe('kettle: alice/topics-add already has topic tea\n');
    expect(writes()).toEqual([]);
  });

  it('--jq goes through the printer: a control character in a topic (from a server that lets one through) is written \\u001b, never sent raw', async () => {
    fresh('topics-esc');
    // Real servers refuse such a topic (ValidateTopic); the answer is spoilt to carry one.
    s.server.fault({ kind: 'mangle', path: '/repos/alice/topics-esc/topics', mangle: () => JSON.stringify({ topics: ['tea\u001b]0;pwned\u0007'] }) });
    const r = await s.kettle(['repo', 'topic', 'list', '-R', 'alice/topics-esc', '--jq', '.[]']);
    expectExit(r, 0);
    expect(r.stdout).toBe('tea\\u001b]0;pwned\\u0007\n');
    // Listed, likewise: escaped in a pipe, in caret notation on a terminal.
    s.server.fault({ kind: 'mangle', path: '/repos/alice/topics-esc/topics', times: 2, mangle: () => JSON.stringify({ topics: ['tea\u001b]0;pwned\u0007'] }) });
    expect((await s.kettle(['repo', 'topic', 'list', '-R', 'alice/topics-esc'])).stdout).toBe('tea\\u001b]0;pwned\\u0007\n');
    expect((await s.kettle(['repo', 'topic', 'list', '-R', 'alice/topics-esc'], { tty: true })).stdout).toBe('tea^[]0;pwned^G\n');
  });

  it('removes; removing one that is not there is a note', async () => {
    const repo = fresh('topics-rm');
    settingsData(s.server.state).topics.set(repo.id, ['kitchen', 'tea']);
    const r = await s.kettle(['repo', 'topic', 'remove', 'tea', 'spoon', '-R', 'alice/topics-rm']);
    expectExit(r, 0);
    expect(r.stderr).toBe('kettle: alice/topics-rm has no topic spoon\n✓ Removed topic tea from alice/topics-rm\n');
    expect(writes()).toEqual(['DELETE /repos/alice/topics-rm/topics/tea']);
    expect(settingsData(s.server.state).topics.get(repo.id)).toEqual(['kitchen']);
  });

  it('set replaces them; set with nothing clears them with --yes, and refuses without a terminal', async () => {
    const repo = fresh('topics-set');
    settingsData(s.server.state).topics.set(repo.id, ['old']);
    expectExit(await s.kettle(['repo', 'topic', 'set', 'cli', 'tea', '-R', 'alice/topics-set']), 0);
    expect(sent(s, 'PUT').map((q) => q.body)).toEqual([{ topics: ['cli', 'tea'] }]);
    expect(settingsData(s.server.state).topics.get(repo.id)).toEqual(['cli', 'tea']);
    s.server.resetRequests();
    const refused = await s.kettle(['repo', 'topic', 'set', '-R', 'alice/topics-set']);
    expectExit(refused, 2);
    expect(refused.stderr).toBe('kettle: refusing to clear every topic of alice/topics-set without confirmation; pass --yes\n');
    expect(writes()).toEqual([]);
    const cleared = await s.kettle(['repo', 'topic', 'set', '--yes', '-R', 'alice/topics-set']);
    expectExit(cleared, 0);
    expect(cleared.stderr).toBe('✓ Cleared the topics of alice/topics-set\n');
    expect(sent(s, 'PUT').map((q) => q.body)).toEqual([{ topics: [] }]);
    expect(settingsData(s.server.state).topics.get(repo.id)).toEqual([]);
  });

  it.each([
    [['add', 'has space'], /invalid topic "has space": only lower-case letters/],
    [['add', '--', '-dash-first'], /invalid topic "-dash-first"/],
    [['add', 'a'.repeat(36)], /longer than 35 characters/],
    [['set', 'ok', 'bad_one', 'wo rd'], /2 invalid topics:\n {2}"bad_one": .*\n {2}"wo rd": /],
    [['set', ...Array.from({ length: 26 }, (_, i) => `t${i}`)], /26 topics given; a repository may have at most 25/],
  ])('%j is refused before any request', async ([verb, ...rest], mention) => {
    expectUsage(s, await s.kettle(['repo', 'topic', verb as string, '-R', 'alice/teapot', ...rest]), mention);
  });

  it('adding past 25 topics is refused before any write', async () => {
    const repo = fresh('topics-full');
    settingsData(s.server.state).topics.set(
      repo.id,
      Array.from({ length: 24 }, (_, i) => `t${String(i).padStart(2, '0')}`),
    );
    const r = await s.kettle(['repo', 'topic', 'add', 'one', 'two', '-R', 'alice/topics-full']);
    expectFailure(r, 'cannot add 2 topics to alice/topics-full: it has 24, and a repository may have at most 25; nothing was changed');
    expect(writes()).toEqual([]);
  });

  it('the server refuses what kettle would: a 26th topic, a bad name, and removing a missing one', async () => {
    const repo = fresh('topics-server');
    settingsData(s.server.state).topics.set(
      repo.id,
      Array.from({ length: 25 }, (_, i) => `t${i}`),
    );
    const full = await s.kettle(['api', '-X', 'PUT', '/repos/alice/topics-server/topics/t0']);
    expectExit(full, 1);
    expect(full.stdout).toContain('Exceeding maximum allowed topics per repo.');
    const bad = await s.kettle(['api', '-X', 'PUT', '/repos/alice/topics-server/topics', '-F', 'topics[]=Bad Name']);
    expectExit(bad, 1);
    expect(bad.stdout).toContain('Topic names are invalid');
    const missing = await s.kettle(['api', '-X', 'DELETE', '/repos/alice/topics-server/topics/nothere']);
    expectExit(missing, 1);
  });
});

describe('repo sync', () => {
  it('asks a mirror to sync; a repository that is neither a mirror nor a fork is one line, exit 1', async () => {
    const mirror = fresh('a-mirror');
    settingsData(s.server.state).mirrors.set(mirror.id, { interval: '8h0m0s', updated: '2026-01-01T00:00:00Z', syncs: 0 });
    const r = await s.kettle(['repo', 'sync', 'alice/a-mirror']);
    expectExit(r, 0);
    expect(r.stderr).toBe('✓ Asked alice/a-mirror to fetch from its source; the server syncs it in the background\n');
    expect(settingsData(s.server.state).mirrors.get(mirror.id)?.syncs).toBe(1);
    fresh('not-a-mirror');
    const lines = expectFailure(await s.kettle(['repo', 'sync', '-R', 'alice/not-a-mirror']), 'cannot sync alice/not-a-mirror: it is neither a mirror nor a fork');
    expect(lines).toHaveLength(1);
    expectFailure(await s.kettle(['repo', 'sync', 'alice/nope']), 'repository alice/nope not found');
  });
});
