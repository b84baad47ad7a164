// kettle label list|create|edit|delete, in-process against the in-memory server.
import { beforeAll, describe, expect, it } from 'vitest';
import { json } from '../support/harness.js';
import { expectExit, expectUsage, rows, sent, useServer } from '../support/suite.js';
import { triage } from '../server/routes-triage.js';
import type { Repo } from '../server/state.js';

const s = useServer({ runner: 'in-process' });
let repo: Repo;

const held = () => s.server.state.labels.filter((l) => l.repoId === repo.id);

beforeAll(() => {
  repo = s.server.state.addRepo('alice', 'labels', { init: true });
  // More than one page of 50.
  for (let i = 1; i <= 75; i++) s.server.state.addLabel(repo, `kind-${String(i).padStart(2, '0')}`, '00aabb');
});

describe('label list', () => {
  it('--all lists every page; plain lines show the colour as #rrggbb', async () => {
    const r = await s.kettle(['label', 'list', '-R', 'alice/labels', '--all']);
    expectExit(r, 0);
    expect(rows(r.stdout).map((row) => row[0])).toEqual(held().map((l) => l.name));
    expect(rows(r.stdout)[0]?.[1]).toBe('#00aabb');
    expect(sent(s, 'GET', '/repos/alice/labels/labels').length).toBe(2);
  });
});

describe('label create', () => {
  it.each([['d73a4a'], ['#D73A4A']])('takes the colour %s and sends #rrggbb; --exclusive is kept', async (color) => {
    const name = `new-${color.replace('#', 'h')}`;
    const r = await s.kettle(['label', 'create', name, '-R', 'alice/labels', '--color', color, '--description', 'Broken', '--exclusive', '--json']);
    expectExit(r, 0);
    expect(sent(s, 'POST', '/repos/alice/labels/labels')[0]?.body).toEqual({ name, color: '#d73a4a', description: 'Broken', exclusive: true });
    expect(json<{ exclusive: boolean; color: string }>(r)).toMatchObject({ exclusive: true, color: 'd73a4a' });
  });

  it.each([
    [['x', '--color', 'red'], /invalid --color "red"/],
    [['x', '--color', '#12345'], /invalid --color/],
    [['x'], /--color is required/],
  ])('refuses %j before any request', async (args, message) => {
    expectUsage(s, await s.kettle(['label', 'create', ...args, '-R', 'alice/labels']), message);
  });
});

describe('label create: a name that is there already', () => {
  // routers/api/v1/repo/label.go CreateLabel checks no uniqueness: the server would make a second one.
  it.each([['kind-03'], ['KIND-03']])('%s is refused before anything is sent, naming the label that exists', async (name) => {
    const existing = held().find((l) => l.name === 'kind-03');
    const before = held().length;
    const r = await s.kettle(['label', 'create', name, '-R', 'alice/labels', '--color', 'd73a4a']);
    expectExit(r, 1);
    expect(r.stderr).toBe(`kettle: alice/labels already has the label "kind-03" (id ${existing?.id}); nothing was created: change it with \`kettle label edit "kind-03" -R alice/labels\`\n`);
    expect(sent(s, 'POST')).toEqual([]);
    expect(held().length).toBe(before);
  });

  it('the in-memory server, like the real one, would have made a second label of that name', async () => {
    const before = held().filter((l) => l.name === 'kind-04').length;
    const r = await s.kettle(['api', '-X', 'POST', '/repos/alice/labels/labels', '-f', 'name=kind-04', '-f', 'color=#00aabb']);
    expectExit(r, 0);
    expect(held().filter((l) => l.name === 'kind-04').length).toBe(before + 1);
  });
});

