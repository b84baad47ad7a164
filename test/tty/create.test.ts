// issue create and pr create at a real terminal: questions for what is
// missing, the body in the user's editor, an empty title asked again.
import { execFileSync } from 'node:child_process';
import { chmodSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from '../server/index.js';
import { kettleCommand, type Pane, shQuote, Terminal } from './tmux.js';

let server: TestServer;
let token: string;
let term: Terminal;

beforeAll(async () => {
  server = await startServer({ seed: 'demo' });
  token = server.addToken('alice');
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

/**
 * An editor that writes known text into the file it is given, with its name,
 * the file's name, and whether it had the terminal on standard input and output.
 */
function fakeEditor(name: string, status = 0): string {
  const path = join(term.home, `${name}.sh`);
  writeFileSync(
    path,
    ['#!/bin/sh', 'if [ -t 0 ] && [ -t 1 ]; then t=yes; else t=no; fi', `printf 'Written in ${name}\\nfile: %s\\nterminal: %s\\n' "$(basename "$1")" "$t" > "$1"`, `exit ${status}`, ''].join('\n'),
  );
  chmodSync(path, 0o755);
  return path;
}

const posts = () => server.requests.filter((r) => r.method === 'POST');

async function answer(pane: Pane, question: string, text: string): Promise<void> {
  await pane.asked(question);
  await pane.type(text);
  await pane.keys('Enter');
}

/** Pick the n-th choice (0-based) of the select that shows `question`. */
async function pick(pane: Pane, question: string, n: number): Promise<void> {
  await pane.asked(question);
  for (let i = 0; i < n; i++) await pane.keys('Down');
  await pane.keys('Enter');
}

describe('issue create', () => {
  it('asks again for an empty title and sends nothing until there is one; the body comes from $VISUAL', async () => {
    const pane = await term.kettle(['issue', 'create', '-R', 'alice/teapot', '--json'], {
      env: { VISUAL: fakeEditor('visual'), EDITOR: fakeEditor('editor') },
    });
    await pane.asked('Title');
    await pane.keys('Enter');
    await pane.waitFor('A value is required');
    await pane.type('   ');
    await pane.keys('Enter');
    // Still asking, and nothing went to the server.
    await pane.waitFor('A value is required');
    expect(posts()).toEqual([]);
    await pane.erase(3);
    await pane.type('Kettle whistles too early');
    await pane.keys('Enter');
    await pane.waitFor(/Write it in your editor \(.*visual\.sh\)/);
    expect(posts()).toEqual([]);
    await pane.keys('Enter');
    const { code, screen } = await pane.exit();
    expect(code, screen).toBe(0);
    expect(screen).toMatch(/Created issue #\d+ in alice\/teapot/);
    const [post] = posts();
    expect(posts()).toHaveLength(1);
    expect(post?.path).toBe('/repos/alice/teapot/issues');
    expect(post?.body).toEqual({
      title: 'Kettle whistles too early',
      body: 'Written in visual\nfile: ISSUE_BODY.md\nterminal: yes',
    });
  });

  it('takes a one-line body typed at the prompt', async () => {
    const pane = await term.kettle(['issue', 'create', '-R', 'alice/teapot']);
    await answer(pane, 'Title', 'Steam everywhere');
    await pick(pane, 'Body', 1);
    await answer(pane, 'Body', 'It fogs the glasses.');
    const { code, screen } = await pane.exit();
    expect(code, screen).toBe(0);
    expect(posts().map((r) => r.body)).toEqual([{ title: 'Steam everywhere', body: 'It fogs the glasses.' }]);
  });

  it('sends no body when the user leaves it empty', async () => {
    const pane = await term.kettle(['issue', 'create', '-R', 'alice/teapot']);
    await answer(pane, 'Title', 'No words needed');
    await pick(pane, 'Body', 2);
    const { code, screen } = await pane.exit();
    expect(code, screen).toBe(0);
    expect(posts().map((r) => r.body)).toEqual([{ title: 'No words needed' }]);
  });

  it('asks on the terminal and gives the editor the terminal when only stdout is piped', async () => {
    const out = join(term.home, 'issue.json');
    const pane = await term.shell(`${kettleCommand(['issue', 'create', '-R', 'alice/teapot', '--json'])} | cat > ${out}`, {
      env: { EDITOR: fakeEditor('editor') },
    });
    await answer(pane, 'Title', 'Piped');
    await pick(pane, 'Body', 0);
    const { code, screen } = await pane.exit();
    expect(code, screen).toBe(0);
    const issue = JSON.parse(readFileSync(out, 'utf8')) as { title: string; body: string };
    expect(issue).toMatchObject({ title: 'Piped', body: 'Written in editor\nfile: ISSUE_BODY.md\nterminal: yes' });
  });

  it('asks nothing more when --title is given', async () => {
    const pane = await term.kettle(['issue', 'create', '-R', 'alice/teapot', '--title', 'Given']);
    const { code, screen } = await pane.exit();
    expect(code, screen).toBe(0);
    expect(screen).not.toContain('Body');
    expect(posts().map((r) => r.body)).toEqual([{ title: 'Given' }]);
  });

  it('sends nothing when the editor fails', async () => {
    const pane = await term.kettle(['issue', 'create', '-R', 'alice/teapot'], { env: { EDITOR: fakeEditor('broken', 3) } });
    await answer(pane, 'Title', 'Doomed');
    await pick(pane, 'Body', 0);
    const { code, screen } = await pane.exit();
    expect(code, screen).toBe(1);
    expect(screen).toMatch(/kettle: the editor \(.*broken\.sh\) exited with status 3; nothing was sent/);
    expect(posts()).toEqual([]);
  });
});

describe('pr create', () => {
  it('in a checkout of the head branch asks only for the title and the body ($EDITOR when VISUAL is unset)', async () => {
    const clone = join(term.home, 'clone');
    execFileSync('git', ['init', '-q', '-b', 'fix/spout', clone]);
    const pane = await term.shell(`cd ${shQuote(clone)} && ${kettleCommand(['pr', 'create', '-R', 'alice/teapot', '--json'])}`, { env: { EDITOR: fakeEditor('editor') } });
    await answer(pane, 'Title', 'Fix the spout');
    await pick(pane, 'Body', 0);
    const { code, screen } = await pane.exit();
    expect(code, screen).toBe(0);
    expect(screen).not.toMatch(/Branch with the changes|Branch to merge into/);
    expect(screen).toMatch(/Created pull request #\d+ in alice\/teapot/);
    expect(posts().map((r) => [r.path, r.body])).toEqual([
      ['/repos/alice/teapot/pulls', { title: 'Fix the spout', head: 'fix/spout', base: 'main', body: 'Written in editor\nfile: PULL_REQUEST_BODY.md\nterminal: yes' }],
    ]);
    const json = JSON.parse(screen.slice(screen.indexOf('{'), screen.lastIndexOf('}') + 1)) as { head: { ref: string } };
    expect(json.head.ref).toBe('fix/spout');
  });

  it('outside a git checkout asks for the head branch, refusing what is not a branch name', async () => {
    server.state.repo('alice', 'teapot')?.branches.push('tea/cosy');
    const pane = await term.shell(`cd ${shQuote(term.home)} && ${kettleCommand(['pr', 'create', '-R', 'alice/teapot', '--json'])}`, { env: { EDITOR: fakeEditor('editor') } });
    await answer(pane, 'Branch with the changes (head)', 'tea cosy');
    await pane.waitFor('"tea cosy" is not a branch name');
    await pane.erase('tea cosy'.length);
    await pane.type('tea/cosy');
    await pane.keys('Enter');
    await answer(pane, 'Title', 'Fix the spout');
    await pick(pane, 'Body', 2);
    const { code, screen } = await pane.exit();
    expect(code, screen).toBe(0);
    expect(posts().map((r) => r.body)).toEqual([{ title: 'Fix the spout', head: 'tea/cosy', base: 'main' }]);
  });
});

describe('Ctrl-C while create asks', () => {
  it.each<[string, string[], (pane: Pane) => Promise<void>]>([
    ['issue create, at the title', ['issue', 'create'], async (pane) => pane.asked('Title').then(() => undefined)],
    [
      'issue create, at the body choice',
      ['issue', 'create'],
      (pane) =>
        answer(pane, 'Title', 'Half done')
          .then(() => pane.asked('Body'))
          .then(() => undefined),
    ],
    ['pr create outside a checkout, at the head branch', ['pr', 'create'], async (pane) => pane.asked('Branch with the changes (head)').then(() => undefined)],
  ])('%s: exit 130, no stack trace, nothing written', async (_what, verb, reach) => {
    const pane = await term.shell(`cd ${shQuote(term.home)} && ${kettleCommand([...verb, '-R', 'alice/teapot'])}`);
    await reach(pane);
    await pane.interrupt('kettle: cancelled');
    // Reads may come first (issue create looks for the repository's templates); no write does.
    expect(server.requests.filter((r) => r.method !== 'GET')).toEqual([]);
  });
});
