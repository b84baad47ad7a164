// kettle pr view|diff|comment|review|close|reopen|ready|edit|merge extras|status|list filters,
// run in-process against the in-memory server.
import { describe, expect, it } from 'vitest';
import { json } from '../support/harness.js';
import { expectExit, expectFailure, expectUsage, sent, useServer } from '../support/suite.js';
import { addComment, addMilestone, addReview, addStatus, extraOf, headSha } from '../server/routes-pulls.js';
import { setMilestone } from '../server/routes-triage.js';

const s = useServer({ runner: 'in-process' });

type Pull = {
  number: number;
  title: string;
  state: string;
  merged: boolean;
  draft: boolean;
  labels: Array<{ name: string }>;
  milestone: { title: string } | null;
  requested_reviewers: Array<{ login: string }> | null;
  comments?: Array<{ body: string }>;
};

let counter = 0;
/** A repository of alice's with one open pull request by `author` from topic into main. */
function fresh(author = 'bob', title = 'Quieter lid') {
  const name = `prw-${++counter}`;
  const repo = s.server.state.addRepo('alice', name, { init: true });
  repo.branches.push('topic');
  const pr = s.server.state.addIssue(repo, author, { title, body: 'Adds felt.\nUnder the lid.', pull: { head: 'topic', base: 'main' } });
  return { repo, pr, R: ['-R', `alice/${name}`], full: `alice/${name}` };
}

function plain(stdout: string): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const line of stdout.trimEnd().split('\n')) {
    const [key = '', ...rest] = line.split('\t');
    out.set(key, [...(out.get(key) ?? []), rest.join('\t')]);
  }
  return out;
}

