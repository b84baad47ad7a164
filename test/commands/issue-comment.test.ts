// kettle issue comment and issue view --comments, in-process against the in-memory server.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { json } from '../support/harness.js';
import { expectExit, expectUsage, record, sent, useServer } from '../support/suite.js';
import { addComment, triage } from '../server/routes-triage.js';
import type { Issue, Repo } from '../server/state.js';

const s = useServer({ runner: 'in-process' });

let repo: Repo;
let talk: Issue;
let quiet: Issue;

const bodies = (i: Issue) =>
  triage(s.server.state)
    .comments.filter((c) => c.issueId === i.id)
    .map((c) => [c.author, c.body]);

beforeAll(() => {
  repo = s.server.state.addRepo('alice', 'talk', { init: true });
  talk = s.server.state.addIssue(repo, 'bob', { title: 'Talkative' });
  quiet = s.server.state.addIssue(repo, 'bob', { title: 'Quiet' });
  addComment(s.server.state, talk, 'bob', 'First!');
  addComment(s.server.state, talk, 'alice', 'Mine, old');
  addComment(s.server.state, talk, 'alice', 'Mine, newest');
  addComment(s.server.state, talk, 'carol', 'After alice');
});

describe('issue comment', () => {
  it('--body on several numbers: one comment each, lines in order, a JSON array', async () => {
    const r = await s.kettle(['issue', 'comment', String(quiet.number), String(talk.number), '-R', 'alice/talk', '--body', 'Seen', '--json']);
    expectExit(r, 0);
    expect(json<Array<{ body: string; user: { login: string } }>>(r).map((c) => [c.user.login, c.body])).toEqual([
      ['alice', 'Seen'],
      ['alice', 'Seen'],
    ]);
    expect(
      r.stderr
        .split('\n')
        .filter(Boolean)
        .map((l) => /issue #(\d+)/.exec(l)?.[1]),
    ).toEqual([String(quiet.number), String(talk.number)]);
    expect(bodies(quiet)).toEqual([['alice', 'Seen']]);
  });

  it('--body-file FILE, and standard input when neither flag is given', async () => {
    const file = join(s.dir, 'reply.md');
    writeFileSync(file, 'From a file\n');
    expectExit(await s.kettle(['issue', 'comment', String(quiet.number), '-R', 'alice/talk', '--body-file', file]), 0);
    expectExit(await s.kettle(['issue', 'comment', String(quiet.number), '-R', 'alice/talk'], { input: 'Piped in\n' }), 0);
    expect(bodies(quiet).slice(-2)).toEqual([
      ['alice', 'From a file\n'],
      ['alice', 'Piped in\n'],
    ]);
  });

  it.each([[['--body', '   ']], [[]]])('refuses an empty body %j, sending nothing', async (flags) => {
    expectUsage(s, await s.kettle(['issue', 'comment', String(quiet.number), '-R', 'alice/talk', ...flags], { input: '' }), /empty; nothing was sent/);
  });

  it('--edit-last replaces the text of your last comment on that issue', async () => {
    const mine = triage(s.server.state).comments.filter((c) => c.issueId === talk.id && c.author === 'alice');
    const last = mine[mine.length - 1];
    const r = await s.kettle(['issue', 'comment', String(talk.number), '-R', 'alice/talk', '--edit-last', '--body', 'Edited']);
    expectExit(r, 0);
    expect(sent(s, 'PATCH').map((q) => [q.path, q.body])).toEqual([[`/repos/alice/talk/issues/comments/${last?.id}`, { body: 'Edited' }]]);
    expect(bodies(talk)).toContainEqual(['alice', 'Mine, old']);
  });

  it('--edit-last with no comment of yours fails by name, sending nothing', async () => {
    const lone = s.server.state.addIssue(repo, 'bob', { title: 'Nobody spoke' });
    const r = await s.kettle(['issue', 'comment', String(lone.number), '-R', 'alice/talk', '--edit-last', '--body', 'x']);
    expectExit(r, 1);
    expect(r.stderr).toMatch(/you have no comment on issue #\d+ in alice\/talk to edit/);
    expect(s.server.requests.filter((q) => q.method !== 'GET')).toEqual([]);
  });
});

describe('issue view --comments', () => {
  it('--json adds the comments array, oldest first', async () => {
    const r = await s.kettle(['issue', 'view', String(talk.number), '-R', 'alice/talk', '--comments', '--json']);
    expectExit(r, 0);
    const view = json<{ number: number; comments: Array<{ body: string; user: { login: string } }> }>(r);
    expect(view.number).toBe(talk.number);
    expect(view.comments.map((c) => [c.user.login, c.body])).toEqual(bodies(talk));
  });

  it('prints the conversation after the record, author and time', async () => {
    const r = await s.kettle(['issue', 'view', String(talk.number), '-R', 'alice/talk', '--comments']);
    expectExit(r, 0);
    const [head, ...conversation] = r.stdout.split('\n\n');
    expect(record(head ?? '').title).toBe('Talkative');
    expect(conversation.map((c) => c.split('\n')[0]?.replace(/ commented .*/, ''))).toEqual(bodies(talk).map(([who]) => who));
    expect(r.stdout).toContain('  First!\n');
  });

  it('shows times relative on a terminal', async () => {
    const r = await s.kettle(['issue', 'view', String(talk.number), '-R', 'alice/talk', '--comments'], { tty: { stdout: true }, columns: 100 });
    expectExit(r, 0);
    expect(r.stdout).toMatch(/bob commented (\d+ \w+ ago|just now)/);
  });
});
