// kettle wiki view PAGE --revision SHA: an earlier revision read from the
// wiki's git repository (OWNER/NAME.wiki.git), fetched over HTTP with kettle's
// own credential helper into a temporary folder that is removed afterwards.
// The in-memory server keeps each wiki as a real bare git repository
// (test/server/routes-wiki.ts) and serves it over smart HTTP with the
// repository's rules (test/server/git-http.ts). kettle runs as the built
// binary, so git calls kettle itself as its credential helper.
import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { json, tempDir } from '../support/harness.js';
import { expectExit, expectUsage, useServer } from '../support/suite.js';
import { enableGit } from '../server/git-http.js';
import { extraOf } from '../server/routes-repos.js';
import type { Repo } from '../server/state.js';

const root = tempDir('kettle-wiki-git-');
afterAll(() => root.cleanup());

/** git, run without blocking: the server it talks to answers from this process. */
function gitRun(cwd: string, args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  const env = { ...process.env, GIT_CONFIG_NOSYSTEM: '1', GIT_CONFIG_GLOBAL: '/dev/null', GIT_TERMINAL_PROMPT: '0', HOME: root.path };
  return new Promise((resolve) => {
    execFile('git', args, { cwd, env }, (err, stdout, stderr) => {
      resolve({ code: err ? Number((err as { code?: unknown }).code) || 1 : 0, stdout: String(stdout), stderr: String(stderr) });
    });
  });
}

/** What a git request to the server carried, and what the machine looked like while it was answered. */
interface Seen {
  path: string;
  user: string | undefined;
  /** Entries of kettle's temporary folder (its TMPDIR) at that moment. */
  tmp: string[];
  /** Some process's command line held the token. */
  tokenOnCommandLine: boolean;
}

/** Every running process's command line (Linux /proc), the ones that cannot be read left out. */
function commandLines(): string[] {
  if (!existsSync('/proc/self/cmdline')) return [];
  return readdirSync('/proc')
    .filter((p) => /^\d+$/.test(p))
    .flatMap((pid) => {
      try {
        return [readFileSync(`/proc/${pid}/cmdline`, 'latin1')];
      } catch {
        return [];
      }
    });
}