describe('pr view', () => {
  it('shows state, branches, mergeability, reviewers, verdicts and checks, one key<TAB>value a line when piped', async () => {
    const { pr, R, repo } = fresh();
    const bug = s.server.state.addLabel(repo, 'bug');
    pr.labels = [bug.id];
    pr.assignees = ['alice'];
    extraOf(s.server.state, pr).requested = ['alice'];
    addReview(s.server.state, pr, 'carol', 'APPROVED');
    addReview(s.server.state, pr, 'alice', 'REQUEST_CHANGES', 'Too loud');
    addStatus(s.server.state, headSha(s.server.state, pr), 'ci/build', 'success');
    addStatus(s.server.state, headSha(s.server.state, pr), 'lint', 'pending');
    const r = await s.kettle(['pr', 'view', String(pr.number), ...R]);
    expectExit(r, 0);
    const v = plain(r.stdout);
    expect(Object.fromEntries([...v].map(([k, val]) => [k, val.join('|')]))).toMatchObject({
      number: String(pr.number),
      title: 'Quieter lid',
      state: 'open',
      author: 'bob',
      head: 'topic',
      base: 'main',
      mergeable: 'mergeable',
      labels: 'bug',
      assignees: 'alice',
      // The servers list every reviewer whose latest review is a verdict or a request (routes-pulls.ts requestedReviewers).
      reviewers: 'carol,alice',
      reviews: 'carol:APPROVED,alice:REQUEST_CHANGES',
      checks: 'pending',
      check: 'ci/build:success|lint:pending',
      // plainText keeps each record on one line: a line break is written \n.
      body: 'Adds felt.\\nUnder the lid.',
    });
    expect(sent(s, 'GET', `/repos/${R[1]}/commits/${headSha(s.server.state, pr)}/status`)).toHaveLength(1);
  });

  type Made = ReturnType<typeof fresh>;
  const makers: Array<[string, (p: Made) => void]> = [
    [
      'merged',
      (p) => {
        Object.assign(p.pr.pull ?? {}, { merged: true, merged_at: '2026-01-05T10:00:00Z' });
        p.pr.state = 'closed';
      },
    ],
    [
      'closed',
      (p) => {
        p.pr.state = 'closed';
      },
    ],
    [
      'draft',
      (p) => {
        p.pr.title = 'WIP: Quieter lid';
      },
    ],
  ];
  it.each(makers)('names the state %s', async (state, make) => {
    const p = fresh();
    make(p);
    const r = await s.kettle(['pr', 'view', String(p.pr.number), ...p.R]);
    expectExit(r, 0);
    expect(plain(r.stdout).get('state')).toEqual([state]);
  });

  it('says conflicting when the server says it cannot merge', async () => {
    const p = fresh();
    extraOf(s.server.state, p.pr).mergeable = false;
    const r = await s.kettle(['pr', 'view', String(p.pr.number), ...p.R]);
    expect(plain(r.stdout).get('mergeable')).toEqual(['conflicting']);
  });

  it('--json is the server record; --comments --json adds the conversation, oldest first; --fields keeps keys', async () => {
    const p = fresh();
    addComment(s.server.state, p.pr, 'carol', 'First!');
    addComment(s.server.state, p.pr, 'alice', 'Second.');
    const r = await s.kettle(['pr', 'view', String(p.pr.number), ...p.R, '--comments', '--json']);
    expectExit(r, 0);
    const record = json<Pull>(r);
    expect(record).toMatchObject({ number: p.pr.number, title: 'Quieter lid', merged: false });
    expect(record.comments?.map((c) => c.body)).toEqual(['First!', 'Second.']);
    const fields = await s.kettle(['pr', 'view', String(p.pr.number), ...p.R, '--json', '--fields', 'number,head.ref']);
    expect(json(fields)).toEqual({ number: p.pr.number, head: { ref: 'topic' } });
  });

  it('on a terminal: a readable screen, the body and comments included, without a pager when KETTLE_PAGER is empty', async () => {
    const p = fresh();
    addComment(s.server.state, p.pr, 'carol', 'Lovely felt.');
    addReview(s.server.state, p.pr, 'carol', 'APPROVED');
    addStatus(s.server.state, headSha(s.server.state, p.pr), 'ci/build', 'failure', 'tests failed');
    const r = await s.kettle(['pr', 'view', String(p.pr.number), ...p.R, '--comments'], { tty: { stdout: true, stderr: true }, env: { KETTLE_PAGER: '', NO_COLOR: '1' } });
    expectExit(r, 0);
    expect(r.stdout).toContain(`Quieter lid #${p.pr.number}`);
    expect(r.stdout).toContain('open • bob wants to merge topic → main • mergeable');
    expect(r.stdout).toMatch(/Reviews:\s+carol approved/);
    expect(r.stdout).toMatch(/Checks:\s+failure\n {2}failure {2}ci\/build — tests failed/);
    expect(r.stdout).toContain('  Adds felt.\n  Under the lid.');
    expect(r.stdout).toMatch(/Comments \(1\)\n\ncarol .*\n {2}Lovely felt\./);
  });

  it('names a missing pull request and a missing repository', async () => {
    expectFailure(await s.kettle(['pr', 'view', '999', '-R', 'alice/teapot']), 'pull request #999 in alice/teapot not found');
    expectFailure(await s.kettle(['pr', 'view', '1', '-R', 'alice/nope']), 'repository alice/nope not found');
  });

  it('without NUMBER outside a git branch: a usage error', async () => {
    expectUsage(s, await s.kettle(['pr', 'view', '-R', 'alice/teapot']), /no pull request NUMBER given/);
  });

  it('takes the web URL of the pull request as NUMBER, repository included', async () => {
    const p = fresh();
    const r = await s.kettle(['pr', 'view', `${s.server.url}/${p.full}/pulls/${p.pr.number}`, '--json', '--fields', 'number']);
    expectExit(r, 0);
    expect(json(r)).toEqual({ number: p.pr.number });
  });
});

