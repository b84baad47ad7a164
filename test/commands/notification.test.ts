// kettle notification list|read, run in-process against the in-memory server,
// whose threads come from the demo (alice: one unread, one pinned, one read)
// and from what the tests change in watched repositories.
import { beforeEach, describe, expect, it } from 'vitest';
import { json } from '../support/harness.js';
import { expectExit, expectFailure, expectUsage, rows, sent, useServer } from '../support/suite.js';
import { addThread, inbox, type Thread, watch } from '../server/routes-inbox.js';
import type { Issue } from '../server/state.js';

const s = useServer({ runner: 'in-process' });

function issueOf(owner: string, repo: string, n: number): Issue {
  const r = s.server.state.repo(owner, repo);
  const issue = r && s.server.state.issue(r, n);
  if (!issue) throw new Error(`no ${owner}/${repo}#${n}`);
  return issue;
}

const threadsOf = (login: string): Thread[] => inbox(s.server.state).threads.filter((t) => t.user === login);

beforeEach(() => {
  // Each test starts from the demo's three threads of alice's.
  const data = inbox(s.server.state);
  data.threads = data.threads.filter((t) => t.user === 'alice').slice(0, 3);
  data.threads[0] && (data.threads[0].status = 'unread');
  data.threads[1] && (data.threads[1].status = 'pinned');
  data.threads[2] && (data.threads[2].status = 'read');
});

describe('notification list', () => {
  it('shows the unread threads: id, repository, type, title, status, updated', async () => {
    const r = await s.kettle(['notification', 'list']);
    expectExit(r, 0);
    const unread = threadsOf('alice').filter((t) => t.status === 'unread');
    expect(rows(r.stdout)).toEqual(unread.map((t) => [String(t.id), 'alice/teapot', 'Pull', 'Quieter lid', 'unread', t.updated_at]));
    expect(sent(s, 'GET', '/notifications')[0]?.query).toMatchObject({ 'status-types': 'unread' });
  });

  it.each([
    ['--pinned', ['pinned']],
    ['--read', ['read']],
  ])('%s: only those', async (flag, wanted) => {
    const r = await s.kettle(['notification', 'list', flag, '--json']);
    expectExit(r, 0);
    const ids = threadsOf('alice')
      .filter((t) => wanted.includes(t.status))
      .map((t) => t.id);
    expect(json<Array<{ id: number }>>(r).map((t) => t.id)).toEqual(ids);
  });

  it('the status flags combine: all three list every thread, newest update first', async () => {
    const r = await s.kettle(['notification', 'list', '--unread', '--read', '--pinned', '--json']);
    expectExit(r, 0);
    const all = [...threadsOf('alice')].sort((a, b) => (a.updated_at < b.updated_at ? 1 : -1)).map((t) => t.id);
    expect(json<Array<{ id: number }>>(r).map((t) => t.id)).toEqual(all);
  });

  it('--type and -R narrow it on the server', async () => {
    addThread(s.server.state, 'alice', issueOf('alice', 'teapot', 2));
    const r = await s.kettle(['notification', 'list', '--type', 'issue', '-R', 'alice/teapot', '--json']);
    expectExit(r, 0);
    expect(json<Array<{ subject: { title: string; type: string } }>>(r).map((t) => [t.subject.type, t.subject.title])).toEqual([['Issue', 'Spout drips after pouring']]);
    expect(sent(s, 'GET', '/repos/alice/teapot/notifications')[0]?.query).toMatchObject({ 'subject-type': 'issue', 'status-types': 'unread' });
  });

  it('--json: the server records, complete', async () => {
    const r = await s.kettle(['notification', 'list', '--json']);
    expectExit(r, 0);
    const [thread] = json<Array<Record<string, unknown>>>(r);
    expect(thread).toMatchObject({ unread: true, pinned: false, subject: { type: 'Pull', state: 'open' }, repository: { full_name: 'alice/teapot' } });
    expect(thread?.url).toMatch(/\/api\/v1\/notifications\/threads\/\d+$/);
  });

  it('an empty inbox says so on a terminal, prints nothing in a pipe', async () => {
    for (const t of threadsOf('alice')) t.status = 'read';
    const tty = await s.kettle(['notification', 'list'], { tty: true });
    expectExit(tty, 0);
    expect(tty.stderr).toContain('No unread notifications');
    const piped = await s.kettle(['notification', 'list']);
    expect(piped.stdout).toBe('');
  });

  it('refuses an unknown --type before any request', async () => {
    expectUsage(s, await s.kettle(['notification', 'list', '--type', 'release']), /--type/);
  });

  it('a failing page leaves stdout empty and exits 1', async () => {
    s.server.fault({ kind: 'status', status: 500, path: '/notifications' });
    const r = await s.kettle(['notification', 'list']);
    expectExit(r, 1);
    expect(r.stdout).toBe('');
  });
});

