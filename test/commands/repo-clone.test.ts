// kettle repo clone and repo fork, run in-process against the in-memory
// server, with real git and real (bare) repositories in temporary folders.
import { execFileSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { json, tempDir } from '../support/harness.js';
import { expectExit, expectFailure, expectUsage, sent, useServer } from '../support/suite.js';
import { repoData } from '../server/routes-repos.js';

const s = useServer({ runner: 'in-process' });
const root = tempDir('kettle-git-');
afterAll(() => root.cleanup());

function git(cwd: string, ...args: string[]): string {
  return execFileSync('git', args, { cwd, encoding: 'utf8', env: { ...process.env, GIT_CONFIG_NOSYSTEM: '1', HOME: root.path } }).trim();
}

/** A bare repository with one commit holding README.md, where the server says the repository lives. */
function bareRepo(owner: string, name: string): void {
  const work = join(root.path, 'work', owner, name);
  mkdirSync(work, { recursive: true });
  git(work, 'init', '-q', '-b', 'main');
  writeFileSync(join(work, 'README.md'), `# ${owner}/${name}\n`);
  git(work, 'add', 'README.md');
  git(work, '-c', 'user.name=Test', '-c', 'user.email=test@example.com', 'commit', '-q', '-m', 'First');
  git(root.path, 'clone', '-q', '--bare', work, join(root.path, 'git', owner, `${name}.git`));
}

const urlOf = (owner: string, name: string) => pathToFileURL(join(root.path, 'git', owner, `${name}.git`)).href;

beforeAll(() => {
  repoData(s.server.state).gitRoot = join(root.path, 'git');
  bareRepo('alice', 'teapot');
  bareRepo('bob', 'toolbox');
  bareRepo('wonderland', 'tea-party');
});

describe('repo clone', () => {
  it('clones into a folder of the repository name, origin set, no upstream for a repository that is no fork', async () => {
    const r = await s.kettle(['repo', 'clone', 'alice/teapot'], { cwd: s.dir });
    expectExit(r, 0);
    expect(r.stdout).toBe('');
    expect(r.stderr).toContain("Cloning into 'teapot'...");
    expect(r.stderr).toMatch(/✓ Cloned alice\/teapot into teapot\n$/);
    const dir = join(s.dir, 'teapot');
    expect(readFileSync(join(dir, 'README.md'), 'utf8')).toBe('# alice/teapot\n');
    expect(git(dir, 'remote')).toBe('origin');
    expect(git(dir, 'remote', 'get-url', 'origin')).toBe(urlOf('alice', 'teapot'));
  });

  it.each([
    ['a folder and git flags', ['shallow', '--', '--depth', '1'], 'shallow'],
    ['git flags alone', ['--', '--depth', '1'], 'teapot'],
  ])('passes %s after -- to git clone', async (_what, rest, folder) => {
    const r = await s.kettle(['repo', 'clone', 'alice/teapot', ...rest], { cwd: s.dir });
    expectExit(r, 0);
    expect(git(join(s.dir, folder), 'rev-parse', '--is-shallow-repository')).toBe('true');
  });

  it('hands the folder to git as one argument, never through a shell', async () => {
    const folder = 'tea $(touch pwned); echo';
    const r = await s.kettle(['repo', 'clone', 'alice/teapot', folder], { cwd: s.dir });
    expectExit(r, 0);
    expect(existsSync(join(s.dir, folder, 'README.md'))).toBe(true);
    expect(existsSync(join(s.dir, 'pwned'))).toBe(false);
  });

  it("git's failure: exit 1 with git's message, on one line", async () => {
    mkdirSync(join(s.dir, 'teapot'));
    writeFileSync(join(s.dir, 'teapot', 'keep.txt'), 'mine\n');
    const r = await s.kettle(['repo', 'clone', 'alice/teapot'], { cwd: s.dir });
    expectExit(r, 1);
    expect(r.stdout).toBe('');
    expect(r.stderr.trimEnd().split('\n').at(-1)).toBe("kettle: git clone failed: destination path 'teapot' already exists and is not an empty directory.");
    expect(readFileSync(join(s.dir, 'teapot', 'keep.txt'), 'utf8')).toBe('mine\n');
  });

  it('names a missing repository without running git, and refuses a malformed one', async () => {
    expectFailure(await s.kettle(['repo', 'clone', 'alice/nope'], { cwd: s.dir }), 'repository alice/nope not found');
    expect(existsSync(join(s.dir, 'nope'))).toBe(false);
    s.server.resetRequests();
    expectUsage(s, await s.kettle(['repo', 'clone', 'teapot']), /expected OWNER\/NAME/);
  });
});

describe('repo fork', () => {
  it('forks into the user account: POST with an empty body, the new repository shown', async () => {
    const r = await s.kettle(['repo', 'fork', 'wonderland/tea-party', '--json']);
    expectExit(r, 0);
    expect(sent(s, 'POST').map((q) => [q.path, q.body])).toEqual([['/repos/wonderland/tea-party/forks', {}]]);
    expect(json(r)).toMatchObject({ full_name: 'alice/tea-party', fork: true, parent: { full_name: 'wonderland/tea-party' } });
    expect(r.stderr).toMatch(/^✓ Forked wonderland\/tea-party to alice\/tea-party/);
  });

  it('forks into an organization under another name', async () => {
    const r = await s.kettle(['repo', 'fork', '-R', 'bob/toolbox', '--org', 'wonderland', '--name', 'tools', '--json']);
    expectExit(r, 0);
    expect(sent(s, 'POST')[0]?.body).toEqual({ organization: 'wonderland', name: 'tools' });
    expect(json(r)).toMatchObject({ full_name: 'wonderland/tools', parent: { full_name: 'bob/toolbox' } });
  });

  it('says why the server refused: a fork already made, a name taken, a missing repository or organization', async () => {
    expectFailure(await s.kettle(['repo', 'fork', 'wonderland/tea-party']), /^kettle: cannot fork wonderland\/tea-party: repository is already forked by user/);
    expectFailure(await s.kettle(['repo', 'fork', 'alice/teapot']), 'cannot fork alice/teapot: repository already exists [uname: alice, name: teapot]');
    expectFailure(await s.kettle(['repo', 'fork', 'bob/nope']), 'repository bob/nope not found');
    expectFailure(await s.kettle(['repo', 'fork', 'alice/teapot', '--org', 'nowhere']), /^kettle: cannot fork alice\/teapot: org does not exist/);
  });

  it.each([
    [['alice/teapot', '--name', 'bad/name'], /invalid --name "bad\/name"/],
    [['alice/teapot', '--name', 'x.git'], /invalid --name "x\.git"/],
    [['alice/teapot', '--org', '..'], /invalid --org "\.\."/],
    [['alice/teapot', '-R', 'bob/toolbox'], /either OWNER\/NAME or -R/],
  ])('%j is refused before any request', async (args, mention) => {
    expectUsage(s, await s.kettle(['repo', 'fork', ...args]), mention);
  });

  it('--clone waits for a fork the server makes in the background, then clones it with the original as upstream', async () => {
    repoData(s.server.state).forkDelayMs = 600;
    try {
      const r = await s.kettle(['repo', 'fork', 'bob/toolbox', '--clone', '--json'], { cwd: s.dir });
      expectExit(r, 0);
      const looks = s.server.requests.filter((q) => q.method === 'GET' && q.path === '/repos/alice/toolbox').map((q) => q.status);
      expect(looks[0]).toBe(404);
      expect(looks.at(-1)).toBe(200);
      expect(r.stderr).toContain('kettle: waiting for the server to finish the fork alice/toolbox…');
      expect(json(r)).toMatchObject({ full_name: 'alice/toolbox', fork: true });
      const dir = join(s.dir, 'toolbox');
      expect(readFileSync(join(dir, 'README.md'), 'utf8')).toBe('# bob/toolbox\n');
      expect(git(dir, 'remote', 'get-url', 'origin')).toBe(urlOf('alice', 'toolbox'));
      expect(git(dir, 'remote', 'get-url', 'upstream')).toBe(urlOf('bob', 'toolbox'));
    } finally {
      repoData(s.server.state).forkDelayMs = 0;
    }
  });

  it('repo clone of a fork adds its parent as upstream', async () => {
    const r = await s.kettle(['repo', 'clone', 'alice/tea-party', 'party'], { cwd: s.dir });
    expectExit(r, 0);
    expect(r.stderr).toMatch(/✓ Cloned alice\/tea-party into party \(upstream: wonderland\/tea-party\)\n$/);
    expect(git(join(s.dir, 'party'), 'remote', 'get-url', 'upstream')).toBe(urlOf('wonderland', 'tea-party'));
  });
});

describe('the git protocol of a login', () => {
  /** A git earlier on PATH that records its arguments, one a line, and succeeds. */
  function fakeGit(): { env: Record<string, string>; calls: () => string[][] } {
    const bin = join(s.dir, 'bin');
    mkdirSync(bin);
    const log = join(s.dir, 'git.log');
    writeFileSync(join(bin, 'git'), `#!/bin/sh\nfor a in "$@"; do printf '%s\\n' "$a" >> "${log}"; done\necho @end >> "${log}"\n`);
    chmodSync(join(bin, 'git'), 0o755);
    const calls = () =>
      readFileSync(log, 'utf8')
        .split('@end\n')
        .filter(Boolean)
        .map((c) => c.trimEnd().split('\n'));
    return { env: { PATH: `${bin}:${process.env.PATH ?? ''}` }, calls };
  }

  const stored = { KETTLE_URL: undefined, KETTLE_TOKEN: undefined };

  it.each([
    ['ssh', ['--git-protocol', 'ssh'], 'ssh'],
    ['https by default', [], 'https'],
  ])('%s: login list shows it and repo clone uses that URL, for origin and upstream', async (_what, flag, protocol) => {
    const add = await s.kettle(['login', 'add', '--url', s.server.url, '--token', s.token, ...flag], { env: stored });
    expectExit(add, 0);
    const logins = json<Array<{ git_protocol: string }>>(await s.kettle(['login', 'list', '--json'], { env: stored }));
    expect(logins.map((l) => l.git_protocol)).toEqual([protocol]);

    const fake = fakeGit();
    const r = await s.kettle(['repo', 'clone', 'alice/tea-party'], { env: { ...stored, ...fake.env }, cwd: s.dir });
    expectExit(r, 0);
    const host = new URL(s.server.url).hostname;
    const [origin, upstream] = protocol === 'ssh' ? [`git@${host}:alice/tea-party.git`, `git@${host}:wonderland/tea-party.git`] : [urlOf('alice', 'tea-party'), urlOf('wonderland', 'tea-party')];
    expect(fake.calls()).toEqual([
      ['clone', '--', origin, 'tea-party'],
      ['-C', 'tea-party', 'remote', 'add', 'upstream', upstream],
    ]);
  });

  it('login add refuses a protocol it does not know, before any request', async () => {
    expectUsage(s, await s.kettle(['login', 'add', '--url', s.server.url, '--token', s.token, '--git-protocol', 'git'], { env: stored }), /--git-protocol/);
  });
});
