// A test file's server and kettle: the in-memory server with the demo data,
// kettle pointed at it through KETTLE_URL/KETTLE_TOKEN (the CI path), run in an
// empty folder so no git remote of the developer's checkout leaks in, with a
// config folder of its own for each test. kettle runs as the built binary in a
// process of its own, or in-process (inprocess.ts) with the same
// call shape, as the test file chooses.
import { afterAll, afterEach, beforeAll, beforeEach, expect, type TestContext } from 'vitest';
import { type RecordedRequest, type ServerOptions, startServer, type TestServer } from '../server/index.js';
import { kettle as inProcess, type InProcessOptions } from './inprocess.js';
import { kettleWith, run, type RunResult, tempDir } from './harness.js';

export interface SuiteOptions {
  /**
   * The in-memory server's options; the demo data unless `seed` says otherwise.
   * A function is called when the server starts, after the beforeAll hooks
   * registered before useServer (for options made there, such as a certificate).
   */
  server?: ServerOptions | (() => ServerOptions);
  /** Whose token `token` is; alice unless given. */
  user?: string;
  /**
   * How kettle finds the server: 'env' (the default) sets KETTLE_URL and
   * KETTLE_TOKEN, the CI path; 'none' sets neither, as on a machine where
   * nobody has logged in yet (`ciEnv` gives the pair for a single run).
   */
  login?: 'env' | 'none';
  /**
   * How kettle runs: 'spawned' (the default) starts the built binary, as users
   * and scripts do; 'in-process' calls execute() with in-memory streams, for
   * command behaviour where the process adds nothing.
   */
  runner?: 'spawned' | 'in-process';
}

/** What a run may add: in-process runs may also make streams terminals (`tty`, `columns`). */
export type SuiteRunOptions = InProcessOptions;

export interface Suite {
  server: TestServer;
  token: string;
  /** KETTLE_URL and KETTLE_TOKEN for this server and token. */
  ciEnv: { KETTLE_URL: string; KETTLE_TOKEN: string };
  /** kettle as the suite's user, in a folder outside any git repository. */
  kettle: (args: string[], opts?: SuiteRunOptions) => Promise<RunResult>;
  /** kettle's working folder, empty at the start of each test and removed after it. */
  dir: string;
  /** kettle's config folder (KETTLE_CONFIG_DIR and HOME), likewise new for each test. */
  configDir: string;
}

/**
 * The server and kettle of a test file (or of a describe block, called inside
 * it). Before each test the server forgets its faults and recorded requests
 * and goes back to the settings it started with; its data carries over.
 */
export function useServer(options: SuiteOptions = {}): Suite {
  const suite = {} as Suite;
  let cleanup: () => void;
  beforeAll(async () => {
    await start(suite, options);
  });
  afterAll(async () => {
    await suite.server.close();
  });
  beforeEach(() => {
    cleanup = bind(suite, options);
    suite.server.clearFaults();
    suite.server.resetRequests();
    suite.server.resetSettings();
  });
  afterEach(() => cleanup());
  return suite;
}

/** A server and kettle of one test's own, closed when it finishes: for tests that run side by side. */
export async function ownServer(t: TestContext, options: SuiteOptions = {}): Promise<Suite> {
  const suite = {} as Suite;
  await start(suite, options);
  t.onTestFinished(() => suite.server.close());
  t.onTestFinished(bind(suite, options));
  return suite;
}

async function start(suite: Suite, options: SuiteOptions): Promise<void> {
  const server = typeof options.server === 'function' ? options.server() : options.server;
  suite.server = await startServer({ seed: 'demo', ...server });
  suite.token = suite.server.addToken(options.user ?? 'alice');
  suite.ciEnv = { KETTLE_URL: suite.server.url, KETTLE_TOKEN: suite.token };
}

/** Fresh folders and a kettle bound to them; returns what removes the folders. */
function bind(suite: Suite, options: SuiteOptions): () => void {
  const home = tempDir();
  const work = tempDir('kettle-work-');
  suite.configDir = home.path;
  suite.dir = work.path;
  suite.kettle = kettleWith({ configDir: home.path, cwd: work.path, env: options.login === 'none' ? {} : suite.ciEnv }, runnerOf(options));
  return () => {
    home.cleanup();
    work.cleanup();
  };
}

function runnerOf(options: SuiteOptions): (args: string[], opts?: SuiteRunOptions) => Promise<RunResult> {
  if (options.runner === 'in-process') return inProcess;
  return (args, opts = {}) => {
    // A spawned kettle writes to pipes: terminals are test/tty's business (tmux).
    if (opts.tty !== undefined || opts.columns !== undefined) throw new Error('tty and columns need runner: in-process; spawned runs have pipes');
    return run(args, opts);
  };
}

/** Exit code, with stderr shown when it differs. */
export function expectExit(r: RunResult, code: number): void {
  expect(r.code, `exit code; stderr:\n${r.stderr}\nstdout:\n${r.stdout}`).toBe(code);
}

/** A usage error: exit 2, one `kettle:` line naming what is wrong, and no request sent. */
export function expectUsage(s: Suite, r: RunResult, mention: string | RegExp): void {
  expectExit(r, 2);
  expect(r.stdout).toBe('');
  const lines = r.stderr.trimEnd().split('\n');
  expect(lines[0]).toMatch(/^kettle: /);
  expect(r.stderr).toMatch(mention);
  expect(r.stderr).not.toMatch(/\n\s+at /);
  expect(s.server.requests.map((q) => `${q.method} ${q.path}`)).toEqual([]);
}

/** A failed request: exit 1 and the first stderr line. */
export function expectFailure(r: RunResult, firstLine: string | RegExp): string[] {
  expectExit(r, 1);
  expect(r.stdout).toBe('');
  const lines = r.stderr.trimEnd().split('\n');
  expect(lines[0]).toMatch(typeof firstLine === 'string' ? new RegExp(`^kettle: ${escapeRegExp(firstLine)}$`) : firstLine);
  return lines;
}

function escapeRegExp(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** Non-TTY rows: one record a line, tab-separated. */
export function rows(stdout: string): string[][] {
  return stdout
    .split('\n')
    .filter((l) => l !== '')
    .map((l) => l.split('\t'));
}

/** Non-TTY single record: `key<TAB>value` lines. */
export function record(stdout: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const line of stdout.split('\n')) {
    if (line === '') continue;
    const tab = line.indexOf('\t');
    expect(tab, `not a key<TAB>value line: ${line}`).toBeGreaterThan(0);
    out[line.slice(0, tab)] = line.slice(tab + 1);
  }
  return out;
}

/** The requests of a kind, for checking what kettle sent. */
export function sent(s: Suite, method: string, path?: string): RecordedRequest[] {
  return s.server.requests.filter((q) => q.method === method && (path === undefined || q.path === path));
}
