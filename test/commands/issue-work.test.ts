// kettle issue dependency list|add|remove, issue react / pr react, and
// kettle time list|add|delete|reset|start|stop|cancel against the in-memory
// server, per release where the servers differ: what is already so is a note
// with nothing sent, what the servers would take badly (an issue blocked by
// itself, two issues blocking each other, an unknown reaction, a duration that
// does not parse) is refused before sending, and a repository with time
// tracking or dependencies turned off is one line saying so.
import { beforeAll, describe, expect, it } from 'vitest';
import { expectExit, expectUsage, sent, useServer } from '../support/suite.js';
import { issueWork, trackerOf } from '../server/routes-issue-work.js';
import { issueMeta } from '../server/routes-issue-meta.js';
import type { Repo } from '../server/state.js';

const s = useServer({ runner: 'in-process' });
const R = ['-R', 'alice/work'];
const G27 = { version: '1.27.0' };
const F11 = { forgejo: true };
const FLAVORS = [
  ['Gitea 1.23.8', {}],
  ['Gitea 1.27.0', G27],
  ['Forgejo 11.0.1', F11],
] as const;
const writes = () => s.server.requests.filter((q) => q.method !== 'GET');
const asBob = () => ({ env: { KETTLE_TOKEN: s.server.addToken('bob') } });

let repo: Repo;
let other: Repo;
const id = (n: number, r = repo) => s.server.state.issue(r, n)?.id as number;

beforeAll(() => {
  repo = s.server.state.addRepo('alice', 'work', { init: true });
  other = s.server.state.addRepo('alice', 'other', { init: true });
  for (let i = 1; i <= 5; i++) s.server.state.addIssue(repo, i === 5 ? 'bob' : 'alice', { title: `Work ${i}` });
  s.server.state.addIssue(repo, 'alice', { title: 'A pull', pull: { head: 'topic', base: 'main' } });
  s.server.state.addIssue(other, 'alice', { title: 'Elsewhere' });
});

const clearDeps = () => {
  issueWork(s.server.state).dependencies = [];
};

