// Triage: labels, assignees, milestones and due dates by name on issue create
// and edit; several numbers at once; close/reopen/delete; list filters; status.
import { beforeAll, describe, expect, it } from 'vitest';
import { rfc3339Local } from '../../src/commands/dates.js';
import { json } from '../support/harness.js';
import { expectExit, expectUsage, rows, sent, useServer } from '../support/suite.js';
import { addMilestone, addOrgLabel, setMilestone, triage } from '../server/routes-triage.js';
import type { Issue, Repo } from '../server/state.js';

const s = useServer({ runner: 'in-process' });

type IssueJson = {
  number: number;
  state: string;
  labels: Array<{ id: number; name: string }>;
  assignees: Array<{ login: string }> | null;
  milestone: { id: number; title: string } | null;
  due_date: string | null;
};

let repo: Repo;
const label: Record<string, number> = {};

function issue(number: number): Issue {
  const found = s.server.state.issue(repo, number);
  if (!found) throw new Error(`no issue ${number}`);
  return found;
}

const writes = () => s.server.requests.filter((q) => q.method !== 'GET');

beforeAll(() => {
  const state = s.server.state;
  repo = state.addRepo('wonderland', 'triage', { init: true });
  for (const name of ['bug', 'Bug-report', 'needs-info', 'triaged', 'docs']) label[name] = state.addLabel(repo, name).id;
  // More labels than one page of 50: names past the first page must resolve too.
  for (let i = 1; i <= 120; i++) state.addLabel(repo, `area/${String(i).padStart(3, '0')}`);
  label['org-wide'] = addOrgLabel(state, 'wonderland', 'org-wide').id;
  addMilestone(state, repo, 'v1.2');
  addMilestone(state, repo, 'v2.0', { state: 'closed' });
  for (let i = 1; i <= 6; i++) state.addIssue(repo, i % 2 ? 'alice' : 'bob', { title: `Triage issue ${i}`, body: i === 3 ? 'ping @carol' : '' });
  issue(2).labels = [label.bug as number];
  issue(2).assignees = ['bob'];
  setMilestone(state, issue(2), triage(state).milestones[0] ?? null);
  issue(5).state = 'closed';
});

describe('names, not ids', () => {
  it('edit --add-label by name: found past the first page, organization labels too, one lookup', async () => {
    const r = await s.kettle(['issue', 'edit', '1', '-R', 'wonderland/triage', '--add-label', 'area/117,org-wide', '--add-label', 'TRIAGED', '--json']);
    expectExit(r, 0);
    const ids = json<IssueJson>(r).labels.map((l) => l.name);
    expect(ids.sort()).toEqual(['area/117', 'org-wide', 'triaged']);
    const lookups = sent(s, 'GET', '/repos/wonderland/triage/labels');
    expect(lookups.length).toBeGreaterThan(2);
    expect(new Set(lookups.map((q) => q.query.page)).size).toBe(lookups.length);
    expect(sent(s, 'GET', '/orgs/wonderland/labels')).toHaveLength(1);
    expect(sent(s, 'POST', '/repos/wonderland/triage/issues/1/labels')[0]?.body).toEqual({
      labels: [s.server.state.labels.find((l) => l.name === 'area/117')?.id, label['org-wide'], label.triaged],
    });
  });

  it.each([
    ['an unknown name, listing the close ones', ['--add-label', 'bgu'], /no label "bgu" in wonderland\/triage; did you mean "bug"/],
    ['one unknown name among names matched ignoring case', ['--add-label', 'BUG-REPORT,Docs', '--add-label', 'zzz'], /no label "zzz" in wonderland\/triage/],
    ['an unknown milestone', ['--milestone', 'v9'], /no milestone "v9" in wonderland\/triage/],
  ])('exits 2 on %s before anything is written', async (_what, flags, message) => {
    const r = await s.kettle(['issue', 'edit', '1', '-R', 'wonderland/triage', ...flags]);
    expectExit(r, 2);
    expect(r.stderr).toMatch(message);
    expect(writes()).toEqual([]);
  });

  it('an exact name wins over names that differ only in case', async () => {
    s.server.state.addLabel(repo, 'BUG');
    const r = await s.kettle(['issue', 'edit', '4', '-R', 'wonderland/triage', '--add-label', 'bug', '--json']);
    expectExit(r, 0);
    expect(json<IssueJson>(r).labels.map((l) => l.id)).toEqual([label.bug]);
    const again = await s.kettle(['issue', 'edit', '4', '-R', 'wonderland/triage', '--add-label', 'Bug']);
    expectExit(again, 2);
    expect(again.stderr).toMatch(/label "Bug" is ambiguous in wonderland\/triage: it could be bug \(id \d+\), BUG \(id \d+\)/);
  });

  it('create takes labels, assignees (repeated and comma-separated, @me), a milestone by title and a due date', async () => {
    const r = await s.kettle([
      'issue',
      'create',
      '-R',
      'wonderland/triage',
      '--title',
      'Named',
      '--label',
      'docs,needs-info',
      '-a',
      'bob,@me',
      '--assignee',
      'carol',
      '--milestone',
      'v1.2',
      '--due',
      '2026-03-01',
      '--json',
    ]);
    expectExit(r, 0);
    const made = json<IssueJson>(r);
    const body = sent(s, 'POST', '/repos/wonderland/triage/issues')[0]?.body as Record<string, unknown>;
    expect(body).toMatchObject({ labels: [label.docs, label['needs-info']], assignees: ['bob', 'alice', 'carol'], milestone: made.milestone?.id });
    expect(body.due_date).toBe(rfc3339Local(new Date(2026, 2, 1, 23, 59, 59)));
    expect(made.milestone?.title).toBe('v1.2');
    expect(Date.parse(made.due_date ?? '')).toBe(new Date(2026, 2, 1, 23, 59, 59).getTime());
    expect(issue(made.number).assignees).toEqual(['bob', 'alice', 'carol']);
  });
});

