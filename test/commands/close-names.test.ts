// An unknown label or milestone name lists the close ones (a swap of two
// letters counts as one edit), or all of them when there are few; in-process
// against the in-memory server.
import { beforeAll, describe, expect, it } from 'vitest';
import { expectExit, sent, useServer } from '../support/suite.js';
import { addMilestone } from '../server/routes-triage.js';

const s = useServer({ runner: 'in-process' });

beforeAll(() => {
  const state = s.server.state;
  const repo = state.addRepo('alice', 'names', { init: true });
  for (const name of ['bug', 'wontfix', 'documentation']) state.addLabel(repo, name);
  state.addIssue(repo, 'alice', { title: 'Named' });
  addMilestone(state, repo, 'Autumn release');
  addMilestone(state, repo, 'Winter release', { state: 'closed' });
});

describe('close names', () => {
  it.each([
    [['issue', 'edit', '1', '--add-label', 'wnotfxi'], 'kettle: no label "wnotfxi" in alice/names; did you mean "wontfix"?\n'],
    [['issue', 'create', '--title', 'x', '--label', 'bgu'], 'kettle: no label "bgu" in alice/names; did you mean "bug"?\n'],
    [['issue', 'edit', '1', '--milestone', 'Atumn relaese'], 'kettle: no milestone "Atumn relaese" in alice/names; did you mean "Autumn release"?\n'],
    [['issue', 'edit', '1', '--milestone', 'Spring'], 'kettle: no milestone "Spring" in alice/names; the milestones there: "Autumn release", "Winter release"\n'],
  ])('%j: exit 2, naming what there is, nothing written', async (args, message) => {
    const r = await s.kettle([...args, '-R', 'alice/names']);
    expectExit(r, 2);
    expect(r.stderr).toBe(message);
    expect([...sent(s, 'PATCH'), ...sent(s, 'POST')]).toEqual([]);
  });

  it('a milestone number that is no milestone lists the milestones there with their ids', async () => {
    const r = await s.kettle(['milestone', 'view', '99999', '-R', 'alice/names']);
    expectExit(r, 2);
    expect(r.stderr).toMatch(/^kettle: no milestone 99999 in alice\/names; the milestones there: Autumn release \(id \d+\), Winter release \(id \d+\)\n$/);
  });
});