// Many git processes a test: room for a loaded machine.
describe('wiki view --revision', { timeout: 120_000 }, () => {
  const s = useServer();
  beforeAll(() => enableGit(s.server, join(root.path, 'git')));
  let repo: Repo;
  let n = 0;
  let tmp: string;
  beforeEach(() => {
    n++;
    repo = s.server.state.addRepo('alice', `wiki-git-${n}`, { init: true });
    tmp = join(root.path, `tmp-${n}`);
    mkdirSync(tmp);
  });
  const R = () => ['-R', `alice/${repo.name}`];
  /** kettle with its own temporary folder. */
  const kettle = (args: string[]) => s.kettle(args, { env: { TMPDIR: tmp } });

  /** The git requests (and what the machine showed meanwhile) while `body` runs. */
  async function watchGit<T>(body: () => Promise<T>): Promise<{ result: T; seen: Seen[] }> {
    const seen: Seen[] = [];
    const serve = s.server.git;
    if (!serve) throw new Error('git is not on');
    s.server.git = (req, res, url, user, bad) => {
      seen.push({ path: url.pathname, user: user?.login, tmp: readdirSync(tmp), tokenOnCommandLine: commandLines().some((l) => l.includes(s.token)) });
      return serve(req, res, url, user, bad);
    };
    try {
      return { result: await body(), seen };
    } finally {
      s.server.git = serve;
    }
  }

  /** Two revisions of "Getting started" (as kettle writes them); their commit ids, oldest first, from `wiki revisions`. */
  async function twoRevisions(): Promise<[string, string]> {
    expectExit(await kettle(['wiki', 'create', 'Getting started', ...R(), '--body', 'first text\n']), 0);
    expectExit(await kettle(['wiki', 'edit', 'Getting started', ...R(), '--body', 'second text\n']), 0);
    const revs = await kettle(['wiki', 'revisions', 'Getting started', ...R(), '--json']);
    expectExit(revs, 0);
    const [second = '', first = ''] = json<Array<{ sha: string }>>(revs).map((c) => c.sha);
    return [first, second];
  }

  it.each([
    ['Gitea 1.23.8', { forgejo: false, version: '1.23.8' }],
    ['Gitea 1.27.0', { forgejo: false, version: '1.27.0' }],
    ['Forgejo 11.0.1', { forgejo: true, version: '11.0.1' }],
  ])("%s: the revisions are the wiki repository's commits; an earlier one is shown from git, by its full or short SHA", async (_name, flavor) => {
    s.server.set({ flavor });
    const [first, second] = await twoRevisions();
    // The ids the API gives are git's: the wiki's repository, cloned, has those commits on main, as services/wiki writes them.
    const clone = join(root.path, `clone-${n}`);
    const cloned = await gitRun(root.path, ['clone', '-q', '--bare', `${s.server.url}/alice/${repo.name}.wiki.git`, clone]);
    expect(cloned.stderr).toBe('');
    const log = await gitRun(clone, ['log', '--format=%H|%an|%ae|%B', 'main']);
    expect(log.stdout.trim().split('\n\n')).toEqual([`${second}|Alice Liddell|alice@example.com|Update "Getting-started"`, `${first}|Alice Liddell|alice@example.com|Add "Getting started"`]);
    expect((await gitRun(clone, ['show', `${first}:Getting-started.md`])).stdout).toBe('first text\n');

    const old = await kettle(['wiki', 'view', 'Getting started', ...R(), '--revision', first]);
    expectExit(old, 0);
    expect(old.stdout).toBe('first text\n');
    const short = await kettle(['wiki', 'view', 'Getting started', ...R(), '--revision', first.slice(0, 7)]);
    expectExit(short, 0);
    expect(short.stdout).toBe('first text\n');
    const now = await kettle(['wiki', 'view', 'Getting started', ...R(), '--revision', second.slice(0, 10).toUpperCase()]);
    expectExit(now, 0);
    expect(now.stdout).toBe('second text\n');
    const j = await kettle(['wiki', 'view', 'Getting started', ...R(), '--revision', first.slice(0, 12), '--json', '--fields', 'title,content,last_commit']);
    expectExit(j, 0);
    expect(json(j)).toEqual({ title: 'Getting started', content: 'first text\n', last_commit: { sha: first } });
    // Nothing of kettle's is left in its temporary folder.
    expect(readdirSync(tmp)).toEqual([]);
  });

  it("a SHA that is no revision of the page (another page's commit) is one line, exit 1, and nothing is fetched", async () => {
    await twoRevisions();
    expectExit(await kettle(['wiki', 'create', 'Other', ...R(), '--body', 'other\n']), 0);
    const other = json<Array<{ sha: string }>>(await kettle(['wiki', 'revisions', 'Other', ...R(), '--json']))[0]?.sha ?? '';
    expect(other).toMatch(/^[0-9a-f]{40}$/);
    const { result: r, seen } = await watchGit(() => kettle(['wiki', 'view', 'Getting started', ...R(), '--revision', other]));
    expectExit(r, 1);
    expect(r.stdout).toBe('');
    expect(r.stderr).toBe(`kettle: ${other} is no revision of wiki page "Getting started" in alice/${repo.name} (\`kettle wiki revisions\` lists them)\n`);
    expect(seen).toEqual([]);
  });

  it('a --revision that is no SHA is a usage error (exit 2), nothing sent', async () => {
    s.server.resetRequests();
    for (const bad of ['HEAD~1', 'abc', 'main', 'g123456', `${'a'.repeat(65)}`]) {
      expectUsage(s, await kettle(['wiki', 'view', 'Getting started', ...R(), '--revision', bad]), /--revision takes a commit SHA/);
    }
  });

  it("a private repository's wiki is fetched with the login's credentials: none printed, none on a command line; the temporary folder is removed", async () => {
    repo.private = true;
    const [first] = await twoRevisions();
    // Without credentials git is refused (httpBase: 401 for a private repository).
    const anonymous = await gitRun(root.path, ['ls-remote', `${s.server.url}/alice/${repo.name}.wiki.git`]);
    expect(anonymous.code).not.toBe(0);
    expect(anonymous.stderr).toMatch(/could not read Username/);
    const { result: r, seen } = await watchGit(() => kettle(['wiki', 'view', 'Getting started', ...R(), '--revision', first]));
    expectExit(r, 0);
    expect(r.stdout).toBe('first text\n');
    expect(`${r.stdout}${r.stderr}`).not.toContain(s.token);
    // git asked (401), then came back as alice, through kettle's helper; the fetch happened inside kettle's TMPDIR.
    expect(seen.length).toBeGreaterThanOrEqual(2);
    expect(seen.every((q) => q.path === `/alice/${repo.name}.wiki.git/info/refs` || q.path === `/alice/${repo.name}.wiki.git/git-upload-pack`)).toBe(true);
    expect(seen[0]?.user).toBeUndefined();
    expect(seen.at(-1)?.user).toBe('alice');
    expect(seen.filter((q) => q.user !== undefined).length).toBeGreaterThanOrEqual(1);
    expect(seen.every((q) => q.tmp.length === 1 && q.tmp[0]?.startsWith('kettle-wiki-'))).toBe(true);
    expect(seen.some((q) => q.tokenOnCommandLine)).toBe(false);
    expect(readdirSync(tmp)).toEqual([]);
  });

  it('a failed fetch is one line, exit 1, and leaves no folder behind', async () => {
    const [first] = await twoRevisions();
    // The wiki's repository answers 500 to git.
    const serve = s.server.git;
    s.server.git = async (req, res, url, user, bad) => {
      if (!url.pathname.includes('.wiki.git/')) return serve?.(req, res, url, user, bad) ?? false;
      res.writeHead(500, { 'content-type': 'text/plain' });
      res.end('Internal Server Error');
      return true;
    };
    try {
      const r = await kettle(['wiki', 'view', 'Getting started', ...R(), '--revision', first]);
      expectExit(r, 1);
      expect(r.stdout).toBe('');
      expect(r.stderr).toMatch(new RegExp(`^kettle: cannot fetch the wiki's repository ${s.server.url.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}/alice/${repo.name}\\.wiki\\.git: .*500`));
      expect(r.stderr.trimEnd().split('\n')).toHaveLength(1);
      expect(readdirSync(tmp)).toEqual([]);
    } finally {
      s.server.git = serve;
    }
  });
});