describe('issue edit', () => {
  it('--remove-label uses DELETE …/labels/{id}; assignees are computed from the current ones', async () => {
    const r = await s.kettle(['issue', 'edit', '2', '-R', 'wonderland/triage', '--remove-label', 'bug', '--add-assignee', 'carol', '--remove-assignee', 'bob', '--json']);
    expectExit(r, 0);
    expect(sent(s, 'DELETE').map((q) => q.path)).toEqual([`/repos/wonderland/triage/issues/2/labels/${label.bug}`]);
    expect(sent(s, 'PATCH', '/repos/wonderland/triage/issues/2')[0]?.body).toEqual({ assignees: ['carol'] });
    expect(issue(2).labels).toEqual([]);
    expect(json<IssueJson>(r).assignees?.map((a) => a.login)).toEqual(['carol']);
  });

  it('--milestone, --remove-milestone, --due and --remove-due', async () => {
    const set = await s.kettle(['issue', 'edit', '6', '-R', 'wonderland/triage', '--milestone', 'v2.0', '--due', '2026-05-04T10:00:00Z']);
    expectExit(set, 0);
    const v2 = triage(s.server.state).milestones.find((m) => m.title === 'v2.0');
    // The server stores the end of the day named (EditIssue): that is what is sent.
    expect(sent(s, 'PATCH')[0]?.body).toEqual({ milestone: v2?.id, due_date: '2026-05-04T23:59:59Z' });
    s.server.resetRequests();
    const unset = await s.kettle(['issue', 'edit', '6', '-R', 'wonderland/triage', '--remove-milestone', '--remove-due', '--json']);
    expectExit(unset, 0);
    expect(sent(s, 'PATCH')[0]?.body).toEqual({ milestone: 0, unset_due_date: true });
    expect(json<IssueJson>(unset)).toMatchObject({ milestone: null, due_date: null });
  });

  it('an edit that changes nothing says so and sends nothing', async () => {
    const r = await s.kettle(['issue', 'edit', '6', '-R', 'wonderland/triage', '--remove-milestone', '--remove-label', 'docs', '--title', 'Triage issue 6']);
    expectExit(r, 0);
    expect(r.stderr).toMatch(/already is as asked; nothing was sent/);
    expect(writes()).toEqual([]);
  });

  it.each([
    [['--milestone', 'v1.2', '--remove-milestone'], /--milestone or --remove-milestone/],
    [['--due', '2026-02-30'], /invalid --due "2026-02-30"/],
    [['--due', 'tomorrow'], /invalid --due/],
    [[], /nothing to change/],
  ])('refuses %j before any request', async (flags, message) => {
    expectUsage(s, await s.kettle(['issue', 'edit', '6', '-R', 'wonderland/triage', ...flags]), message);
  });
});

