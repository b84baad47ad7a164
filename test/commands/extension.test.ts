// kettle extension list|install|upgrade|remove|exec, and `kettle NAME` running
// an installed extension: the built binary in a process of its own, the
// extension a real executable (a shell script that prints its environment),
// hosted on the in-memory server's git or as a release asset.
import { execFile } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { platformSuffix } from '../../src/commands/extension/shared.js';
import { enableGit } from '../server/git-http.js';
import { gitTestEnv } from '../support/git-env.js';
import { json, tempDir } from '../support/harness.js';
import { snapshot } from '../support/snapshot.js';
import { expectExit, sent, useServer } from '../support/suite.js';

const root = tempDir('kettle-extension-');
afterAll(() => root.cleanup());
const GIT_ENV = gitTestEnv(root.path);

/** git, run without blocking: the server it talks to answers from this process. */
function git(cwd: string, ...args: string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile('git', args, { cwd, env: { ...process.env, ...GIT_ENV } }, (err, stdout, stderr) => {
      if (err) reject(new Error(`git ${args.join(' ')} failed: ${stderr}`));
      else resolve(String(stdout).trim());
    });
  });
}

/** An extension that says its arguments and the KETTLE_ variables it was given, then exits with $EXIT (0 unless set). */
const script = (greeting: string) => `#!/bin/sh\necho "${greeting} $*"\nenv | grep '^KETTLE_' | sort\nexit "\${EXIT:-0}"\n`;

const s = useServer();
const dataDir = () => join(s.configDir, '.local', 'share', 'kettle', 'extensions');

