// kettle as git's credential helper, with real git: login setup-git writes
// the helper into git's global config, `git credential fill` gets the token,
// and a clone and a push over http reach a git server (git http-backend
// behind a proxy) that demands Basic credentials with the token as password.
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type GitHttp, startGitHttp } from '../support/git-http.js';
import { tempDir } from '../support/harness.js';
import { expectExit, useServer } from '../support/suite.js';

const s = useServer({ login: 'none' });
const root = tempDir('kettle-gitcred-');
let server: GitHttp;

beforeAll(async () => {
  server = await startGitHttp(s.server, join(root.path, 'git'));
  const bare = server.bare('alice', 'teapot');
  const seed = join(root.path, 'seed');
  mkdirSync(seed);
  plainGit(seed, 'init', '-q', '-b', 'main');
  writeFileSync(join(seed, 'README.md'), '# teapot\n');
  plainGit(seed, 'add', 'README.md');
  plainGit(seed, 'commit', '-q', '-m', 'Start');
  plainGit(seed, 'push', '-q', bare, 'main');
});
afterAll(async () => {
  await server.close();
  root.cleanup();
});

const GIT_ENV = {
  GIT_CONFIG_NOSYSTEM: '1',
  GIT_TERMINAL_PROMPT: '0',
  GIT_ASKPASS: '',
  SSH_ASKPASS: '',
  GIT_AUTHOR_NAME: 'T',
  GIT_AUTHOR_EMAIL: 't@example.com',
  GIT_COMMITTER_NAME: 'T',
  GIT_COMMITTER_EMAIL: 't@example.com',
};

function plainGit(cwd: string, ...args: string[]): string {
  return execFileSync('git', args, { cwd, encoding: 'utf8', env: { ...process.env, ...GIT_ENV, HOME: root.path } }).trim();
}

/** git as the user whose HOME holds the global config setup-git wrote (the test's config folder). */
function userGit(args: string[], input?: string) {
  const env: NodeJS.ProcessEnv = { ...process.env, ...GIT_ENV, HOME: s.configDir, KETTLE_CONFIG_DIR: s.configDir };
  for (const name of ['KETTLE_URL', 'KETTLE_TOKEN', 'GIT_DIR', 'GIT_WORK_TREE']) delete env[name];
  return spawnSync('git', args, { cwd: s.dir, env, encoding: 'utf8', input });
}

/**
 * git run without blocking: the git server answers in this same process, so
 * a synchronous run would wait on itself.
 */
function gitAsync(cwd: string, args: string[], env: NodeJS.ProcessEnv): Promise<{ status: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn('git', args, { cwd, env });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += String(d)));
    child.stderr.on('data', (d) => (stderr += String(d)));
    child.on('close', (status) => resolve({ status, stdout, stderr }));
  });
}

function userEnv(): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, ...GIT_ENV, HOME: s.configDir, KETTLE_CONFIG_DIR: s.configDir };
  for (const name of ['KETTLE_URL', 'KETTLE_TOKEN', 'GIT_DIR', 'GIT_WORK_TREE']) delete env[name];
  return env;
}

function storeLogins(logins: Record<string, { url: string; token: string; user?: string }>, defaultName?: string): void {
  const data = { ...(defaultName ? { default: defaultName } : {}), logins: Object.fromEntries(Object.entries(logins).map(([n, l]) => [n, { auth: 'header', ...l }])) };
  writeFileSync(join(s.configDir, 'config.json'), JSON.stringify(data), { mode: 0o600 });
}

