// kettle pr review --comment-on, pr review submit / discard, pr comments and
// its reply / resolve / unresolve, against the in-memory server, with the pull
// request's diff made by real git: a changed file, a renamed one (changed too),
// a deleted one and a new one.
import { execFileSync } from 'node:child_process';
import { mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { json, tempDir } from '../support/harness.js';
import { expectExit, expectFailure, expectUsage, sent, useServer } from '../support/suite.js';
import { extraOf } from '../server/routes-pulls.js';

const s = useServer({ runner: 'in-process' });
const cleanups: Array<() => void> = [];
afterEach(() => {
  for (const c of cleanups.splice(0)) c();
});

const G23 = { version: '1.23.8' };
const G26 = { version: '1.26.4' };
const G27 = { version: '1.27.0' };
const F11 = { forgejo: true, version: '11.0.1+gitea-1.22.0' };

const GIT_ENV = {
  GIT_AUTHOR_NAME: 'T',
  GIT_AUTHOR_EMAIL: 't@example.com',
  GIT_COMMITTER_NAME: 'T',
  GIT_COMMITTER_EMAIL: 't@example.com',
  GIT_CONFIG_NOSYSTEM: '1',
  GIT_CONFIG_GLOBAL: '/dev/null',
  HOME: '/nonexistent',
};

function git(cwd: string, ...args: string[]): string {
  return execFileSync('git', args, { cwd, env: { ...process.env, ...GIT_ENV }, encoding: 'utf8' });
}

const numbered = (n: number, word = 'line') => Array.from({ length: n }, (_, i) => `${word} ${i + 1}\n`).join('');

/** The diff git makes between main and topic: lid.txt changed (line 3 and a line added at 21), spout.txt renamed to nozzle.txt and changed, gone.txt deleted, new.txt added. */
function realDiff(): { diff: string; head: string; base: string } {
  const root = tempDir('kettle-review-');
  cleanups.push(root.cleanup);
  const dir = root.path;
  git(dir, 'init', '-q', '-b', 'main');
  mkdirSync(join(dir, 'docs'));
  writeFileSync(join(dir, 'lid.txt'), numbered(20));
  writeFileSync(join(dir, 'docs', 'spout.txt'), numbered(12, 'spout'));
  writeFileSync(join(dir, 'gone.txt'), 'old\ntext\n');
  git(dir, 'add', '-A');
  git(dir, 'commit', '-q', '-m', 'Start');
  const base = git(dir, 'rev-parse', 'HEAD').trim();
  git(dir, 'switch', '-q', '-c', 'topic');
  writeFileSync(join(dir, 'lid.txt'), `${numbered(20).replace('line 3\n', 'LINE THREE\n')}line 21\n`);
  renameSync(join(dir, 'docs', 'spout.txt'), join(dir, 'docs', 'nozzle.txt'));
  writeFileSync(join(dir, 'docs', 'nozzle.txt'), numbered(12, 'spout').replace('spout 6\n', 'nozzle 6\n'));
  rmSync(join(dir, 'gone.txt'));
  writeFileSync(join(dir, 'new.txt'), 'fresh\n');
  git(dir, 'add', '-A');
  git(dir, 'commit', '-q', '-m', 'Change');
  return { diff: git(dir, 'diff', '--no-color', `${base}...topic`), head: git(dir, 'rev-parse', 'HEAD').trim(), base };
}

let counter = 0;
/** alice/<name> with pull request #N by bob, its diff and head made by git. */
function setup(author = 'bob') {
  const name = `lc-${++counter}`;
  const repo = s.server.state.addRepo('alice', name, { init: true });
  repo.branches.push('topic');
  const pr = s.server.state.addIssue(repo, author, { title: 'Quieter lid', pull: { head: 'topic', base: 'main' } });
  const made = realDiff();
  const extra = extraOf(s.server.state, pr);
  extra.diff = made.diff;
  extra.headSha = made.head;
  extra.baseSha = made.base;
  const n = String(pr.number);
  return { repo, pr, n, R: ['-R', `alice/${name}`], full: `alice/${name}` };
}

const reviewsPath = (p: { full: string; n: string }) => `/repos/${p.full}/pulls/${p.n}/reviews`;

describe('pr review --comment-on', () => {
  it('pairs each --comment-on with the --body after it, new side and old side; a verdict sends them at once', async () => {
    const p = setup();
    const r = await s.kettle(['pr', 'review', p.n, ...p.R, '--comment-on', 'lid.txt:3', '--body', 'Why shout?', '--comment-on', 'lid.txt:3:old', '--body', 'This was fine', '--comment', '--json']);
    expectExit(r, 0);
    const [post] = sent(s, 'POST', reviewsPath(p));
    expect(post?.body).toEqual({
      event: 'COMMENT',
      comments: [
        { path: 'lid.txt', body: 'Why shout?', new_position: 3 },
        { path: 'lid.txt', body: 'This was fine', old_position: 3 },
      ],
    });
    expect(json<{ state: string; comments_count: number }>(r)).toMatchObject({ state: 'COMMENT', comments_count: 2 });
    expect(r.stderr).toMatch(new RegExp(`^✓ Reviewed pull request #${p.n} in ${p.full} with 2 line comments http`));
  });

  it("a --body before the first --comment-on is the review's own; --request-changes with it", async () => {
    const p = setup();
    const r = await s.kettle(['pr', 'review', p.n, ...p.R, '--body', 'See the lid', '--comment-on', 'lid.txt:21', '--body', 'A new line?', '--request-changes']);
    expectExit(r, 0);
    expect(sent(s, 'POST', reviewsPath(p))[0]?.body).toEqual({ event: 'REQUEST_CHANGES', body: 'See the lid', comments: [{ path: 'lid.txt', body: 'A new line?', new_position: 21 }] });
  });

  it('a renamed file is keyed by its new path, given by either name; a deleted one by its old path, on the old side', async () => {
    const p = setup();
    const r = await s.kettle([
      'pr',
      'review',
      p.n,
      ...p.R,
      '--comment-on',
      'docs/spout.txt:6:old',
      '--body',
      'old name, old side',
      '--comment-on',
      'docs/nozzle.txt:6',
      '--body',
      'new name',
      '--comment-on',
      'gone.txt:2:old',
      '--body',
      'why delete?',
      '--comment-on',
      'new.txt:1',
      '--body',
      'fresh',
      '--comment',
      '--json',
    ]);
    expectExit(r, 0);
    expect((sent(s, 'POST', reviewsPath(p))[0]?.body as { comments: unknown[] }).comments).toEqual([
      { path: 'docs/nozzle.txt', body: 'old name, old side', old_position: 6 },
      { path: 'docs/nozzle.txt', body: 'new name', new_position: 6 },
      { path: 'gone.txt', body: 'why delete?', old_position: 2 },
      { path: 'new.txt', body: 'fresh', new_position: 1 },
    ]);
  });

  it('a range goes on its last line, with a note', async () => {
    const p = setup();
    const r = await s.kettle(['pr', 'review', p.n, ...p.R, '--comment-on', 'lid.txt:2-4', '--body', 'These three', '--comment']);
    expectExit(r, 0);
    expect((sent(s, 'POST', reviewsPath(p))[0]?.body as { comments: unknown[] }).comments).toEqual([{ path: 'lid.txt', body: 'These three', new_position: 4 }]);
    expect(r.stderr).toContain('a range is placed on its last line');
  });

  it.each([
    [['lid.txt:10'], /line 10 of lid\.txt is not part of the diff of pull request #\d+ in alice\/lc-\d+; the nearest lines that are: 6 and 18 \(the diff shows lines 1-6, 18-21 of the new version\)/],
    [['lid.txt:3-9'], /line 7 of lid\.txt is not part of the diff .*nearest lines that are: 6 and 18/],
    [['lid.txt:21:old'], /line 21 of lid\.txt \(old side\) is not part of the diff .*nearest lines that are: 20 \(the diff shows lines 1-6, 18-20 of the old version\)/],
    [['README.md:1'], /README\.md is not changed by pull request #\d+ in alice\/lc-\d+; the files it changes: docs\/nozzle\.txt, gone\.txt, lid\.txt, new\.txt/],
    [['gone.txt:1'], /gone\.txt has no new lines .*it was deleted: comment on its old lines/],
    [['new.txt:1:old'], /new\.txt has no old lines .*it is a new file/],
  ])('--comment-on %j: refused before sending, naming the nearest lines that are (exit 1)', async ([place], mention) => {
    const p = setup();
    const r = await s.kettle(['pr', 'review', p.n, ...p.R, '--comment-on', place as string, '--body', 'x', '--comment']);
    expectFailure(r, mention);
    expect(sent(s, 'POST')).toEqual([]);
  });

  it.each([
    [['--comment-on', 'lid.txt'], /--comment-on takes FILE:LINE/],
    [['--comment-on', 'lid.txt:0'], /lines count from 1/],
    [['--comment-on', 'lid.txt:5-2'], /lines count from 1/],
    [['--comment-on', 'lid.txt:3'], /--comment-on lid\.txt:3 has no text: give --body TEXT right after it/],
    [['--comment-on', 'lid.txt:3', '--comment-on', 'lid.txt:4', '--body', 'x'], /--comment-on lid\.txt:3 has no text/],
    [['--comment-on', 'lid.txt:3', '--body', 'x', '--body', 'y'], /--comment-on lid\.txt:3 has two --body/],
    [['--comment-on', 'lid.txt:3', '--body', ' '], /the text of --comment-on lid\.txt:3 is empty/],
    [['--body', 'a', '--body', 'b', '--comment'], /give the review's body once/],
    [['--body', 'a', '--body-file', 'f', '--comment-on', 'lid.txt:3', '--body', 'x'], /either --body or --body-file/],
    [['--comment-on', 'lid.txt:3', '--body', 'x', '--request-changes'], /--request-changes needs a body/],
  ])('%j: exit 2, nothing sent', async (flags, mention) => {
    const p = setup();
    expectUsage(s, await s.kettle(['pr', 'review', p.n, ...p.R, ...flags]), mention);
    expect(sent(s, 'POST')).toEqual([]);
  });
});

describe('a pending review: started, added to, listed, submitted or discarded', () => {
  it('without a verdict the review stays pending (a placeholder body, which the servers require); a second run adds to it; submit keeps no placeholder', async () => {
    const p = setup();
    const first = await s.kettle(['pr', 'review', p.n, ...p.R, '--comment-on', 'lid.txt:3', '--body', 'Shouting']);
    expectExit(first, 0);
    expect(first.stderr).toContain(`✓ Added 1 line comment to your pending review of pull request #${p.n} in ${p.full}; send it with: kettle pr review submit ${p.n}`);
    const body = sent(s, 'POST', reviewsPath(p))[0]?.body as Record<string, unknown>;
    expect(body.event).toBeUndefined();
    expect(typeof body.body === 'string' && body.body.trim() !== '').toBe(true);
    expectExit(await s.kettle(['pr', 'review', p.n, ...p.R, '--comment-on', 'new.txt:1', '--body', 'Fresh?']), 0);

    const listed = await s.kettle(['pr', 'comments', p.n, ...p.R, '--json']);
    expectExit(listed, 0);
    const threads = json<Array<{ path: string; line: number; side: string; state: string; comments: unknown[] }>>(listed);
    expect(threads.map((t) => [t.path, t.line, t.side, t.state, t.comments.length])).toEqual([
      ['lid.txt', 3, 'new', 'pending', 1],
      ['new.txt', 1, 'new', 'pending', 1],
    ]);

    const submitted = await s.kettle(['pr', 'review', 'submit', p.n, ...p.R, '--comment', '--body', 'Two things', '--json']);
    expectExit(submitted, 0);
    expect(json(submitted)).toMatchObject({ state: 'COMMENT', body: 'Two things', comments_count: 2 });
    expect(submitted.stderr).toContain(`✓ Reviewed pull request #${p.n} in ${p.full} with 2 line comments`);
    const states = json<Array<{ state: string }>>(await s.kettle(['pr', 'comments', p.n, ...p.R, '--json']));
    expect(states.map((t) => t.state)).toEqual(['unresolved', 'unresolved']);
  });

  it('submit --approve with no --body sends the body the review was started with, kept when comments were added', async () => {
    const p = setup();
    expectExit(await s.kettle(['pr', 'review', p.n, ...p.R, '--body', 'Nearly', '--comment-on', 'lid.txt:3', '--body', 'Shouting']), 0);
    // Adding to it replaces the body on the server (SubmitReview): kettle sends the one it has again.
    expectExit(await s.kettle(['pr', 'review', p.n, ...p.R, '--comment-on', 'lid.txt:4', '--body', 'And here']), 0);
    expect(sent(s, 'POST', reviewsPath(p)).map((x) => (x.body as { body: string }).body)).toEqual(['Nearly', 'Nearly']);
    const r = await s.kettle(['pr', 'review', 'submit', p.n, ...p.R, '--approve']);
    expectExit(r, 0);
    const submit = sent(s, 'POST').find((x) => /\/reviews\/\d+$/.test(x.path));
    expect(submit?.body).toEqual({ event: 'APPROVED', body: 'Nearly' });
  });

  it('submit needs a verdict (exit 2), a pending review (exit 1), and --comment a body (the server asks one even with line comments)', async () => {
    const p = setup();
    expectUsage(s, await s.kettle(['pr', 'review', 'submit', p.n, ...p.R]), /say what the review is/);
    expectFailure(await s.kettle(['pr', 'review', 'submit', p.n, ...p.R, '--approve']), /you have no pending review of pull request #\d+ in alice\/lc-\d+; start one with: kettle pr review/);
    expectExit(await s.kettle(['pr', 'review', p.n, ...p.R, '--comment-on', 'lid.txt:3', '--body', 'x']), 0);
    s.server.resetRequests();
    const r = await s.kettle(['pr', 'review', 'submit', p.n, ...p.R, '--comment']);
    expectExit(r, 2);
    expect(r.stderr).toMatch(/^kettle: --comment needs a body: give --body TEXT or --body-file FILE\n$/);
    expect(sent(s, 'POST')).toEqual([]);
  });

  it('discard deletes the pending review and its comments; with none, a note and nothing sent', async () => {
    const p = setup();
    expectExit(await s.kettle(['pr', 'review', p.n, ...p.R, '--comment-on', 'lid.txt:3', '--body', 'x', '--comment-on', 'lid.txt:4', '--body', 'y']), 0);
    const r = await s.kettle(['pr', 'review', 'discard', p.n, ...p.R]);
    expectExit(r, 0);
    expect(r.stderr).toContain(`✓ Discarded your pending review of pull request #${p.n} in ${p.full} (2 line comments)`);
    expect(sent(s, 'DELETE')).toHaveLength(1);
    expect(json(await s.kettle(['pr', 'comments', p.n, ...p.R, '--json']))).toEqual([]);
    s.server.resetRequests();
    const again = await s.kettle(['pr', 'review', 'discard', p.n, ...p.R]);
    expectExit(again, 0);
    expect(again.stderr).toMatch(/you have no pending review .*; nothing was changed/);
    expect(sent(s, 'DELETE')).toHaveLength(0);
  });

  it("another user's pending review is not submitted, discarded or listed", async () => {
    const p = setup('alice');
    expectExit(await s.kettle(['pr', 'review', p.n, ...p.R, '--comment-on', 'lid.txt:3', '--body', 'mine']), 0);
    const asBob = { env: { KETTLE_TOKEN: s.server.addToken('bob') } };
    const bob = await s.kettle(['pr', 'comments', p.n, ...p.R, '--json'], asBob);
    expectExit(bob, 0);
    expect(json(bob)).toEqual([]);
    s.server.resetRequests();
    expectFailure(await s.kettle(['pr', 'review', 'submit', p.n, ...p.R, '--approve'], asBob), /you have no pending review/);
    expect(sent(s, 'POST')).toEqual([]);
  });
});

describe('pr comments', () => {
  async function reviewed(p: ReturnType<typeof setup>) {
    expectExit(await s.kettle(['pr', 'review', p.n, ...p.R, '--comment-on', 'lid.txt:3', '--body', 'Shouting', '--comment-on', 'gone.txt:1:old', '--body', 'Keep it', '--comment']), 0);
    return json<Array<{ id: number; path: string }>>(await s.kettle(['pr', 'comments', p.n, ...p.R, '--json']));
  }

  it('lists conversations in the order started, oldest comment first, with file, line, side, state and outdated; piped rows', async () => {
    const p = setup();
    const threads = await reviewed(p);
    expect(threads).toMatchObject([
      { path: 'lid.txt', line: 3, side: 'new', state: 'unresolved', outdated: false },
      { path: 'gone.txt', line: 1, side: 'old', state: 'unresolved', outdated: false },
    ]);
    const r = await s.kettle(['pr', 'comments', p.n, ...p.R]);
    expectExit(r, 0);
    const rows = r.stdout
      .trim()
      .split('\n')
      .map((l) => l.split('\t'));
    expect(rows.map((x) => x.slice(1, 6))).toEqual([
      ['lid.txt', '3', 'unresolved', 'no', '1'],
      ['gone.txt', '1 (old)', 'unresolved', 'no', '1'],
    ]);
  });

  it('on a terminal: a table with headers; none is a note on stderr', async () => {
    const p = setup();
    const none = await s.kettle(['pr', 'comments', p.n, ...p.R], { tty: { stdout: true }, columns: 120, env: { NO_COLOR: '1' } });
    expectExit(none, 0);
    expect(none.stderr).toContain(`No line comments on pull request #${p.n} in ${p.full}`);
    await reviewed(p);
    const r = await s.kettle(['pr', 'comments', p.n, ...p.R], { tty: { stdout: true }, columns: 120, env: { NO_COLOR: '1' } });
    expectExit(r, 0);
    const [head, ...body] = r.stdout.trimEnd().split('\n');
    expect(head?.split(/\s+/)).toEqual(['ID', 'FILE', 'LINE', 'STATE', 'OUTDATED', 'COMMENTS', 'BY', 'BODY']);
    expect(body.map((l) => l.split(/\s{2,}/).slice(1, 4))).toEqual([
      ['lid.txt', '3', 'unresolved'],
      ['gone.txt', '1 (old)', 'unresolved'],
    ]);
  });

  it('outdated: the commented line reads differently in the diff now', async () => {
    const p = setup();
    await reviewed(p);
    const extra = extraOf(s.server.state, p.pr);
    extra.diff = (extra.diff ?? '').replace('+LINE THREE', '+Line Three');
    const threads = json<Array<{ path: string; outdated: boolean }>>(await s.kettle(['pr', 'comments', p.n, ...p.R, '--json']));
    expect(threads.map((t) => [t.path, t.outdated])).toEqual([
      ['lid.txt', true],
      ['gone.txt', false],
    ]);
  });

  it('reply (Gitea 1.27: the replies endpoint) joins the conversation; resolve marks its first comment; --unresolved leaves it out', async () => {
    s.server.set({ flavor: G27 });
    const p = setup();
    const [lid] = await reviewed(p);
    const id = String(lid?.id);
    const r = await s.kettle(['pr', 'comments', 'reply', id, ...p.R, '--body', 'Fixed', '--json']);
    expectExit(r, 0);
    expect(sent(s, 'POST', `/repos/${p.full}/pulls/${p.n}/comments/${id}/replies`)[0]?.body).toEqual({ body: 'Fixed' });
    const replyId = (json(r) as { id: number }).id;
    // The reply's id names the same conversation: its first comment is the one resolved.
    const resolved = await s.kettle(['pr', 'comments', 'resolve', String(replyId), ...p.R]);
    expectExit(resolved, 0);
    expect(sent(s, 'POST', `/repos/${p.full}/pulls/comments/${id}/resolve`)).toHaveLength(1);
    expect(resolved.stderr).toContain(`✓ Resolved the conversation on lid.txt:3 of pull request #${p.n} in ${p.full}`);
    const threads = json<Array<{ id: number; state: string; resolver: string; comments: Array<{ body: string }> }>>(await s.kettle(['pr', 'comments', p.n, ...p.R, '--json']));
    expect(threads[0]).toMatchObject({ id: lid?.id, state: 'resolved', resolver: 'alice' });
    expect(threads[0]?.comments.map((c) => c.body)).toEqual(['Shouting', 'Fixed']);
    const open = json<Array<{ path: string }>>(await s.kettle(['pr', 'comments', p.n, ...p.R, '--unresolved', '--json']));
    expect(open.map((t) => t.path)).toEqual(['gone.txt']);
    s.server.resetRequests();
    const again = await s.kettle(['pr', 'comments', 'resolve', id, ...p.R]);
    expectExit(again, 0);
    expect(again.stderr).toMatch(/already resolved; nothing was changed/);
    expect(sent(s, 'POST')).toEqual([]);
    expectExit(await s.kettle(['pr', 'comments', 'unresolve', id, ...p.R]), 0);
    expect(sent(s, 'POST', `/repos/${p.full}/pulls/comments/${id}/unresolve`)).toHaveLength(1);
  });

  it('reply on Forgejo: a comment in the same review on the same line; by web URL too', async () => {
    s.server.set({ flavor: F11 });
    const p = setup();
    const [, gone] = await reviewed(p);
    const url = `${s.server.state.webRoot}/${p.full}/pulls/${p.n}/files#issuecomment-${gone?.id}`;
    const r = await s.kettle(['pr', 'comments', 'reply', url, '--body', 'It stays']);
    expectExit(r, 0);
    const post = sent(s, 'POST').find((x) => /\/reviews\/\d+\/comments$/.test(x.path));
    expect(post?.body).toEqual({ path: 'gone.txt', body: 'It stays', old_position: 1 });
    const threads = json<Array<{ comments: Array<{ body: string }> }>>(await s.kettle(['pr', 'comments', p.n, ...p.R, '--json']));
    expect(threads[1]?.comments.map((c) => c.body)).toEqual(['Keep it', 'It stays']);
  });

  it.each([
    [
      'Gitea 1.23.8',
      G23,
      'reply',
      /replying to a line comment needs Gitea 1\.27 or later or Forgejo; 127\.0\.0\.1(:\d+)? runs Gitea 1\.23\.8; there, a review comment on the same line joins its conversation/,
    ],
    ['Gitea 1.26.4', G26, 'reply', /needs Gitea 1\.27 or later or Forgejo; .* runs Gitea 1\.26\.4/],
    ['Gitea 1.23.8', G23, 'resolve', /resolving a conversation needs Gitea 1\.26 or later \(no release of Forgejo up to 15\.0\.3 has it\); .* runs Gitea 1\.23\.8/],
    ['Forgejo 11', F11, 'unresolve', /unresolving a conversation needs Gitea 1\.26 or later .* runs Forgejo 11\.0\.1/],
  ])('on %s, %s: one line naming the versions that have it, nothing sent', async (_name, flavor, verb, mention) => {
    s.server.set({ flavor });
    const p = setup();
    const [lid] = await reviewed(p);
    s.server.resetRequests();
    const r = await s.kettle(['pr', 'comments', verb, String(lid?.id), ...p.R, ...(verb === 'reply' ? ['--body', 'x'] : [])]);
    expectFailure(r, mention);
    expect(sent(s, 'POST')).toEqual([]);
  });

  it('a comment id that is no line comment: one line each (none in the repository, a conversation comment)', async () => {
    s.server.set({ flavor: G27 });
    const p = setup();
    expectFailure(await s.kettle(['pr', 'comments', 'resolve', '999999', ...p.R]), `${p.full} has no comment 999999`);
    const plain = json<{ id: number }>(await s.kettle(['pr', 'comment', p.n, ...p.R, '--body', 'hello', '--json']));
    s.server.resetRequests();
    expectFailure(await s.kettle(['pr', 'comments', 'reply', String(plain.id), ...p.R, '--body', 'x']), /is a conversation comment, not a line comment; answer it with: kettle pr comment NUMBER/);
    s.server.resetRequests();
    expectUsage(s, await s.kettle(['pr', 'comments', 'resolve', 'abc', ...p.R]), /invalid comment id "abc"/);
    expectUsage(s, await s.kettle(['pr', 'comments', 'reply', '5', ...p.R]), /a reply needs a body/);
  });

  it('parsing: pr comments 5 lists, pr comments reply 7 replies; pr review 5 reviews, pr review submit 5 submits (its flags its own)', async () => {
    const p = setup();
    expectExit(await s.kettle(['pr', 'comments', p.n, ...p.R]), 0);
    expect(sent(s, 'GET', reviewsPath(p))).toHaveLength(1);
    const help = await s.kettle(['pr', 'review', '--help']);
    expect(help.stdout).toContain('submit');
    expect(help.stdout).toContain('--comment-on');
    const submitHelp = await s.kettle(['pr', 'review', 'submit', '--help']);
    expect(submitHelp.stdout).toMatch(/Usage: kettle pr review submit \[options\] <number>/);
    expect(submitHelp.stdout).not.toContain('--comment-on');
  });
});
