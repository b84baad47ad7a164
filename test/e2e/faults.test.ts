// The fault matrix: representative commands against every fault the in-memory
// server can inject. Whatever goes wrong, kettle prints one line on stderr,
// exits 1, puts nothing (partial or invalid) on stdout, retries only what is
// safe to repeat, and never shows a stack trace.
import { describe, expect, it, type TestContext } from 'vitest';
import type { Fault } from '../server/index.js';
import { json, type RunOptions, type RunResult } from '../support/harness.js';
import { ownServer, type SuiteOptions } from '../support/suite.js';

interface Cmd {
  name: string;
  args: string[];
  method: 'GET' | 'POST';
  path: string;
}

const COMMANDS: Cmd[] = [
  { name: 'list', args: ['issue', 'list', '-R', 'alice/teapot', '--json'], method: 'GET', path: '/repos/alice/teapot/issues' },
  { name: 'view', args: ['issue', 'view', '1', '-R', 'alice/teapot', '--json'], method: 'GET', path: '/repos/alice/teapot/issues/1' },
  { name: 'create', args: ['issue', 'create', '-R', 'alice/teapot', '--title', 'From the fault matrix', '--json'], method: 'POST', path: '/repos/alice/teapot/issues' },
  { name: 'merge', args: ['pr', 'merge', '5', '-R', 'alice/teapot', '--json'], method: 'POST', path: '/repos/alice/teapot/pulls/5/merge' },
  { name: 'api', args: ['api', '/repos/alice/teapot/issues/1'], method: 'GET', path: '/repos/alice/teapot/issues/1' },
];

interface Row {
  fault: Omit<Fault, 'method' | 'path' | 'times'>;
  /** What the one line must say. */
  message: RegExp;
  /** A transient fault: GET is tried MAX_TRIES times. */
  transient: boolean;
  /** No answer within the timeout: the try used up the request's time, so nothing is tried again. */
  timesOut?: boolean;
  /** Commands for which this answer is a legitimate success (the body is not needed). */
  fine?: string[];
  /** Commands for which this fault says nothing (the server would never answer so). */
  skip?: string[];
}

const ROWS: Row[] = [
  { fault: { kind: 'status', status: 500 }, message: /injected 500 .*HTTP 500/, transient: false },
  { fault: { kind: 'status', status: 503 }, message: /injected 503 .*HTTP 503/, transient: true },
  { fault: { kind: 'html', status: 502 }, message: /502 Bad Gateway.* an HTML page|HTML page .*HTTP 502/, transient: true },
  { fault: { kind: 'truncated' }, message: /200 OK with a body that is not valid JSON/, transient: false },
  { fault: { kind: 'cut' }, message: /closed before the response was complete|cut short|reset/, transient: true },
  // A merge answers with an empty body on real servers: that is its success.
  { fault: { kind: 'empty' }, message: /200 OK with an empty body/, transient: false, fine: ['api'], skip: ['merge'] },
  { fault: { kind: 'wrongShape' }, message: /expected a JSON (object|list) .* but the server answered 200 OK with (a list|an object)/, transient: false, fine: ['api'], skip: ['merge'] },
  { fault: { kind: 'reset' }, message: /the connection was reset/, transient: true },
  { fault: { kind: 'stall' }, message: /stopped sending the response \(nothing more within 1 s\)/, transient: true, timesOut: true },
  { fault: { kind: 'hang' }, message: /did not answer within 1 s/, transient: true, timesOut: true },
  { fault: { kind: 'huge' }, message: /larger than 50 MiB/, transient: false },
  { fault: { kind: 'ratelimit', retryAfter: 3600 }, message: /rate limit exceeded until \d{4}-\d\d-\d\dT/, transient: false },
  { fault: { kind: 'redirect', location: 'http://127.0.0.2:9/elsewhere' }, message: /redirected (.* )?to http:\/\/127\.0\.0\.2:9\/elsewhere/, transient: false },
];

/**
 * A fresh server and config folder per test, so tests can run side by side.
 * `kettle` gives up on an answer after 1 s; `untimed` runs kettle as it is.
 */
async function setup(t: TestContext, options?: SuiteOptions) {
  const s = await ownServer(t, options);
  const kettle = (args: string[], opts?: RunOptions) => s.kettle(['--timeout', '1', ...args], opts);
  return { ...s, kettle, untimed: s.kettle };
}