describe('notifications made by changes', () => {
  it('bob commenting on an issue of a repository alice watches makes her an unread thread; bob gets none', async () => {
    const before = threadsOf('alice').length;
    const r = await s.kettle(['issue', 'comment', '1', '-R', 'alice/teapot', '--body', 'Seen it too']);
    expectExit(r, 0);
    // alice made the comment: she is the doer and hears nothing of it; bob (the poster of #2) is not involved in #1.
    expect(threadsOf('alice')).toHaveLength(before);
    const bob = s.server.addToken('bob');
    const r2 = await s.kettle(['issue', 'comment', '1', '-R', 'alice/teapot', '--body', 'Me too'], { env: { KETTLE_TOKEN: bob } });
    expectExit(r2, 0);
    const made = threadsOf('alice').find((t) => t.issueId === issueOf('alice', 'teapot', 1).id);
    expect(made).toMatchObject({ status: 'unread', source: 'issue', updatedBy: 'bob' });
    expect(threadsOf('bob')).toHaveLength(0);
  });

  it('a read thread becomes unread again on a change; a pinned one stays pinned', async () => {
    const [unread, pinned, read] = threadsOf('alice') as [Thread, Thread, Thread];
    unread.status = 'read';
    const bob = s.server.addToken('bob');
    const pull = s.server.state.issues.find((i) => i.id === unread.issueId) as Issue;
    const idea = s.server.state.issues.find((i) => i.id === pinned.issueId) as Issue;
    const repo = s.server.state.repoById(pull.repoId);
    expectExit(await s.kettle(['pr', 'comment', String(pull.number), '-R', `alice/${repo?.name}`, '--body', 'ping'], { env: { KETTLE_TOKEN: bob } }), 0);
    expectExit(await s.kettle(['issue', 'comment', String(idea.number), '-R', 'alice/teapot', '--body', 'ping'], { env: { KETTLE_TOKEN: bob } }), 0);
    expect([unread.status, pinned.status, read.status]).toEqual(['unread', 'pinned', 'read']);
  });

  it('assigning someone tells them alone; a new issue in a watched repository tells the watchers', async () => {
    watch(s.server.state, s.server.state.repo('alice', 'teapot') as NonNullable<ReturnType<typeof s.server.state.repo>>, 'carol');
    const r = await s.kettle(['issue', 'create', '-R', 'alice/teapot', '--title', 'Tea cosy', '--assignee', 'bob', '--json']);
    expectExit(r, 0);
    const made = issueOf('alice', 'teapot', json<{ number: number }>(r).number);
    expect(threadsOf('bob').map((t) => t.issueId)).toEqual([made.id]);
    expect(threadsOf('carol').map((t) => t.issueId)).toEqual([made.id]);
    // alice opened it: nothing for her.
    expect(threadsOf('alice').some((t) => t.issueId === made.id)).toBe(false);
  });

  it('requesting a review tells the reviewer alone; a work-in-progress pull request tells no watcher', async () => {
    const teapot = s.server.state.repo('alice', 'teapot') as NonNullable<ReturnType<typeof s.server.state.repo>>;
    teapot.branches.push('wip/handle');
    const bob = s.server.addToken('bob');
    const made = await s.kettle(['pr', 'create', '-R', 'alice/teapot', '--head', 'wip/handle', '--base', 'main', '--title', 'WIP: cooler handle', '--body', 'b', '--json'], {
      env: { KETTLE_TOKEN: bob },
    });
    expectExit(made, 0);
    const pr = issueOf('alice', 'teapot', json<{ number: number }>(made).number);
    // alice watches alice/teapot, but a WIP pull request reaches only its participants.
    expect(threadsOf('alice').some((t) => t.issueId === pr.id)).toBe(false);
    const r = await s.kettle(['pr', 'edit', String(pr.number), '-R', 'alice/teapot', '--add-reviewer', 'carol'], { env: { KETTLE_TOKEN: bob } });
    expectExit(r, 0);
    expect(threadsOf('carol').filter((t) => t.issueId === pr.id)).toEqual([expect.objectContaining({ source: 'pull', status: 'unread', updatedBy: 'bob' })]);
    expect(threadsOf('alice').some((t) => t.issueId === pr.id)).toBe(false);
  });
});

