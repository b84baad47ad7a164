// How the resource commands show their records, on a terminal and off it,
// with records as the in-memory server (a Gitea stand-in) returns them.
import { describe, expect, it } from 'vitest';
import { hookColumns } from '../../src/commands/hook/columns.js';
import { crossRepoIssueColumns, issueColumns, issueViewColumns } from '../../src/commands/issue-columns.js';
import { prColumns, prState, prViewColumns } from '../../src/commands/pr/columns.js';
import { orgColumns } from '../../src/commands/org/columns.js';
import { repoColumns, repoViewColumns } from '../../src/commands/repo-columns.js';
import { type Column, printList, printRecord, type Row } from '../../src/output/printer.js';
import { seedDemo, State } from '../server/state.js';
import { testIO } from '../support/io.js';

const state = new State('https://git.example.com', 'https://git.example.com/api/v1');
seedDemo(state);
const teapot = state.repo('alice', 'teapot');
const wonderland = state.org('wonderland');
if (!teapot || !wonderland) throw new Error('the demo seed changed');

function io(tty: boolean, color = false, columns = 120) {
  // Two days after the seed's records.
  const { io, stdout } = testIO({ tty, color, columns, now: new Date('2026-01-07T10:00:00Z') });
  return Object.assign(io, { out: () => stdout.text() });
}

const issues = state
  .issuesOf(teapot)
  .filter((i) => !i.pull)
  .map((i) => state.issueJson(i));
const pulls = state
  .issuesOf(teapot)
  .filter((i) => i.pull)
  .map((i) => state.pullJson(i, 'alice'));
const noFlags = { kind: 'view' } as const;

const legacy = (r: Row): Row => {
  const { created_at, updated_at, ...rest } = r;
  return { ...rest, created: created_at, updated: updated_at };
};

describe('on a terminal', () => {
  it('issue list: a table with headers, labels and relative times', async () => {
    const out = io(true);
    await printList(out, noFlags, issues, issueColumns);
    const lines = out.out().trimEnd().split('\n');
    expect(lines[0]).toMatch(/^NUMBER\s+TITLE\s+STATE\s+LABELS\s+UPDATED\s*$/);
    expect(lines[1]).toMatch(/^1\s+Lid rattles when the water boils\s+open\s+bug\s+2 days ago\s*$/);
    expect(lines).toHaveLength(issues.length + 1);
  });

  it('shortens the title to fit the terminal', async () => {
    const out = io(true, false, 30);
    await printList(out, noFlags, issues, issueColumns);
    for (const line of out.out().trimEnd().split('\n')) expect([...line].length).toBeLessThanOrEqual(30);
    expect(out.out()).toContain('…');
  });

  it('paints states only when colour is on', async () => {
    const merged = { ...pulls[0], merged: true, merged_at: '2026-01-06T09:00:00Z', state: 'closed' } as Row;
    const plain = io(true, false);
    await printList(plain, noFlags, [merged], prColumns);
    expect(plain.out()).not.toMatch(/\u001b\[/);
    expect(plain.out()).toMatch(/feature\/lid -> main\s+merged\s+bob/);
    const coloured = io(true, true);
    await printList(coloured, noFlags, [merged], prColumns);
    expect(coloured.out()).toContain('\u001b[35mmerged\u001b[39m');
  });

  it('issue view: a labelled view, the body kept on its own indented lines', async () => {
    const out = io(true);
    await printRecord(out, noFlags, issues[0] as Row, issueViewColumns);
    const text = out.out();
    expect(text).toMatch(/^number:\s+1$/m);
    expect(text).toMatch(/^author:\s+alice$/m);
    expect(text).toMatch(/^body:\s+\n {2}It rattles\.\n {2}Loudly\.$/m);
  });

  it('reads `created`/`updated` where a server sends them', async () => {
    const out = io(true);
    await printRecord(out, noFlags, legacy(issues[0] as Row), issueViewColumns);
    expect(out.out()).toMatch(/^created:\s+2 days ago$/m);
    expect(out.out()).toMatch(/^updated:\s+2 days ago$/m);
  });
});

describe('off a terminal', () => {
  it.each<[string, Row[], Column[], string[]]>([
    ['repositories', [state.repoJson(teapot, 'alice')], repoColumns, ['alice/teapot', 'A teapot that knows when to stop', 'public', '2026-01-05T09:00:05Z']],
    ['issues across repositories', [issues[1] as Row], crossRepoIssueColumns, ['alice/teapot', '2', 'Spout drips after pouring', 'open', 'bug', '2026-01-05T09:00:10Z']],
    ['pull requests', pulls, prColumns, ['5', 'Quieter lid', 'feature/lid -> main', 'open', 'bob', '2026-01-05T09:00:13Z']],
    ['organizations', [state.orgJson(wonderland)], orgColumns, ['wonderland', 'Wonderland Tea Co.', '', 'public']],
  ])('%s: tab-separated rows, ISO times, no header', async (_what, records, columns, first) => {
    const out = io(false);
    await printList(out, noFlags, records, columns);
    expect(out.out().split('\n')[0]?.split('\t')).toEqual(first);
  });

  it('a hook row never carries its secret', async () => {
    const hook = state.hooks[0];
    if (!hook) throw new Error('no hook');
    const out = io(false);
    await printList(out, noFlags, [state.hookJson(hook)], hookColumns);
    expect(out.out()).toBe(`${hook.id}\tgitea\thttps://ci.example.com/hook\tpush\ttrue\n`);
    expect(out.out()).not.toContain(hook.secret);
  });

  it('a pull request view: key<TAB>value lines, merged told apart from closed', async () => {
    const merged = { ...pulls[0], merged: true, merged_at: '2026-01-06T09:00:00Z', state: 'closed' } as Row;
    expect(prState(merged)).toBe('merged');
    expect(prState({ ...merged, merged: false, merged_at: null })).toBe('closed');
    const out = io(false);
    await printRecord(out, noFlags, merged, prViewColumns);
    expect(out.out()).toContain('state\tmerged\n');
    expect(out.out()).toContain('merged_at\t2026-01-06T09:00:00Z\n');
  });

  it('a repository view with `created` instead of created_at', async () => {
    const out = io(false);
    await printRecord(out, noFlags, legacy(state.repoJson(teapot, 'alice')), repoViewColumns);
    expect(out.out()).toContain('created_at\t2026-01-05T09:00:05Z\n');
  });
});
