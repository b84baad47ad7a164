// kettle issue list|view|create|edit|close|reopen, run in-process against the in-memory server.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SPEC_VARIANT } from '../server/index.js';
import type { Issue } from '../server/state.js';
import { json } from '../support/harness.js';
import { expectExit, expectFailure, expectUsage, record, rows, sent, useServer } from '../support/suite.js';

const s = useServer({ runner: 'in-process' });

type IssueJson = { id: number; number: number; title: string; body: string; state: string; labels: Array<{ id: number }>; assignees: Array<{ login: string }> | null };

function teapot() {
  const repo = s.server.state.repo('alice', 'teapot');
  if (!repo) throw new Error('no alice/teapot');
  return repo;
}

/** The issues (not pull requests) the server holds for alice/teapot, newest first. */
function held(state: 'open' | 'closed' | 'all' = 'open'): Issue[] {
  return s.server.state
    .issuesOf(teapot())
    .filter((i) => !i.pull && (state === 'all' || i.state === state))
    .reverse();
}

function labelId(name: string): number {
  const label = s.server.state.labels.find((l) => l.repoId === teapot().id && l.name === name);
  if (!label) throw new Error(`no label ${name}`);
  return label.id;
}

describe('issue list', () => {
  it('lists open issues, sending state=open and type=issues', async () => {
    const r = await s.kettle(['issue', 'list', '-R', 'alice/teapot']);
    expectExit(r, 0);
    const table = rows(r.stdout);
    expect(table.map((row) => Number(row[0]))).toEqual(held('open').map((i) => i.number));
    expect(table[0]?.slice(1, 4)).toEqual([held('open')[0]?.title, 'open', held('open')[0]?.labels.length ? expect.any(String) : '']);
    const q = sent(s, 'GET', '/repos/alice/teapot/issues')[0];
    expect(q?.query).toMatchObject({ state: 'open', type: 'issues' });
  });

  it.each(['closed', 'all'] as const)('--state %s, as JSON equal to the server state', async (state) => {
    const r = await s.kettle(['issue', 'list', '-R', 'alice/teapot', '--state', state, '--json']);
    expectExit(r, 0);
    const list = json<IssueJson[]>(r);
    expect(list.map((i) => [i.number, i.title, i.state])).toEqual(held(state).map((i) => [i.number, i.title, i.state]));
    expect(sent(s, 'GET', '/repos/alice/teapot/issues')[0]?.query.state).toBe(state);
  });

  it('--fields picks plain columns and record paths', async () => {
    const r = await s.kettle(['issue', 'list', '-R', 'alice/teapot', '--fields', 'number,user.login']);
    expectExit(r, 0);
    expect(rows(r.stdout)).toEqual(held('open').map((i) => [String(i.number), i.author]));
  });

  it('refuses an unknown --state before any request', async () => {
    expectUsage(s, await s.kettle(['issue', 'list', '-R', 'alice/teapot', '--state', 'shut']), /--state/);
  });

  it('names the missing repository', async () => {
    expectFailure(await s.kettle(['issue', 'list', '-R', 'alice/nope']), 'repository alice/nope not found');
  });

  it.each(['alice', 'a/b/c', 'alice/../x', '-'])('refuses -R %j before any request', async (repo) => {
    expectUsage(s, await s.kettle(['issue', 'list', '-R', repo]), /-R|OWNER\/NAME/);
  });

  describe('across repositories', () => {
    it("uses GET /issues with filter=all where the server has it (the API description's variant)", async () => {
      s.server.set(SPEC_VARIANT);
      const r = await s.kettle(['issue', 'list', '--all-repos', '--json']);
      expectExit(r, 0);
      const list = json<Array<IssueJson & { repository: { full_name: string } }>>(r);
      const expected = s.server.state.issues.filter((i) => !i.pull && i.state === 'open').map((i) => i.id);
      expect(list.map((i) => i.id).sort()).toEqual(expected.sort());
      expect(sent(s, 'GET', '/issues')[0]?.query).toMatchObject({ filter: 'all', state: 'open', type: 'issues' });
      expect(sent(s, 'GET', '/repos/issues/search')).toEqual([]);
      const plain = await s.kettle(['issue', 'list', '--all-repos']);
      expect(rows(plain.stdout).map((row) => row[0])).toContain('wonderland/tea-party');
    });

    it('falls back to /repos/issues/search where GET /issues answers 404 (Gitea)', async () => {
      const r = await s.kettle(['issue', 'list', '--all-repos', '--filter', 'created', '--state', 'all', '--json']);
      expectExit(r, 0);
      const list = json<IssueJson[]>(r);
      const mine = s.server.state.issues.filter((i) => !i.pull && i.author === 'alice').map((i) => i.id);
      expect(list.map((i) => i.id).sort()).toEqual(mine.sort());
      expect(sent(s, 'GET', '/issues').map((q) => q.status)).toEqual([404]);
      expect(sent(s, 'GET', '/repos/issues/search')[0]?.query).toMatchObject({ created: 'true', state: 'all', type: 'issues' });
    });

    it('refuses -R together with --all-repos, and --filter without it', async () => {
      expectUsage(s, await s.kettle(['issue', 'list', '--all-repos', '-R', 'alice/teapot']), /--all-repos/);
      expectUsage(s, await s.kettle(['issue', 'list', '-R', 'alice/teapot', '--filter', 'created']), /--filter/);
    });
  });

  describe('real servers', () => {
    it('follows Link pagination without X-Page/X-PerPage (Gitea, the default), under a page-size cap', async () => {
      const bulk = s.server.state.addRepo('alice', 'bulk-gitea', { init: true });
      s.server.state.bulkIssues(bulk, 'alice', 73);
      s.server.set({ maxPageSize: 20 });
      const r = await s.kettle(['issue', 'list', '-R', 'alice/bulk-gitea', '--all', '--json', '--fields', 'number']);
      expectExit(r, 0);
      const numbers = json<Array<{ number: number }>>(r).map((i) => i.number);
      expect(numbers).toEqual(Array.from({ length: 73 }, (_, i) => 73 - i));
      expect(sent(s, 'GET', '/repos/alice/bulk-gitea/issues').every((q) => q.query.type === 'issues')).toBe(true);
    });

    it('ends a list without pagination headers at a short page', async () => {
      const bulk = s.server.state.addRepo('alice', 'bulk-none', { init: true });
      s.server.state.bulkIssues(bulk, 'alice', 120);
      s.server.set({ pagination: 'none' });
      const r = await s.kettle(['issue', 'list', '-R', 'alice/bulk-none', '--limit', '44']);
      expectExit(r, 0);
      expect(rows(r.stdout).map((row) => Number(row[0]))).toEqual(Array.from({ length: 44 }, (_, i) => 120 - i));
      s.server.resetRequests();
      const all = await s.kettle(['issue', 'list', '-R', 'alice/bulk-none', '--all', '--json', '--fields', 'number']);
      expect(json<Array<{ number: number }>>(all).map((i) => i.number)).toEqual(Array.from({ length: 120 }, (_, i) => 120 - i));
      // Pages of 50, 50 and 20: the short third page ends the list.
      expect(sent(s, 'GET', '/repos/alice/bulk-none/issues').map((q) => q.query.page)).toEqual(['1', '2', '3']);
    });
  });
});

