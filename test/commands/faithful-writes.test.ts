// Writes checked against what real servers do with them (the in-memory
// server follows the handlers named in test/server/), on each flavour where
// Gitea and Forgejo differ: what the server ignores, resets or skips is never
// reported as done, and what a re-run would change again is not sent again.
import { describe, expect, it } from 'vitest';
import { json } from '../support/harness.js';
import { expectExit, expectFailure, expectUsage, record, sent, useServer } from '../support/suite.js';
import { addMilestone, protectedBranches, extraOf, addStatus, headSha, pullsData } from '../server/routes-pulls.js';
import { triage } from '../server/routes-triage.js';
import type { Issue } from '../server/state.js';
import { RELEASES } from '../support/releases.js';

const s = useServer({ runner: 'in-process' });

const FLAVOURS = [
  ['Gitea', { forgejo: false }],
  ['Forgejo', { forgejo: true }],
] as const;

let count = 0;
/** A repository of alice's with branches to propose, new for each test. */
function freshRepo(branches: string[] = ['topic']) {
  const name = `faithful-${++count}`;
  const r = s.server.state.addRepo('alice', name, { init: true });
  r.branches.push(...branches);
  return { repo: r, full: `alice/${name}` };
}

function pull(repo: ReturnType<typeof freshRepo>['repo'], author: string, title: string, head = 'topic'): Issue {
  return s.server.state.addIssue(repo, author, { title, pull: { head, base: 'main' } });
}

const asBob = () => ({ env: { KETTLE_TOKEN: s.server.addToken('bob') } });

describe('pr edit --remove-milestone', () => {
  it('goes through the issue edit, since the pull-request edit ignores milestone 0', async () => {
    const { repo, full } = freshRepo();
    const pr = pull(repo, 'alice', 'Lid');
    const m = addMilestone(s.server.state, repo, 'v1');
    triage(s.server.state).milestoneOf.set(pr.id, m.id);
    const r = await s.kettle(['pr', 'edit', String(pr.number), '-R', full, '--remove-milestone', '--json', '--fields', 'milestone']);
    expectExit(r, 0);
    expect(json(r)).toEqual({ milestone: null });
    expect(triage(s.server.state).milestoneOf.has(pr.id)).toBe(false);
    expect(sent(s, 'PATCH', `/repos/${full}/issues/${pr.number}`)[0]?.body).toEqual({ milestone: 0 });
    expect(sent(s, 'PATCH', `/repos/${full}/pulls/${pr.number}`)).toEqual([]);
  });
});

describe('milestone close, reopen and edit keep the due date', () => {
  it.each(RELEASES)('on %s', async (_name, flavor) => {
    s.server.set({ flavor });
    const { repo, full } = freshRepo();
    const due = '2026-06-30T18:00:00Z';
    const m = addMilestone(s.server.state, repo, 'v2');
    m.due_on = due;
    expectExit(await s.kettle(['milestone', 'close', 'v2', '-R', full]), 0);
    expect(m).toMatchObject({ state: 'closed' });
    expectExit(await s.kettle(['milestone', 'reopen', 'v2', '-R', full]), 0);
    expectExit(await s.kettle(['milestone', 'edit', 'v2', '-R', full, '--title', 'v2.0']), 0);
    expect(m).toMatchObject({ state: 'open', title: 'v2.0' });
    // Gitea's edit stores the end of the day it is sent (in the server's time zone, UTC here).
    expect(Date.parse(m.due_on ?? '')).toBe(Date.parse(flavor.forgejo ? due : '2026-06-30T23:59:59Z'));
    for (const q of sent(s, 'PATCH')) expect(q.body).toHaveProperty('due_on');
  });
});

describe('issue due dates as the server stores them', () => {
  it('issue edit sends the end of the day named, and a re-run sends nothing', async () => {
    const { repo, full } = freshRepo();
    const issue = s.server.state.addIssue(repo, 'alice', { title: 'Descale' });
    const args = ['issue', 'edit', String(issue.number), '-R', full, '--due', '2026-03-01T10:00:00+01:00'];
    expectExit(await s.kettle(args), 0);
    expect(sent(s, 'PATCH')[0]?.body).toEqual({ due_date: '2026-03-01T23:59:59+01:00' });
    expect(Date.parse(triage(s.server.state).dueOf.get(issue.id) ?? '')).toBe(Date.parse('2026-03-01T23:59:59+01:00'));
    s.server.resetRequests();
    const again = await s.kettle(args);
    expectExit(again, 0);
    expect(again.stderr).toMatch(/already is as asked; nothing was sent/);
    expect(sent(s, 'PATCH')).toEqual([]);
  });

  it('issue create keeps the time given', async () => {
    const { full } = freshRepo();
    const r = await s.kettle(['issue', 'create', '-R', full, '--title', 'Kettle', '--due', '2026-03-01T10:00:00+01:00', '--json', '--fields', 'due_date']);
    expectExit(r, 0);
    expect(Date.parse(json<{ due_date: string }>(r).due_date)).toBe(Date.parse('2026-03-01T10:00:00+01:00'));
  });
});

