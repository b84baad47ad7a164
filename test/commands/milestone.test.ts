// kettle milestone list|view|create|edit|close|reopen|delete, in-process against the in-memory server.
import { beforeAll, describe, expect, it } from 'vitest';
import { rfc3339Local } from '../../src/commands/dates.js';
import { json } from '../support/harness.js';
import { expectExit, expectUsage, rows, sent, useServer } from '../support/suite.js';
import { addMilestone, type Milestone, setMilestone, triage } from '../server/routes-triage.js';
import type { Repo } from '../server/state.js';

const s = useServer({ runner: 'in-process' });
let repo: Repo;
let v1: Milestone;

const held = () => triage(s.server.state).milestones.filter((m) => m.repoId === repo.id);

beforeAll(() => {
  const state = s.server.state;
  repo = state.addRepo('alice', 'plans', { init: true });
  v1 = addMilestone(state, repo, 'v1.0', { due_on: '2020-01-01T00:00:00Z' });
  addMilestone(state, repo, 'v0.9', { state: 'closed' });
  for (let i = 1; i <= 3; i++) setMilestone(state, state.addIssue(repo, 'alice', { title: `Planned ${i}`, state: i === 3 ? 'closed' : 'open' }), v1);
});

describe('milestone list', () => {
  it('shows open and closed issue counts and the due date', async () => {
    const r = await s.kettle(['milestone', 'list', '-R', 'alice/plans']);
    expectExit(r, 0);
    expect(rows(r.stdout)).toEqual([[String(v1.id), 'v1.0', 'open', '2', '1', '2020-01-01T00:00:00Z']]);
  });

  it('marks an overdue open milestone on a terminal', async () => {
    const r = await s.kettle(['milestone', 'list', '-R', 'alice/plans', '--state', 'all'], { tty: { stdout: true }, columns: 120 });
    expectExit(r, 0);
    expect(r.stdout).toMatch(/v1\.0.*2020-01-01 \(overdue\)/);
    expect(r.stdout).toContain('v0.9');
    expect(sent(s, 'GET', '/repos/alice/plans/milestones')[0]?.query.state).toBe('all');
  });
});

describe('milestone create, view, edit', () => {
  it('create with a bare due date sends the end of that day in the local time zone', async () => {
    const r = await s.kettle(['milestone', 'create', 'v2.0', '-R', 'alice/plans', '--due', '2026-06-30', '--description', 'Big', '--json']);
    expectExit(r, 0);
    expect(sent(s, 'POST')[0]?.body).toEqual({ title: 'v2.0', description: 'Big', due_on: rfc3339Local(new Date(2026, 5, 30, 23, 59, 59)) });
    expect(json<{ title: string }>(r).title).toBe('v2.0');
  });

  it.each([['v1.0'], ['V1.0']])('view %s by title, exact first then ignoring case', async (name) => {
    const r = await s.kettle(['milestone', 'view', name, '-R', 'alice/plans', '--json']);
    expectExit(r, 0);
    expect(json<{ id: number; open_issues: number }>(r)).toMatchObject({ id: v1.id, open_issues: 2 });
  });

  it('view by number', async () => {
    const r = await s.kettle(['milestone', 'view', String(v1.id), '-R', 'alice/plans', '--json']);
    expect(json<{ title: string }>(r).title).toBe('v1.0');
  });

  it('edit sends only what changes; nothing changing sends nothing', async () => {
    const due = held().find((m) => m.title === 'v2.0')?.due_on;
    const r = await s.kettle(['milestone', 'edit', 'v2.0', '-R', 'alice/plans', '--title', 'v2.0', '--description', 'Bigger']);
    expectExit(r, 0);
    // The due date goes back with every edit: Gitea's edit would erase it otherwise.
    expect(sent(s, 'PATCH')[0]?.body).toEqual({ description: 'Bigger', due_on: due });
    s.server.resetRequests();
    const same = await s.kettle(['milestone', 'edit', 'v2.0', '-R', 'alice/plans', '--description', 'Bigger']);
    expectExit(same, 0);
    expect(same.stderr).toMatch(/nothing was sent/);
    expect(sent(s, 'PATCH')).toEqual([]);
  });

  it('an unknown title exits 2 naming the close ones', async () => {
    const r = await s.kettle(['milestone', 'view', 'v1', '-R', 'alice/plans']);
    expectExit(r, 2);
    expect(r.stderr).toMatch(/no milestone "v1" in alice\/plans; did you mean "v1\.0"/);
  });
});

describe('milestone close, reopen, delete', () => {
  it('close and reopen go through the state; doing it twice is a note', async () => {
    const due = held().find((m) => m.title === 'v2.0')?.due_on;
    expectExit(await s.kettle(['milestone', 'close', 'v2.0', '-R', 'alice/plans']), 0);
    expect(sent(s, 'PATCH')[0]?.body).toEqual({ state: 'closed', due_on: due });
    expect(held().find((m) => m.title === 'v2.0')?.state).toBe('closed');
    s.server.resetRequests();
    const again = await s.kettle(['milestone', 'close', 'v2.0', '-R', 'alice/plans']);
    expectExit(again, 0);
    expect(again.stderr).toMatch(/already closed; nothing to do/);
    expect(sent(s, 'PATCH')).toEqual([]);
    expectExit(await s.kettle(['milestone', 'reopen', 'v2.0', '-R', 'alice/plans']), 0);
    expect(held().find((m) => m.title === 'v2.0')?.state).toBe('open');
  });

  it('delete needs --yes without a terminal', async () => {
    expectUsage(s, await s.kettle(['milestone', 'delete', 'v2.0', '-R', 'alice/plans']), /pass --yes/);
    const r = await s.kettle(['milestone', 'delete', 'v2.0', '-R', 'alice/plans', '--yes']);
    expectExit(r, 0);
    expect(held().some((m) => m.title === 'v2.0')).toBe(false);
  });
});