describe('issue dependency', () => {
  it.each(FLAVORS)('adds both ways, lists them, and a second add is a note with nothing sent (%s)', async (_name, flavor) => {
    s.server.set({ flavor });
    clearDeps();
    const r = await s.kettle(['issue', 'dependency', 'add', '1', '--blocked-by', '2', '--blocks', '#3', ...R]);
    expectExit(r, 0);
    expect(r.stderr).toMatch(/Added: #1 blocked by #2/);
    expect(r.stderr).toMatch(/Added: #1 blocks #3/);
    expect(sent(s, 'POST', '/repos/alice/work/issues/1/dependencies')[0]?.body).toEqual({ owner: 'alice', repo: 'work', index: 2 });
    expect(sent(s, 'POST', '/repos/alice/work/issues/1/blocks')[0]?.body).toEqual({ owner: 'alice', repo: 'work', index: 3 });
    expect(issueWork(s.server.state).dependencies).toEqual([
      [id(1), id(2)],
      [id(3), id(1)],
    ]);
    const list = await s.kettle(['issue', 'dependency', 'list', '1', ...R, '--json']);
    expectExit(list, 0);
    const rows = JSON.parse(list.stdout) as Array<{ relation: string; number: number; title: string }>;
    expect(rows.map((x) => [x.relation, x.number])).toEqual([
      ['blocked by', 2],
      ['blocks', 3],
    ]);
    const plain = await s.kettle(['issue', 'dependency', 'list', '3', ...R]);
    expect(plain.stdout).toBe('blocked by\t#1\topen\tWork 1\n');
    s.server.resetRequests();
    const again = await s.kettle(['issue', 'dependency', 'add', '1', '--blocked-by', '2', ...R]);
    expectExit(again, 0);
    expect(again.stderr).toMatch(/#1 is already blocked by #2 \(in alice\/work\); nothing was changed/);
    expect(writes()).toEqual([]);
  });

  it('removes; removing one not there is a note with nothing sent (the servers answer 500)', async () => {
    clearDeps();
    issueWork(s.server.state).dependencies.push([id(1), id(2)]);
    const r = await s.kettle(['issue', 'dependency', 'remove', '1', '--blocked-by', '2', ...R]);
    expectExit(r, 0);
    expect(r.stderr).toMatch(/Removed: #1 blocked by #2/);
    expect(sent(s, 'DELETE', '/repos/alice/work/issues/1/dependencies')).toHaveLength(1);
    expect(issueWork(s.server.state).dependencies).toEqual([]);
    s.server.resetRequests();
    const again = await s.kettle(['issue', 'dependency', 'rm', '1', '--blocks', '4', ...R]);
    expectExit(again, 0);
    expect(again.stderr).toMatch(/#1 does not block #4 \(in alice\/work\); nothing was changed/);
    expect(writes()).toEqual([]);
  });

  it('an issue blocked by itself, which every server takes, is refused before sending', async () => {
    const r = await s.kettle(['issue', 'dependency', 'add', '1', '--blocked-by', '1', ...R]);
    expectUsage(s, r, /an issue cannot depend on itself/);
    expect(s.server.requests).toEqual([]);
  });

  it('two issues blocking each other is refused before sending (the servers answer 500)', async () => {
    clearDeps();
    issueWork(s.server.state).dependencies.push([id(1), id(2)]);
    const r = await s.kettle(['issue', 'dependency', 'add', '1', '--blocks', '2', ...R]);
    expectExit(r, 1);
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
    expect(r.stderr).toMatch(/cannot make #1 blocks #2: #2 is blocking #1 already/);
    expect(writes()).toEqual([]);
  });

  it('takes OWNER/NAME#N from another repository', async () => {
    clearDeps();
    const r = await s.kettle(['issue', 'dependency', 'add', '1', '--blocked-by', 'alice/other#1', ...R]);
    expectExit(r, 0);
    expect(r.stderr).toMatch(/#1 blocked by alice\/other#1/);
    expect(sent(s, 'POST', '/repos/alice/work/issues/1/dependencies')[0]?.body).toEqual({ owner: 'alice', repo: 'other', index: 1 });
    const list = await s.kettle(['issue', 'dependency', 'list', '1', ...R]);
    expect(list.stdout).toBe('blocked by\talice/other#1\topen\tElsewhere\n');
  });

  it.each([
    ['no flag', [], /--blocked-by N or --blocks N/],
    ['a bad issue', ['--blocked-by', 'two'], /invalid --blocked-by "two"/],
    ['OWNER/NAME without #', ['--blocks', 'alice/other/1'], /invalid --blocks/],
  ])('bad input (%s): a usage error, nothing sent', async (_name, flags, message) => {
    const r = await s.kettle(['issue', 'dependency', 'add', '1', ...flags, ...R]);
    expectUsage(s, r, message);
    expect(s.server.requests).toEqual([]);
  });

  it('an issue that does not exist: one line naming it, nothing changed', async () => {
    clearDeps();
    const r = await s.kettle(['issue', 'dependency', 'add', '1', '--blocked-by', '99', ...R]);
    expectExit(r, 1);
    expect(r.stderr).toMatch(/issue #99 in alice\/work not found/);
    expect(issueWork(s.server.state).dependencies).toEqual([]);
    const list = await s.kettle(['issue', 'dependency', 'list', '99', ...R]);
    expectExit(list, 1);
    expect(list.stderr).toMatch(/issue #99 in alice\/work not found/);
  });

  it.each(FLAVORS)('a repository with dependencies turned off: one line saying so (%s)', async (_name, flavor) => {
    s.server.set({ flavor });
    trackerOf(s.server.state, repo).dependencies = false;
    try {
      for (const args of [
        ['list', '1'],
        ['add', '1', '--blocked-by', '2'],
      ]) {
        const r = await s.kettle(['issue', 'dependency', ...args, ...R]);
        expectExit(r, 1);
        expect(r.stderr).toBe('kettle: issue dependencies are disabled for alice/work\n');
      }
      expect(writes()).toEqual([]);
    } finally {
      trackerOf(s.server.state, repo).dependencies = true;
    }
  });
});

describe('issue react and pr react', () => {
  const reactions = () => issueWork(s.server.state).reactions.map((r) => [r.issueId, r.login, r.content]);

  it.each(FLAVORS)('takes the name or the emoji; a reaction made already is a note (the server answers 200, not 201) (%s)', async (_name, flavor) => {
    s.server.set({ flavor });
    issueWork(s.server.state).reactions = [];
    const r = await s.kettle(['issue', 'react', '1', '👍', ...R]);
    expectExit(r, 0);
    expect(r.stderr).toMatch(/Reacted 👍 \(\+1\) to issue #1 in alice\/work/);
    expect(sent(s, 'POST', '/repos/alice/work/issues/1/reactions')[0]?.body).toEqual({ content: '+1' });
    const again = await s.kettle(['issue', 'react', '1', '+1', ...R]);
    expectExit(again, 0);
    expect(again.stderr).toMatch(/you had reacted 👍 \(\+1\) to issue #1 in alice\/work already; nothing was changed/);
    const minus = await s.kettle(['issue', 'react', '1', '-1', ...R]);
    expectExit(minus, 0);
    expect(reactions()).toEqual([
      [id(1), 'alice', '+1'],
      [id(1), 'alice', '-1'],
    ]);
  });

  it.each([
    ['❤️', 'heart'],
    ['❤', 'heart'],
    [':tada:', 'hooray'],
    ['rocket', 'rocket'],
    ['👀', 'eyes'],
  ])('%s is sent as %s', async (given, name) => {
    issueWork(s.server.state).reactions = [];
    const r = await s.kettle(['pr', 'react', '6', given, ...R]);
    expectExit(r, 0);
    expect(r.stderr).toMatch(/to pull request #6 in alice\/work/);
    expect(sent(s, 'POST', '/repos/alice/work/issues/6/reactions')[0]?.body).toEqual({ content: name });
  });

  it('an unknown reaction names the ones the server allows, before sending', async () => {
    const r = await s.kettle(['issue', 'react', '1', 'wave', ...R]);
    expectExit(r, 2);
    expect(r.stderr).toBe('kettle: unknown reaction "wave": the server allows +1, -1, laugh, hooray, confused, heart, rocket, eyes (or their emoji)\n');
    // Only the server's list of reactions was asked for.
    expect(s.server.requests.map((q) => `${q.method} ${q.path}`)).toEqual(['GET /settings/ui']);
  });

  it('a reaction the server adds to its list is sent', async () => {
    const data = issueWork(s.server.state);
    data.allowedReactions = [...data.allowedReactions, 'coffee'];
    try {
      const r = await s.kettle(['issue', 'react', '2', 'coffee', ...R]);
      expectExit(r, 0);
      expect(sent(s, 'POST', '/repos/alice/work/issues/2/reactions')[0]?.body).toEqual({ content: 'coffee' });
    } finally {
      data.allowedReactions = data.allowedReactions.filter((x) => x !== 'coffee');
    }
  });

  it.each(FLAVORS)('--remove takes it back; one not there is a note with nothing sent (the servers answer alike) (%s)', async (_name, flavor) => {
    s.server.set({ flavor });
    issueWork(s.server.state).reactions = [{ issueId: id(1), login: 'alice', content: 'heart', created: '2026-01-01T00:00:00Z' }];
    const r = await s.kettle(['issue', 'react', '1', 'heart', '--remove', ...R]);
    expectExit(r, 0);
    expect(r.stderr).toMatch(/Removed your ❤️ \(heart\) from issue #1/);
    expect(reactions()).toEqual([]);
    s.server.resetRequests();
    const again = await s.kettle(['issue', 'react', '1', 'heart', '--remove', ...R]);
    expectExit(again, 0);
    expect(again.stderr).toMatch(/you have not reacted ❤️ \(heart\) to issue #1 in alice\/work; nothing was changed/);
    expect(writes()).toEqual([]);
  });

  it('a locked issue: the server’s refusal for one who may not write, in one line', async () => {
    s.server.set({ flavor: G27 });
    issueMeta(s.server.state).locks.set(id(5), '');
    try {
      const r = await s.kettle(['issue', 'react', '5', 'eyes', ...R], asBob());
      expectExit(r, 1);
      expect(r.stderr).toMatch(/cannot react to issue #5 in alice\/work: permission denied \(no permission to change reaction\)/);
    } finally {
      issueMeta(s.server.state).locks.delete(id(5));
    }
  });

  it('no such issue: one line', async () => {
    const r = await s.kettle(['issue', 'react', '99', 'eyes', ...R]);
    expectExit(r, 1);
    expect(r.stderr).toMatch(/issue #99 in alice\/work not found/);
  });
});

describe('time', () => {
  const entries = () =>
    issueWork(s.server.state)
      .times.filter((t) => !t.deleted)
      .map((t) => [t.issueId, t.login, t.time]);
  const clear = () => {
    const data = issueWork(s.server.state);
    data.times = [];
    data.stopwatches = [];
  };

  it.each([
    ['1h30m', 5400],
    ['45m', 2700],
    ['2h', 7200],
    ['1h 15m 30s', 4530],
    ['90s', 90],
    ['1h30min', 5400],
  ])('time add %s sends %d seconds', async (duration, seconds) => {
    clear();
    const r = await s.kettle(['time', 'add', '1', duration, ...R]);
    expectExit(r, 0);
    expect(sent(s, 'POST', '/repos/alice/work/issues/1/times')[0]?.body).toEqual({ time: seconds });
    expect(entries()).toEqual([[id(1), 'alice', seconds]]);
  });

  it.each([['1.5h'], ['90'], ['0m'], ['an hour'], ['1h-30m'], ['-1h']])('a duration that does not parse (%s) is refused, nothing sent', async (duration) => {
    const r = await s.kettle(['time', 'add', ...R, '1', '--', duration]);
    expectExit(r, 2);
    expect(r.stderr).toMatch(/invalid duration/);
    expect(s.server.requests).toEqual([]);
  });

  it.each(FLAVORS)('time list shows the entries as the page sums them up; --mine and --since filter on the server (%s)', async (_name, flavor) => {
    s.server.set({ flavor });
    clear();
    const data = issueWork(s.server.state);
    data.times.push({ id: 101, issueId: id(1), login: 'alice', time: 5400, created: '2026-03-01T10:00:00Z', deleted: false });
    data.times.push({ id: 102, issueId: id(2), login: 'bob', time: 45, created: '2026-03-05T10:00:00Z', deleted: false });
    const r = await s.kettle(['time', 'list', ...R]);
    expectExit(r, 0);
    expect(r.stdout).toBe('101\t#1\talice\t1h 30min\t2026-03-01T10:00:00Z\tWork 1\n102\t#2\tbob\t45s\t2026-03-05T10:00:00Z\tWork 2\n');
    const mine = await s.kettle(['time', 'list', '--mine', ...R, '--json']);
    expect((JSON.parse(mine.stdout) as Array<{ id: number }>).map((t) => t.id)).toEqual([101]);
    expect(sent(s, 'GET', '/repos/alice/work/times').at(-1)?.query).toMatchObject({ user: 'alice' });
    const since = await s.kettle(['time', 'list', '--since', '2026-03-03T00:00:00Z', ...R, '--json']);
    expect((JSON.parse(since.stdout) as Array<{ id: number }>).map((t) => t.id)).toEqual([102]);
    const one = await s.kettle(['time', 'list', '2', ...R, '--json']);
    expect((JSON.parse(one.stdout) as Array<{ id: number }>).map((t) => t.id)).toEqual([102]);
  });

  it('time list: one who may not write the issues sees their own entries only', async () => {
    clear();
    const data = issueWork(s.server.state);
    data.times.push({ id: 201, issueId: id(1), login: 'alice', time: 60, created: '2026-03-01T10:00:00Z', deleted: false });
    data.times.push({ id: 202, issueId: id(5), login: 'bob', time: 60, created: '2026-03-01T10:00:00Z', deleted: false });
    const r = await s.kettle(['time', 'list', ...R, '--json'], asBob());
    expectExit(r, 0);
    expect((JSON.parse(r.stdout) as Array<{ id: number }>).map((t) => t.id)).toEqual([202]);
  });

  it('a bad --since is a usage error, nothing sent', async () => {
    const r = await s.kettle(['time', 'list', '--since', 'yesterday', ...R]);
    expectUsage(s, r, /invalid --since "yesterday"/);
    expect(s.server.requests).toEqual([]);
  });

  it('time delete asks on no terminal for --yes; deletes with it; another user’s entry is refused', async () => {
    clear();
    const data = issueWork(s.server.state);
    data.times.push({ id: 301, issueId: id(1), login: 'alice', time: 60, created: '2026-03-01T10:00:00Z', deleted: false });
    data.times.push({ id: 302, issueId: id(1), login: 'bob', time: 60, created: '2026-03-01T10:00:00Z', deleted: false });
    const no = await s.kettle(['time', 'delete', '1', '301', ...R]);
    expectUsage(s, no, /refusing to delete time entry 301 of issue #1 in alice\/work without confirmation; pass --yes/);
    expect(writes()).toEqual([]);
    const r = await s.kettle(['time', 'delete', '1', '301', '--yes', ...R]);
    expectExit(r, 0);
    expect(r.stderr).toMatch(/Deleted time entry 301 of issue #1/);
    const again = await s.kettle(['time', 'delete', '1', '301', '--yes', ...R]);
    expectExit(again, 1);
    expect(again.stderr).toMatch(/time entry 301 of issue #1 in alice\/work not found/);
    const bobs = await s.kettle(['time', 'delete', '1', '302', '--yes', ...R]);
    expectExit(bobs, 1);
    expect(bobs.stderr).toMatch(/cannot delete time entry 302 of issue #1 in alice\/work: permission denied/);
    expect(entries()).toEqual([[id(1), 'bob', 60]]);
  });

  it('time delete with an ID that is no number: usage, nothing sent', async () => {
    const r = await s.kettle(['time', 'delete', '1', 'abc', '--yes', ...R]);
    expectUsage(s, r, /invalid entry ID "abc"/);
    expect(s.server.requests).toEqual([]);
  });

  it('time reset deletes the caller’s entries only; with none it is a note and nothing is sent', async () => {
    clear();
    const data = issueWork(s.server.state);
    data.times.push({ id: 401, issueId: id(2), login: 'alice', time: 3600, created: '2026-03-01T10:00:00Z', deleted: false });
    data.times.push({ id: 402, issueId: id(2), login: 'alice', time: 1800, created: '2026-03-01T10:00:00Z', deleted: false });
    data.times.push({ id: 403, issueId: id(2), login: 'bob', time: 60, created: '2026-03-01T10:00:00Z', deleted: false });
    const r = await s.kettle(['time', 'reset', '2', '--yes', ...R]);
    expectExit(r, 0);
    expect(r.stderr).toMatch(/Deleted your 2 entries \(1h 30min\) on issue #2 in alice\/work/);
    expect(entries()).toEqual([[id(2), 'bob', 60]]);
    s.server.resetRequests();
    const again = await s.kettle(['time', 'reset', '2', '--yes', ...R]);
    expectExit(again, 0);
    expect(again.stderr).toMatch(/you have no tracked time on issue #2 in alice\/work; nothing was changed/);
    expect(writes()).toEqual([]);
  });

  it.each(FLAVORS)('start, start again (a note), start elsewhere (stops the first, its time added), stop, cancel (%s)', async (_name, flavor) => {
    s.server.set({ flavor });
    clear();
    const start = await s.kettle(['time', 'start', '1', ...R]);
    expectExit(start, 0);
    expect(start.stderr).toMatch(/Started the stopwatch on issue #1 in alice\/work/);
    s.server.resetRequests();
    const again = await s.kettle(['time', 'start', '1', ...R]);
    expectExit(again, 0);
    expect(again.stderr).toMatch(/the stopwatch on issue #1 in alice\/work is already running.*nothing was changed/);
    expect(writes()).toEqual([]);
    const elsewhere = await s.kettle(['time', 'start', '2', ...R]);
    expectExit(elsewhere, 0);
    expect(elsewhere.stderr).toMatch(/stopped the stopwatch on alice\/work#1; its time .* was added there/);
    expect(entries().map((e) => e[0])).toEqual([id(1)]);
    const stop = await s.kettle(['time', 'stop', '2', ...R]);
    expectExit(stop, 0);
    expect(stop.stderr).toMatch(/Stopped the stopwatch on issue #2 in alice\/work; added \d+s/);
    expect(entries().map((e) => e[0])).toEqual([id(1), id(2)]);
    s.server.resetRequests();
    const stopAgain = await s.kettle(['time', 'stop', '2', ...R]);
    expect(stopAgain.stderr).toMatch(/no stopwatch is running on issue #2/);
    expect(writes()).toEqual([]);
    await s.kettle(['time', 'start', '3', ...R]);
    const cancel = await s.kettle(['time', 'cancel', '3', ...R]);
    expectExit(cancel, 0);
    expect(cancel.stderr).toMatch(/Cancelled the stopwatch on issue #3 in alice\/work; no time was added/);
    expect(entries().map((e) => e[0])).toEqual([id(1), id(2)]);
    expect(issueWork(s.server.state).stopwatches).toEqual([]);
  });

  it.each(FLAVORS)('a repository with time tracking turned off: one line saying so for every verb that sends (%s)', async (_name, flavor) => {
    s.server.set({ flavor });
    clear();
    trackerOf(s.server.state, repo).time = false;
    try {
      for (const args of [['list', '1'], ['list'], ['add', '1', '5m'], ['delete', '1', '1', '--yes'], ['reset', '1', '--yes'], ['start', '1']]) {
        const r = await s.kettle(['time', ...args, ...R]);
        expectExit(r, 1);
        expect(r.stderr, args.join(' ')).toBe('kettle: time tracking is disabled for alice/work\n');
      }
      expect(writes().filter((q) => q.status !== undefined && q.status < 400)).toEqual([]);
      expect(entries()).toEqual([]);
    } finally {
      trackerOf(s.server.state, repo).time = true;
    }
  });

  it('the stopwatch for one who may not write the issues: the server’s refusal', async () => {
    clear();
    const r = await s.kettle(['time', 'start', '1', ...R], asBob());
    expectExit(r, 1);
    expect(r.stderr).toMatch(/cannot start the stopwatch on issue #1 in alice\/work: permission denied/);
  });

  it('no such issue: one line', async () => {
    const r = await s.kettle(['time', 'add', '99', '1h', ...R]);
    expectExit(r, 1);
    expect(r.stderr).toMatch(/issue #99 in alice\/work not found/);
  });
});