describe('pr diff', () => {
  it('prints the .diff byte for byte when piped, the .patch with --patch, the paths with --name-only', async () => {
    const p = fresh();
    const diff = 'diff --git a/lid.txt b/lid.txt\n--- a/lid.txt\n+++ b/lid.txt\n@@ -1 +1 @@\n-clatter\n+hush ✓\r\ndiff --git a/docs/a b.md b/docs/a b.md\n';
    extraOf(s.server.state, p.pr).diff = diff;
    const r = await s.kettle(['pr', 'diff', String(p.pr.number), ...p.R]);
    expectExit(r, 0);
    expect(r.stdout).toBe(diff);
    const patch = await s.kettle(['pr', 'diff', String(p.pr.number), ...p.R, '--patch']);
    expect(patch.stdout).toMatch(/^From [0-9a-f]{40} .*\nFrom: bob.*\nSubject: \[PATCH\] Quieter lid\n/);
    expect(sent(s, 'GET', `/repos/${p.full}/pulls/${p.pr.number}.patch`)).toHaveLength(1);
    const names = await s.kettle(['pr', 'diff', String(p.pr.number), ...p.R, '--name-only']);
    expect(names.stdout).toBe('lid.txt\ndocs/a b.md\n');
  });

  it('colours added, removed, hunk and file header lines on a terminal', async () => {
    const p = fresh();
    extraOf(s.server.state, p.pr).diff = 'diff --git a/x b/x\n@@ -1 +1 @@\n-old\n+new\n same\n';
    const r = await s.kettle(['pr', 'diff', String(p.pr.number), ...p.R], { tty: { stdout: true }, env: { KETTLE_PAGER: 'cat', FORCE_COLOR: '1' } });
    expectExit(r, 0);
    expect(r.stdout).toBe('\u001b[1mdiff --git a/x b/x\u001b[0m\n\u001b[36m@@ -1 +1 @@\u001b[0m\n\u001b[31m-old\u001b[0m\n\u001b[32m+new\u001b[0m\n same\n');
  });

  it('streams a diff larger than the response cap kettle puts on JSON answers', async () => {
    const p = fresh();
    const line = `+${'x'.repeat(99)}\n`;
    const big = `diff --git a/big b/big\n${line.repeat(30_000)}`;
    extraOf(s.server.state, p.pr).diff = big;
    const r = await s.kettle(['pr', 'diff', String(p.pr.number), ...p.R], { env: { KETTLE_MAX_RESPONSE_MB: '1' } });
    expectExit(r, 0);
    expect(r.stdout.length).toBe(big.length);
    expect(r.stdout === big).toBe(true);
  });

  it('names the missing pull request', async () => {
    expectFailure(await s.kettle(['pr', 'diff', '999', '-R', 'alice/teapot']), 'pull request #999 in alice/teapot not found');
  });
});

