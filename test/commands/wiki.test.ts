// kettle wiki list|view|create|edit|delete|revisions, in-process against the in-memory server.
import { beforeEach, describe, expect, it } from 'vitest';
import { json } from '../support/harness.js';
import { expectExit, expectUsage, rows, sent, useServer } from '../support/suite.js';
import { extraOf } from '../server/routes-repos.js';
import type { Repo } from '../server/state.js';
import { gitPathOf, webPathOf } from '../../src/api/gitea/wiki.js';
import { webPathToGitPath } from '../server/routes-wiki.js';

const s = useServer({ runner: 'in-process' });
let repo: Repo;
let n = 0;

beforeEach(() => {
  s.server.set({ flavor: { forgejo: false, version: undefined } });
  n++;
  repo = s.server.state.addRepo('alice', `leaves-${n}`, { init: true });
});
const R = () => ['-R', `alice/${repo.name}`];
const base = () => `/repos/alice/${repo.name}/wiki`;

describe('page names', () => {
  // Recorded from Gitea 1.23.8, 1.27.0 and Forgejo 11.0.1 (sub_url of the page each title made).
  it.each([
    ['Home', 'Home'],
    ['Getting started', 'Getting-started'],
    ['a/b c', 'a%2Fb-c'],
    ['x-y', 'x-y.-'],
    ['Café ü', 'Caf%C3%A9-%C3%BC'],
    ['v1.2 notes', 'v1.2-notes'],
    ['100% Free', '100%25-Free'],
    ['notes.md', 'notes.md.-'],
    ['forge x-y z/ü', 'forge+x-y+z%2F%C3%BC.-'],
    ['  padded  ', 'padded'],
  ])('%j has the web path %j, and kettle and the server agree on its file', (title, path) => {
    expect(webPathOf(title)).toBe(path);
    expect(gitPathOf(path)).toBe(webPathToGitPath(path));
  });

  it('refuses names the servers would turn into "unnamed"', () => {
    expect(() => webPathOf('  ')).toThrow(/must not be empty/);
    expect(() => webPathOf('..')).toThrow(/cannot be a wiki page name/);
  });
});

describe('wiki create, view, list', () => {
  it('the first page creates the wiki; names with spaces, slashes, dashes and non-ASCII round-trip', async () => {
    const empty = await s.kettle(['wiki', 'list', ...R(), '--json']);
    expectExit(empty, 0);
    expect(json(empty)).toEqual([]);
    for (const title of ['Home', 'Getting started', 'a/b c', 'x-y', 'Café ü']) {
      const r = await s.kettle(['wiki', 'create', title, ...R(), '--body', `text of ${title}`]);
      expectExit(r, 0);
      expect(r.stderr).toContain(`✓ Created wiki page "${title}" in alice/${repo.name}`);
    }
    expect(sent(s, 'POST', `${base()}/new`)[1]?.body).toEqual({ title: 'Getting started', content_base64: Buffer.from('text of Getting started').toString('base64') });
    const list = await s.kettle(['wiki', 'list', ...R(), '--json', '--fields', 'title,sub_url']);
    expectExit(list, 0);
    expect(
      json<Array<{ title: string }>>(list)
        .map((p) => p.title)
        .sort(),
    ).toEqual(['Café ü', 'Getting started', 'Home', 'a/b c', 'x-y']);
    for (const title of ['Getting started', 'a/b c', 'x-y', 'Café ü']) {
      const v = await s.kettle(['wiki', 'view', title, ...R()]);
      expectExit(v, 0);
      expect(v.stdout).toBe(`text of ${title}\n`);
    }
    // The name in the page's URL works too.
    const byPath = await s.kettle(['wiki', 'view', 'Getting-started', ...R(), '--json', '--jq', '.content']);
    expectExit(byPath, 0);
    expect(byPath.stdout).toBe('text of Getting started\n');
    expect(sent(s, 'GET').some((q) => q.path === `${base()}/page/a%2Fb-c`)).toBe(true);
  });

  it('--body-file - reads standard input; a page that exists is refused before sending', async () => {
    const r = await s.kettle(['wiki', 'create', 'Home', ...R(), '--body-file', '-', '-m', 'Start the wiki'], { input: '# Welcome\n' });
    expectExit(r, 0);
    const v = await s.kettle(['wiki', 'view', 'Home', ...R(), '--json', '--fields', 'title,content,commit_count']);
    expect(json(v)).toEqual({ title: 'Home', content: '# Welcome\n', commit_count: 1 });
    const again = await s.kettle(['wiki', 'create', 'Home', ...R(), '--body', 'x']);
    expectExit(again, 1);
    expect(again.stderr).toBe(`kettle: alice/${repo.name} already has a wiki page "Home"; nothing was created (change it with \`kettle wiki edit\`)\n`);
    expect(sent(s, 'POST', `${base()}/new`)).toHaveLength(1);
  });

  it('bad input: reserved and empty names, both bodies; nothing sent', async () => {
    expectUsage(s, await s.kettle(['wiki', 'create', '_pages', ...R(), '--body', 'x']), /reserved/);
    expectUsage(s, await s.kettle(['wiki', 'create', ' ', ...R(), '--body', 'x']), /must not be empty/);
    expectUsage(s, await s.kettle(['wiki', 'create', 'Home', ...R(), '--body', 'x', '--body-file', '-']), /either --body or --body-file/);
    expect(sent(s, 'POST')).toEqual([]);
  });

  it('a missing page, or a missing repository, is one line, exit 1', async () => {
    const page = await s.kettle(['wiki', 'view', 'Nope', ...R()]);
    expectExit(page, 1);
    expect(page.stderr).toBe(`kettle: wiki page "Nope" in alice/${repo.name} not found (\`kettle wiki list -R alice/${repo.name}\` lists the pages)\n`);
    const gone = await s.kettle(['wiki', 'list', '-R', 'alice/no-such-repo']);
    expectExit(gone, 1);
    expect(gone.stderr).toBe('kettle: repository alice/no-such-repo not found\n');
  });

  it('a repository with its wiki turned off answers 404 to everything: kettle says it is off', async () => {
    extraOf(s.server.state, repo).has_wiki = false;
    for (const args of [
      ['wiki', 'view', 'Home'],
      ['wiki', 'list'],
    ]) {
      const r = await s.kettle([...args, ...R()]);
      expectExit(r, 1);
      expect(r.stderr).toBe(`kettle: the wiki of alice/${repo.name} is turned off (\`kettle repo edit alice/${repo.name} --enable-wiki\` turns it on)\n`);
    }
  });
});

