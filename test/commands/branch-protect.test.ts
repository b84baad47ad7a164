// kettle branch protection list|view, branch protect and branch unprotect, in-process against the in-memory server.
import { beforeEach, describe, expect, it } from 'vitest';
import { json } from '../support/harness.js';
import { expectExit, expectUsage, rows, sent, useServer } from '../support/suite.js';
import { addRule, ciData } from '../server/routes-ci.js';
import { settingsData } from '../server/routes-settings.js';
import type { Repo } from '../server/state.js';
import { notTaken } from '../../src/commands/branch/protect.js';

const s = useServer({ runner: 'in-process' });
let repo: Repo;
let party: Repo;
let n = 0;

beforeEach(() => {
  s.server.set({ flavor: { forgejo: false, version: undefined } });
  n++;
  repo = s.server.state.addRepo('alice', `guards-${n}`, { init: true });
  repo.branches.push('release/1.x', 'release/2.x', 'feature/lid');
  party = s.server.state.addRepo('wonderland', `guarded-party-${n}`, { init: true });
  ciData(s.server.state).rules = ciData(s.server.state).rules.filter((r) => r.repoId !== repo.id && r.repoId !== party.id);
});
const R = () => ['-R', `alice/${repo.name}`];
const rulesOf = (r: Repo) => ciData(s.server.state).rules.filter((x) => x.repoId === r.id);
const writes = () => s.server.requests.filter((q) => q.method !== 'GET');

describe('branch protection list / view', () => {
  it('lists the rules in the order they apply; view shows one; a missing one is one line, exit 1', async () => {
    addRule(s.server.state, repo, { rule_name: 'release/*', priority: 2, required_approvals: 2 });
    addRule(s.server.state, repo, { rule_name: 'main', priority: 1, enable_status_check: true, status_check_contexts: ['ci'] });
    const list = await s.kettle(['branch', 'protection', 'list', ...R()]);
    expectExit(list, 0);
    expect(rows(list.stdout).map((r) => r[0])).toEqual(['main', 'release/*']);
    const view = await s.kettle(['branch', 'protection', 'view', 'release/*', ...R(), '--json']);
    expectExit(view, 0);
    expect(json<{ rule_name: string; required_approvals: number; branch_name: string }>(view)).toMatchObject({ rule_name: 'release/*', required_approvals: 2, branch_name: '' });
    // One path segment, encoded: Gitea 1.23 and Forgejo route no slash there.
    expect(s.server.requests.at(-1)?.path).toBe(`/repos/alice/${repo.name}/branch_protections/release%2F%2A`);
    const missing = await s.kettle(['branch', 'protection', 'view', 'nope', ...R()]);
    expectExit(missing, 1);
    expect(missing.stderr).toBe(`kettle: branch protection rule "nope" in alice/${repo.name} not found\n`);
  });

  it('none: says so, exit 0; Forgejo has no priority', async () => {
    const none = await s.kettle(['branch', 'protection', 'list', ...R()], { tty: { stdout: true }, env: { KETTLE_PAGER: '' } });
    expectExit(none, 0);
    expect(none.stderr).toMatch(/No branch protection rules in alice\/guards-\d+/);
    s.server.set({ flavor: { forgejo: true } });
    addRule(s.server.state, repo, { rule_name: 'main' });
    const r = await s.kettle(['branch', 'protection', 'list', ...R(), '--json']);
    expectExit(r, 0);
    const [rule] = json<Array<Record<string, unknown>>>(r);
    expect(rule?.priority).toBeUndefined();
    expect(rule?.apply_to_admins).toBe(false);
  });

  it('an empty rule name: usage, nothing sent', async () => {
    expectUsage(s, await s.kettle(['branch', 'protection', 'view', ' ', ...R()]), /a rule needs a name/);
  });
});