describe('notification read', () => {
  it('marks the named threads read, one line each in the order given', async () => {
    const [a] = threadsOf('alice') as [Thread];
    const extra = addThread(s.server.state, 'alice', issueOf('alice', 'teapot', 2));
    const r = await s.kettle(['notification', 'read', String(extra.id), String(a.id)]);
    expectExit(r, 0);
    expect(r.stderr.split('\n').filter(Boolean)).toEqual([`✓ Marked thread ${extra.id} read (Spout drips after pouring)`, `✓ Marked thread ${a.id} read (Quieter lid)`]);
    expect([extra.status, a.status]).toEqual(['read', 'read']);
    expect(sent(s, 'PATCH', `/notifications/threads/${a.id}`)[0]?.query).toEqual({ 'to-status': 'read' });
  });

  it('a thread already read (or pinned) is success with a note, and nothing is sent', async () => {
    const [, pinned, read] = threadsOf('alice') as [Thread, Thread, Thread];
    const r = await s.kettle(['notification', 'read', String(read.id), String(pinned.id)]);
    expectExit(r, 0);
    expect(r.stderr).toContain(`Thread ${read.id} (Move the party to six o'clock) is already read; nothing to do`);
    expect(r.stderr).toContain(`is already pinned; nothing to do`);
    expect(sent(s, 'PATCH')).toHaveLength(0);
    expect(pinned.status).toBe('pinned');
  });

  it('--all marks every unread thread read and leaves pinned ones pinned', async () => {
    addThread(s.server.state, 'alice', issueOf('alice', 'teapot', 2));
    const r = await s.kettle(['notification', 'read', '--all']);
    expectExit(r, 0);
    expect(r.stderr).toBe('✓ Marked 2 notifications read\n');
    expect(
      threadsOf('alice')
        .map((t) => t.status)
        .sort(),
    ).toEqual(['pinned', 'read', 'read', 'read']);
    expect(sent(s, 'PUT', '/notifications')[0]?.query).toEqual({ 'status-types': 'unread', 'to-status': 'read' });
  });

  it('--all -R: only that repository', async () => {
    const other = addThread(s.server.state, 'alice', issueOf('wonderland', 'tea-party', 2));
    const r = await s.kettle(['notification', 'read', '--all', '-R', 'wonderland/tea-party', '--json']);
    expectExit(r, 0);
    expect(json<Array<{ id: number }>>(r).map((t) => t.id)).toEqual([other.id]);
    expect(threadsOf('alice')[0]?.status).toBe('unread');
    expect(r.stderr).toBe('✓ Marked 1 notification in wonderland/tea-party read\n');
  });

  it('--all with nothing unread: a note, exit 0', async () => {
    for (const t of threadsOf('alice')) if (t.status === 'unread') t.status = 'read';
    const r = await s.kettle(['notification', 'read', '--all']);
    expectExit(r, 0);
    expect(r.stderr).toBe('No unread notifications; nothing to mark\n');
  });

  it.each([
    [['notification', 'read', 'abc'], /invalid thread id "abc"/],
    [['notification', 'read', '0'], /invalid thread id "0"/],
    [['notification', 'read'], /name the threads to mark read/],
    [['notification', 'read', '3', '--all'], /thread ids or --all, not both/],
    [['notification', 'read', '3', '-R', 'alice/teapot'], /-R goes with --all/],
  ])('%j: exit 2 before sending', async (args, message) => {
    expectUsage(s, await s.kettle(args), message);
  });

  it("another user's thread is refused (403), a missing one named", async () => {
    const bobs = addThread(s.server.state, 'bob', issueOf('alice', 'teapot', 1));
    expectFailure(await s.kettle(['notification', 'read', String(bobs.id)]), /^kettle: .*only user itself and admin are allowed/);
    expectFailure(await s.kettle(['notification', 'read', '99999']), 'notification thread 99999 not found');
  });

  it('several ids, one failing: the others are done and exit 1 names the failure', async () => {
    const [a] = threadsOf('alice') as [Thread];
    const r = await s.kettle(['notification', 'read', String(a.id), '99999']);
    expectExit(r, 1);
    expect(a.status).toBe('read');
    expect(r.stderr).toContain('1 of 2 failed: #99999');
  });
});