describe('issue view', () => {
  it('prints key<TAB>value lines, the body on one line (its line break written \\n)', async () => {
    const r = await s.kettle(['issue', 'view', '1', '-R', 'alice/teapot']);
    expectExit(r, 0);
    const view = record(r.stdout);
    expect(view).toMatchObject({ number: '1', title: 'Lid rattles when the water boils', state: 'open', author: 'alice', labels: 'bug', body: 'It rattles.\\nLoudly.' });
    expect(view.html_url).toBe(`${s.server.url}/alice/teapot/issues/1`);
  });

  it('accepts #N and prints the record as --json', async () => {
    const r = await s.kettle(['issue', 'view', '#2', '-R', 'alice/teapot', '--json']);
    expectExit(r, 0);
    const issue = json<IssueJson>(r);
    const two = s.server.state.issue(teapot(), 2);
    expect(issue).toMatchObject({ id: two?.id, number: 2, title: two?.title, body: two?.body });
    expect(issue.assignees?.map((a) => a.login)).toEqual(two?.assignees);
  });

  it('names the missing issue', async () => {
    expectFailure(await s.kettle(['issue', 'view', '99', '-R', 'alice/teapot']), 'issue #99 in alice/teapot not found');
  });

  it.each([
    ['view', '1'],
    ['close', '1'],
    ['reopen', '1'],
    ['edit', '1', '--title', 'T'],
  ])('issue %s in a missing repository names the repository, not the issue', async (verb, ...rest) => {
    expectFailure(await s.kettle(['issue', verb, ...rest, '-R', 'alice/nope']), 'repository alice/nope not found');
  });

  it.each(['abc', '0', '1.5', '-3', '12x'])('refuses the number %j before any request', async (n) => {
    expectUsage(s, await s.kettle(['issue', 'view', n, '-R', 'alice/teapot']), /issue number/);
  });
});