describe('wiki edit', () => {
  beforeEach(async () => {
    expectExit(await s.kettle(['wiki', 'create', 'Getting started', ...R(), '--body', 'one']), 0);
  });

  it('--body keeps the title (sent, or the server would rename the page "unnamed")', async () => {
    const r = await s.kettle(['wiki', 'edit', 'Getting started', ...R(), '--body', 'two']);
    expectExit(r, 0);
    expect(sent(s, 'PATCH', `${base()}/page/Getting-started`)[0]?.body).toEqual({ title: 'Getting started', content_base64: Buffer.from('two').toString('base64') });
    const v = await s.kettle(['wiki', 'view', 'Getting started', ...R()]);
    expect(v.stdout).toBe('two\n');
  });

  it('--title renames and keeps the text; a title that is taken is refused before sending', async () => {
    expectExit(await s.kettle(['wiki', 'create', 'Other', ...R(), '--body', 'o']), 0);
    const taken = await s.kettle(['wiki', 'edit', 'Getting started', ...R(), '--title', 'Other']);
    expectExit(taken, 1);
    expect(taken.stderr).toMatch(/already has a wiki page "Other"/);
    expect(sent(s, 'PATCH')).toEqual([]);
    const r = await s.kettle(['wiki', 'edit', 'Getting started', ...R(), '--title', 'Quick start', '-m', 'rename']);
    expectExit(r, 0);
    expect(r.stderr).toContain('(now "Quick start")');
    const v = await s.kettle(['wiki', 'view', 'Quick start', ...R(), '--json', '--fields', 'content,commit_count']);
    expect(json(v)).toEqual({ content: 'one', commit_count: 1 });
  });

  it('nothing to change without a terminal: exit 2; a page that is not there is not created', async () => {
    s.server.resetRequests();
    expectUsage(s, await s.kettle(['wiki', 'edit', 'Getting started', ...R()]), /nothing to change/);
    const r = await s.kettle(['wiki', 'edit', 'Nope', ...R(), '--body', 'x']);
    expectExit(r, 1);
    expect(sent(s, 'PATCH')).toEqual([]);
  });
});

describe('wiki revisions and delete', () => {
  it('lists the commits newest first; delete needs --yes without a terminal', async () => {
    expectExit(await s.kettle(['wiki', 'create', 'x-y', ...R(), '--body', '1', '-m', 'first']), 0);
    expectExit(await s.kettle(['wiki', 'edit', 'x-y', ...R(), '--body', '2', '-m', 'second']), 0);
    const r = await s.kettle(['wiki', 'revisions', 'x-y', ...R()]);
    expectExit(r, 0);
    expect(rows(r.stdout).map((row) => row.at(-1))).toEqual(['second', 'first']);
    const j = await s.kettle(['wiki', 'revisions', 'x-y', ...R(), '--json', '--limit', '1']);
    expect(json<unknown[]>(j)).toHaveLength(1);
    s.server.resetRequests();
    expectUsage(s, await s.kettle(['wiki', 'delete', 'x-y', ...R()]), /pass --yes/);
    const d = await s.kettle(['wiki', 'delete', 'x-y', ...R(), '--yes']);
    expectExit(d, 0);
    expect(sent(s, 'DELETE', `${base()}/page/x-y.-`)).toHaveLength(1);
    const again = await s.kettle(['wiki', 'delete', 'x-y', ...R(), '--yes']);
    expectExit(again, 1);
    expect(again.stderr).toMatch(/wiki page "x-y" .* not found/);
  });

  it('view --revision: a SHA that is no revision of the page is refused, nothing fetched', async () => {
    expectExit(await s.kettle(['wiki', 'create', 'Home', ...R(), '--body', '1']), 0);
    const r = await s.kettle(['wiki', 'view', 'Home', ...R(), '--revision', 'deadbeef']);
    expectExit(r, 1);
    expect(r.stderr).toBe(`kettle: deadbeef is no revision of wiki page "Home" in alice/${repo.name} (\`kettle wiki revisions\` lists them)\n`);
    s.server.resetRequests();
    expectUsage(s, await s.kettle(['wiki', 'view', 'Home', ...R(), '--revision', 'HEAD~1']), /commit SHA/);
  });
});

describe('flavours', () => {
  it.each([
    [{ forgejo: false, version: '1.23.8' }, '%!s(<nil>)'],
    [{ forgejo: false, version: '1.27.0' }, 'title is required'],
    [{ forgejo: true, version: '11.0.1' }, '%!s(<nil>)'],
  ])('%j: an empty title is a 400 (%s), kettle never sends one', async (flavor, message) => {
    s.server.set({ flavor });
    const r = await fetch(`${s.server.url}/api/v1${base()}/new`, {
      method: 'POST',
      headers: { authorization: `token ${s.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ title: '', content_base64: '' }),
    });
    expect(r.status).toBe(400);
    expect(((await r.json()) as { message: string }).message).toBe(message);
  });
});