describe('pr comment', () => {
  it('posts the body as an issue comment', async () => {
    const p = fresh();
    const r = await s.kettle(['pr', 'comment', String(p.pr.number), ...p.R, '--body', 'Nice felt', '--json', '--fields', 'body']);
    expectExit(r, 0);
    expect(json(r)).toEqual({ body: 'Nice felt' });
    expect(sent(s, 'POST', `/repos/${p.full}/issues/${p.pr.number}/comments`)[0]?.body).toEqual({ body: 'Nice felt' });
    expect(r.stderr).toMatch(/^✓ Commented on pull request #\d+ in alice\/prw-\d+ http.*#issuecomment-\d+\n$/);
  });

  it.each([
    [['--body', '  '], /body is empty/],
    [[], /a body is required: give --body TEXT or --body-file FILE/],
    [['--body', 'a', '--body-file', 'f'], /either --body or --body-file/],
  ])('refuses %j with exit 2 and sends nothing', async (flags, mention) => {
    const p = fresh();
    expectUsage(s, await s.kettle(['pr', 'comment', String(p.pr.number), ...p.R, ...flags]), mention);
    expect(sent(s, 'POST')).toEqual([]);
  });

  it('reads --body-file - from standard input', async () => {
    const p = fresh();
    expectExit(await s.kettle(['pr', 'comment', String(p.pr.number), ...p.R, '--body-file', '-'], { input: 'From stdin\n' }), 0);
    expect(sent(s, 'POST')[0]?.body).toEqual({ body: 'From stdin\n' });
  });
});

describe('pr review', () => {
  it.each([
    [['--approve'], 'APPROVED', 'Approved'],
    [['--request-changes', '--body', 'Too loud'], 'REQUEST_CHANGES', 'Requested changes on'],
    [['--comment', '-b', 'Hmm'], 'COMMENT', 'Reviewed'],
  ])('%j sends event %s', async (flags, event, said) => {
    const p = fresh();
    const r = await s.kettle(['pr', 'review', String(p.pr.number), ...p.R, ...flags, '--json', '--fields', 'state']);
    expectExit(r, 0);
    expect(json(r)).toEqual({ state: event });
    expect(sent(s, 'POST', `/repos/${p.full}/pulls/${p.pr.number}/reviews`)[0]?.body).toMatchObject({ event });
    expect(r.stderr).toContain(`✓ ${said} pull request #${p.pr.number}`);
  });

  it.each([
    [['--request-changes'], /--request-changes needs a body/],
    [['--comment'], /--comment needs a body/],
    [[], /--approve, --request-changes or --comment/],
    [['--approve', '--comment', '-b', 'x'], /only one of/],
  ])('%j: exit 2 before any request', async (flags, mention) => {
    const p = fresh();
    expectUsage(s, await s.kettle(['pr', 'review', String(p.pr.number), ...p.R, ...flags]), mention);
  });

  it("approving your own pull request: the server's refusal in one line", async () => {
    const p = fresh('alice');
    const r = await s.kettle(['pr', 'review', String(p.pr.number), ...p.R, '--approve']);
    expect(expectFailure(r, `cannot review pull request #${p.pr.number} in ${p.full}: approve your own pull is not allowed`)).toHaveLength(1);
  });
});

describe('pr close / reopen', () => {
  it('closes with a comment and deletes the head branch', async () => {
    const p = fresh();
    const r = await s.kettle(['pr', 'close', String(p.pr.number), ...p.R, '--comment', 'Superseded', '--delete-branch']);
    expectExit(r, 0);
    expect(p.pr.state).toBe('closed');
    expect(p.repo.branches).not.toContain('topic');
    expect(sent(s, 'PATCH', `/repos/${p.full}/pulls/${p.pr.number}`)[0]?.body).toEqual({ state: 'closed' });
    expect(sent(s, 'POST', `/repos/${p.full}/issues/${p.pr.number}/comments`)[0]?.body).toEqual({ body: 'Superseded' });
    expect(r.stderr).toContain(`✓ Deleted branch topic in ${p.full}`);
  });

  it('closing a closed one and reopening an open one: success, a note, nothing sent', async () => {
    const p = fresh();
    const reopen = await s.kettle(['pr', 'reopen', String(p.pr.number), ...p.R]);
    expectExit(reopen, 0);
    expect(reopen.stderr).toMatch(/already open; nothing to do/);
    p.pr.state = 'closed';
    const close = await s.kettle(['pr', 'close', String(p.pr.number), ...p.R]);
    expectExit(close, 0);
    expect(close.stderr).toMatch(/already closed; nothing to do/);
    expect(sent(s, 'PATCH')).toEqual([]);
    expectExit(await s.kettle(['pr', 'reopen', String(p.pr.number), ...p.R]), 0);
    expect(p.pr.state).toBe('open');
  });

  it("closing someone else's pull request without write access: the refusal in one line", async () => {
    const repo = s.server.state.repo('bob', 'toolbox');
    if (!repo) throw new Error('no bob/toolbox');
    repo.branches.push('carol-fix');
    const pr = s.server.state.addIssue(repo, 'carol', { title: 'Carol fixes it', pull: { head: 'carol-fix', base: 'main' } });
    const r = await s.kettle(['pr', 'close', String(pr.number), '-R', 'bob/toolbox']);
    expect(expectFailure(r, `cannot close pull request #${pr.number} in bob/toolbox: permission denied (HTTP 403)`)).toHaveLength(1);
    expect(pr.state).toBe('open');
  });
});

describe('pr ready', () => {
  it('removes the WIP: prefix; --undo adds it; a second time is a note', async () => {
    const p = fresh('bob', 'WIP: Quieter lid');
    expectExit(await s.kettle(['pr', 'ready', String(p.pr.number), ...p.R]), 0);
    expect(p.pr.title).toBe('Quieter lid');
    const again = await s.kettle(['pr', 'ready', String(p.pr.number), ...p.R]);
    expect(again.stderr).toMatch(/already ready for review/);
    expectExit(await s.kettle(['pr', 'ready', String(p.pr.number), ...p.R, '--undo']), 0);
    expect(p.pr.title).toBe('WIP: Quieter lid');
    expect(sent(s, 'PATCH').map((r) => r.body)).toEqual([{ title: 'Quieter lid' }, { title: 'WIP: Quieter lid' }]);
  });
});

describe('pr edit', () => {
  it('sends only what changes: labels and milestone by name, assignees, reviewers', async () => {
    const p = fresh();
    const bug = s.server.state.addLabel(p.repo, 'bug');
    const wip = s.server.state.addLabel(p.repo, 'wip');
    p.pr.labels = [wip.id];
    const v1 = addMilestone(s.server.state, p.repo, 'v1.0');
    const r = await s.kettle([
      'pr',
      'edit',
      String(p.pr.number),
      ...p.R,
      '--add-label',
      'BUG',
      '--remove-label',
      'wip',
      '--add-assignee',
      'carol',
      '--milestone',
      'v1.0',
      '--add-reviewer',
      'carol',
      '--json',
    ]);
    expectExit(r, 0);
    expect(sent(s, 'PATCH')[0]?.body).toEqual({ labels: [bug.id], assignees: ['carol'], milestone: v1.id });
    expect(sent(s, 'POST', `/repos/${p.full}/pulls/${p.pr.number}/requested_reviewers`)[0]?.body).toEqual({ reviewers: ['carol'] });
    const pr = json<Pull>(r);
    expect(pr.labels.map((l) => l.name)).toEqual(['bug']);
    expect(pr.milestone?.title).toBe('v1.0');
    expect(pr.requested_reviewers?.map((u) => u.login)).toEqual(['carol']);
  });

  it('an edit that changes nothing says so and sends nothing', async () => {
    const p = fresh();
    const r = await s.kettle(['pr', 'edit', String(p.pr.number), ...p.R, '--title', 'Quieter lid']);
    expectExit(r, 0);
    expect(r.stderr).toMatch(/already is as asked; nothing was sent/);
    expect(sent(s, 'PATCH')).toEqual([]);
  });

  it('an unknown label: exit 2 before anything is written, naming close matches', async () => {
    const p = fresh();
    s.server.state.addLabel(p.repo, 'enhancement');
    const r = await s.kettle(['pr', 'edit', String(p.pr.number), ...p.R, '--add-label', 'enhance']);
    expectExit(r, 2);
    expect(r.stderr).toMatch(/^kettle: --add-label: no label named "enhance" in alice\/prw-\d+; did you mean "enhancement"\?\n$/);
    expect(sent(s, 'PATCH')).toEqual([]);
  });

  it('a transposed label name: the close name is the one meant (bgu is bug)', async () => {
    const p = fresh();
    s.server.state.addLabel(p.repo, 'bug');
    s.server.state.addLabel(p.repo, 'documentation');
    const r = await s.kettle(['pr', 'edit', String(p.pr.number), ...p.R, '--add-label', 'bgu']);
    expectExit(r, 2);
    expect(r.stderr).toMatch(/no label named "bgu" in alice\/prw-\d+; did you mean "bug"\?\n$/);
    expect(sent(s, 'PATCH')).toEqual([]);
  });
});

describe('pr merge extras', () => {
  it('--squash --delete-branch: the style, the server deleting the branch', async () => {
    const p = fresh();
    const r = await s.kettle(['pr', 'merge', String(p.pr.number), ...p.R, '--squash', '--delete-branch', '--json', '--fields', 'merged']);
    expectExit(r, 0);
    expect(json(r)).toEqual({ merged: true });
    expect(sent(s, 'POST', `/repos/${p.full}/pulls/${p.pr.number}/merge`)[0]?.body).toEqual({ Do: 'squash', do: 'squash', delete_branch_after_merge: true });
    expect(p.repo.branches).not.toContain('topic');
    expect(r.stderr).toContain(`✓ Deleted branch topic in ${p.full}`);
  });

  it('--auto with checks pending: scheduled, exit 0, saying so', async () => {
    const p = fresh();
    addStatus(s.server.state, headSha(s.server.state, p.pr), 'ci/build', 'pending');
    const r = await s.kettle(['pr', 'merge', String(p.pr.number), ...p.R, '--auto']);
    expectExit(r, 0);
    expect(r.stderr).toMatch(/Scheduled pull request #\d+ in .* to merge \(merge\) when its checks succeed/);
    expect(p.pr.pull?.merged).toBe(false);
    expect(extraOf(s.server.state, p.pr).autoMerge).toEqual({ style: 'merge', deleteBranch: false });
  });

  it('a conflicting pull request: kettle waits out a check that may still run (bounded, said once), then the refusal in one line, exit 1', async () => {
    const p = fresh();
    extraOf(s.server.state, p.pr).mergeable = false;
    const r = await s.kettle(['pr', 'merge', String(p.pr.number), ...p.R]);
    expectExit(r, 1);
    expect(r.stderr.trimEnd().split('\n')).toEqual([
      `The server is still checking whether pull request #${p.pr.number} in ${p.R[1]} can be merged; trying again shortly.`,
      expect.stringMatching(/^kettle: cannot merge pull request #\d+ in .*: Please try again later$/),
    ]);
    // 0.5 + 1 + 2 + 4 s apart: five tries, then the refusal stands.
    expect(sent(s, 'POST', `/repos/${p.R[1]}/pulls/${p.pr.number}/merge`)).toHaveLength(5);
  }, 20_000);

  it('a pull request the server is still checking: merged once the check is done, after a note', async () => {
    const p = fresh();
    // Two requests of the check to go: kettle's read of the pull request, then its first merge.
    extraOf(s.server.state, p.pr).checking = 2;
    const r = await s.kettle(['pr', 'merge', String(p.pr.number), ...p.R]);
    expectExit(r, 0);
    expect(r.stderr).toMatch(/^The server is still checking whether pull request #\d+ .* can be merged; trying again shortly\.\n✓ Merged/);
    expect(sent(s, 'POST', `/repos/${p.R[1]}/pulls/${p.pr.number}/merge`)).toHaveLength(2);
  });

  it('a closed one: one line naming why, nothing sent', async () => {
    const p = fresh();
    p.pr.state = 'closed';
    expectFailure(await s.kettle(['pr', 'merge', String(p.pr.number), ...p.R]), /it is closed$/);
    expect(sent(s, 'POST')).toEqual([]);
  });

  it('a failed read after the merge is a warning; --json says {"number", "merged": true}', async () => {
    const p = fresh();
    // The read before the merge passes; every read after it fails (GETs are retried).
    s.server.fault({ method: 'GET', path: `/repos/${p.full}/pulls/${p.pr.number}`, kind: 'status', status: 500, skip: 1, times: 10 });
    const r = await s.kettle(['pr', 'merge', String(p.pr.number), ...p.R, '--json']);
    expectExit(r, 0);
    expect(json(r)).toEqual({ number: p.pr.number, merged: true });
    expect(r.stderr).toMatch(/warning: merged, but cannot read/);
  });

  it('two styles at once: exit 2', async () => {
    expectUsage(s, await s.kettle(['pr', 'merge', '1', '-R', 'alice/teapot', '--squash', '--rebase']), /one merge style, not squash and rebase/);
  });
});

describe('pr status', () => {
  it('--json: created by you, requesting your review, the current branch (none outside git)', async () => {
    const p = fresh('alice', 'Mine');
    const theirs = s.server.state.addIssue(p.repo, 'bob', { title: 'Theirs', pull: { head: 'topic', base: 'main' } });
    extraOf(s.server.state, theirs).requested = ['alice'];
    addStatus(s.server.state, headSha(s.server.state, p.pr), 'ci', 'success');
    const r = await s.kettle(['pr', 'status', ...p.R, '--json']);
    expectExit(r, 0);
    const out = json<Record<string, Array<{ number: number; checks: string }>>>(r);
    expect(Object.keys(out)).toEqual(['created', 'review_requested', 'current_branch']);
    expect(out.created?.map((x) => [x.number, x.checks])).toEqual([[p.pr.number, 'success']]);
    expect(out.review_requested?.map((x) => [x.number, x.checks])).toEqual([[theirs.number, 'success']]);
    expect(out.current_branch).toEqual([]);
  });
});

describe('pr list filters', () => {
  it('--label (all of them), --author, --milestone by name, --sort go to the server as its parameters', async () => {
    const p = fresh();
    const bug = s.server.state.addLabel(p.repo, 'bug');
    const ui = s.server.state.addLabel(p.repo, 'ui');
    const m = addMilestone(s.server.state, p.repo, 'v2');
    p.pr.labels = [bug.id, ui.id];
    setMilestone(s.server.state, p.pr, m);
    const other = s.server.state.addIssue(p.repo, 'bob', { title: 'Only bug', labels: [bug.id], pull: { head: 'topic', base: 'main' } });
    const r = await s.kettle(['pr', 'list', ...p.R, '-l', 'bug', '--label', 'ui', '--author', 'bob', '-m', 'v2', '--sort', 'oldest', '--json', '--fields', 'number']);
    expectExit(r, 0);
    expect(json(r)).toEqual([{ number: p.pr.number }]);
    expect(other.number).not.toBe(p.pr.number);
    const list = sent(s, 'GET', `/repos/${p.full}/pulls`)[0];
    expect(list?.query).toMatchObject({ state: 'open', sort: 'oldest', milestone: String(m.id), poster: 'bob' });
    expect(list?.rawUrl).toMatch(new RegExp(`labels=${bug.id}&labels=${ui.id}`));
  });

  it('an unknown milestone: exit 2 before the list', async () => {
    const p = fresh();
    const r = await s.kettle(['pr', 'list', ...p.R, '--milestone', 'nope']);
    expectExit(r, 2);
    expect(r.stderr).toMatch(/no milestone named "nope"/);
    expect(sent(s, 'GET', `/repos/${p.full}/pulls`)).toEqual([]);
  });
});
