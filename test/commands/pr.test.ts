// kettle pr list|create|merge, run in-process against the in-memory server.
import { describe, expect, it } from 'vitest';
import { json } from '../support/harness.js';
import { expectExit, expectFailure, expectUsage, record, rows, sent, useServer } from '../support/suite.js';

const s = useServer({ runner: 'in-process' });

type PullJson = { id: number; number: number; title: string; state: string; merged: boolean; head: { ref: string }; base: { ref: string } };

function repo(owner: string, name: string) {
  const r = s.server.state.repo(owner, name);
  if (!r) throw new Error(`no ${owner}/${name}`);
  return r;
}

/** A repository with a branch to propose, so tests do not depend on each other. */
function freshRepo(name: string, branches: string[] = ['topic']) {
  const r = s.server.state.addRepo('alice', name, { init: true });
  r.branches.push(...branches);
  return r;
}

describe('pr list', () => {
  it('lists open pull requests: number, title, branches, state, author', async () => {
    const r = await s.kettle(['pr', 'list', '-R', 'alice/teapot']);
    expectExit(r, 0);
    const open = s.server.state
      .issuesOf(repo('alice', 'teapot'))
      .filter((i) => i.pull && i.state === 'open')
      .reverse();
    expect(rows(r.stdout).map((row) => row.slice(0, 5))).toEqual(open.map((i) => [String(i.number), i.title, `${i.pull?.head} -> ${i.pull?.base}`, 'open', i.author]));
    expect(sent(s, 'GET', '/repos/alice/teapot/pulls')[0]?.query.state).toBe('open');
  });

  it('--state all --json: the server records', async () => {
    const r = await s.kettle(['pr', 'list', '-R', 'wonderland/tea-party', '--state', 'all', '--json', '--fields', 'number,title,head.ref']);
    expectExit(r, 0);
    const pulls = s.server.state
      .issuesOf(repo('wonderland', 'tea-party'))
      .filter((i) => i.pull)
      .reverse();
    expect(json(r)).toEqual(pulls.map((i) => ({ number: i.number, title: i.title, head: { ref: i.pull?.head } })));
  });

  it('names the missing repository', async () => {
    expectFailure(await s.kettle(['pr', 'list', '-R', 'alice/nope']), 'repository alice/nope not found');
  });

  it('an empty repository has none, one with pull requests turned off says so: the servers answer both as a missing one', async () => {
    s.server.state.addRepo('alice', 'bare');
    const empty = await s.kettle(['pr', 'list', '-R', 'alice/bare', '--json']);
    expectExit(empty, 0);
    expect(json(empty)).toEqual([]);
    // The 404 first, then the repository read to tell why.
    expect(s.server.requests.filter((q) => q.path.startsWith('/repos/alice/bare')).map((q) => [q.method, q.path, q.status])).toEqual([
      ['GET', '/repos/alice/bare/pulls', 404],
      ['GET', '/repos/alice/bare', 200],
    ]);
    const off = freshRepo('no-pulls');
    expectExit(await s.kettle(['repo', 'edit', 'alice/no-pulls', '--disable-prs']), 0);
    expect(off.branches.length).toBeGreaterThan(0);
    expectFailure(await s.kettle(['pr', 'list', '-R', 'alice/no-pulls']), 'pull requests are turned off in alice/no-pulls');
    // One pull request asked for: the same reasons, worded for it.
    expectFailure(await s.kettle(['pr', 'view', '1', '-R', 'alice/no-pulls']), 'pull requests are turned off in alice/no-pulls');
    expectFailure(await s.kettle(['pr', 'view', '1', '-R', 'alice/bare']), 'pull request #1 in alice/bare not found: alice/bare is empty, and has no pull requests');
    expectFailure(await s.kettle(['pr', 'view', '1', '-R', 'alice/nope']), 'repository alice/nope not found');
  });

  it('refuses a bad --limit before any request', async () => {
    expectUsage(s, await s.kettle(['pr', 'list', '-R', 'alice/teapot', '--limit', '2x']), /--limit/);
  });
});