describe('issue create', () => {
  it('sends title, body, labels and assignees; the server holds them', async () => {
    const bug = labelId('bug');
    const idea = labelId('enhancement');
    const r = await s.kettle([
      'issue',
      'create',
      '-R',
      'alice/teapot',
      '--title',
      'Steam burns',
      '--body',
      'Ouch.',
      '--label',
      String(bug),
      '--label',
      `${idea},${bug}`,
      '--assignee',
      'bob',
      '--json',
    ]);
    expectExit(r, 0);
    const made = json<IssueJson>(r);
    const issue = s.server.state.issue(teapot(), made.number);
    expect(issue).toMatchObject({ title: 'Steam burns', body: 'Ouch.', labels: [bug, idea], assignees: ['bob'], author: 'alice' });
    expect(sent(s, 'POST', '/repos/alice/teapot/issues')[0]?.body).toEqual({ title: 'Steam burns', body: 'Ouch.', labels: [bug, idea], assignees: ['bob'] });
    expect(r.stderr).toBe(`✓ Created issue #${made.number} in alice/teapot ${s.server.url}/alice/teapot/issues/${made.number}\n`);
  });

  it('reads the body from a file, or from standard input with -', async () => {
    const file = join(s.dir, 'body.md');
    writeFileSync(file, 'From a file.\n');
    const a = await s.kettle(['issue', 'create', '-R', 'alice/teapot', '--title', 'File body', '--body-file', file]);
    expectExit(a, 0);
    const b = await s.kettle(['issue', 'create', '-R', 'alice/teapot', '--title', 'Stdin body', '--body-file', '-'], { input: 'Piped in.\n' });
    expectExit(b, 0);
    const bodies = sent(s, 'POST', '/repos/alice/teapot/issues').map((q) => (q.body as { body: string }).body);
    expect(bodies).toEqual(['From a file.\n', 'Piped in.\n']);
    expect(record(b.stdout).title).toBe('Stdin body');
  });

  it('without a terminal, a missing --title is a usage error naming the flag', async () => {
    expectUsage(s, await s.kettle(['issue', 'create', '-R', 'alice/teapot', '--body', 'no title']), /--title is required/);
  });

  it.each([
    [['--body', 'a', '--body-file', 'b'], /--body or --body-file/],
    [['--body-file', '/nonexistent/kettle/body.md'], /--body-file .*no such file/],
    [['--title', ' '], /--title/],
    [['--assignee', 'a/b'], /--assignee/],
  ])('refuses %j before any request', async (flags, mention) => {
    expectUsage(s, await s.kettle(['issue', 'create', '-R', 'alice/teapot', '--title', 'T', ...flags]), mention);
  });

  it('lists the 422 field errors of an unknown label id', async () => {
    const lines = expectFailure(await s.kettle(['issue', 'create', '-R', 'alice/teapot', '--title', 'T', '--label', '999999']), /^kettle: cannot create an issue in alice\/teapot: /);
    expect(lines.slice(1)).toEqual(['  labels: invalid']);
  });

  it('copes with a 422 that has no errors array', async () => {
    s.server.set({ flavor: { bare422: true } });
    const lines = expectFailure(
      await s.kettle(['issue', 'create', '-R', 'alice/teapot', '--title', 'T', '--label', '999999']),
      /^kettle: cannot create an issue in alice\/teapot: \[labels\]: invalid$/,
    );
    expect(lines).toHaveLength(1);
  });

  it('names the missing repository', async () => {
    expectFailure(await s.kettle(['issue', 'create', '-R', 'alice/nope', '--title', 'T']), 'repository alice/nope not found');
  });
});