describe('branch protect: a new rule', () => {
  it('is created (POST) with what was asked; the rest is left to the server', async () => {
    const r = await s.kettle([
      'branch',
      'protect',
      'main',
      ...R(),
      '--required-approvals',
      '2',
      '--status-check',
      'ci/build',
      '--status-check',
      'lint/*',
      '--push',
      'alice',
      '--merge',
      'all',
      '--dismiss-stale-approvals',
      '--block-on-rejected-reviews',
      '--protected-files',
      '*.lock',
      '--protected-files',
      'docs/**',
      '--json',
    ]);
    expectExit(r, 0);
    expect(r.stderr).toMatch(/✓ Created the protection rule "main" of alice\/guards-\d+/);
    expect(sent(s, 'POST', `/repos/alice/${repo.name}/branch_protections`)[0]?.body).toEqual({
      rule_name: 'main',
      required_approvals: 2,
      enable_status_check: true,
      status_check_contexts: ['ci/build', 'lint/*'],
      enable_push: true,
      enable_push_whitelist: true,
      push_whitelist_usernames: ['alice'],
      push_whitelist_teams: [],
      enable_merge_whitelist: false,
      dismiss_stale_approvals: true,
      block_on_rejected_reviews: true,
      protected_file_patterns: '*.lock;docs/**',
    });
    expect(json<Record<string, unknown>>(r)).toMatchObject({ rule_name: 'main', priority: 1, push_whitelist_usernames: ['alice'], block_on_outdated_branch: false });
  });

  it('a glob that matches no branch: a note, still created; one that matches: no note', async () => {
    const none = await s.kettle(['branch', 'protect', 'hotfix/*', ...R()]);
    expectExit(none, 0);
    expect(none.stderr).toMatch(/no branch of alice\/guards-\d+ matches "hotfix\/\*" yet; the rule will apply to those when made/);
    expect(rulesOf(repo).map((x) => x.rule_name)).toEqual(['hotfix/*']);
    const some = await s.kettle(['branch', 'protect', 'release/*', ...R()]);
    expectExit(some, 0);
    expect(some.stderr).not.toMatch(/no branch/);
    const plain = await s.kettle(['branch', 'protect', 'trunk', ...R()]);
    expect(plain.stderr).toMatch(/no branch of alice\/guards-\d+ is called "trunk" yet/);
  });
});

describe('branch protect: an existing rule', () => {
  it('sends the rule back whole with only what was named changed (PATCH); the rest stays', async () => {
    addRule(s.server.state, repo, {
      rule_name: 'main',
      required_approvals: 2,
      enable_status_check: true,
      status_check_contexts: ['ci'],
      enable_push: true,
      enable_push_whitelist: true,
      push_whitelist_usernames: ['alice'],
    });
    const r = await s.kettle(['branch', 'protect', 'main', ...R(), '--require-signed-commits', '--json']);
    expectExit(r, 0);
    expect(r.stderr).toMatch(/✓ Changed the protection rule "main"/);
    const body = sent(s, 'PATCH', `/repos/alice/${repo.name}/branch_protections/main`)[0]?.body as Record<string, unknown>;
    expect(body).toMatchObject({ require_signed_commits: true, required_approvals: 2, status_check_contexts: ['ci'], push_whitelist_usernames: ['alice'], enable_push: true });
    expect(body).not.toHaveProperty('priority');
    expect(json<Record<string, unknown>>(r)).toMatchObject({ require_signed_commits: true, required_approvals: 2, status_check_contexts: ['ci'], push_whitelist_usernames: ['alice'] });
  });

  it('the --no- forms turn a setting off; a list flag replaces that list; "" empties it', async () => {
    addRule(s.server.state, repo, { rule_name: 'main', dismiss_stale_approvals: true, enable_status_check: true, status_check_contexts: ['a', 'b'], protected_file_patterns: '*.md' });
    const r = await s.kettle(['branch', 'protect', 'main', ...R(), '--no-dismiss-stale-approvals', '--status-check', '', '--protected-files', '', '--json']);
    expectExit(r, 0);
    expect(json<Record<string, unknown>>(r)).toMatchObject({ dismiss_stale_approvals: false, enable_status_check: false, status_check_contexts: [], protected_file_patterns: '' });
  });

  it('--push none disables pushing, --push all lets every writer push; the whitelist is kept for later', async () => {
    addRule(s.server.state, repo, { rule_name: 'main', enable_push: true, enable_push_whitelist: true, push_whitelist_usernames: ['alice'] });
    const none = await s.kettle(['branch', 'protect', 'main', ...R(), '--push', 'none', '--json']);
    expectExit(none, 0);
    expect(json<Record<string, unknown>>(none)).toMatchObject({ enable_push: false, enable_push_whitelist: false, push_whitelist_usernames: ['alice'] });
    const all = await s.kettle(['branch', 'protect', 'main', ...R(), '--push', 'all', '--json']);
    expectExit(all, 0);
    expect(json<Record<string, unknown>>(all)).toMatchObject({ enable_push: true, enable_push_whitelist: false });
  });

  it('what the rule already has: a note, the rule shown, nothing sent, exit 0', async () => {
    addRule(s.server.state, repo, { rule_name: 'main', required_approvals: 1, require_signed_commits: true });
    const r = await s.kettle(['branch', 'protect', 'main', ...R(), '--required-approvals', '1', '--require-signed-commits', '--json']);
    expectExit(r, 0);
    expect(r.stderr).toMatch(/already has those settings; nothing was changed/);
    expect(writes()).toEqual([]);
  });

  it('no option for a rule that exists: usage naming the options, nothing sent', async () => {
    addRule(s.server.state, repo, { rule_name: 'main' });
    const r = await s.kettle(['branch', 'protect', 'main', ...R()]);
    expectExit(r, 2);
    expect(r.stderr).toMatch(/nothing to change: pass --required-approvals/);
    expect(writes()).toEqual([]);
  });

  it('on Forgejo, which has no priority and other fields: the body carries only what the rule has', async () => {
    s.server.set({ flavor: { forgejo: true } });
    addRule(s.server.state, repo, { rule_name: 'main' });
    const r = await s.kettle(['branch', 'protect', 'main', ...R(), '--block-on-outdated-branch']);
    expectExit(r, 0);
    const body = sent(s, 'PATCH')[0]?.body as Record<string, unknown>;
    expect(body).toHaveProperty('apply_to_admins', false);
    expect(body).not.toHaveProperty('enable_force_push');
    expect(body).not.toHaveProperty('block_admin_merge_override');
    expect(rulesOf(repo)[0]?.block_on_outdated_branch).toBe(true);
  });
});