function expectOneLineFailure(r: RunResult, message: RegExp, errorBodyOnStdout = false): void {
  expect(r.code, r.stderr).toBe(1);
  // Like gh api, `kettle api` prints a JSON error body as the result; never anything partial.
  if (errorBodyOnStdout && r.stdout !== '') expect(() => JSON.parse(r.stdout)).not.toThrow();
  else expect(r.stdout).toBe('');
  expect(r.stderr).toMatch(/^kettle: [^\n]+\n$/);
  expect(r.stderr).toMatch(message);
  expect(r.stderr).not.toMatch(/\n\s+at /);
}

const cases = ROWS.flatMap((row) => COMMANDS.filter((c) => !row.skip?.includes(c.name)).map((cmd) => ({ row, cmd })));

describe.concurrent('fault matrix', () => {
  it.for(cases.map((c) => [`${c.cmd.name} / ${c.row.fault.kind}${c.row.fault.status ? ` ${c.row.fault.status}` : ''}`, c] as const))('%s', async ([, { row, cmd }], t) => {
    const { server, token, kettle, untimed } = await setup(t);
    server.fault({ ...row.fault, method: cmd.method, path: cmd.path, times: 3 });
    // A fault that answers at once leaves room for the retries and their waits: 5 s, so that a loaded machine
    // (these run concurrently) still fits all three tries; the faults that never answer end at 1 s.
    const r = row.timesOut ? await kettle(cmd.args) : await untimed(['--timeout', '5', ...cmd.args]);
    const sent = server.requests.filter((q) => q.method === cmd.method && q.path === cmd.path);
    expect(r.stderr).not.toContain(token);
    if (row.fine?.includes(cmd.name)) {
      expect(r.code, r.stderr).toBe(0);
      if (r.stdout !== '') JSON.parse(r.stdout);
      return;
    }
    expectOneLineFailure(r, row.message, cmd.name === 'api');
    // Only idempotent requests are repeated, and only for transient faults.
    expect(sent).toHaveLength(cmd.method === 'GET' && row.transient && !row.timesOut ? 3 : 1);
    if (cmd.method === 'POST' && (row.transient || row.fault.status === 500)) {
      expect(r.stderr).toMatch(/the outcome is unknown: check with `kettle (issue list -R alice\/teapot --state all|api \/repos\/alice\/teapot\/pulls\/5)`/);
    }
  });
});