describe('issue edit', () => {
  it('patches the title and body; real servers answer 201', async () => {
    const issue = s.server.state.addIssue(teapot(), 'alice', { title: 'Typo in titel', body: 'old' });
    const r = await s.kettle(['issue', 'edit', String(issue.number), '-R', 'alice/teapot', '--title', 'Typo in title', '--body-file', '-'], { input: 'new body' });
    expectExit(r, 0);
    expect(issue).toMatchObject({ title: 'Typo in title', body: 'new body' });
    const patch = sent(s, 'PATCH', `/repos/alice/teapot/issues/${issue.number}`)[0];
    expect(patch?.body).toEqual({ title: 'Typo in title', body: 'new body' });
    expect(patch?.status).toBe(201);
    expect(record(r.stdout)).toMatchObject({ title: 'Typo in title', body: 'new body' });
    expect(r.stderr).toBe(`✓ Edited issue #${issue.number} in alice/teapot ${s.server.url}/alice/teapot/issues/${issue.number}\n`);
  });

  it('needs something to change', async () => {
    expectUsage(s, await s.kettle(['issue', 'edit', '1', '-R', 'alice/teapot']), /nothing to change/);
  });

  it('lists the 422 field errors', async () => {
    const long = 'x'.repeat(300);
    const lines = expectFailure(await s.kettle(['issue', 'edit', '1', '-R', 'alice/teapot', '--title', long]), /^kettle: cannot edit issue #1 in alice\/teapot: /);
    expect(lines.slice(1)).toEqual(['  title: max_size']);
  });

  it('names the missing issue', async () => {
    expectFailure(await s.kettle(['issue', 'edit', '404', '-R', 'alice/teapot', '--title', 'T']), 'issue #404 in alice/teapot not found');
  });
});

describe('issue close and reopen', () => {
  it('closes with PATCH state=closed and confirms with the web address', async () => {
    const issue = s.server.state.addIssue(teapot(), 'alice', { title: 'To close' });
    const r = await s.kettle(['issue', 'close', String(issue.number), '-R', 'alice/teapot']);
    expectExit(r, 0);
    expect(issue.state).toBe('closed');
    expect(sent(s, 'PATCH', `/repos/alice/teapot/issues/${issue.number}`)[0]?.body).toEqual({ state: 'closed' });
    expect(r.stderr).toBe(`✓ Closed issue #${issue.number} in alice/teapot ${s.server.url}/alice/teapot/issues/${issue.number}\n`);
    expect(record(r.stdout)).toMatchObject({ number: String(issue.number), state: 'closed' });

    const again = await s.kettle(['issue', 'reopen', String(issue.number), '-R', 'alice/teapot', '--json', '--fields', 'number,state']);
    expectExit(again, 0);
    expect(json(again)).toEqual({ number: issue.number, state: 'open' });
    expect(issue.state).toBe('open');
    expect(again.stderr).toMatch(new RegExp(`^✓ Reopened issue #${issue.number} in alice/teapot `));
  });

  it('names the missing issue and refuses a bad number', async () => {
    expectFailure(await s.kettle(['issue', 'close', '77', '-R', 'alice/teapot']), 'issue #77 in alice/teapot not found');
    s.server.resetRequests();
    expectUsage(s, await s.kettle(['issue', 'reopen', 'seven', '-R', 'alice/teapot']), /issue number "seven"/);
  });

  it('reads `created` where a server sends it instead of created_at', async () => {
    s.server.set({ flavor: { legacyTimestamps: true } });
    const r = await s.kettle(['issue', 'view', '1', '-R', 'alice/teapot']);
    expectExit(r, 0);
    const view = record(r.stdout);
    expect(view.created_at).toMatch(/^2026-\d\d-\d\dT/);
    expect(view.updated_at).toMatch(/^2026-\d\d-\d\dT/);
    const list = await s.kettle(['issue', 'list', '-R', 'alice/teapot']);
    expectExit(list, 0);
    const listed = rows(list.stdout);
    // Every open issue, each with its time: an empty list must not pass.
    expect(listed.map((row) => Number(row[0]))).toEqual(held('open').map((i) => i.number));
    expect(listed.length).toBeGreaterThan(0);
    for (const row of listed) expect(row[4]).toMatch(/^2026-\d\d-\d\dT/);
  });
});

describe("the server's control characters", () => {
  const RAW = 'Lid \u001b]0;pwned\u0007rattles \u001b[31mloudly\u001b[0m';

  it('reach piped output as \\u escapes, and --json exactly as the server sent them', async () => {
    const issue = s.server.state.addIssue(teapot(), 'alice', { title: RAW });
    const plain = await s.kettle(['issue', 'view', String(issue.number), '-R', 'alice/teapot']);
    expectExit(plain, 0);
    expect(record(plain.stdout).title).toBe('Lid \\u001b]0;pwned\\u0007rattles \\u001b[31mloudly\\u001b[0m');
    const data = await s.kettle(['issue', 'view', String(issue.number), '-R', 'alice/teapot', '--json']);
    expect(json<{ title: string }>(data).title).toBe(RAW);
  });

  it('are shown, not obeyed, in an error message', async () => {
    s.server.fault({ kind: 'status', status: 422, body: JSON.stringify({ message: `bad title ${RAW}` }), path: '/repos/alice/teapot/issues' });
    const r = await s.kettle(['issue', 'create', '-R', 'alice/teapot', '--title', 'x', '--body', '']);
    expectExit(r, 1);
    expect(r.stderr).not.toMatch(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/);
    expect(r.stderr).toContain('bad title Lid ^[]0;pwned^Grattles ^[[31mloudly^[[0m');
  });

  it('are shown, not obeyed, with --debug too (traces and the stack)', async () => {
    s.server.fault({ kind: 'status', status: 422, body: JSON.stringify({ message: `bad title ${RAW}` }), path: '/repos/alice/teapot/issues' });
    const r = await s.kettle(['issue', 'create', '-R', 'alice/teapot', '--title', 'x', '--body', '', '--debug']);
    expectExit(r, 1);
    expect(r.stderr).toContain('^[[31mloudly');
    expect(r.stderr).not.toMatch(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/);
  });
});
