// kettle repo edit and repo create in an organization, run in-process against the in-memory server.
import { describe, expect, it } from 'vitest';
import { json } from '../support/harness.js';
import { extraOf } from '../server/routes-repos.js';
import { expectExit, expectFailure, expectUsage, record, sent, useServer } from '../support/suite.js';

const s = useServer({ runner: 'in-process' });

/** A repository of alice's own for one test, with a main and a develop branch. */
function fresh(name: string) {
  const repo = s.server.state.addRepo('alice', name, { description: 'before', init: true });
  repo.branches.push('develop');
  return repo;
}

describe('repo edit', () => {
  it('sends only the settings given, and shows the edited repository', async () => {
    const repo = fresh('edit-some');
    const r = await s.kettle(['repo', 'edit', 'alice/edit-some', '--description', 'after', '--disable-wiki', '--website', 'https://teapot.example.com', '--json']);
    expectExit(r, 0);
    expect(sent(s, 'PATCH', '/repos/alice/edit-some').map((q) => q.body)).toEqual([{ description: 'after', website: 'https://teapot.example.com', has_wiki: false }]);
    expect(json(r)).toMatchObject({ full_name: 'alice/edit-some', description: 'after', has_wiki: false, website: 'https://teapot.example.com' });
    expect(repo.description).toBe('after');
    expect(extraOf(s.server.state, repo)).toMatchObject({ has_wiki: false, website: 'https://teapot.example.com', has_issues: true });
    expect(r.stderr).toBe('✓ Edited alice/edit-some: description, website, has_wiki\n');
  });

  it.each([
    [['--private'], { private: true }],
    [['--public'], { private: false }],
    [['--archive'], { archived: true }],
    [['--disable-issues', '--disable-prs'], { has_issues: false, has_pull_requests: false }],
    [['--default-branch', 'develop'], { default_branch: 'develop' }],
  ])('%j sends %j and the server takes it', async (flags, body) => {
    const name = `edit-${flags.join('').replace(/-/g, '')}`;
    const repo = fresh(name);
    if ('private' in body && !body.private) repo.private = true;
    const r = await s.kettle(['repo', 'edit', '-R', `alice/${name}`, ...flags]);
    expectExit(r, 0);
    expect(sent(s, 'PATCH').map((q) => q.body)).toEqual([body]);
    const shown = record(r.stdout);
    if ('default_branch' in body) expect(shown.default_branch).toBe('develop');
    if ('private' in body) expect(shown.visibility).toBe(body.private ? 'private' : 'public');
    expect(s.server.state.repoJson(repo, 'alice')).toMatchObject(body);
  });

  it('an edit that changes nothing sends nothing, says so and succeeds', async () => {
    fresh('edit-same');
    const r = await s.kettle(['repo', 'edit', 'alice/edit-same', '--description', 'before', '--enable-issues', '--public']);
    expectExit(r, 0);
    expect(r.stderr).toBe('kettle: alice/edit-same already has those settings; nothing was changed\n');
    expect(record(r.stdout).full_name).toBe('alice/edit-same');
    expect(s.server.requests.map((q) => q.method)).toEqual(['GET']);
  });

  it('sends only what differs when some of the settings are already so', async () => {
    fresh('edit-part');
    const r = await s.kettle(['repo', 'edit', 'alice/edit-part', '--description', 'before', '--private']);
    expectExit(r, 0);
    expect(sent(s, 'PATCH').map((q) => q.body)).toEqual([{ private: true }]);
  });

  it.each([
    ['--private', '--public'],
    ['--archive', '--unarchive'],
    ['--enable-issues', '--disable-issues'],
    ['--enable-wiki', '--disable-wiki'],
    ['--enable-prs', '--disable-prs'],
  ])('%s with %s is a usage error, before any request', async (on, off) => {
    expectUsage(s, await s.kettle(['repo', 'edit', 'alice/teapot', on, off]), `use either ${on} or ${off}, not both`);
  });

  it.each([
    [[], /nothing to change: give at least one of --description/],
    [['--website', 'teapot.example.com'], /invalid --website "teapot\.example\.com"/],
    [['--default-branch', ' '], /--default-branch needs a branch name/],
    [['-R', 'alice/notes', '--private'], /either OWNER\/NAME or -R/],
  ])('%j is refused before any request', async (flags, mention) => {
    expectUsage(s, await s.kettle(['repo', 'edit', 'alice/teapot', ...flags]), mention);
  });

  it('a default branch the repository lacks: exit 1, saying it stays, the rest saved', async () => {
    const repo = fresh('edit-branch');
    const r = await s.kettle(['repo', 'edit', 'alice/edit-branch', '--default-branch', 'nope', '--description', 'saved']);
    expectFailure(r, 'alice/edit-branch has no branch nope: the default branch stays main; the other changes were saved');
    expect(repo.description).toBe('saved');
  });

  it('names a missing repository, and says when alice may not edit it', async () => {
    expectFailure(await s.kettle(['repo', 'edit', 'alice/nope', '--private']), 'repository alice/nope not found');
    expectFailure(await s.kettle(['repo', 'edit', 'bob/toolbox', '--private']), /^kettle: cannot edit bob\/toolbox: permission denied/);
    expect(s.server.state.repo('bob', 'toolbox')?.private).toBe(false);
  });
});