describe('label edit --name onto a name that is there', () => {
  // routers/api/v1/repo/label.go EditLabel checks no uniqueness.
  it('is refused before anything is sent', async () => {
    const r = await s.kettle(['label', 'edit', 'kind-07', '-R', 'alice/labels', '--name', 'Kind-08']);
    expectExit(r, 1);
    expect(r.stderr).toMatch(/^kettle: alice\/labels already has the label "kind-08" \(id \d+\); label "kind-07" was not renamed\n$/);
    expect(sent(s, 'PATCH')).toEqual([]);
  });

  it('a change of case of its own name is a rename like any other', async () => {
    const r = await s.kettle(['label', 'edit', 'kind-09', '-R', 'alice/labels', '--name', 'Kind-09']);
    expectExit(r, 0);
    expect(held().some((l) => l.name === 'Kind-09')).toBe(true);
  });
});

describe('label edit: archived labels', () => {
  // routers/api/v1/repo/label.go EditLabel: SetArchived(is_archived != nil && *is_archived).
  it('an archived label stays archived when its colour changes', async () => {
    const label = held().find((l) => l.name === 'kind-05');
    triage(s.server.state).archived.add(label?.id as number);
    const r = await s.kettle(['label', 'edit', 'kind-05', '-R', 'alice/labels', '--color', '112233', '--json']);
    expectExit(r, 0);
    expect(sent(s, 'PATCH')[0]?.body).toEqual({ color: '#112233', is_archived: true });
    expect(triage(s.server.state).archived.has(label?.id as number)).toBe(true);
    expect(json<{ is_archived: boolean }>(r).is_archived).toBe(true);
  });

  it('the server unarchives a label when an edit leaves is_archived out', async () => {
    const label = held().find((l) => l.name === 'kind-06');
    triage(s.server.state).archived.add(label?.id as number);
    expectExit(await s.kettle(['api', '-X', 'PATCH', `/repos/alice/labels/labels/${label?.id}`, '-f', 'color=#445566']), 0);
    expect(triage(s.server.state).archived.has(label?.id as number)).toBe(false);
  });
});

describe('label edit', () => {
  it('finds the label by name on a later page and sends only what changes', async () => {
    const r = await s.kettle(['label', 'edit', 'KIND-70', '-R', 'alice/labels', '--name', 'kind-seventy', '--color', '00aabb', '--description', 'Seventy']);
    expectExit(r, 0);
    const target = held().find((l) => l.name === 'kind-seventy');
    expect(sent(s, 'PATCH').map((q) => [q.path, q.body])).toEqual([[`/repos/alice/labels/labels/${target?.id}`, { name: 'kind-seventy', description: 'Seventy', is_archived: false }]]);
  });

  it('an edit that changes nothing sends nothing', async () => {
    const r = await s.kettle(['label', 'edit', 'kind-01', '-R', 'alice/labels', '--color', '#00AABB']);
    expectExit(r, 0);
    expect(r.stderr).toMatch(/already is as asked; nothing was sent/);
    expect(sent(s, 'PATCH')).toEqual([]);
  });

  it('an unknown name exits 2 naming the close ones', async () => {
    const r = await s.kettle(['label', 'edit', 'kind-1', '-R', 'alice/labels', '--color', '000000']);
    expectExit(r, 2);
    expect(r.stderr).toMatch(/no label "kind-1" in alice\/labels; did you mean "kind-01"/);
    expect(sent(s, 'PATCH')).toEqual([]);
  });
});

describe('label delete', () => {
  it('refuses without --yes and without a terminal, sending nothing', async () => {
    expectUsage(s, await s.kettle(['label', 'delete', 'kind-02', '-R', 'alice/labels']), /pass --yes/);
  });

  it('--yes deletes by name; the label comes off the issues', async () => {
    const doomed = held().find((l) => l.name === 'kind-02');
    const i = s.server.state.addIssue(repo, 'alice', { title: 'Labelled', labels: [doomed?.id as number] });
    const r = await s.kettle(['label', 'delete', 'kind-02', '-R', 'alice/labels', '--yes']);
    expectExit(r, 0);
    expect(sent(s, 'DELETE').map((q) => q.path)).toEqual([`/repos/alice/labels/labels/${doomed?.id}`]);
    expect(held().some((l) => l.name === 'kind-02')).toBe(false);
    expect(i.labels).toEqual([]);
    expect(triage(s.server.state).exclusive.has(doomed?.id as number)).toBe(false);
  });
});