describe('several numbers at once', () => {
  it('edit 3 4 --add-label: one line per number in the order given, a JSON array', async () => {
    const r = await s.kettle(['issue', 'edit', '4', '3', '-R', 'wonderland/triage', '--add-label', 'triaged', '--json']);
    expectExit(r, 0);
    expect(json<IssueJson[]>(r).map((i) => i.number)).toEqual([4, 3]);
    expect(r.stderr.split('\n').filter(Boolean)).toEqual([
      `✓ Edited issue #4 in wonderland/triage ${s.server.url}/wonderland/triage/issues/4`,
      `✓ Edited issue #3 in wonderland/triage ${s.server.url}/wonderland/triage/issues/3`,
    ]);
    expect(issue(3).labels).toContain(label.triaged);
  });

  it('close 1 5 404 --comment: a closed one is a note with nothing sent, a missing one fails by name, exit 1', async () => {
    const r = await s.kettle(['issue', 'close', '1', '5', '404', '-R', 'wonderland/triage', '--comment', 'Done', '--json']);
    expectExit(r, 1);
    expect(r.stderr.split('\n').filter(Boolean)).toEqual([
      `✓ Closed issue #1 in wonderland/triage ${s.server.url}/wonderland/triage/issues/1`,
      'Issue #5 in wonderland/triage is already closed; nothing to do',
      'kettle: issue #404 in wonderland/triage not found',
      'kettle: 1 of 3 failed: #404',
    ]);
    expect(json<IssueJson[]>(r).map((i) => [i.number, i.state])).toEqual([
      [1, 'closed'],
      [5, 'closed'],
    ]);
    expect(writes().map((q) => `${q.method} ${q.path}`)).toEqual(['POST /repos/wonderland/triage/issues/1/comments', 'PATCH /repos/wonderland/triage/issues/1']);
  });

  it('runs the numbers concurrently, at most 4 at a time', async () => {
    s.server.set({ latencyMs: 40 });
    const numbers = ['1', '2', '3', '4', '5', '6', '7'];
    const r = await s.kettle(['issue', 'reopen', ...numbers, '-R', 'wonderland/triage']);
    expectExit(r, 0);
    expect(s.server.maxInFlight).toBeGreaterThan(1);
    expect(s.server.maxInFlight).toBeLessThanOrEqual(4);
    expect(
      r.stderr
        .split('\n')
        .filter(Boolean)
        .map((l) => /#(\d+)/.exec(l)?.[1]),
    ).toEqual(numbers);
  });

  it('reopening an open issue is success with a note, nothing sent', async () => {
    const r = await s.kettle(['issue', 'reopen', '2', '-R', 'wonderland/triage']);
    expectExit(r, 0);
    expect(r.stderr).toBe('Issue #2 in wonderland/triage is already open; nothing to do\n');
    expect(writes()).toEqual([]);
  });
});

describe('issue delete', () => {
  it('without a terminal and without --yes exits 2, sending nothing', async () => {
    expectUsage(s, await s.kettle(['issue', 'delete', '6', '-R', 'wonderland/triage']), /pass --yes/);
  });

  it('--yes deletes each number', async () => {
    const extra = [s.server.state.addIssue(repo, 'alice', { title: 'Spam 1' }), s.server.state.addIssue(repo, 'alice', { title: 'Spam 2' })];
    const r = await s.kettle(['issue', 'delete', ...extra.map((i) => String(i.number)), '-R', 'wonderland/triage', '--yes']);
    expectExit(r, 0);
    expect(sent(s, 'DELETE').map((q) => q.path)).toEqual(extra.map((i) => `/repos/wonderland/triage/issues/${i.number}`));
    for (const i of extra) expect(s.server.state.issue(repo, i.number)).toBeUndefined();
  });
});

describe('issue list filters', () => {
  it('maps every filter to the server query parameter, @me being the logged-in user', async () => {
    const r = await s.kettle([
      'issue',
      'list',
      '-R',
      'wonderland/triage',
      '--state',
      'all',
      '-l',
      'Triaged',
      '--label',
      'area/117',
      '--milestone',
      'v1.2',
      '--assignee',
      '@me',
      '--author',
      'alice',
      '--mention',
      'carol',
      '--search',
      'issue',
      '--since',
      '2020-01-01',
      '--before',
      '2099-12-31',
    ]);
    expectExit(r, 0);
    expect(sent(s, 'GET', '/repos/wonderland/triage/issues')[0]?.query).toMatchObject({
      labels: 'triaged,area/117',
      milestones: 'v1.2',
      assigned_by: 'alice',
      created_by: 'alice',
      mentioned_by: 'carol',
      q: 'issue',
      since: rfc3339Local(new Date(2020, 0, 1, 0, 0, 0)),
      before: rfc3339Local(new Date(2099, 11, 31, 23, 59, 59)),
    });
  });

  it.each([
    [
      ['--label', 'triaged', '--label', 'area/117'],
      (i: Issue) => i.labels.includes(label.triaged as number) && i.labels.some((l) => s.server.state.labels.find((x) => x.id === l)?.name === 'area/117'),
    ],
    [['--author', 'bob'], (i: Issue) => i.author === 'bob'],
    [['--mention', 'carol'], (i: Issue) => i.body.includes('@carol')],
    [['--assignee', 'carol'], (i: Issue) => i.assignees.includes('carol')],
  ])('%j lists exactly the matching issues', async (flags, wanted) => {
    const r = await s.kettle(['issue', 'list', '-R', 'wonderland/triage', '--state', 'all', '--all', '--json', '--fields', 'number', ...flags]);
    expectExit(r, 0);
    const expected = s.server.state
      .issuesOf(repo)
      .filter((i) => !i.pull && wanted(i))
      .map((i) => i.number)
      .reverse();
    expect(expected.length).toBeGreaterThan(0);
    expect(json<Array<{ number: number }>>(r).map((i) => i.number)).toEqual(expected);
  });

  it('refuses an unknown label before listing', async () => {
    const r = await s.kettle(['issue', 'list', '-R', 'wonderland/triage', '--label', 'nope']);
    expectExit(r, 2);
    expect(sent(s, 'GET', '/repos/wonderland/triage/issues')).toEqual([]);
  });
});

describe('issue status', () => {
  it('three sections from /repos/issues/search, as JSON', async () => {
    const r = await s.kettle(['issue', 'status', '--json']);
    expectExit(r, 0);
    const out = json<Record<string, Array<{ id: number }>>>(r);
    expect(Object.keys(out)).toEqual(['assigned', 'mentioned', 'created']);
    const open = s.server.state.issues.filter((i) => !i.pull && i.state === 'open');
    expect(out.assigned?.map((i) => i.id).sort()).toEqual(
      open
        .filter((i) => i.assignees.includes('alice'))
        .map((i) => i.id)
        .sort(),
    );
    expect(out.created?.map((i) => i.id).sort()).toEqual(
      open
        .filter((i) => i.author === 'alice')
        .map((i) => i.id)
        .sort(),
    );
    const queries = sent(s, 'GET', '/repos/issues/search').map((q) => q.query);
    for (const flag of ['assigned', 'mentioned', 'created']) expect(queries).toContainEqual(expect.objectContaining({ [flag]: 'true', state: 'open', type: 'issues' }));
  });

  it('plain lines lead with the section', async () => {
    const r = await s.kettle(['issue', 'status']);
    expectExit(r, 0);
    const sections = new Set(rows(r.stdout).map((row) => row[0]));
    expect([...sections]).toEqual(expect.arrayContaining(['assigned', 'created']));
  });
});
