// kettle branch list|view|create|rename|delete and tag list|view|create|delete, in-process against the in-memory server.
import { beforeEach, describe, expect, it } from 'vitest';
import { json } from '../support/harness.js';
import { expectExit, expectUsage, rows, sent, useServer } from '../support/suite.js';
import { addRule, ciData } from '../server/routes-ci.js';
import { addRelease, releaseData } from '../server/routes-releases.js';
import { extraOf } from '../server/routes-repos.js';
import { settingsData } from '../server/routes-settings.js';
import type { Repo } from '../server/state.js';

const s = useServer({ runner: 'in-process' });
let repo: Repo;
let n = 0;

beforeEach(() => {
  s.server.set({ flavor: { forgejo: false, version: undefined } });
  n++;
  repo = s.server.state.addRepo('alice', `boughs-${n}`, { init: true });
  repo.branches.push('feature/lid', 'fix/spout', 'release/1.x');
  ciData(s.server.state).rules = ciData(s.server.state).rules.filter((r) => r.repoId !== repo.id);
});
const R = () => ['-R', `alice/${repo.name}`];
const tagsOf = () => releaseData(s.server.state).tags.filter((t) => t.repoId === repo.id);

describe('branch list', () => {
  it('lists every branch; --protected keeps those a rule covers', async () => {
    addRule(s.server.state, repo, { rule_name: 'release/*' });
    const all = await s.kettle(['branch', 'list', ...R()]);
    expectExit(all, 0);
    expect(
      rows(all.stdout)
        .map((r) => r[0])
        .sort(),
    ).toEqual(['feature/lid', 'fix/spout', 'main', 'release/1.x']);
    const only = await s.kettle(['branch', 'list', ...R(), '--protected', '--json']);
    expectExit(only, 0);
    expect(json<Array<{ name: string; protected: boolean }>>(only).map((b) => [b.name, b.protected])).toEqual([['release/1.x', true]]);
  });

  it('--protected with none: empty, exit 0', async () => {
    const r = await s.kettle(['branch', 'list', ...R(), '--protected', '--json']);
    expectExit(r, 0);
    expect(json(r)).toEqual([]);
  });
});

describe('branch view', () => {
  it('shows the branch; a missing one is one line, exit 1', async () => {
    const r = await s.kettle(['branch', 'view', 'feature/lid', ...R(), '--json']);
    expectExit(r, 0);
    expect(json<{ name: string }>(r).name).toBe('feature/lid');
    const missing = await s.kettle(['branch', 'view', 'nope', ...R()]);
    expectExit(missing, 1);
    expect(missing.stderr).toBe(`kettle: branch "nope" in alice/${repo.name} not found\n`);
  });
});

describe('branch create', () => {
  it('from the default branch; --from sends old_ref_name', async () => {
    const a = await s.kettle(['branch', 'create', 'one', ...R()]);
    expectExit(a, 0);
    expect(sent(s, 'POST', `/repos/alice/${repo.name}/branches`)[0]?.body).toEqual({ new_branch_name: 'one' });
    const b = await s.kettle(['branch', 'create', 'two', '--from', 'feature/lid', ...R()]);
    expectExit(b, 0);
    expect(sent(s, 'POST', `/repos/alice/${repo.name}/branches`)[1]?.body).toEqual({ new_branch_name: 'two', old_ref_name: 'feature/lid' });
    expect(repo.branches).toContain('two');
  });

  it('a branch that exists, or a --from that is no branch, tag or SHA: one line before sending', async () => {
    const taken = await s.kettle(['branch', 'create', 'fix/spout', ...R()]);
    expectExit(taken, 1);
    expect(taken.stderr).toMatch(/^kettle: alice\/boughs-\d+ already has a branch "fix\/spout" \(at [0-9a-f]{10}\); nothing was created\n$/);
    const bad = await s.kettle(['branch', 'create', 'x', '--from', 'nowhere', ...R()]);
    expectExit(bad, 1);
    expect(bad.stderr).toMatch(/--from nowhere: no branch or tag/);
    expect(sent(s, 'POST')).toEqual([]);
  });
});