describe('what a user without write access asks is not reported as done', () => {
  it('issue create: labels, assignees, milestone and due date are named; the issue is made', async () => {
    const { repo, full } = freshRepo();
    s.server.state.addLabel(repo, 'bug', 'ee0701');
    addMilestone(s.server.state, repo, 'v1');
    const r = await s.kettle(['issue', 'create', '-R', full, '--title', 'Drips', '--label', 'bug', '--assignee', 'bob', '--milestone', 'v1', '--due', '2026-04-01'], asBob());
    expectExit(r, 1);
    const made = s.server.state.issuesOf(repo).find((i) => i.title === 'Drips');
    expect(made).toMatchObject({ author: 'bob', labels: [], assignees: [] });
    expect(r.stderr).toContain(`✓ Created issue #${made?.number} in ${full}`);
    expect(r.stderr).toContain(`kettle: the server answered success but left out the labels, assignees, milestone and due date of issue #${made?.number} in ${full}`);
    expect(record(r.stdout)).toMatchObject({ number: String(made?.number) });
  });

  it('issue edit of his own issue: the title takes, the milestone does not', async () => {
    const { repo, full } = freshRepo();
    addMilestone(s.server.state, repo, 'v1');
    const issue = s.server.state.addIssue(repo, 'bob', { title: 'Mine' });
    const r = await s.kettle(['issue', 'edit', String(issue.number), '-R', full, '--title', 'Still mine', '--milestone', 'v1'], asBob());
    expectFailure(r, `the server answered success but changed the title but left out the milestone of issue #${issue.number} in ${full}`);
    expect(issue.title).toBe('Still mine');
    expect(triage(s.server.state).milestoneOf.has(issue.id)).toBe(false);
  });

  it('pr edit of his own pull request: labels and assignees are named, the title reported as done', async () => {
    const { repo, full } = freshRepo();
    s.server.state.addLabel(repo, 'bug', 'ee0701');
    const pr = pull(repo, 'bob', 'Spout');
    const r = await s.kettle(['pr', 'edit', String(pr.number), '-R', full, '--title', 'Spout fix', '--add-label', 'bug', '--add-assignee', 'bob'], asBob());
    expectExit(r, 1);
    expect(pr).toMatchObject({ title: 'Spout fix', labels: [], assignees: [] });
    expect(r.stderr).toContain(`✓ Edited pull request #${pr.number} in ${full}: title`);
    expect(r.stderr).toContain(`kettle: the server answered success but left out the labels and assignees of pull request #${pr.number} in ${full}`);
  });
});