describe.concurrent('retries', () => {
  it('retries a GET after 502/503/504 and a reset, then prints the whole list', async (t) => {
    const { server, kettle } = await setup(t);
    const path = '/repos/alice/teapot/issues';
    server.fault({ kind: 'status', status: 503, method: 'GET', path });
    server.fault({ kind: 'reset', method: 'GET', path });
    const r = await kettle(['issue', 'list', '-R', 'alice/teapot', '--json']);
    expect(r.code, r.stderr).toBe(0);
    expect(json<Array<{ number: number }>>(r).map((i) => i.number)).toEqual([3, 2, 1]);
    expect(server.requests.filter((q) => q.path === path).map((q) => q.fault ?? 'ok')).toEqual(['status', 'reset', 'ok']);
    expect(r.stderr).toBe('');
  });

  it('a GET whose answer stalled ends at the timeout: the try used the whole of it', async (t) => {
    const { server, kettle } = await setup(t);
    server.fault({ kind: 'stall', path: '/repos/alice/teapot/issues/1' });
    const started = Date.now();
    const r = await kettle(['issue', 'view', '1', '-R', 'alice/teapot', '--json']);
    expectOneLineFailure(r, /stopped sending the response \(nothing more within 1 s\)/);
    expect(Date.now() - started).toBeGreaterThanOrEqual(1000);
    expect(server.requests.filter((q) => q.path === '/repos/alice/teapot/issues/1')).toHaveLength(1);
  });

  it('honours Retry-After on a 503 before trying again', async (t) => {
    const { server, untimed: kettle } = await setup(t);
    server.fault({ kind: 'status', status: 503, path: '/user', headers: { 'retry-after': '1' } });
    const r = await kettle(['whoami', '--json']);
    expect(r.code, r.stderr).toBe(0);
    const [first, second] = server.requests.filter((q) => q.path === '/user');
    expect(second!.at - first!.at).toBeGreaterThanOrEqual(950);
    expect(r.stderr).toMatch(/^kettle: the server answered 503 Service Unavailable; waiting 1 s before retrying\n$/);
  });

  it('does not wait for a Retry-After beyond a minute', async (t) => {
    const { server, kettle } = await setup(t);
    server.fault({ kind: 'status', status: 503, path: '/user', headers: { 'retry-after': '3600' } });
    const r = await kettle(['whoami']);
    expectOneLineFailure(r, /injected 503/);
    expect(server.requests.filter((q) => q.path === '/user')).toHaveLength(1);
  });

  it('never repeats a POST: a reset create reports an unknown outcome and the command that shows it', async (t) => {
    const { server, kettle } = await setup(t);
    server.fault({ kind: 'reset', method: 'POST', path: '/repos/alice/teapot/issues' });
    const before = server.state.issues.length;
    const r = await kettle(['issue', 'create', '-R', 'alice/teapot', '--title', 'Once only']);
    expectOneLineFailure(r, /POST .*\/repos\/alice\/teapot\/issues: the connection was reset; the outcome is unknown: check with `kettle issue list -R alice\/teapot --state all`/);
    expect(server.requests.filter((q) => q.method === 'POST')).toHaveLength(1);
    expect(server.state.issues.length).toBe(before);
  });

  it('a PATCH (close) that gets a 502 is not repeated and names the issue to look at', async (t) => {
    const { server, kettle } = await setup(t);
    server.fault({ kind: 'html', status: 502, method: 'PATCH', path: '/repos/alice/teapot/issues/2' });
    const r = await kettle(['issue', 'close', '2', '-R', 'alice/teapot']);
    expectOneLineFailure(r, /502 Bad Gateway .*the outcome is unknown: check with `kettle issue view 2 -R alice\/teapot`/);
    expect(server.requests.filter((q) => q.method === 'PATCH')).toHaveLength(1);
  });

  it('a connection refused is not an unknown outcome: nothing was sent', async (t) => {
    const { kettle } = await setup(t);
    const r = await kettle(['issue', 'create', '-R', 'alice/teapot', '--title', 'x'], { env: { KETTLE_URL: 'http://127.0.0.1:9' } });
    expectOneLineFailure(r, /connection refused/);
    expect(r.stderr).not.toMatch(/unknown/);
  });
});