describe('branch rename', () => {
  it('renames (PATCH with name); the default branch and a rule named for it follow', async () => {
    addRule(s.server.state, repo, { rule_name: 'main' });
    const r = await s.kettle(['branch', 'rename', 'main', 'trunk', ...R()]);
    expectExit(r, 0);
    expect(sent(s, 'PATCH', `/repos/alice/${repo.name}/branches/main`)[0]?.body).toEqual({ name: 'trunk' });
    expect(extraOf(s.server.state, repo).default_branch).toBe('trunk');
    expect(ciData(s.server.state).rules.find((x) => x.repoId === repo.id)?.rule_name).toBe('trunk');
    expect(r.stderr).toContain('Renamed branch "main" to "trunk"');
  });

  it('a name that is taken: one line before sending; an unknown branch: not found', async () => {
    const taken = await s.kettle(['branch', 'rename', 'feature/lid', 'fix/spout', ...R()]);
    expectExit(taken, 1);
    expect(taken.stderr).toBe(`kettle: alice/${repo.name} already has a branch "fix/spout"; nothing was renamed\n`);
    expect(sent(s, 'PATCH')).toEqual([]);
    const missing = await s.kettle(['branch', 'rename', 'nope', 'other', ...R()]);
    expectExit(missing, 1);
    expect(missing.stderr).toBe(`kettle: branch "nope" in alice/${repo.name} not found\n`);
    s.server.resetRequests();
    expectUsage(s, await s.kettle(['branch', 'rename', 'a', 'a', ...R()]), /already named "a"/);
  });

  it.each([
    ['Gitea 1.23.8', {}, 0],
    ['Forgejo 11.0.1', { forgejo: true }, 0],
    ['Gitea 1.27.0', { version: '1.27.0' }, 1],
  ])('%s: a writer who is no admin renames the default branch (refused from Gitea 1.24)', async (_name, flavor, code) => {
    s.server.set({ flavor });
    settingsData(s.server.state).collaborators.set(repo.id, new Map([['bob', 'write']]));
    const r = await s.kettle(['branch', 'rename', 'main', 'trunk', ...R()], { env: { KETTLE_TOKEN: s.server.addToken('bob') } });
    expectExit(r, code);
    if (code === 1) {
      expect(r.stderr).toBe(`kettle: cannot rename branch "main" in alice/${repo.name}: permission denied (User must be a repo or site admin to rename default or protected branches.)\n`);
      expect(repo.branches).toContain('main');
    } else expect(repo.branches).toContain('trunk');
  });
});

describe('branch delete', () => {
  it('without --yes and no terminal: exit 2, nothing sent', async () => {
    expectUsage(s, await s.kettle(['branch', 'delete', 'fix/spout', ...R()]), /pass --yes/);
  });

  it('deletes several; the default and a protected one are refused before sending, exit 1 naming them', async () => {
    addRule(s.server.state, repo, { rule_name: 'release/*' });
    const r = await s.kettle(['branch', 'delete', 'fix/spout', 'main', 'release/1.x', 'feature/lid', ...R(), '--yes']);
    expectExit(r, 1);
    const where = `alice/${repo.name}`;
    expect(r.stderr).toContain(`✓ Deleted branch "fix/spout" in ${where}`);
    expect(r.stderr).toContain(`kettle: cannot delete branch "main" in ${where}: it is the default branch`);
    expect(r.stderr).toContain(`kettle: cannot delete branch "release/1.x" in ${where}: it is protected by the rule "release/*"`);
    expect(r.stderr).toContain(`✓ Deleted branch "feature/lid" in ${where}`);
    expect(r.stderr).toContain('2 of 4 failed: main, release/1.x');
    expect(sent(s, 'DELETE').map((q) => q.path)).toEqual([`/repos/alice/${repo.name}/branches/fix%2Fspout`, `/repos/alice/${repo.name}/branches/feature%2Flid`]);
    expect(repo.branches.sort()).toEqual(['main', 'release/1.x']);
  });

  it('the server refuses the default branch and a protected one itself too (403)', async () => {
    addRule(s.server.state, repo, { rule_name: 'fix/*' });
    const main = await s.kettle(['api', '-X', 'DELETE', `/repos/alice/${repo.name}/branches/main`]);
    expect(main.code).toBe(1);
    const prot = await s.kettle(['api', '-X', 'DELETE', `/repos/alice/${repo.name}/branches/fix%2Fspout`]);
    expect(prot.code).toBe(1);
    expect(repo.branches).toContain('fix/spout');
  });
});