describe('extensions from the server', { timeout: 120_000 }, () => {
  let n = 0;
  const as = (full: string) => `${s.server.url.replace('://', '://alice:alice-password@')}/${full}.git`;
  /** A private repository alice/kettle-NAME holding `files` (executable when the name is the program's), pushed with real git; answers the clone. */
  const hosted = async (name: string, files: Record<string, string>, visible: 'private' | 'public' = 'private'): Promise<string> => {
    s.server.state.addRepo('alice', `kettle-${name}`, { private: visible === 'private', init: true });
    const dir = join(root.path, `work-${++n}`);
    await git(root.path, 'clone', '-q', as(`alice/kettle-${name}`), dir);
    return push(dir, files, 'Add the extension');
  };
  const push = async (dir: string, files: Record<string, string>, message: string): Promise<string> => {
    for (const [file, text] of Object.entries(files)) {
      writeFileSync(join(dir, file), text);
      if (file.startsWith('kettle-')) chmodSync(join(dir, file), 0o755);
      await git(dir, 'add', file);
    }
    await git(dir, 'commit', '-q', '-m', message);
    await git(dir, 'push', '-q', 'origin', 'HEAD');
    return dir;
  };
  const head = (dir: string) => git(dir, 'rev-parse', 'HEAD');
  const env = (stdout: string) => Object.fromEntries(stdout.split('\n').flatMap((l) => (/^KETTLE_\w+=/.test(l) ? [l.split(/=(.*)/s).slice(0, 2)] : [])));

  beforeAll(() => enableGit(s.server, join(root.path, 'git')));

  it('installs a private repository with kettle-NAME at its root, runs it as kettle NAME with its environment, upgrades it from one commit to the next, removes it', async () => {
    const work = await hosted('hello', { 'kettle-hello': script('hello') });
    const first = await head(work);
    const installed = await s.kettle(['extension', 'install', 'alice/kettle-hello']);
    expectExit(installed, 0);
    expect(installed.stderr).toBe(`✓ Installed extension hello (commit ${first.slice(0, 10)}); run it with: kettle hello\n`);
    // Cloned with kettle's credential helper: no token in the clone's config, no helper kept there either.
    const config = readFileSync(join(dataDir(), 'hello', 'repo', '.git', 'config'), 'utf8');
    expect(config).not.toContain(s.token);
    expect(config).not.toMatch(/credential|password/);
    expect(config).toContain(`url = ${s.server.url}/alice/kettle-hello.git`);

    const ran = await s.kettle(['hello', 'big', '--world', '-x']);
    expectExit(ran, 0);
    expect(ran.stdout.split('\n')[0]).toBe('hello big --world -x');
    expect(env(ran.stdout)).toEqual({ KETTLE_CONFIG_DIR: s.configDir, KETTLE_HOST: new URL(s.server.url).host, KETTLE_URL: s.server.url });
    // The same through exec, and the extension's exit status is kettle's, with no line of kettle's own.
    const failed = await s.kettle(['extension', 'exec', 'hello', '--', '--flag'], { env: { EXIT: '7' } });
    expectExit(failed, 7);
    expect(failed.stdout.split('\n')[0]).toBe('hello --flag');
    expect(failed.stderr).toBe('');

    const list = await s.kettle(['extension', 'list', '--json']);
    expectExit(list, 0);
    expect(json(list)).toEqual([
      expect.objectContaining({ name: 'hello', kind: 'git', from: 'alice/kettle-hello', version: first.slice(0, 10), commit_or_tag: first, pinned: '', allow_token: false }),
    ]);

    await push(work, { 'kettle-hello': script('hello again') }, 'Say it again');
    const second = await head(work);
    const up = await s.kettle(['extension', 'upgrade', 'hello']);
    expectExit(up, 0);
    expect(up.stderr).toBe(`✓ Upgraded extension hello from ${first.slice(0, 10)} to ${second.slice(0, 10)}\n`);
    expect((await s.kettle(['hello'])).stdout.split('\n')[0]).toBe('hello again ');
    const again = await s.kettle(['extension', 'upgrade', '--all']);
    expectExit(again, 0);
    expect(again.stderr).toBe(`hello is up to date at ${second.slice(0, 10)}\n`);

    const removed = await s.kettle(['extension', 'remove', 'hello']);
    expectExit(removed, 0);
    expect(removed.stderr).toBe('✓ Removed extension hello\n');
    expect(existsSync(join(dataDir(), 'hello'))).toBe(false);
    const gone = await s.kettle(['hello']);
    expectExit(gone, 2);
    expect(gone.stderr).toMatch(/unknown command 'hello'/);
  });

  it('passes the token as KETTLE_TOKEN only to an extension installed with --allow-token; KETTLE_REPO when the folder names a repository', async () => {
    await hosted('tokened', { 'kettle-tokened': script('t') });
    await hosted('plain', { 'kettle-plain': script('p') });
    expectExit(await s.kettle(['extension', 'install', 'alice/kettle-tokened', '--allow-token']), 0);
    expectExit(await s.kettle(['extension', 'install', 'alice/kettle-plain']), 0);
    await git(s.dir, 'init', '-q');
    await git(s.dir, 'remote', 'add', 'origin', `${s.server.url}/alice/teapot.git`);
    const withToken = await s.kettle(['tokened']);
    expectExit(withToken, 0);
    expect(env(withToken.stdout)).toMatchObject({ KETTLE_TOKEN: s.token, KETTLE_REPO: 'alice/teapot' });
    // Without --allow-token the token is removed, even the one kettle itself was given.
    const without = await s.kettle(['plain']);
    expectExit(without, 0);
    expect(env(without.stdout).KETTLE_TOKEN).toBeUndefined();
    expect(without.stdout).not.toContain(s.token);
    expect(env(without.stdout).KETTLE_REPO).toBe('alice/teapot');
    const list = await s.kettle(['extension', 'list', '--json', '--fields', 'name,allow_token']);
    expect(json(list)).toEqual([
      { name: 'plain', allow_token: false },
      { name: 'tokened', allow_token: true },
    ]);
  });

  it('--pin installs that commit, and upgrade leaves a pinned extension where it is, saying so', async () => {
    const work = await hosted('pinned', { 'kettle-pinned': script('old') });
    const first = await head(work);
    await push(work, { 'kettle-pinned': script('new') }, 'New');
    const r = await s.kettle(['extension', 'install', 'alice/kettle-pinned', '--pin', first]);
    expectExit(r, 0);
    expect(r.stderr).toBe(`✓ Installed extension pinned (commit ${first.slice(0, 10)}, pinned to ${first}); run it with: kettle pinned\n`);
    expect((await s.kettle(['pinned'])).stdout.split('\n')[0]).toBe('old ');
    const up = await s.kettle(['extension', 'upgrade', 'pinned']);
    expectExit(up, 0);
    expect(up.stderr).toBe(`pinned is pinned to ${first}; it stays at ${first.slice(0, 10)} (install it again without --pin to follow the newest)\n`);
    expect((await s.kettle(['pinned'])).stdout.split('\n')[0]).toBe('old ');
    const bad = await s.kettle(['extension', 'install', 'alice/kettle-pinned', '--pin', 'no-such-ref'], { env: { XDG_DATA_HOME: join(s.configDir, 'other') } });
    expectExit(bad, 1);
    expect(bad.stderr).toMatch(/^kettle: .*alice\/kettle-pinned\.git has no commit, branch or tag no-such-ref/);
    expect(existsSync(join(s.configDir, 'other', 'kettle', 'extensions', 'pinned'))).toBe(false);
  });

  it('installs a release asset named for the platform, and upgrade moves it to the newest release', async () => {
    const work = await hosted('bin', { 'README.md': 'no program here\n' });
    const asset = join(work, `kettle-bin-${platformSuffix()}`);
    writeFileSync(asset, script('release one'));
    expectExit(await s.kettle(['release', 'create', 'v1.0', asset, '-R', 'alice/kettle-bin', '--notes', 'one']), 0);
    const r = await s.kettle(['extension', 'install', 'alice/kettle-bin']);
    expectExit(r, 0);
    expect(r.stderr).toBe('✓ Installed extension bin (release v1.0); run it with: kettle bin\n');
    expect((await s.kettle(['bin', 'x'])).stdout.split('\n')[0]).toBe('release one x');
    writeFileSync(asset, script('release two'));
    expectExit(await s.kettle(['release', 'create', 'v2.0', asset, '-R', 'alice/kettle-bin', '--notes', 'two']), 0);
    const up = await s.kettle(['extension', 'upgrade', 'bin']);
    expectExit(up, 0);
    expect(up.stderr).toBe('✓ Upgraded extension bin from v1.0 to v2.0\n');
    expect((await s.kettle(['bin'])).stdout.split('\n')[0]).toBe('release two ');
    expect(json(await s.kettle(['extension', 'list', '--json', '--fields', 'name,kind,version']))).toEqual([{ name: 'bin', kind: 'release', version: 'v2.0' }]);
  });

  it("installs from a web address on the login's server (as OWNER/NAME), and from any other git URL (a clone)", async () => {
    await hosted('byurl', { 'kettle-byurl': script('by url') });
    const r = await s.kettle(['extension', 'install', `${s.server.url}/alice/kettle-byurl.git`]);
    expectExit(r, 0);
    expect((await s.kettle(['byurl'])).stdout.split('\n')[0]).toBe('by url ');
    // The same server by another name is no login's: a plain clone, of a public repository.
    await hosted('elsewhere', { 'kettle-elsewhere': script('from elsewhere') }, 'public');
    const other = s.server.url.replace('127.0.0.1', 'localhost');
    const plain = await s.kettle(['extension', 'install', `${other}/alice/kettle-elsewhere.git`]);
    expectExit(plain, 0);
    expect((await s.kettle(['elsewhere'])).stdout.split('\n')[0]).toBe('from elsewhere ');
    expect(json(await s.kettle(['extension', 'list', '--json', '--fields', 'name,kind,from']))).toEqual([
      { name: 'byurl', kind: 'git', from: `${s.server.url}/alice/kettle-byurl` },
      { name: 'elsewhere', kind: 'git', from: `${other}/alice/kettle-elsewhere.git` },
    ]);
    expect(sent(s, 'GET').map((q) => q.path)).not.toContain('/repos/alice/kettle-elsewhere');
    expect(sent(s, 'GET').map((q) => q.path)).toContain('/repos/alice/kettle-byurl');
  });

  it('--dry-run: install clones (a read) and upgrade asks for the newest commit, but the data folder stays as it was; each change is a line', async () => {
    const work = await hosted('drygit', { 'kettle-drygit': script('dry') });
    const first = await head(work);
    const dir = join(dataDir(), 'drygit');
    const dry = await s.kettle(['--dry-run', 'extension', 'install', 'alice/kettle-drygit']);
    expectExit(dry, 0);
    const [place, record, ...rest] = dry.stdout.split('\n');
    expect(place).toBe(`write ${dir}: extension drygit, commit ${first.slice(0, 10)} of alice/kettle-drygit`);
    expect(JSON.parse((record ?? '').replace(`write ${dir}/extension.json: `, ''))).toMatchObject({ name: 'drygit', kind: 'git', version: first });
    expect(rest).toEqual(['']);
    expect(dry.stderr).toBe(`✓ Installed extension drygit (commit ${first.slice(0, 10)}); run it with: kettle drygit (dry run: nothing was changed)\n`);
    expect(existsSync(dataDir())).toBe(false);

    expectExit(await s.kettle(['extension', 'install', 'alice/kettle-drygit']), 0);
    await push(work, { 'kettle-drygit': script('dry again') }, 'Again');
    const second = await head(work);
    const before = snapshot(dataDir());
    const up = await s.kettle(['--dry-run', 'extension', 'upgrade', 'drygit']);
    expectExit(up, 0);
    const lines = up.stdout.split('\n');
    expect(lines.slice(0, 2)).toEqual([`git -C ${dir}/repo fetch --quiet --no-tags origin HEAD`, `git -C ${dir}/repo reset --quiet --hard ${second}`]);
    expect(JSON.parse((lines[2] ?? '').replace(`write ${dir}/extension.json: `, ''))).toMatchObject({ name: 'drygit', version: second });
    expect(up.stderr).toBe(`✓ Upgraded extension drygit from ${first.slice(0, 10)} to ${second.slice(0, 10)} (dry run: nothing was changed)\n`);
    expect(snapshot(dataDir())).toEqual(before);
    expect((await s.kettle(['drygit'])).stdout.split('\n')[0]).toBe('dry ');

    const removed = await s.kettle(['--dry-run', 'extension', 'remove', 'drygit']);
    expectExit(removed, 0);
    expect(removed.stdout).toBe(`remove ${dir}\n`);
    expect(snapshot(dataDir())).toEqual(before);
  });

  it('--dry-run: a release asset is downloaded elsewhere (a read), never into the data folder; upgrade shows the new program', async () => {
    const work = await hosted('drybin', { 'README.md': 'no program here\n' });
    const asset = join(work, `kettle-drybin-${platformSuffix()}`);
    writeFileSync(asset, script('release one'));
    expectExit(await s.kettle(['release', 'create', 'v1.0', asset, '-R', 'alice/kettle-drybin', '--notes', 'one']), 0);
    const dir = join(dataDir(), 'drybin');
    const dry = await s.kettle(['--dry-run', 'extension', 'install', 'alice/kettle-drybin']);
    expectExit(dry, 0);
    expect(dry.stdout.split('\n')[0]).toBe(`write ${dir}: extension drybin, release v1.0 of alice/kettle-drybin`);
    expect(dry.stderr).toBe('✓ Installed extension drybin (release v1.0); run it with: kettle drybin (dry run: nothing was changed)\n');
    expect(existsSync(dataDir())).toBe(false);

    expectExit(await s.kettle(['extension', 'install', 'alice/kettle-drybin']), 0);
    writeFileSync(asset, script('release two'));
    expectExit(await s.kettle(['release', 'create', 'v2.0', asset, '-R', 'alice/kettle-drybin', '--notes', 'two']), 0);
    const before = snapshot(dataDir());
    const up = await s.kettle(['--dry-run', 'extension', 'upgrade', 'drybin']);
    expectExit(up, 0);
    expect(up.stdout.split('\n')[0]).toBe(`write ${dir}/kettle-drybin: release v2.0's kettle-drybin-${platformSuffix()}`);
    expect(up.stderr).toBe('✓ Upgraded extension drybin from v1.0 to v2.0 (dry run: nothing was changed)\n');
    expect(snapshot(dataDir())).toEqual(before);
    expect((await s.kettle(['drybin'])).stdout.split('\n')[0]).toBe('release one ');
  });

  it('a repository with neither the program nor a release asset installs nothing; a missing repository is one line', async () => {
    await hosted('empty', { 'README.md': 'nothing\n' });
    const r = await s.kettle(['extension', 'install', 'alice/kettle-empty']);
    expectExit(r, 1);
    expect(r.stderr).toBe(`kettle: alice/kettle-empty has no executable kettle-empty at its root and no release asset kettle-empty-${platformSuffix()}; nothing was installed\n`);
    expect(json(await s.kettle(['extension', 'list', '--json']))).toEqual([]);
    const missing = await s.kettle(['extension', 'install', 'alice/kettle-nowhere']);
    expectExit(missing, 1);
    expect(missing.stderr).toBe('kettle: repository alice/kettle-nowhere not found\n');
  });
});