describe('pr edit: the review request is checked before anything is written', () => {
  it('refuses the author as reviewer before changing the title or labels', async () => {
    const { repo, full } = freshRepo();
    s.server.state.addLabel(repo, 'bug', 'ee0701');
    const pr = pull(repo, 'bob', 'Felt');
    const r = await s.kettle(['pr', 'edit', String(pr.number), '-R', full, '--title', 'Felt lid', '--add-label', 'bug', '--add-reviewer', 'bob']);
    expectFailure(r, `cannot request a review of pull request #${pr.number} in ${full} from bob: bob opened it; nothing was changed`);
    expect(pr).toMatchObject({ title: 'Felt', labels: [] });
    expect(sent(s, 'PATCH')).toEqual([]);
  });

  it('says what was already changed when a later step fails', async () => {
    const { repo, full } = freshRepo();
    const pr = pull(repo, 'bob', 'Felt');
    const r = await s.kettle(['pr', 'edit', String(pr.number), '-R', full, '--title', 'Felt lid', '--add-reviewer', 'nobody-here']);
    expectFailure(r, /^kettle: cannot request reviews on pull request #\d+ in alice\/faithful-\d+: .*; already changed before that: the title$/);
    expect(pr.title).toBe('Felt lid');
  });
});

describe('draft titles: WIP: and [WIP], in any case', () => {
  it.each([
    ['Wipe the spout dry', 'open'],
    ['WIP foo', 'open'],
    ['wip: foo', 'draft'],
    ['[Wip] foo', 'draft'],
  ])('%j is %s', async (title, state) => {
    const { repo, full } = freshRepo();
    const pr = pull(repo, 'alice', title);
    const r = await s.kettle(['pr', 'view', String(pr.number), '-R', full]);
    expectExit(r, 0);
    expect(record(r.stdout).state).toBe(state);
  });

  it('pr ready leaves "Wipe the spout dry" as it is, and takes [WIP] off', async () => {
    const { repo, full } = freshRepo(['topic', 'other']);
    const plain = pull(repo, 'alice', 'Wipe the spout dry');
    const r = await s.kettle(['pr', 'ready', String(plain.number), '-R', full]);
    expectExit(r, 0);
    expect(plain.title).toBe('Wipe the spout dry');
    expect(sent(s, 'PATCH')).toEqual([]);
    const draft = pull(repo, 'alice', '[wip] WIP: Felt', 'other');
    expectExit(await s.kettle(['pr', 'ready', String(draft.number), '-R', full]), 0);
    expect(draft.title).toBe('Felt');
  });
});

describe('pr view --jq', () => {
  it('filters the record', async () => {
    const { repo, full } = freshRepo();
    const pr = pull(repo, 'alice', 'Lid');
    const r = await s.kettle(['pr', 'view', String(pr.number), '-R', full, '--jq', '.head.ref']);
    expectExit(r, 0);
    expect(r.stdout).toBe('topic\n');
  });
});

describe('pr merge --subject and --message', () => {
  it('sends both spellings; the subject is the first line and the message its body', async () => {
    const { repo, full } = freshRepo();
    const pr = pull(repo, 'bob', 'Lid');
    const r = await s.kettle(['pr', 'merge', String(pr.number), '-R', full, '--squash', '-t', 'Quieter lid (#1)', '-m', 'Felt under the lid.']);
    expectExit(r, 0);
    expect(sent(s, 'POST', `/repos/${full}/pulls/${pr.number}/merge`)[0]?.body).toEqual({
      Do: 'squash',
      do: 'squash',
      MergeTitleField: 'Quieter lid (#1)',
      merge_title_field: 'Quieter lid (#1)',
      MergeMessageField: 'Felt under the lid.',
      merge_message_field: 'Felt under the lid.',
      delete_branch_after_merge: false,
    });
    expect(pr.pull?.merge_message).toBe('Quieter lid (#1)\n\nFelt under the lid.');
  });

  it.each([
    [['--rebase', '--message', 'm'], /--message cannot be used with --style rebase/],
    [['--style', 'fast-forward-only', '-t', 's'], /--subject cannot be used with --style fast-forward-only/],
    [['--subject', ' '], /--subject must not be empty/],
  ])('refuses %j before any request', async (flags, mention) => {
    expectUsage(s, await s.kettle(['pr', 'merge', '1', '-R', 'alice/teapot', ...flags]), mention);
  });

  it('of a merged pull request is a note and sends no merge', async () => {
    const { repo, full } = freshRepo();
    const pr = pull(repo, 'bob', 'Once');
    expectExit(await s.kettle(['pr', 'merge', String(pr.number), '-R', full]), 0);
    s.server.resetRequests();
    const r = await s.kettle(['pr', 'merge', String(pr.number), '-R', full]);
    expectExit(r, 0);
    expect(r.stderr).toBe(`Pull request #${pr.number} in ${full} is already merged; nothing was sent\n`);
    expect(sent(s, 'POST')).toEqual([]);
    expect(record(r.stdout).state).toBe('merged');
  });
});

describe('pr merge --delete-branch when the server keeps the branch', () => {
  it.each(FLAVOURS)('a protected head on %s: merged, and the branch named as kept', async (_name, flavor) => {
    s.server.set({ flavor });
    const { repo, full } = freshRepo();
    protectedBranches(s.server.state, repo).add('topic');
    const pr = pull(repo, 'bob', 'Guarded');
    const r = await s.kettle(['pr', 'merge', String(pr.number), '-R', full, '--delete-branch']);
    expectExit(r, 0);
    expect(pr.pull?.merged).toBe(true);
    expect(repo.branches).toContain('topic');
    expect(r.stderr).toContain(`✓ Merged pull request #${pr.number} in ${full} (merge)`);
    expect(r.stderr).toContain(`kettle: warning: the server kept branch topic in ${full}: ${flavor.forgejo ? 'the head branch is protected (HTTP 403 after the merge)' : 'it may be protected'}`);
    expect(sent(s, 'DELETE')).toEqual([]);
    expect(record(r.stdout).state).toBe('merged');
  });

  it.each(FLAVOURS)('a head another open pull request uses, on %s: kept, and kettle does not delete it itself', async (_name, flavor) => {
    s.server.set({ flavor });
    const { repo, full } = freshRepo(['topic', 'other']);
    const pr = pull(repo, 'bob', 'First');
    const second = s.server.state.addIssue(repo, 'bob', { title: 'Second', pull: { head: 'topic', base: 'other' } });
    const r = await s.kettle(['pr', 'merge', String(pr.number), '-R', full, '--delete-branch']);
    expectExit(r, 0);
    expect(repo.branches).toContain('topic');
    expect(r.stderr).toContain(`kettle: warning: the server kept branch topic in ${full}: open pull request #${second.number} still uses it`);
    expect(sent(s, 'DELETE')).toEqual([]);
  });

  it.each(FLAVOURS)('an ordinary head on %s is deleted by the server', async (_name, flavor) => {
    s.server.set({ flavor });
    const { repo, full } = freshRepo();
    const pr = pull(repo, 'bob', 'Plain');
    const r = await s.kettle(['pr', 'merge', String(pr.number), '-R', full, '--delete-branch']);
    expectExit(r, 0);
    expect(repo.branches).not.toContain('topic');
    expect(r.stderr).toContain(`✓ Deleted branch topic in ${full}`);
    expect(sent(s, 'POST')[0]?.body).toMatchObject({ delete_branch_after_merge: true });
  });
});

describe('pr merge --auto --delete-branch', () => {
  it.each(RELEASES)('on %s', async (name, flavor) => {
    s.server.set({ flavor });
    const { repo, full } = freshRepo();
    const pr = pull(repo, 'bob', 'Later');
    addStatus(s.server.state, headSha(s.server.state, pr), 'ci', 'pending');
    const r = await s.kettle(['pr', 'merge', String(pr.number), '-R', full, '--auto', '--delete-branch']);
    if (name === 'Gitea 1.23.8') {
      // ScheduleAutoMerge has no delete-branch parameter there: nothing is promised, nothing sent.
      expectFailure(
        r,
        `pr merge --auto --delete-branch needs Gitea 1.24 or later, or Forgejo; 127.0.0.1:${new URL(s.server.url).port} runs Gitea 1.23.8, which would keep the branch: merge with --auto alone and delete the branch once merged`,
      );
      expect(sent(s, 'POST')).toEqual([]);
      return;
    }
    expectExit(r, 0);
    expect(extraOf(s.server.state, pr).autoMerge).toEqual({ style: 'merge', deleteBranch: true });
    expect(r.stderr).toContain('the server will delete its branch then');
  });
});

describe('pr merge --subject on each release', () => {
  it.each(RELEASES)('on %s the commit takes the subject and message', async (_name, flavor) => {
    s.server.set({ flavor });
    const { repo, full } = freshRepo();
    const pr = pull(repo, 'bob', 'Lid');
    expectExit(await s.kettle(['pr', 'merge', String(pr.number), '-R', full, '--subject', 'Lid (#1)', '--message', 'Felt.']), 0);
    expect(pr.pull?.merge_message).toBe('Lid (#1)\n\nFelt.');
  });
});

describe('milestone edit --due as each server stores it', () => {
  it.each(RELEASES)('on %s a re-run sends nothing', async (_name, flavor) => {
    s.server.set({ flavor });
    const { repo, full } = freshRepo();
    const m = addMilestone(s.server.state, repo, 'v3');
    const args = ['milestone', 'edit', 'v3', '-R', full, '--due', '2026-05-01T12:00:00+02:00'];
    expectExit(await s.kettle(args), 0);
    // Gitea: 23:59:59 of the day named, in the server's time zone; Forgejo: the moment sent.
    expect(Date.parse(m.due_on ?? '')).toBe(Date.parse(flavor.forgejo ? '2026-05-01T10:00:00Z' : '2026-05-01T23:59:59Z'));
    s.server.resetRequests();
    const again = await s.kettle(args);
    expectExit(again, 0);
    expect(again.stderr).toMatch(/already is as asked; nothing was sent/);
    expect(sent(s, 'PATCH')).toEqual([]);
  });
});

describe('pr close', () => {
  it.each(FLAVOURS)('--delete-branch on %s keeps a head another open pull request uses (deleting it would close that one)', async (_name, flavor) => {
    s.server.set({ flavor });
    const { repo, full } = freshRepo(['topic', 'other']);
    const pr = pull(repo, 'alice', 'First');
    const second = s.server.state.addIssue(repo, 'alice', { title: 'Second', pull: { head: 'topic', base: 'other' } });
    const r = await s.kettle(['pr', 'close', String(pr.number), '-R', full, '--delete-branch']);
    expectExit(r, 0);
    expect(pr.state).toBe('closed');
    expect(second.state).toBe('open');
    expect(repo.branches).toContain('topic');
    expect(r.stderr).toContain(`kettle: warning: not deleting branch topic in ${full}: open pull request #${second.number} still uses it, and deleting it would close it`);
    expect(sent(s, 'DELETE')).toEqual([]);
  });

  it('--delete-branch when the open pull requests cannot be read: the head is kept, not deleted on a guess', async () => {
    const { repo, full } = freshRepo(['topic', 'other']);
    const pr = pull(repo, 'alice', 'First');
    s.server.fault({ kind: 'cut', method: 'GET', path: `/repos/${full}/pulls`, times: 10 });
    const r = await s.kettle(['pr', 'close', String(pr.number), '-R', full, '--delete-branch']);
    // The close was made: exit 0, and the branch stays.
    expectExit(r, 0);
    expect(pr.state).toBe('closed');
    expect(repo.branches).toContain('topic');
    expect(r.stderr).toMatch(new RegExp(`^kettle: warning: not deleting branch topic in ${full}: cannot tell whether another open pull request uses it \\(.+\\)$`, 'm'));
    expect(sent(s, 'DELETE')).toEqual([]);
  });

  it('--comment, then a refused close: says the comment was posted', async () => {
    const { repo, full } = freshRepo();
    const pr = pull(repo, 'alice', 'Not yours');
    const r = await s.kettle(['pr', 'close', String(pr.number), '-R', full, '--comment', 'Closing.'], asBob());
    expectFailure(r, /^kettle: cannot close pull request #\d+ in alice\/faithful-\d+: permission denied .*; already posted before that: the comment$/);
    expect(pr.state).toBe('open');
  });
});

describe('a comment on a number that is no issue', () => {
  it.each(FLAVOURS)('on %s names the missing issue (Gitea answers 500, Forgejo 404)', async (_name, flavor) => {
    s.server.set({ flavor });
    const { full } = freshRepo();
    const issue = await s.kettle(['issue', 'comment', '42', '-R', full, '--body', 'Hello?']);
    expect(expectFailure(issue, `issue #42 in ${full} not found`)).toHaveLength(1);
    const pr = await s.kettle(['pr', 'comment', '42', '-R', full, '--body', 'Hello?']);
    expect(expectFailure(pr, `pull request #42 in ${full} not found`)).toHaveLength(1);
  });
});

describe('pr create --reviewer', () => {
  it('refuses the author as reviewer before creating anything', async () => {
    const { full } = freshRepo();
    const r = await s.kettle(['pr', 'create', '-R', full, '--title', 'Mine', '--head', 'topic', '--base', 'main', '--reviewer', 'alice']);
    expectFailure(r, '--reviewer alice: the author of a pull request cannot review it; nothing was sent');
    expect(sent(s, 'POST')).toEqual([]);
  });

  it('a review request that fails after the create: the pull request is named as created, exit 1', async () => {
    const { repo, full } = freshRepo();
    const r = await s.kettle(['pr', 'create', '-R', full, '--title', 'Ask', '--head', 'topic', '--base', 'main', '--reviewer', 'nobody-here']);
    expectExit(r, 1);
    const made = s.server.state.issuesOf(repo).find((i) => i.title === 'Ask');
    expect(r.stderr).toContain(`✓ Created pull request #${made?.number} in ${full}`);
    expect(r.stderr).toMatch(new RegExp(`kettle: created pull request #${made?.number} in ${full}, but cannot request reviews from nobody-here: `));
    expect(record(r.stdout).number).toBe(String(made?.number));
  });
});

describe('pr merge without --delete-branch', () => {
  it.each(RELEASES)('on %s keeps the branch, even where the repository deletes it by default', async (_name, flavor) => {
    s.server.set({ flavor });
    const { repo, full } = freshRepo();
    pullsData(s.server.state).deleteByDefault.add(repo.id);
    const pr = pull(repo, 'bob', 'Keep');
    expectExit(await s.kettle(['pr', 'merge', String(pr.number), '-R', full]), 0);
    expect(pr.pull?.merged).toBe(true);
    expect(repo.branches).toContain('topic');
    expect(sent(s, 'POST')[0]?.body).toMatchObject({ delete_branch_after_merge: false });
  });
});
