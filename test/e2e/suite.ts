// A test file's server and kettle: the in-memory server with the demo data,
// kettle pointed at it through KETTLE_URL/KETTLE_TOKEN (the CI path), run in an
// empty folder so no git remote of the developer's checkout leaks in.
import { afterAll, afterEach, beforeAll, beforeEach, expect } from 'vitest';
import { type RecordedRequest, type ServerOptions, startServer, type TestServer } from '../server/index.js';
import { kettleWith, type RunOptions, type RunResult, tempDir } from './harness.js';

export interface Suite {
  server: TestServer;
  token: string;
  /** kettle as alice, in a folder outside any git repository. */
  kettle: (args: string[], opts?: RunOptions) => Promise<RunResult>;
  /** A folder removed after each test. */
  dir: string;
}

export function useServer(options: ServerOptions = {}): Suite {
  const suite = {} as Suite;
  let home: ReturnType<typeof tempDir>;
  let work: ReturnType<typeof tempDir>;
  beforeAll(async () => {
    suite.server = await startServer({ seed: 'demo', ...options });
    suite.token = suite.server.addToken('alice');
  });
  afterAll(async () => {
    await suite.server.close();
  });
  beforeEach(() => {
    home = tempDir();
    work = tempDir('kettle-work-');
    suite.dir = work.path;
    const kettle = kettleWith({ configDir: home.path, cwd: work.path, env: { KETTLE_URL: suite.server.url, KETTLE_TOKEN: suite.token } });
    suite.kettle = (args, opts) => kettle(args, opts);
    suite.server.clearFaults();
    suite.server.resetRequests();
  });
  afterEach(() => {
    home.cleanup();
    work.cleanup();
  });
  return suite;
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
  expect(lines[0]).toMatch(typeof firstLine === 'string' ? new RegExp(`^kettle: ${escape(firstLine)}$`) : firstLine);
  return lines;
}

function escape(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** Non-TTY rows: one record a line, tab-separated. */
export function rows(stdout: string): string[][] {
  return stdout.split('\n').filter((l) => l !== '').map((l) => l.split('\t'));
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
