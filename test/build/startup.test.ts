// What a real run of the built kettle loads. Node lists the built-in modules a
// process has loaded (process.moduleLoadList); a preloaded script writes that
// list to a file at exit, so these tests see exactly what `kettle --help` or
// `kettle whoami` paid for, without changing their output.
import { closeSync, copyFileSync, cpSync, existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, openSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { spawn, spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectExit, useServer } from '../support/suite.js';
import { baseEnv, ROOT, tempDir } from '../support/harness.js';
import { ROOT_OPTIONS } from '../../src/cli/words.js';

const s = useServer();
const tmp = tempDir('kettle-startup-');
const preload = join(tmp.path, 'loaded.cjs');
let n = 0;

beforeAll(() => {
  writeFileSync(preload, "process.on('exit', () => require('node:fs').writeFileSync(process.env.KETTLE_TEST_LOADED, process.moduleLoadList.join('\\n')));\n");
});
afterAll(() => tmp.cleanup());

/** Run kettle; return its result and the built-in modules it loaded. */
async function loaded(args: string[]) {
  const file = join(tmp.path, `loaded-${++n}.txt`);
  const r = await s.kettle(args, { env: { NODE_OPTIONS: `--require ${preload}`, KETTLE_TEST_LOADED: file } });
  const modules = readFileSync(file, 'utf8')
    .split('\n')
    .filter((l) => l.startsWith('NativeModule '))
    .map((l) => l.slice('NativeModule '.length));
  return { r, modules };
}

describe('start-up loads only what the command uses', () => {
  it('--help loads neither child_process nor any HTTP module', async () => {
    const { r, modules } = await loaded(['--help']);
    expectExit(r, 0);
    expect(r.stdout).toMatch(/Usage: kettle/);
    expect(modules).not.toContain('child_process');
    expect(modules).not.toContain('http');
    expect(modules.filter((m) => m.includes('undici'))).toEqual([]);
  });

  it('whoami uses undici without its fetch half, Node’s own copy of undici or HTTP/2', async () => {
    const { r, modules } = await loaded(['whoami', '--json']);
    expectExit(r, 0);
    expect(JSON.parse(r.stdout).login).toBe('alice');
    // It did make a request over TCP, through undici: neither node:http
    // (undici needs only its header limit and a class, see build-cli.mjs)
    // nor node:assert, nor node:tty for a stdout that is no terminal.
    expect(modules).toContain('net');
    expect(modules).not.toContain('http');
    expect(modules).not.toContain('assert');
    expect(modules).not.toContain('tty');
    // The request's clock is process.hrtime: the global performance would load perf_hooks.
    expect(modules).not.toContain('perf_hooks');
    // Node's bundled undici (behind global fetch) and the HTTP/2 client are not loaded.
    expect(modules.filter((m) => m.includes('undici'))).toEqual([]);
    expect(modules).not.toContain('http2');
    expect(modules).not.toContain('child_process');
  });
});

describe('whoami loads none of Node’s modules after bin/kettle.cjs sets V8’s flags (which would lose Node’s code cache of them)', () => {
  const preloadFlags = join(tmp.path, 'flags.cjs');
  beforeAll(() => {
    writeFileSync(
      preloadFlags,
      [
        "const v8 = require('node:v8');",
        'const set = v8.setFlagsFromString;',
        'let at;',
        'v8.setFlagsFromString = (flags) => { at ??= process.moduleLoadList.length; return set(flags); };',
        "process.on('exit', () => require('node:fs').writeFileSync(process.env.KETTLE_TEST_AFTER, at === undefined ? 'none' : process.moduleLoadList.slice(at).join('\\n')));",
        '',
      ].join('\n'),
    );
  });

  /** The built-in modules loaded after the flags, and the whole list before them (for the message). */
  function modulesAfter(file: string): string[] {
    const after = readFileSync(file, 'utf8');
    expect(after).not.toBe('none');
    return after
      .split('\n')
      .filter((l) => l.startsWith('NativeModule '))
      .map((l) => l.slice('NativeModule '.length));
  }

  it('writing to pipes: undici’s node:net and node:diagnostics_channel, node:vm and the standard streams are loaded before', async () => {
    const file = join(tmp.path, 'after-flags-pipes.txt');
    const r = await s.kettle(['whoami', '--json'], { env: { NODE_OPTIONS: `--require ${preloadFlags}`, KETTLE_TEST_AFTER: file } });
    expectExit(r, 0);
    expect(modulesAfter(file)).toEqual([]);
  });

  it('writing to files: their streams’ module (internal/fs/sync_write_stream) is loaded before', async () => {
    const file = join(tmp.path, 'after-flags-files.txt');
    const out = join(tmp.path, 'whoami.out');
    const err = join(tmp.path, 'whoami.err');
    const fds = [openSync(out, 'w'), openSync(err, 'w')];
    let code: number | null;
    try {
      // Not spawnSync: the server answers from this process.
      const child = spawn(process.execPath, [join(ROOT, 'bin', 'kettle.cjs'), 'whoami', '--json'], {
        env: { ...baseEnv(), HOME: s.configDir, KETTLE_CONFIG_DIR: s.configDir, ...s.ciEnv, NODE_OPTIONS: `--require ${preloadFlags}`, KETTLE_TEST_AFTER: file },
        cwd: s.dir,
        stdio: ['ignore', fds[0], fds[1]],
        timeout: 20_000,
      });
      code = await new Promise((resolve, reject) => child.on('error', reject).on('close', resolve));
    } finally {
      for (const fd of fds) closeSync(fd);
    }
    expect(readFileSync(err, 'utf8')).toBe('');
    expect(code).toBe(0);
    expect(JSON.parse(readFileSync(out, 'utf8')).login).toBe('alice');
    expect(modulesAfter(file)).toEqual([]);
  });
});

it('whoami has its young generation collected only when an allocation needs it, not by the task V8 posts before (bin/kettle.cjs: --no-minor-gc-task)', async () => {
  // --trace-gc (not allowed in NODE_OPTIONS: set by a preloaded script)
  // writes a line per collection to stdout, its reason last. At exit the
  // script allocates a few megabytes of short-lived objects, so that the
  // young generation fills there at least, whatever whoami allocates.
  const preloadTrace = join(tmp.path, 'trace-gc.cjs');
  writeFileSync(preloadTrace, "require('node:v8').setFlagsFromString('--trace-gc');\nprocess.on('exit', () => { let last; for (let i = 0; i < 200000; i++) last = { i }; return last; });\n");
  const r = await s.kettle(['whoami', '--json'], { env: { NODE_OPTIONS: `--require ${preloadTrace}` } });
  expectExit(r, 0);
  expect(r.stderr).toBe('');
  const young = r.stdout.split('\n').filter((l) => / ms: (Scavenge|Minor)/.test(l));
  expect(young.length).toBeGreaterThan(0);
  expect(young.filter((l) => / task;?\s*$/.test(l))).toEqual([]);
  const collections = r.stdout.split('\n').filter((l) => / ms: [A-Z]/.test(l));
  expect(
    JSON.parse(
      r.stdout
        .split('\n')
        .filter((l) => !collections.includes(l))
        .join('\n'),
    ).login,
  ).toBe('alice');
});

it('whoami and the first page of issue list run no case-insensitive pattern (V8 sets up ICU’s case folding for the first: src/text/schemes.ts)', async () => {
  // A preloaded script sees every pattern a run executes (replacing exec
  // sends test, replace and match through it) and writes those with the i flag.
  const preloadPatterns = join(tmp.path, 'patterns.cjs');
  writeFileSync(
    preloadPatterns,
    "const seen = new Set(); const exec = RegExp.prototype.exec; RegExp.prototype.exec = function (s) { if (this.flags.includes('i')) seen.add(String(this)); return exec.call(this, s); };\nprocess.on('exit', () => require('node:fs').writeFileSync(process.env.KETTLE_TEST_PATTERNS, [...seen].join('\\n')));\n",
  );
  for (const args of [['whoami'], ['issue', 'list', '-R', 'alice/teapot']]) {
    const file = join(tmp.path, `patterns-${++n}.txt`);
    const r = await s.kettle(args, { env: { NODE_OPTIONS: `--require ${preloadPatterns}`, KETTLE_TEST_PATTERNS: file } });
    expectExit(r, 0);
    expect({ args, patterns: readFileSync(file, 'utf8').split('\n').filter(Boolean) }).toEqual({ args, patterns: [] });
  }
});

it('Node’s default header limit is the 16 KiB the bundle assumes when --max-http-header-size is not given', () => {
  const r = spawnSync(process.execPath, ['-p', "require('node:http').maxHeaderSize"], { encoding: 'utf8', env: { PATH: process.env.PATH ?? '' } });
  expect(r.stdout.trim()).toBe('16384');
});

describe('bin/kettle.cjs', () => {
  // A copy of the package without its build: what the entry does on its own.
  const bare = tempDir('kettle-unbuilt-');
  afterAll(() => bare.cleanup());
  const version = (JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version: string }).version;
  const runBare = (args: string[]) => {
    mkdirSync(join(bare.path, 'bin'), { recursive: true });
    copyFileSync(join(ROOT, 'bin', 'kettle.cjs'), join(bare.path, 'bin', 'kettle.cjs'));
    copyFileSync(join(ROOT, 'package.json'), join(bare.path, 'package.json'));
    return spawnSync(process.execPath, [join(bare.path, 'bin', 'kettle.cjs'), ...args], { encoding: 'utf8', env: { PATH: process.env.PATH ?? '' } });
  };

  it.each(['--version', '-V'])('answers %s from package.json without loading the CLI', (flag) => {
    const r = runBare([flag]);
    expect(r.status).toBe(0);
    expect(r.stdout).toBe(`${version}\n`);
    expect(r.stderr).toBe('');
  });

  it('exits 0 with nothing on stderr when stdout is a pipe nobody reads any more', () => {
    // `true` has exited, and closed the pipe, well before kettle writes to it.
    const script = `{ sleep 0.3; '${process.execPath}' '${join(ROOT, 'bin', 'kettle.cjs')}' --version; } | true; echo "exit \${PIPESTATUS[0]}"`;
    const r = spawnSync('bash', ['--norc', '--noprofile', '-c', script], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], env: { PATH: process.env.PATH ?? '' } });
    expect(r.stdout).toBe('exit 0\n');
    expect(r.stderr).toBe('');
  });

  it('says how to build when the CLI is not built, in one line', () => {
    const r = runBare(['whoami']);
    expect(r.status).toBe(1);
    expect(r.stdout).toBe('');
    expect(r.stderr).toBe('kettle: the CLI is not built yet; run: npm run build\n');
  });

  it('gives the same version through the full CLI when more arguments follow', async () => {
    const r = await s.kettle(['--version', '--no-color']);
    expectExit(r, 0);
    expect(r.stdout).toBe(`${version}\n`);
  });
});