describe('the wiki over git', { timeout: 120_000 }, () => {
  const s = useServer();
  beforeAll(() => enableGit(s.server, join(root.path, 'git-2')));
  const status = async (path: string, auth?: string) => {
    const r = await fetch(`${s.server.url}${path}/info/refs?service=git-upload-pack`, auth ? { headers: { authorization: `Basic ${Buffer.from(`alice:${auth}`).toString('base64')}` } } : {});
    return [r.status, (await r.text()).slice(0, 40)];
  };

  it("is served with the repository's rules (httpBase, recorded from Gitea 1.23.8, 1.27.0 and Forgejo 11.0.1)", async () => {
    const pub = s.server.state.addRepo('alice', 'wiki-rules-public', { init: true });
    const priv = s.server.state.addRepo('alice', 'wiki-rules-private', { init: true, private: true });
    // No page yet: no repository; Gitea 1.27.0 answers 500, Gitea 1.23.8 and Forgejo 11.0.1 an advertisement without refs.
    s.server.set({ flavor: { forgejo: false, version: '1.27.0' } });
    expect(await status('/alice/wiki-rules-public.wiki.git')).toEqual([500, 'Internal Server Error']);
    s.server.set({ flavor: { forgejo: true, version: '11.0.1' } });
    expect(await status('/alice/wiki-rules-public.wiki.git')).toEqual([200, '001e# service=git-upload-pack\n0000']);
    // A private repository's wiki asks for credentials.
    expect((await status('/alice/wiki-rules-private.wiki.git'))[0]).toBe(401);
    // The wiki turned off: 403 where the repository is public, "not found" for a user who had to sign in.
    extraOf(s.server.state, pub).has_wiki = false;
    extraOf(s.server.state, priv).has_wiki = false;
    expect(await status('/alice/wiki-rules-public.wiki.git')).toEqual([403, 'repository wiki is disabled']);
    expect(await status('/alice/wiki-rules-public.wiki.git', s.token)).toEqual([403, 'repository wiki is disabled']);
    expect(await status('/alice/wiki-rules-private.wiki.git', s.token)).toEqual([404, 'Repository not found']);
  });

  it('a push to the wiki changes its pages, as on the servers (the API reads git); pushing needs write access', async () => {
    const repo = s.server.state.addRepo('alice', 'wiki-pushed', { init: true });
    expectExit(await s.kettle(['wiki', 'create', 'Home', '-R', 'alice/wiki-pushed', '--body', 'home\n']), 0);
    const as = (user: string, password: string) => `${s.server.url.replace('://', `://${user}:${password}@`)}/alice/${repo.name}.wiki.git`;
    const dir = join(root.path, 'pushed');
    expect((await gitRun(root.path, ['clone', '-q', as('alice', s.token), dir])).code).toBe(0);
    writeFileSync(join(dir, 'Pushed-page.md'), 'pushed text\n');
    for (const args of [
      ['add', '.'],
      ['-c', 'user.name=T', '-c', 'user.email=t@example.com', 'commit', '-q', '-m', 'Pushed by git'],
    ])
      expect((await gitRun(dir, args)).code).toBe(0);
    const sha = (await gitRun(dir, ['rev-parse', 'HEAD'])).stdout.trim();
    const refused = await gitRun(dir, ['push', '-q', as('carol', 'carol-password'), 'HEAD:main']);
    expect(refused.stderr).toMatch(/not found/);
    expect((await gitRun(dir, ['push', '-q', 'origin', 'HEAD:main'])).code).toBe(0);
    const list = await s.kettle(['wiki', 'list', '-R', 'alice/wiki-pushed', '--json', '--fields', 'title,sub_url']);
    expect(json(list)).toEqual([
      { title: 'Home', sub_url: 'Home' },
      { title: 'Pushed page', sub_url: 'Pushed-page' },
    ]);
    const revs = await s.kettle(['wiki', 'revisions', 'Pushed page', '-R', 'alice/wiki-pushed', '--json']);
    expect(json(revs)).toEqual([
      { sha, author: { name: 'T', email: 't@example.com', date: expect.any(String) }, commiter: { name: 'T', email: 't@example.com', date: expect.any(String) }, message: 'Pushed by git\n' },
    ]);
    const view = await s.kettle(['wiki', 'view', 'Pushed page', '-R', 'alice/wiki-pushed']);
    expect(view.stdout).toBe('pushed text\n');
  });
});