describe('extensions, locally', () => {
  const folder = (name: string, text: string): string => {
    const dir = join(s.dir, `kettle-${name}`);
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, `kettle-${name}`), text, { mode: 0o755 });
    return dir;
  };

  it('installs a local folder, which runs where it is; upgrade has nothing to do', async () => {
    const dir = folder('here', script('here'));
    const r = await s.kettle(['extension', 'install', './kettle-here'], { cwd: s.dir });
    expectExit(r, 0);
    expect(r.stderr).toBe(`✓ Installed extension here from ${dir}; run it with: kettle here\n`);
    writeFileSync(join(dir, 'kettle-here'), script('changed'));
    expect((await s.kettle(['here', '1'])).stdout.split('\n')[0]).toBe('changed 1');
    const up = await s.kettle(['extension', 'upgrade', 'here']);
    expectExit(up, 0);
    expect(up.stderr).toBe(`here runs from the folder ${dir}; there is nothing to upgrade\n`);
    const twice = await s.kettle(['extension', 'install', dir]);
    expectExit(twice, 1);
    expect(twice.stderr).toBe('kettle: extension here is already installed; upgrade it with kettle extension upgrade here, or remove it first\n');
    // XDG_DATA_HOME moves the data folder.
    const xdg = join(s.configDir, 'xdg');
    expectExit(await s.kettle(['extension', 'install', dir], { env: { XDG_DATA_HOME: xdg } }), 0);
    expect(existsSync(join(xdg, 'kettle', 'extensions', 'here', 'extension.json'))).toBe(true);
  });

  it('an extension may not shadow a command or an alias; nothing is asked of the server', async () => {
    expectExit(await s.kettle(['alias', 'set', 'co', 'pr checkout']), 0);
    const cases: Array<[string[], string]> = [
      [['extension', 'install', 'alice/kettle-issue'], 'kettle: "issue" is a kettle command; an extension may not shadow a command\n'],
      [['extension', 'install', 'alice/kettle-notifications'], 'kettle: "notifications" is a kettle command; an extension may not shadow a command\n'],
      [['extension', 'install', 'alice/kettle-co'], 'kettle: "co" is an alias; an extension may not shadow an alias (kettle alias delete co first)\n'],
      [['extension', 'install', folder('help', script('x'))], 'kettle: "help" is a kettle command; an extension may not shadow a command\n'],
      [['extension', 'install', 'alice/hello'], "kettle: an extension's repository is named kettle-NAME; alice/hello is not\n"],
      [['extension', 'install', 'alice/kettle-x', '--pin', ''], 'kettle: --pin takes a commit, branch or tag, not ""\n'],
      [['extension', 'install', 'nonsense'], 'kettle: install takes OWNER/kettle-NAME, a git URL or a folder, not "nonsense"\n'],
      [['extension', 'upgrade'], 'kettle: name the extension to upgrade, or use --all\n'],
      [['extension', 'upgrade', 'x', '--all'], 'kettle: name an extension or use --all, not both\n'],
    ];
    for (const [args, message] of cases) {
      const r = await s.kettle(args);
      expectExit(r, 2);
      expect(r.stderr).toBe(message);
    }
    expect(sent(s, 'GET')).toEqual([]);
    expect(existsSync(dataDir())).toBe(false);
  });

  it('a command, then an alias, wins over an extension of the same name; an unknown extension is one line', async () => {
    // Made by hand: install refuses these names.
    for (const name of ['issue', 'co']) {
      const dir = folder(name, script(`extension ${name}`));
      mkdirSync(join(dataDir(), name), { recursive: true });
      writeFileSync(join(dataDir(), name, 'extension.json'), JSON.stringify({ name, kind: 'local', source: dir, path: dir, allowToken: false, version: '', installed: '' }));
    }
    expectExit(await s.kettle(['alias', 'set', 'co', 'whoami']), 0);
    const issue = await s.kettle(['issue', 'list', '-R', 'alice/teapot', '--json', '--fields', 'number', '--limit', '1']);
    expectExit(issue, 0);
    expect(issue.stdout).not.toContain('extension');
    const co = await s.kettle(['co']);
    expectExit(co, 0);
    expect(co.stdout).not.toContain('extension');
    const unknown = await s.kettle(['extension', 'exec', 'nope']);
    expectExit(unknown, 1);
    expect(unknown.stderr).toBe('kettle: no extension "nope" is installed; see kettle extension list\n');
    const remove = await s.kettle(['extension', 'remove', 'nope']);
    expectExit(remove, 1);
    expect(remove.stderr).toBe('kettle: no extension "nope" is installed; see kettle extension list\n');
    const none = await s.kettle(['extension', 'list'], { env: { XDG_DATA_HOME: join(s.configDir, 'empty') } });
    expectExit(none, 0);
    expect(none.stdout + none.stderr).toBe('');
  });
});