describe('branch protect: users and teams', () => {
  it('a user who does not exist: one line before sending, exit 1, nothing changed', async () => {
    addRule(s.server.state, repo, { rule_name: 'main' });
    const r = await s.kettle(['branch', 'protect', 'main', ...R(), '--push', 'nobody-here']);
    expectExit(r, 1);
    expect(r.stderr).toBe('kettle: no user is called "nobody-here"; nothing was changed\n');
    expect(writes()).toEqual([]);
  });

  it('a user without write access, whom the server would leave out in silence: one line before sending, exit 1', async () => {
    addRule(s.server.state, repo, { rule_name: 'main' });
    const r = await s.kettle(['branch', 'protect', 'main', ...R(), '--push', 'alice', '--merge', 'carol']);
    expectExit(r, 1);
    expect(r.stderr).toBe(
      `kettle: carol has read access to alice/${repo.name}, and the server keeps only users with write access among those who may merge; ` +
        `nothing was changed (kettle repo collaborator add carol --permission write -R alice/${repo.name} gives it)\n`,
    );
    expect(writes()).toEqual([]);
    settingsData(s.server.state).collaborators.set(repo.id, new Map([['carol', 'write']]));
    const ok = await s.kettle(['branch', 'protect', 'main', ...R(), '--push', 'alice', '--merge', 'carol', '--json']);
    expectExit(ok, 0);
    expect(json<Record<string, unknown>>(ok)).toMatchObject({ push_whitelist_usernames: ['alice'], merge_whitelist_usernames: ['carol'], enable_merge_whitelist: true });
  });

  it('one the server left out all the same (a team without access, a site administrator on Gitea 1.27): said from the answer', () => {
    const lost = notTaken(
      { push_whitelist_usernames: ['alice'], push_whitelist_teams: ['readers'], status_check_contexts: ['ci'], require_signed_commits: true },
      { push_whitelist_usernames: ['Alice'], push_whitelist_teams: [], status_check_contexts: ['ci'], require_signed_commits: false },
      'wonderland/party',
    );
    expect(lost).toEqual(['the server left readers out of those who may push (it keeps only teams with write access to wonderland/party)', 'require_signed_commits is false, not true']);
  });

  it('a team: ORG/TEAM, or a bare name that is no user; teams only on an organization’s repository', async () => {
    const P = ['-R', `wonderland/${party.name}`];
    const r = await s.kettle(['branch', 'protect', 'main', ...P, '--push', 'wonderland/Owners', '--merge', 'owners', '--json']);
    expectExit(r, 0);
    expect(json<Record<string, unknown>>(r)).toMatchObject({ push_whitelist_teams: ['Owners'], merge_whitelist_teams: ['Owners'], push_whitelist_usernames: [] });
    const unknown = await s.kettle(['branch', 'protect', 'main', ...P, '--merge', 'wonderland/brewers']);
    expectExit(unknown, 1);
    expect(unknown.stderr).toBe('kettle: wonderland has no team "brewers"; nothing was changed\n');
    const neither = await s.kettle(['branch', 'protect', 'main', ...P, '--merge', 'brewers']);
    expect(neither.stderr).toBe('kettle: no user or team of wonderland is called "brewers"; nothing was changed\n');
    s.server.requests.length = 0;
    const mine = await s.kettle(['branch', 'protect', 'main', ...R(), '--push', 'wonderland/Owners']);
    expectExit(mine, 2);
    expect(mine.stderr).toMatch(/wonderland\/Owners: teams are for an organization's repositories, and alice\/guards-\d+ belongs to the user alice/);
    expect(writes()).toEqual([]);
  });

  it('a repository that does not exist: said as such, not as a missing user', async () => {
    const r = await s.kettle(['branch', 'protect', 'main', '-R', 'alice/no-such-repo', '--push', 'alice']);
    expectExit(r, 1);
    expect(r.stderr).toBe('kettle: repository alice/no-such-repo not found\n');
    expect(writes()).toEqual([]);
  });

  it('bad combinations: usage, nothing sent', async () => {
    expectUsage(s, await s.kettle(['branch', 'protect', 'main', ...R(), '--push', 'none', '--push', 'alice']), /--push none cannot be combined/);
    expectUsage(s, await s.kettle(['branch', 'protect', 'main', ...R(), '--merge', 'none']), /--merge takes users or teams/);
    expectUsage(s, await s.kettle(['branch', 'protect', 'main', ...R(), '--required-approvals', '-1']), /--required-approvals takes a whole number of 0 or more/);
    expectUsage(s, await s.kettle(['branch', 'protect', '', ...R()]), /a rule needs a name/);
  });
});

describe('branch unprotect', () => {
  it('deletes with --yes; refuses without it off a terminal; a missing rule is one line, exit 1', async () => {
    addRule(s.server.state, repo, { rule_name: 'release/*' });
    expectUsage(s, await s.kettle(['branch', 'unprotect', 'release/*', ...R()]), /refusing to delete the protection rule "release\/\*" .* pass --yes/);
    const r = await s.kettle(['branch', 'unprotect', 'release/*', '--yes', ...R()]);
    expectExit(r, 0);
    expect(r.stderr).toMatch(/✓ Deleted the protection rule "release\/\*" of alice\/guards-\d+/);
    expect(rulesOf(repo)).toEqual([]);
    const again = await s.kettle(['branch', 'unprotect', 'release/*', '--yes', ...R()]);
    expectExit(again, 1);
    expect(again.stderr).toBe(`kettle: branch protection rule "release/*" in alice/${repo.name} not found\n`);
  });

  it('the repository administrators only: a writer who is not one is refused (403), nothing changed', async () => {
    addRule(s.server.state, repo, { rule_name: 'main' });
    settingsData(s.server.state).collaborators.set(repo.id, new Map([['bob', 'write']]));
    const r = await s.kettle(['branch', 'unprotect', 'main', '--yes', ...R()], { env: { KETTLE_TOKEN: s.server.addToken('bob') } });
    expectExit(r, 1);
    expect(r.stderr).toMatch(/cannot delete the protection rule "main" of alice\/guards-\d+: permission denied/);
    expect(rulesOf(repo)).toHaveLength(1);
  });
});