describe.concurrent('rate limits and timeouts', () => {
  it('waits out a short rate limit with a note, then succeeds', async (t) => {
    const { server, kettle } = await setup(t);
    server.fault({ kind: 'ratelimit', retryAfter: 1, path: '/user' });
    const r = await kettle(['whoami', '--json']);
    expect(r.code, r.stderr).toBe(0);
    expect(json<{ login: string }>(r).login).toBe('alice');
    expect(r.stderr).toBe('kettle: rate limit reached; waiting 1 s before retrying\n');
  });

  it('exits 1 naming the reset time when the limit resets later than a minute from now', async (t) => {
    const { server, kettle } = await setup(t);
    server.set({ rateLimit: { limit: 1 } });
    expect((await kettle(['whoami'])).code).toBe(0);
    const r = await kettle(['whoami']);
    expectOneLineFailure(r, /rate limit exceeded until (\S+); try again later/);
    const reset = Date.parse(/until (\S+);/.exec(r.stderr)![1]!);
    expect(reset - Date.now()).toBeGreaterThan(3_000_000);
  });

  it.for([
    [['--timeout', '0'], {}],
    [['--timeout', 'soon'], {}],
    [['--timeout', '-3'], {}],
    [[], { KETTLE_TIMEOUT: 'abc' }],
    [[], { KETTLE_TIMEOUT: '0' }],
  ] as Array<[string[], Record<string, string>]>)('rejects the timeout %j %j with exit 2 before any request', async ([flags, env], t) => {
    const { server, untimed } = await setup(t);
    const r = await untimed([...flags, 'whoami'], { env });
    expect(r.code, r.stderr).toBe(2);
    expect(r.stderr).toMatch(/^kettle: .*(--timeout|KETTLE_TIMEOUT).*seconds[^\n]*\n$/);
    expect(server.requests).toHaveLength(0);
  });

  it.for([
    ['whoami', ['whoami'], '/user'],
    ['issue view', ['issue', 'view', '1', '-R', 'alice/teapot'], '/repos/alice/teapot/issues/1'],
  ] as const)('--timeout 1 bounds %s, retries included: a server that never answers ends it in about 1 s', async ([, args, path], t) => {
    const { server, untimed } = await setup(t);
    // The same command answered at once: what start-up and exit take on this machine now, not the timeout's.
    const [base] = await timed(() => untimed(['--timeout', '1', ...args]));
    server.requests.length = 0;
    server.fault({ kind: 'hang', path, times: 10 });
    const [took, r] = await timed(() => untimed(['--timeout', '1', ...args]));
    expectOneLineFailure(r, /did not answer within 1 s; allow more time with --timeout SECONDS or KETTLE_TIMEOUT/);
    expect(took).toBeGreaterThanOrEqual(1000);
    // Each try used to have the whole timeout: three tries and two backoffs, about 3.4 s beyond start-up.
    expect(took - base, `${took} ms against ${base} ms answered at once`).toBeLessThan(2000);
    expect(server.requests.filter((q) => q.path === path)).toHaveLength(1);
  });

  it('--timeout 1 bounds all of kettle status: every read of a server that never answers ends together', async (t) => {
    const { server, untimed } = await setup(t);
    const [base] = await timed(() => untimed(['status', '--timeout', '1']));
    server.fault({ kind: 'hang', path: /^\/(user|notifications|repos\/issues\/search)/, times: 100 });
    const [took, r] = await timed(() => untimed(['status', '--timeout', '1']));
    expect(r.code, r.stderr).toBe(1);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(/did not answer within 1 s/);
    expect(took).toBeGreaterThanOrEqual(1000);
    expect(took - base, `${took} ms against ${base} ms answered at once`).toBeLessThan(2000);
  });

  it('KETTLE_TIMEOUT sets the timeout when --timeout is absent', async (t) => {
    const { server, untimed } = await setup(t);
    server.fault({ kind: 'hang', path: '/user', times: 3 });
    const r = await untimed(['whoami'], { env: { KETTLE_TIMEOUT: '0.5' } });
    expectOneLineFailure(r, /did not answer within 0\.5 s/);
  });

  it('refuses a streamed answer beyond KETTLE_MAX_RESPONSE_MB without holding it all', async (t) => {
    const { server, kettle } = await setup(t);
    server.fault({ kind: 'huge', chunked: true, bytes: 4 * 1024 * 1024, path: '/repos/alice/teapot/issues' });
    const r = await kettle(['issue', 'list', '-R', 'alice/teapot', '--json'], { env: { KETTLE_MAX_RESPONSE_MB: '1' } });
    expectOneLineFailure(r, /larger than 1 MiB .*KETTLE_MAX_RESPONSE_MB/);
  });

  it('refuses an answer whose Content-Length is beyond KETTLE_MAX_RESPONSE_MB before reading it, in one line', async (t) => {
    const { kettle } = await setup(t);
    // The first page of issues, with its declared length, is larger than a kilobyte.
    const r = await kettle(['issue', 'list', '-R', 'alice/teapot', '--json'], { env: { KETTLE_MAX_RESPONSE_MB: '0.001' } });
    expectOneLineFailure(r, /larger than 1\d* bytes .*KETTLE_MAX_RESPONSE_MB/);
  });
});

describe.concurrent('redirects', () => {
  it('does not follow a redirect to another origin, so the token stays home', async (t) => {
    const { server, token, kettle } = await setup(t);
    const other = await ownServer(t);
    server.fault({ kind: 'redirect', location: `${other.server.apiUrl}/user`, path: '/user' });
    const r = await kettle(['whoami']);
    expectOneLineFailure(r, /redirected GET \/user to http:\/\/127\.0\.0\.1:\d+\/api\/v1\/user; use that server URL instead/);
    expect(other.server.requests).toHaveLength(0);
    expect(r.stderr).not.toContain(token);
  });

  it('with query-parameter auth the redirect message hides the token', async (t) => {
    const { server, token, untimed } = await setup(t, { login: 'none' });
    expect((await untimed(['login', 'add', '--url', server.url, '--token', token, '--auth', 'query'])).code).toBe(0);
    server.fault({ kind: 'redirect', location: `${server.apiUrl}/elsewhere?token=${token}`, path: '/user' });
    const r = await untimed(['whoami', '--debug']);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('token=REDACTED');
    expect(r.stderr).not.toContain(token);
  });
});

/** How long a command took, in ms, and what it gave. */
async function timed<T>(run: () => Promise<T>): Promise<[number, T]> {
  const started = Date.now();
  const result = await run();
  return [Date.now() - started, result];
}