describe('pr create', () => {
  it('opens a pull request from --head into --base', async () => {
    freshRepo('pr-create');
    const r = await s.kettle(['pr', 'create', '-R', 'alice/pr-create', '--title', 'Add topic', '--head', 'topic', '--base', 'main', '--body', 'Why: because.', '--json']);
    expectExit(r, 0);
    const pr = json<PullJson>(r);
    const held = s.server.state.issue(repo('alice', 'pr-create'), pr.number);
    expect(held).toMatchObject({ title: 'Add topic', body: 'Why: because.', author: 'alice', pull: { head: 'topic', base: 'main' } });
    expect(pr).toMatchObject({ id: held?.id, head: { ref: 'topic' }, base: { ref: 'main' }, state: 'open' });
    expect(sent(s, 'POST', '/repos/alice/pr-create/pulls')[0]?.body).toEqual({ title: 'Add topic', head: 'topic', base: 'main', body: 'Why: because.' });
    expect(r.stderr).toBe(`✓ Created pull request #${pr.number} in alice/pr-create ${s.server.url}/alice/pr-create/pulls/${pr.number}\n`);
  });

  it('names the missing branch, not the repository, when a branch does not exist', async () => {
    freshRepo('pr-nobranch');
    const r = await s.kettle(['pr', 'create', '-R', 'alice/pr-nobranch', '--title', 'T', '--head', 'no-such-branch', '--base', 'main']);
    const [line] = expectFailure(r, /^kettle: branch no-such-branch or main not found in alice\/pr-nobranch/);
    expect(line).not.toMatch(/repository .* not found/);
  });

  it('names the missing repository', async () => {
    expectFailure(await s.kettle(['pr', 'create', '-R', 'alice/nope', '--title', 'T', '--head', 'a', '--base', 'main']), 'repository alice/nope not found');
  });

  it('says when the same pull request is already open', async () => {
    freshRepo('pr-twice');
    const args = ['pr', 'create', '-R', 'alice/pr-twice', '--title', 'T', '--head', 'topic', '--base', 'main'];
    expectExit(await s.kettle(args), 0);
    const first = s.server.state.issuesOf(repo('alice', 'pr-twice'))[0];
    expectFailure(await s.kettle(args), `a pull request from topic into main is already open in alice/pr-twice: #${first?.number}`);
  });

  it.each([
    [['--title', 'T', '--base', 'main'], /--head is required/],
    [['--head', 'topic', '--base', 'main'], /--title is required/],
    [['--title', 'T', '--head', 'main', '--base', 'main'], /--head and --base/],
    [['--title', 'T', '--head', 'two words', '--base', 'main'], /--head "two words"/],
    [['--title', 'T', '--head', 'topic', '--base', 'a..b'], /--base "a\.\.b"/],
  ])('without a terminal, refuses %j before any request', async (flags, mention) => {
    expectUsage(s, await s.kettle(['pr', 'create', '-R', 'alice/teapot', ...flags]), mention);
  });
});

describe('pr merge', () => {
  it('sends the style under both spellings and copes with the empty 200 answer', async () => {
    const r0 = freshRepo('pr-merge');
    const pr = s.server.state.addIssue(r0, 'bob', { title: 'Merge me', pull: { head: 'topic', base: 'main' } });
    const r = await s.kettle(['pr', 'merge', String(pr.number), '-R', 'alice/pr-merge']);
    expectExit(r, 0);
    const merge = sent(s, 'POST', `/repos/alice/pr-merge/pulls/${pr.number}/merge`)[0];
    // Both spellings: Gitea 1.26 describes `do`, the others `Do`.
    expect(merge?.body).toEqual({ Do: 'merge', do: 'merge', delete_branch_after_merge: false });
    expect(merge?.status).toBe(200);
    expect(pr.pull).toMatchObject({ merged: true, merge_style: 'merge', merged_by: 'alice' });
    expect(record(r.stdout)).toMatchObject({ number: String(pr.number), state: 'merged' });
    expect(r.stderr).toBe(`✓ Merged pull request #${pr.number} in alice/pr-merge (merge) ${s.server.url}/alice/pr-merge/pulls/${pr.number}\n`);
  });

  it.each(['merge', 'rebase-merge', 'squash'])('--style %s with --message sends it as the body, under both spellings', async (style) => {
    const r0 = freshRepo(`pr-body-${style}`);
    const pr = s.server.state.addIssue(r0, 'bob', { title: style, pull: { head: 'topic', base: 'main' } });
    const r = await s.kettle(['pr', 'merge', `#${pr.number}`, '-R', `alice/pr-body-${style}`, '--style', style, '--message', `${style} it`, '--json', '--fields', 'merged']);
    expectExit(r, 0);
    expect(json(r)).toEqual({ merged: true });
    expect(sent(s, 'POST')[0]?.body).toEqual({ Do: style, do: style, MergeMessageField: `${style} it`, merge_message_field: `${style} it`, delete_branch_after_merge: false });
    // The server's own first line, then the message (MergePullRequest).
    expect(pr.pull).toMatchObject({ merge_style: style, merge_message: `Merge pull request '${style}' (#${pr.number}) from topic into main\n\n${style} it` });
  });

  it('a merged pull request is already as asked: a note, exit 0', async () => {
    const r0 = freshRepo('pr-merged');
    const pr = s.server.state.addIssue(r0, 'bob', { title: 'Once', pull: { head: 'topic', base: 'main' } });
    expectExit(await s.kettle(['pr', 'merge', String(pr.number), '-R', 'alice/pr-merged']), 0);
    const again = await s.kettle(['pr', 'merge', String(pr.number), '-R', 'alice/pr-merged']);
    expectExit(again, 0);
    expect(again.stderr).toBe(`Pull request #${pr.number} in alice/pr-merged is already merged; nothing was sent\n`);
  });

  it('names the missing pull request, or the missing repository', async () => {
    // Issue #1 of alice/teapot is an issue, not a pull request.
    expectFailure(await s.kettle(['pr', 'merge', '1', '-R', 'alice/teapot']), 'pull request #1 in alice/teapot not found');
    expectFailure(await s.kettle(['pr', 'merge', '1', '-R', 'alice/nope']), 'repository alice/nope not found');
  });

  it.each([
    [['x'], /pull request number "x"/],
    [['1', '--style', 'octopus'], /--style/],
  ])('refuses %j before any request', async (args, mention) => {
    expectUsage(s, await s.kettle(['pr', 'merge', ...args, '-R', 'alice/teapot']), mention);
  });
});