describe('the code cache of the bundle', () => {
  const cacheHome = tempDir('kettle-cache-');
  afterAll(() => cacheHome.cleanup());
  const folder = join(cacheHome.path, 'kettle');
  const whoami = () => s.kettle(['whoami', '--json'], { env: { XDG_CACHE_HOME: cacheHome.path } });
  // The code cache's files (whoami also keeps the server's version there, in servers.json).
  const cacheFiles = () => (existsSync(folder) ? readdirSync(folder).filter((f) => f.startsWith('code-')) : []);

  // The last part is V8's tag for its version, flags and CPU (v8.cachedDataVersionTag()).
  const named = (command: string, version = process.version) => new RegExp(`^code-[0-9a-f]{16}-${version.replace(/\./g, '\\.')}-${process.arch}-${command}-[0-9a-f]{1,8}\\.bin$`);

  it('is written by the first run, for this build, this Node and this command, a file for the core and one for the piece, and used by the next', async () => {
    rmSync(folder, { recursive: true, force: true });
    expectExit(await whoami(), 0);
    const files = cacheFiles().sort();
    expect(files).toEqual([expect.stringMatching(named('whoami-core')), expect.stringMatching(named('whoami-piece'))]);
    const written = files.map((f) => statSync(join(folder, f)).mtimeMs);
    const r = await whoami();
    expectExit(r, 0);
    expect(JSON.parse(r.stdout).login).toBe('alice');
    // Accepted: not written again.
    expect(files.map((f) => statSync(join(folder, f)).mtimeMs)).toEqual(written);
  });

  it('runs under other V8 flags (NODE_OPTIONS) take turns without either writing its caches again', async () => {
    rmSync(folder, { recursive: true, force: true });
    const options = '--max-old-space-size=3000';
    const flagged = () => s.kettle(['whoami', '--json'], { env: { XDG_CACHE_HOME: cacheHome.path, NODE_OPTIONS: options } });
    // Whether this V8 counts the flag among those a cache is checked against (Node 20 and 22 do, Node 24 does not).
    const tag = (env: Record<string, string>) =>
      spawnSync(process.execPath, ['-p', "require('node:v8').cachedDataVersionTag()"], { encoding: 'utf8', env: { PATH: process.env.PATH ?? '', ...env } }).stdout;
    const counted = tag({}) !== tag({ NODE_OPTIONS: options });
    expectExit(await whoami(), 0);
    const r = await flagged();
    expectExit(r, 0);
    expect(JSON.parse(r.stdout).login).toBe('alice');
    // Where it counts, the flagged run has caches of its own; where it does not, the same caches serve both.
    const files = cacheFiles().sort();
    expect(files).toHaveLength(counted ? 4 : 2);
    const written = files.map((f) => statSync(join(folder, f)).mtimeMs);
    expectExit(await whoami(), 0);
    expectExit(await flagged(), 0);
    // Each run's caches were accepted: none written again.
    expect(cacheFiles().sort()).toEqual(files);
    expect(files.map((f) => statSync(join(folder, f)).mtimeMs)).toEqual(written);
  });

  it("another Node's cache is not read: its name differs", async () => {
    rmSync(folder, { recursive: true, force: true });
    expectExit(await whoami(), 0);
    // This Node's own caches, renamed as another Node's would be: were they read, V8 would take them and nothing would be written.
    const other = 'v0.0.1';
    for (const f of cacheFiles()) renameSync(join(folder, f), join(folder, f.replace(process.version, other)));
    expectExit(await whoami(), 0);
    const files = cacheFiles().sort();
    expect(files).toHaveLength(4);
    for (const [command, version] of [
      ['whoami-core', other],
      ['whoami-piece', other],
      ['whoami-core', process.version],
      ['whoami-piece', process.version],
    ] as const)
      expect(files.filter((f) => named(command, version).test(f))).toHaveLength(1);
  });

  // Damaged with its length intact, a cache is handed to V8, which rejects it (script.cachedDataRejected).
  it.each([
    ['damaged', 'core', (b: Buffer) => Buffer.from(b.map((x, i) => (i < b.length - 8 ? x ^ 0x5a : x)))],
    ['damaged', 'piece', (b: Buffer) => Buffer.from(b.map((x, i) => (i < b.length - 8 ? x ^ 0x5a : x)))],
    ['cut short', 'core', (b: Buffer) => b.subarray(0, Math.floor(b.length / 2))],
    ['empty', 'piece', () => Buffer.alloc(0)],
  ])("a %s cache (the %s's) is ignored and replaced", async (_, part, spoil) => {
    expectExit(await whoami(), 0);
    const file = join(folder, cacheFiles().find((f) => named(`whoami-${part}`).test(f)) as string);
    const good = readFileSync(file);
    writeFileSync(file, spoil(good));
    const r = await whoami();
    expectExit(r, 0);
    expect(JSON.parse(r.stdout).login).toBe('alice');
    // Written again, whole: it ends with its own length.
    const again = readFileSync(file);
    expect(again.equals(spoil(good))).toBe(false);
    expect(again.length).toBeGreaterThan(1000);
    expect(again.readUInt32LE(again.length - 8)).toBe(again.length - 8);
  });

  it('is kept per top-level command: the first word that names one, whatever options come before it', async () => {
    rmSync(folder, { recursive: true, force: true });
    const env = { env: { XDG_CACHE_HOME: cacheHome.path } };
    expectExit(await s.kettle(['--no-color', 'issue', 'list', '-R', 'alice/teapot', '--limit', '1'], env), 0);
    // The core's, the piece's of issue's definitions, and the piece's of the verb that ran (issue list's).
    expect(cacheFiles().sort()).toEqual([expect.stringMatching(named('issue-core')), expect.stringMatching(named('issue-piece')), expect.stringMatching(named('issue-piece-list'))]);
    expectExit(await s.kettle(['--no-color', 'whoami'], env), 0);
    // A word that names no command: the whole CLI, and its cache.
    expectExit(await s.kettle(['isue', 'list'], env), 2);
    // A command whose verbs build the whole tree: the whole CLI too, with a cache of that command.
    expectExit(await s.kettle(['alias', 'list'], env), 0);
    // --jq runs with other V8 flags (bin/kettle.cjs): a cache of their own.
    const jq = await s.kettle(['issue', 'list', '-R', 'alice/teapot', '--limit', '1', '--jq', '.[].number'], env);
    expectExit(jq, 0);
    expect(jq.stdout).toMatch(/^\d+\n$/);
    const files = cacheFiles();
    // jq-web, a library of its own file (dist/cli/libs/), has one too, for the command that loaded it.
    expect(files).toHaveLength(11);
    for (const command of [
      'issue-core',
      'issue-piece',
      'issue-piece-list',
      'issue-jq-core',
      'issue-jq-piece',
      'issue-jq-piece-list',
      'issue-jq-jq-web',
      'kettle',
      'alias',
      'whoami-core',
      'whoami-piece',
    ])
      expect(files.filter((f) => named(command).test(f))).toHaveLength(1);
    expect(new Set(cacheFiles().map((f) => f.split('-')[1])).size).toBe(1);
  });

  it('the root options before the command, and their values, are skipped: `--login whoami issue list` loads the issue piece', async () => {
    rmSync(folder, { recursive: true, force: true });
    const env = { env: { XDG_CACHE_HOME: cacheHome.path } };
    // issue list's verb runs, and asks for the login named whoami, which there is not.
    const r = await s.kettle(['--login', 'whoami', '--timeout=20', '--no-color', 'issue', 'list', '-R', 'alice/teapot', '--limit', '1'], env);
    expectExit(r, 2);
    expect(r.stderr).toBe('kettle: no login named "whoami"; add one with: kettle login add --url URL\n');
    expect(cacheFiles().sort()).toEqual([expect.stringMatching(named('issue-core')), expect.stringMatching(named('issue-piece')), expect.stringMatching(named('issue-piece-list'))]);
  });

  it("removes other builds' caches untouched for a week when it writes one, and nothing else", async () => {
    rmSync(folder, { recursive: true, force: true });
    mkdirSync(folder, { recursive: true });
    const old = (Date.now() - 8 * 24 * 3600 * 1000) / 1000;
    const other = (age: number, name: string) => {
      writeFileSync(join(folder, name), 'x');
      utimesSync(join(folder, name), age, age);
    };
    other(old, `code-0123456789abcdef-${process.version}-${process.arch}-issue.bin`);
    other(Date.now() / 1000, `code-fedcba9876543210-${process.version}-${process.arch}-issue.bin`);
    other(old, 'unrelated.bin');
    expectExit(await whoami(), 0);
    const left = readdirSync(folder);
    expect(left).toHaveLength(5);
    expect(left).toEqual(
      expect.arrayContaining([
        `code-fedcba9876543210-${process.version}-${process.arch}-issue.bin`,
        expect.stringMatching(named('whoami-core')),
        expect.stringMatching(named('whoami-piece')),
        'servers.json',
        'unrelated.bin',
      ]),
    );
  });

  it('a cache folder that cannot be written changes nothing', async () => {
    const file = join(cacheHome.path, 'not-a-folder');
    writeFileSync(file, '');
    const r = await s.kettle(['whoami', '--json'], { env: { XDG_CACHE_HOME: file } });
    expectExit(r, 0);
    expect(r.stderr).toBe('');
    expect(JSON.parse(r.stdout).login).toBe('alice');
  });

  it("a piece's cache that cannot be written (a folder in its place) changes nothing", async () => {
    rmSync(folder, { recursive: true, force: true });
    expectExit(await whoami(), 0);
    const piece = cacheFiles().find((f) => named('whoami-piece').test(f)) as string;
    rmSync(join(folder, piece));
    mkdirSync(join(folder, piece));
    const r = await whoami();
    expectExit(r, 0);
    expect(r.stderr).toBe('');
    expect(JSON.parse(r.stdout).login).toBe('alice');
    expect(statSync(join(folder, piece)).isDirectory()).toBe(true);
    // Nothing left behind by the write that failed.
    expect(readdirSync(folder).filter((f) => f.endsWith('.tmp'))).toEqual([]);
  });
});