describe('tag', () => {
  it('create, list, view, delete', async () => {
    const made = await s.kettle(['tag', 'create', 'v2.0', '--target', 'feature/lid', '--message', 'Two', ...R(), '--json']);
    expectExit(made, 0);
    expect(sent(s, 'POST', `/repos/alice/${repo.name}/tags`)[0]?.body).toEqual({ tag_name: 'v2.0', target: 'feature/lid', message: 'Two' });
    expect(json<{ name: string; message: string }>(made)).toMatchObject({ name: 'v2.0', message: 'Two' });
    await s.kettle(['tag', 'create', 'v2.1', ...R()]);
    const list = await s.kettle(['tag', 'list', ...R()]);
    expectExit(list, 0);
    expect(rows(list.stdout).map((r) => r[0])).toEqual(['v2.1', 'v2.0']);
    const view = await s.kettle(['tag', 'view', 'v2.0', ...R(), '--json']);
    expect(json<{ message: string }>(view).message).toBe('Two');
    const del = await s.kettle(['tag', 'delete', 'v2.0', 'v2.1', ...R(), '--yes']);
    expectExit(del, 0);
    expect(tagsOf()).toEqual([]);
  });

  it('a tag that exists: one line before sending; an unknown target: one line', async () => {
    await s.kettle(['tag', 'create', 'v1', ...R()]);
    s.server.resetRequests();
    const again = await s.kettle(['tag', 'create', 'v1', ...R()]);
    expectExit(again, 1);
    expect(again.stderr).toMatch(new RegExp(`^kettle: alice/${repo.name} already has a tag "v1" \\(at [0-9a-f]{10}\\); nothing was created\\n$`));
    expect(sent(s, 'POST')).toEqual([]);
    const bad = await s.kettle(['tag', 'create', 'v9', '--target', 'nowhere', ...R()]);
    expectExit(bad, 1);
    expect(bad.stderr).toBe(`kettle: cannot create tag "v9" in alice/${repo.name}: no branch, tag or commit "nowhere"\n`);
  });

  it("delete: a release's tag is refused by the server (409), the others go; exit 1 naming it", async () => {
    addRelease(s.server.state, repo, 'alice', { tag: 'v1.0' });
    await s.kettle(['tag', 'create', 'v0.1', ...R()]);
    const r = await s.kettle(['tag', 'delete', 'v1.0', 'v0.1', 'nope', ...R(), '--yes']);
    expectExit(r, 1);
    expect(r.stderr).toContain(`kettle: cannot delete tag "v1.0" in alice/${repo.name}: a tag attached to a release cannot be deleted directly`);
    expect(r.stderr).toContain(`kettle: tag "nope" in alice/${repo.name} not found`);
    expect(r.stderr).toContain('2 of 3 failed: v1.0, nope');
    expect(tagsOf().map((t) => t.name)).toEqual(['v1.0']);
    s.server.resetRequests();
    expectUsage(s, await s.kettle(['tag', 'delete', 'v1.0', ...R()]), /pass --yes/);
  });
});