describe('repo create in an organization', () => {
  it.each([
    ['ORG/NAME', ['wonderland/menu-a'], 'menu-a'],
    ['--org', ['menu-b', '--org', 'wonderland'], 'menu-b'],
  ])('%s creates it with POST /orgs/{org}/repos', async (_how, args, name) => {
    const r = await s.kettle(['repo', 'create', ...args, '--description', 'Tea menu', '--json']);
    expectExit(r, 0);
    expect(sent(s, 'POST').map((q) => [q.path, q.body])).toEqual([['/orgs/wonderland/repos', { name, private: false, auto_init: false, description: 'Tea menu' }]]);
    expect(json(r)).toMatchObject({ full_name: `wonderland/${name}` });
    expect(s.server.state.repo('wonderland', name)?.description).toBe('Tea menu');
    expect(r.stderr).toMatch(new RegExp(`^✓ Created repository wonderland/${name}`));
  });

  it("the user's own name in front creates it in her account", async () => {
    const r = await s.kettle(['repo', 'create', 'alice/own-prefixed']);
    expectExit(r, 0);
    expect(sent(s, 'POST').map((q) => q.path)).toEqual(['/user/repos']);
    expect(s.server.state.repo('alice', 'own-prefixed')).toBeDefined();
  });

  it('names a missing organization, a refusal, and a name taken', async () => {
    expectFailure(await s.kettle(['repo', 'create', 'x', '--org', 'nowhere']), 'organization nowhere not found');
    s.server.state.addOrg('hatters', 'Hatters', ['carol']);
    expectFailure(await s.kettle(['repo', 'create', 'hatters/hats']), /^kettle: cannot create repository hatters\/hats: permission denied/);
    expectFailure(await s.kettle(['repo', 'create', 'tea-party', '--org', 'wonderland']), 'a repository named wonderland/tea-party already exists');
  });

  it.each([
    [['wonderland/x', '--org', 'hatters'], /the organization is named twice/],
    [['a/b/c'], /expected NAME or ORG\/NAME/],
    [['x', '--org', 'bad org'], /invalid organization name "bad org"/],
  ])('%j is refused before any request', async (args, mention) => {
    expectUsage(s, await s.kettle(['repo', 'create', ...args]), mention);
  });
});

describe('repo edit of a fork', () => {
  // routers/api/v1/repo/repo.go updateBasicProperties: a fork gets its base repository's visibility, whatever is sent.
  it('--private on a fork of a public repository: the other changes are made and said; the visibility is named as kept, exit 1', async () => {
    const base = fresh('fork-base');
    const mine = s.server.state.addRepo('alice', 'fork-of-base', { description: 'before', init: true });
    extraOf(s.server.state, mine).parent = base.id;
    const edit = await s.kettle(['repo', 'edit', 'alice/fork-of-base', '--private', '--description', 'mine now']);
    expectExit(edit, 1);
    const lines = edit.stderr.trimEnd().split('\n');
    expect(lines).toEqual([
      '✓ Edited alice/fork-of-base: description',
      'kettle: alice/fork-of-base stays public: the server gives a fork the visibility of the repository it was forked from (alice/fork-base)',
    ]);
    expect(mine).toMatchObject({ private: false, description: 'mine now' });
  });
});