describe('the core and the pieces', () => {
  // A copy of the package, whose pieces each test may spoil: a partial install.
  const copy = tempDir('kettle-pieces-');
  const cacheHome = tempDir('kettle-pieces-cache-');
  afterAll(() => {
    copy.cleanup();
    cacheHome.cleanup();
  });
  const fresh = () => {
    rmSync(copy.path, { recursive: true, force: true });
    mkdirSync(join(copy.path, 'dist'), { recursive: true });
    cpSync(join(ROOT, 'bin'), join(copy.path, 'bin'), { recursive: true });
    cpSync(join(ROOT, 'dist', 'cli'), join(copy.path, 'dist', 'cli'), { recursive: true });
    copyFileSync(join(ROOT, 'package.json'), join(copy.path, 'package.json'));
    rmSync(cacheHome.path, { recursive: true, force: true });
  };
  const fromCopy = async (args: string[]) => {
    const child = spawn(process.execPath, [join(copy.path, 'bin', 'kettle.cjs'), ...args], {
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...baseEnv(), ...s.ciEnv, HOME: copy.path, KETTLE_CONFIG_DIR: join(copy.path, 'config'), XDG_CACHE_HOME: cacheHome.path },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (d: string) => (stdout += d));
    child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
    const status = await new Promise<number | null>((resolve) => child.once('close', resolve));
    const cached = existsSync(join(cacheHome.path, 'kettle')) ? readdirSync(join(cacheHome.path, 'kettle')).filter((f) => f.startsWith('code-')) : [];
    return { status, stdout, stderr, cached: cached.map((f) => f.replace(/^code-[0-9a-f]+-[^-]+-[^-]+-/, '').replace(/-[0-9a-f]{1,8}\.bin$/, '')).sort() };
  };
  const issueList = ['issue', 'list', '-R', 'alice/teapot', '--limit', '3'];

  it.each([
    ['removed', (file: string) => rmSync(file)],
    ['cut short', (file: string) => writeFileSync(file, readFileSync(file).subarray(0, Math.floor(readFileSync(file).length / 2)))],
    ['cut at the end of a line (still JavaScript)', (file: string) => writeFileSync(file, readFileSync(file, 'latin1').replace(/\n\/\/ kettle-end\n$/, '\n'), 'latin1')],
  ])('a piece %s: the whole CLI answers, the same', async (_, spoil) => {
    fresh();
    const whole = await fromCopy(issueList);
    expect(whole.status).toBe(0);
    expect(whole.cached).toEqual(['issue-core', 'issue-piece', 'issue-piece-list']);
    fresh();
    spoil(join(copy.path, 'dist', 'cli', 'pieces', 'issue.cjs'));
    const r = await fromCopy(issueList);
    expect(r).toEqual({ ...whole, cached: ['issue'] });
  });

  it.each([
    ['removed', (file: string) => rmSync(file)],
    ['cut short', (file: string) => writeFileSync(file, readFileSync(file).subarray(0, Math.floor(readFileSync(file).length / 2)))],
    ['from another build', (file: string) => writeFileSync(file, readFileSync(file, 'latin1').replace(/^\/\/ kettle-bundle [0-9a-f]{16}/, '// kettle-bundle 0123456789abcdef'), 'latin1')],
    // Its first and last lines whole, something else between them.
    ['that does not compile', (file: string) => writeFileSync(file, readFileSync(file, 'latin1').replace(/^((?:\/\/[^\n]*\n){2})/, '$1}} not JavaScript ((\n'), 'latin1')],
  ])("a verb's piece %s: that verb says so in one line, exit 1, and the command's other verbs work", async (_, spoil) => {
    fresh();
    const view = await fromCopy(['issue', 'view', '1', '-R', 'alice/teapot']);
    expect(view.status).toBe(0);
    expect(view.cached).toEqual(['issue-core', 'issue-piece', 'issue-piece-view']);
    fresh();
    spoil(join(copy.path, 'dist', 'cli', 'pieces', 'issue', 'list.cjs'));
    // The verb's piece is asked for once its command's definitions have read the line: too late for the whole CLI to answer instead.
    expect(await fromCopy(issueList)).toEqual({
      status: 1,
      stdout: '',
      stderr: "kettle: kettle's file dist/cli/pieces/issue/list.cjs is missing or damaged: reinstall kettle\n",
      cached: ['issue-core', 'issue-piece'],
    });
    expect(await fromCopy(['issue', 'view', '1', '-R', 'alice/teapot'])).toEqual({ ...view, cached: ['issue-core', 'issue-piece', 'issue-piece-view'] });
  });

  it('a core cut short or from another build: the whole CLI answers, the same', async () => {
    fresh();
    const pieces = await fromCopy(['whoami', '--json']);
    expect(pieces.cached).toEqual(['whoami-core', 'whoami-piece']);
    fresh();
    const core = join(copy.path, 'dist', 'cli', 'core.cjs');
    writeFileSync(core, readFileSync(core).subarray(0, 100_000));
    expect(await fromCopy(['whoami', '--json'])).toEqual({ ...pieces, cached: ['whoami'] });
    fresh();
    const piece = join(copy.path, 'dist', 'cli', 'pieces', 'whoami.cjs');
    writeFileSync(piece, readFileSync(piece, 'latin1').replace(/^\/\/ kettle-bundle [0-9a-f]{16}/, '// kettle-bundle 0123456789abcdef'), 'latin1');
    expect(await fromCopy(['whoami', '--json'])).toEqual({ ...pieces, cached: ['whoami'] });
  });

  it('a table of pieces removed, or from another build than the core: the whole CLI answers, the same', async () => {
    fresh();
    const pieces = await fromCopy(['whoami', '--json']);
    expect(pieces.cached).toEqual(['whoami-core', 'whoami-piece']);
    const listed = join(copy.path, 'dist', 'cli', 'pieces.txt');
    fresh();
    rmSync(listed);
    expect(await fromCopy(['whoami', '--json'])).toEqual({ ...pieces, cached: ['whoami'] });
    fresh();
    writeFileSync(listed, readFileSync(listed, 'latin1').replace(/^\/\/ kettle-bundle [0-9a-f]{16}/, '// kettle-bundle 0123456789abcdef'), 'latin1');
    expect(await fromCopy(['whoami', '--json'])).toEqual({ ...pieces, cached: ['whoami'] });
  });

  it('a command line that names no command, help and completion load the whole CLI', async () => {
    fresh();
    for (const args of [['isue'], ['help', 'issue', 'nothing'], ['completion', 'bash'], ['--no-color']]) await fromCopy(args);
    // (The whole CLI keeps its cache by the first word that names a command, as before the pieces.)
    expect((await fromCopy(['--frobnicate', 'issue', 'list'])).cached).toEqual(['completion', 'help', 'issue', 'kettle']);
  });

  it('a piece whose verb builds the whole tree loads the other pieces through the core, and commander from its own file (alias, were it in the table of pieces)', async () => {
    fresh();
    const listed = join(copy.path, 'dist', 'cli', 'pieces.txt');
    const text = readFileSync(listed, 'latin1');
    expect(text).not.toMatch(/^\/\/ kettle-pieces .*\balias\b/m);
    writeFileSync(listed, text.replace(/^(\/\/ kettle-pieces [^\n]*)/m, '$1 alias'), 'latin1');
    const r = await fromCopy(['alias', 'set', 'issue', 'issue list']);
    expect(r).toEqual({
      status: 2,
      stdout: '',
      stderr: 'kettle: "issue" is a kettle command; an alias may not shadow a command\n',
      cached: ['alias-commander', 'alias-core', 'alias-piece', 'alias-piece-set'],
    });
  });

  it("bin/kettle.cjs skips the root options that src/cli/words.ts's commandWordAt skips", () => {
    const text = readFileSync(join(ROOT, 'bin', 'kettle.cjs'), 'utf8');
    const listed = /const rootOptions = (\{[^}]*\});/.exec(text)?.[1];
    expect(listed).toBeDefined();
    expect(JSON.parse((listed as string).replace(/'/g, '"'))).toEqual(ROOT_OPTIONS);
  });
});
