// Triage at a real terminal: a comment written in the editor ($EDITOR, a small
// script here), --edit-last opening the editor on the old text, an empty text
// refused, and issue delete's typed confirmation (once for several issues).
import { chmodSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from '../server/index.js';
import { addComment, triage } from '../server/routes-triage.js';
import type { Issue, Repo } from '../server/state.js';
import { Terminal } from './tmux.js';

let server: TestServer;
let token: string;
let term: Terminal;
let repo: Repo;

beforeAll(async () => {
  server = await startServer({ seed: 'demo' });
  token = server.addToken('alice');
  repo = server.state.addRepo('alice', 'tty-triage', { init: true });
});
afterAll(async () => {
  await server.close();
});
beforeEach(() => {
  server.resetRequests();
  term = new Terminal({ KETTLE_URL: server.url, KETTLE_TOKEN: token });
});
afterEach(async () => {
  await term.close();
});

/** An editor script: `body` is shell that rewrites the file "$1". */
function editor(name: string, body: string): string {
  const path = join(term.home, `${name}.sh`);
  writeFileSync(path, `#!/bin/sh\n${body}\n`);
  chmodSync(path, 0o755);
  return path;
}

const writes = () => server.requests.filter((r) => r.method !== 'GET');
const commentsOf = (i: Issue) =>
  triage(server.state)
    .comments.filter((c) => c.issueId === i.id)
    .map((c) => c.body);

describe('issue comment in the editor', () => {
  it('writes the comment in $EDITOR when neither --body nor --body-file is given', async () => {
    const issue = server.state.addIssue(repo, 'bob', { title: 'Needs a reply' });
    const pane = await term.kettle(['issue', 'comment', String(issue.number), '-R', 'alice/tty-triage'], {
      env: { EDITOR: editor('write', `printf 'From the editor\\nfile: %s\\n' "$(basename "$1")" > "$1"`) },
    });
    const { code, screen } = await pane.exit();
    expect(code, screen).toBe(0);
    expect(screen).toMatch(/Commented on issue #\d+ in alice\/tty-triage/);
    expect(commentsOf(issue)).toEqual(['From the editor\nfile: COMMENT.md']);
  });

  it('--edit-last opens the editor on the old text and sends the new', async () => {
    const issue = server.state.addIssue(repo, 'bob', { title: 'Reply to fix' });
    const old = addComment(server.state, issue, 'alice', 'Teh typo');
    const pane = await term.kettle(['issue', 'comment', String(issue.number), '-R', 'alice/tty-triage', '--edit-last'], {
      env: { EDITOR: editor('fix', `sed 's/Teh/The/' "$1" > "$1.new" && mv "$1.new" "$1"`) },
    });
    const { code, screen } = await pane.exit();
    expect(code, screen).toBe(0);
    expect(writes().map((r) => [r.method, r.path, r.body])).toEqual([['PATCH', `/repos/alice/tty-triage/issues/comments/${old.id}`, { body: 'The typo' }]]);
  });

  it('an editor left empty sends nothing and exits 2', async () => {
    const issue = server.state.addIssue(repo, 'bob', { title: 'Silence' });
    const pane = await term.kettle(['issue', 'comment', String(issue.number), '-R', 'alice/tty-triage'], { env: { EDITOR: editor('empty', ': > "$1"') } });
    const { code, screen } = await pane.exit();
    expect(code, screen).toBe(2);
    expect(screen).toContain('kettle: the text is empty; nothing was sent');
    expect(writes()).toEqual([]);
  });
});

describe('issue delete on a terminal', () => {
  it.each([
    ['the number alone', (n: number) => String(n)],
    ['the repository without the number', () => 'alice/tty-triage'],
  ])('refuses %s: exit 2, nothing deleted', async (_what, typed) => {
    const issue = server.state.addIssue(repo, 'alice', { title: 'Keep me' });
    const pane = await term.kettle(['issue', 'delete', String(issue.number), '-R', 'alice/tty-triage']);
    await pane.asked(`Type alice/tty-triage#${issue.number} to delete the issue for good`);
    await pane.type(typed(issue.number));
    await pane.keys('Enter');
    const { code, screen } = await pane.exit();
    expect(code, screen).toBe(2);
    expect(screen).toContain(`confirmation did not match alice/tty-triage#${issue.number}; nothing was deleted`);
    expect(writes()).toEqual([]);
    expect(server.state.issue(repo, issue.number)).toBeDefined();
  });

  it('deletes one issue when its reference is typed', async () => {
    const issue = server.state.addIssue(repo, 'alice', { title: 'Spam' });
    const pane = await term.kettle(['issue', 'delete', String(issue.number), '-R', 'alice/tty-triage']);
    await pane.asked(`Type alice/tty-triage#${issue.number} to delete the issue for good`);
    await pane.type(`alice/tty-triage#${issue.number}`);
    await pane.keys('Enter');
    const { code, screen } = await pane.exit();
    expect(code, screen).toBe(0);
    expect(writes().map((r) => `${r.method} ${r.path}`)).toEqual([`DELETE /repos/alice/tty-triage/issues/${issue.number}`]);
  });

  it('asks for the repository name once for several issues', async () => {
    const doomed = [server.state.addIssue(repo, 'alice', { title: 'Spam 1' }), server.state.addIssue(repo, 'alice', { title: 'Spam 2' })];
    const numbers = doomed.map((i) => String(i.number));
    const pane = await term.kettle(['issue', 'delete', ...numbers, '-R', 'alice/tty-triage']);
    await pane.asked(`Type alice/tty-triage to delete issues #${numbers[0]}, #${numbers[1]} for good`);
    await pane.type('alice/tty-triage');
    await pane.keys('Enter');
    const { code, screen } = await pane.exit();
    expect(code, screen).toBe(0);
    expect(screen.match(/Type alice\/tty-triage/g)).toHaveLength(1);
    expect(
      writes()
        .map((r) => r.path)
        .sort(),
    ).toEqual(numbers.map((n) => `/repos/alice/tty-triage/issues/${n}`).sort());
    for (const i of doomed) expect(server.state.issue(repo, i.number)).toBeUndefined();
  });
});