describe('login setup-git and git-credential with real git', { timeout: 60_000 }, () => {
  it('setup-git writes the helper (no token) once; git credential fill gets the token; clone and push pass the Basic check', async () => {
    storeLogins({ work: { url: `${server.url}/api/v1`, token: s.token, user: 'alice' } }, 'work');
    const first = await s.kettle(['login', 'setup-git']);
    expectExit(first, 0);
    expect(first.stderr).toBe(`✓ git now asks kettle for the credentials of ${server.url}/ (login "work")\n`);
    const config = readFileSync(join(s.configDir, '.gitconfig'), 'utf8');
    expect(config).not.toContain(s.token);
    const helpers = userGit(['config', '--global', '--get-all', `credential.${server.url}/.helper`])
      .stdout.trim()
      .split('\n');
    expect(helpers).toHaveLength(1);
    expect(helpers[0]).toMatch(/^!.*kettle\.cjs'? login git-credential$/);

    const again = await s.kettle(['login', 'setup-git']);
    expectExit(again, 0);
    expect(again.stderr).toBe(`git already asks kettle for ${server.url}/ (login "work")\n`);
    expect(readFileSync(join(s.configDir, '.gitconfig'), 'utf8')).toBe(config);

    const fill = userGit(['credential', 'fill'], `url=${server.url}/alice/teapot.git\n\n`);
    expect(fill.status, fill.stderr).toBe(0);
    expect(fill.stdout).toContain(`username=alice\npassword=${s.token}\n`);

    const clone = await gitAsync(s.dir, ['clone', '-q', `${server.url}/alice/teapot.git`, 'teapot'], userEnv());
    expect(clone.status, clone.stderr).toBe(0);
    expect(readFileSync(join(s.dir, 'teapot', 'README.md'), 'utf8')).toBe('# teapot\n');
    writeFileSync(join(s.dir, 'teapot', 'lid.txt'), 'felt\n');
    const work = join(s.dir, 'teapot');
    expect(spawnSync('git', ['add', 'lid.txt'], { cwd: work }).status).toBe(0);
    expect(spawnSync('git', ['commit', '-q', '-m', 'Felt'], { cwd: work, env: { ...process.env, ...GIT_ENV } }).status).toBe(0);
    const push = await gitAsync(work, ['push', '-q', 'origin', 'main'], userEnv());
    expect(push.status, push.stderr).toBe(0);
    expect(plainGit(join(server.root, 'alice', 'teapot.git'), 'log', '-1', '--format=%s', 'main')).toBe('Felt');
    // Every request git made with credentials was alice's; the first, without, was turned away.
    const withAuth = server.requests.filter((r) => r.authorized);
    expect(withAuth.length).toBeGreaterThan(0);
    expect(withAuth.every((r) => r.user === 'alice')).toBe(true);
    expect(server.requests.some((r) => !r.authorized)).toBe(true);
    // The token reached git's config file at no point.
    expect(readFileSync(join(s.configDir, '.gitconfig'), 'utf8')).not.toContain(s.token);
  });

  it('setup-git --login NAME sets up only that login, with useHttpPath for a sub-path deployment', async () => {
    storeLogins({ a: { url: 'https://git.example.com/forge/api/v1', token: 'tok-a' }, b: { url: 'https://other.example.com/api/v1', token: 'tok-b' } });
    const r = await s.kettle(['login', 'setup-git', '--login', 'a']);
    expectExit(r, 0);
    const all = userGit(['config', '--global', '--get-regexp', '^credential\\.']).stdout;
    expect(all).toContain('credential.https://git.example.com/forge/.usehttppath true');
    expect(all).toContain('credential.https://git.example.com/forge/.helper !');
    expect(all).not.toContain('other.example.com');
    expect(all).not.toContain('tok-');
  });

  it('keeps a helper the user already has', async () => {
    storeLogins({ work: { url: 'https://git.example.com/api/v1', token: 'tok' } });
    expect(userGit(['config', '--global', '--add', 'credential.https://git.example.com/.helper', 'store']).status).toBe(0);
    expectExit(await s.kettle(['login', 'setup-git']), 0);
    const helpers = userGit(['config', '--global', '--get-all', 'credential.https://git.example.com/.helper']).stdout.trim().split('\n');
    expect(helpers[0]).toBe('store');
    expect(helpers[1]).toMatch(/login git-credential$/);
  });

  it('no stored logins: exit 1, nothing written', async () => {
    const r = await s.kettle(['login', 'setup-git']);
    expectExit(r, 1);
    expect(r.stderr).toBe('kettle: no stored logins to set up git for; add one with: kettle login add --url URL\n');
  });
});

describe('login git-credential get', () => {
  const ask = (input: string, env: Record<string, string> = {}) => s.kettle(['login', 'git-credential', 'get'], { input, env });

  it('longest server URL wins: two deployments on one host stay apart; the default breaks a tie', async () => {
    storeLogins(
      {
        forge: { url: 'https://git.example.com/forge/api/v1', token: 'tok-forge' },
        root: { url: 'https://git.example.com/api/v1', token: 'tok-root', user: 'bob' },
        root2: { url: 'https://git.example.com', token: 'tok-root2' },
      },
      'root2',
    );
    expect((await ask('protocol=https\nhost=git.example.com\npath=forge/alice/teapot.git\n\n')).stdout).toBe('username=kettle\npassword=tok-forge\n');
    expect((await ask('protocol=https\nhost=git.example.com\npath=forgery/alice/teapot.git\n\n')).stdout).toBe('username=kettle\npassword=tok-root2\n');
    expect((await ask('protocol=https\nhost=GIT.example.com\n\n')).stdout).toBe('username=kettle\npassword=tok-root2\n');
    expect((await ask('url=https://git.example.com/forge/x/y.git\n\n')).stdout).toBe('username=kettle\npassword=tok-forge\n');
  });

  it('a path with dot segments is matched as it will be sent: the sub-path login answers nothing for /forge/../evil (issue 34, 1)', async () => {
    storeLogins({ forge: { url: 'https://git.example.com/forge/api/v1', token: 'tok-forge' } });
    for (const path of ['forge/../evil/x.git', 'forge/./../evil/x.git', 'forge/%2e%2e/evil/x.git', 'forge/sub/../../evil/x.git']) {
      const r = await ask(`protocol=https\nhost=git.example.com\npath=${path}\n\n`);
      expectExit(r, 0);
      expect(r.stdout, path).toBe('');
    }
    // Dot segments that stay inside the login's path are fine.
    expect((await ask('protocol=https\nhost=git.example.com\npath=forge/x/../alice/teapot.git\n\n')).stdout).toBe('username=kettle\npassword=tok-forge\n');
  });

  it("a user named by the remote picks that user's login, or none; with real git (issue 34, 2)", async () => {
    storeLogins(
      {
        alice: { url: 'https://git.example.com/api/v1', token: 'tok-alice', user: 'alice' },
        bob: { url: 'https://git.example.com/api/v1', token: 'tok-bob', user: 'bob' },
      },
      'alice',
    );
    expect(userGit(['config', '--global', 'credential.https://git.example.com.helper', `!${process.execPath} ${join(process.cwd(), 'bin', 'kettle.cjs')} login git-credential`]).status).toBe(0);
    const asBob = userGit(['credential', 'fill'], 'url=https://bob@git.example.com/alice/teapot.git\n\n');
    expect(asBob.stdout).toContain('password=tok-bob\n');
    expect(asBob.stdout).toContain('username=bob\n');
    expect((await ask('protocol=https\nhost=git.example.com\nusername=BOB\n\n')).stdout).toBe('username=bob\npassword=tok-bob\n');
    expect((await ask('protocol=https\nhost=git.example.com\nusername=carol\n\n')).stdout).toBe('');
    expect((await ask('protocol=https\nhost=git.example.com\n\n')).stdout).toBe('username=alice\npassword=tok-alice\n');
  });

  it.each([
    ['another host', 'protocol=https\nhost=github.com\n\n'],
    ['another port', 'protocol=https\nhost=git.example.com:8443\n\n'],
    ['plain http to an https login', 'protocol=http\nhost=git.example.com\n\n'],
    ['a malformed line', 'protocol=https\nhost git.example.com\n\n'],
    ['an empty host', 'protocol=https\nhost=\n\n'],
    ['a url= with a password in it', 'url=https://eve:secret@git.example.com/alice/teapot.git\n\n'],
    ['a url= naming a user no login belongs to', 'url=https://eve@git.example.com/alice/teapot.git\n\n'],
    ['none of the keys', 'color=blue\n\n'],
    ['nothing at all', ''],
  ])('%s: no output, exit 0 (git asks its next helper)', async (_what, input) => {
    storeLogins({ work: { url: 'https://git.example.com/api/v1', token: 'tok' } });
    const r = await ask(input);
    expectExit(r, 0);
    expect(r.stdout).toBe('');
    expect(r.stderr).toBe('');
  });

  it.each(['store', 'erase', 'capability'])('%s changes nothing and exits 0', async (op) => {
    storeLogins({ work: { url: 'https://git.example.com/api/v1', token: 'tok' } });
    const before = readFileSync(join(s.configDir, 'config.json'), 'utf8');
    const r = await s.kettle(['login', 'git-credential', op], { input: 'protocol=https\nhost=git.example.com\nusername=x\npassword=new\n\n' });
    expectExit(r, 0);
    expect(r.stdout).toBe('');
    expect(readFileSync(join(s.configDir, 'config.json'), 'utf8')).toBe(before);
  });

  it('KETTLE_URL and KETTLE_TOKEN answer for their server as a stored login does; an Actions job likewise', async () => {
    const env = await ask('protocol=https\nhost=ci.example.com\npath=a/b.git\n\n', { KETTLE_URL: 'https://ci.example.com', KETTLE_TOKEN: 'env-token' });
    expect(env.stdout).toBe('username=kettle\npassword=env-token\n');
    const job = await ask('protocol=https\nhost=job.example.com\n\n', { GITEA_ACTIONS: 'true', GITHUB_SERVER_URL: 'https://job.example.com', GITHUB_TOKEN: 'job-token' });
    expect(job.stdout).toBe('username=kettle\npassword=job-token\n');
  });

  it('an unreadable config: one line on stderr, nothing on stdout', async () => {
    writeFileSync(join(s.configDir, 'config.json'), '{ not json', { mode: 0o600 });
    const r = await ask('protocol=https\nhost=git.example.com\n\n');
    expect(r.stdout).toBe('');
    expect(r.stderr.trimEnd().split('\n')).toEqual([`kettle: git-credential: the config file ${join(s.configDir, 'config.json')} is not valid JSON (line 1); fix or remove it`]);
  });
});
