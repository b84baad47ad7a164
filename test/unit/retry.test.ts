// The retry loop and the rate-limit waits, driven through the client's seams:
// a fake clock, a sleep that only records, fixed jitter, and a loopback server
// on 127.0.0.1:0 that answers from a script, so real undici errors (resets,
// timeouts) reach the loop and no test waits for a backoff.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { ApiClient, type ClientOptions } from '../../src/api/client.js';
import { backoffMs, isIdempotent, isRateLimited, MAX_TRIES } from '../../src/api/retry.js';
import { ApiError, KettleError, NetworkError } from '../../src/errors.js';
import { closedAfterEach } from '../support/loopback.js';

// 2024-01-15T12:00:00Z
const NOW = Date.UTC(2024, 0, 15, 12, 0, 0);
const NOW_S = NOW / 1000;

/** One scripted answer: a status with headers, or a failure of the connection. */
type Reply = number | { status: number; headers?: Record<string, string> } | 'reset' | 'hang';

interface Harness {
  client: ApiClient;
  /** Methods of the requests the server received, in order. */
  received: string[];
  sleeps: number[];
  waits: Array<[number, string]>;
  trace: string[];
}

const { servers, clients } = closedAfterEach();

/** A server answering each request with the next reply (200 `{}` once the script runs out), and a client for it. */
async function setup(replies: Reply[], options: Partial<ClientOptions> = {}): Promise<Harness> {
  const received: string[] = [];
  const server = createServer((req, res) => {
    received.push(req.method ?? '');
    req.resume();
    const reply = replies.shift() ?? 200;
    if (reply === 'reset') {
      req.socket.destroy();
      return;
    }
    if (reply === 'hang') return;
    const { status, headers = {} } = typeof reply === 'number' ? { status: reply } : reply;
    res.writeHead(status, { 'content-type': 'application/json', ...headers });
    res.end(status === 204 ? undefined : '{}');
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const sleeps: number[] = [];
  const waits: Array<[number, string]> = [];
  const trace: string[] = [];
  const client = new ApiClient({
    root: `http://127.0.0.1:${port}/api/v1`,
    credentials: { method: 'none' },
    userAgent: 'kettle/test',
    now: () => NOW,
    sleep: async (ms) => {
      sleeps.push(ms);
    },
    random: () => 0.5,
    onWait: (ms, reason) => waits.push([ms, reason]),
    trace: (line) => trace.push(line),
    ...options,
  });
  clients.push(client);
  return { client, received, sleeps, waits, trace };
}

/** What requestRaw ended with: the final status, or the kind of error and its message. */
async function outcome(client: ApiClient, method: string): Promise<number | string> {
  try {
    return (await client.requestRaw(method, '/repos/o/r/issues')).status;
  } catch (err) {
    const kind = err instanceof NetworkError ? 'NetworkError' : err instanceof ApiError ? 'ApiError' : 'Error';
    // A change that may have happened is marked with its path; the command layer words the check.
    const uncertain = err instanceof KettleError && err.uncertainPath !== undefined ? ` [outcome unknown: ${err.uncertainPath}]` : '';
    return `${kind}: ${(err as Error).message}${uncertain}`;
  }
}

describe('how many tries', () => {
  it.each<[string, Reply[], number, number | RegExp]>([
    // Idempotent methods are tried again on 502/503/504, up to MAX_TRIES in all.
    ['GET', [502, 200], 2, 200],
    ['GET', [503, 504, 200], 3, 200],
    ['GET', [503, 503, 503, 200], 3, 503],
    ['PUT', [503, 200], 2, 200],
    ['DELETE', [502, 204], 2, 204],
    ['HEAD', [504, 200], 2, 200],
    // Other failures are answers, not tried again.
    ['GET', [500, 200], 1, 500],
    ['GET', [404, 200], 1, 404],
    ['GET', [501, 200], 1, 501],
    // A request that changes something is sent once, whatever the status.
    ['POST', [503, 201], 1, 503],
    ['PATCH', [502, 200], 1, 502],
    // A rate-limit refusal was not processed: any method is sent again.
    ['POST', [{ status: 429, headers: { 'retry-after': '1' } }, 201], 2, 201],
    ['PATCH', [{ status: 403, headers: { 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': '2' } }, 200], 2, 200],
    // A connection dropped mid-request is retried for idempotent methods only.
    ['GET', ['reset', 200], 2, 200],
    ['GET', ['reset', 'reset', 'reset', 200], 3, /^NetworkError: GET http:\/\/127\.0\.0\.1:\d+\/api\/v1\/repos\/o\/r\/issues: the connection closed before the response was complete$/],
    ['POST', ['reset', 201], 1, /^NetworkError: .*the connection closed before the response was complete \[outcome unknown: \/repos\/o\/r\/issues\]$/],
  ])('%s answered %j: %i tries, ends with %s', async (method, replies, tries, expected) => {
    const { client, received } = await setup(replies);
    const result = await outcome(client, method);
    if (typeof expected === 'number') expect(result).toBe(expected);
    else expect(result).toMatch(expected);
    expect(received).toEqual(Array(tries).fill(method));
  });

  it('is three at most', () => {
    expect(MAX_TRIES).toBe(3);
  });

  it.each([
    ['GET', true],
    ['HEAD', true],
    ['PUT', true],
    ['DELETE', true],
    ['OPTIONS', true],
    ['POST', false],
    ['PATCH', false],
  ])('%s is idempotent: %s', (method, expected) => {
    expect(isIdempotent(method)).toBe(expected);
  });

  it.each<[number, Record<string, string>, boolean]>([
    [429, {}, true],
    [403, { 'x-ratelimit-remaining': '0' }, true],
    [403, { 'x-ratelimit-remaining': '5' }, false],
    [403, {}, false],
    [503, { 'x-ratelimit-remaining': '0' }, false],
  ])('status %i with %j is a rate-limit refusal: %s', (status, headers, expected) => {
    expect(isRateLimited(status, headers)).toBe(expected);
  });
});

describe('backoff', () => {
  // Half to all of 250 ms before the second try, of 500 ms before the third.
  it.each([
    [1, 0, 125],
    [1, 0.5, 188],
    [1, 0.999999, 250],
    [2, 0, 250],
    [2, 0.5, 375],
    [2, 0.999999, 500],
    [3, 0, 500],
  ])('after try %i with jitter %d: %i ms', (attempt, random, expected) => {
    expect(backoffMs(attempt, () => random)).toBe(expected);
  });

  it.each([
    [0, [125, 250]],
    [0.5, [188, 375]],
    [0.999999, [250, 500]],
  ])('the loop sleeps the backoff between tries (jitter %d: %j ms), with no note for so short a wait', async (random, expected) => {
    const { client, sleeps, waits, trace } = await setup([503, 'reset', 200], { random: () => random });
    expect(await outcome(client, 'GET')).toBe(200);
    expect(sleeps).toEqual(expected);
    expect(waits).toEqual([]);
    expect(trace.filter((l) => l.startsWith('retrying'))).toEqual([
      `retrying GET /repos/o/r/issues after 503 in ${expected[0]} ms (try 2 of 3)`,
      `retrying GET /repos/o/r/issues in ${expected[1]} ms (try 3 of 3)`,
    ]);
  });
});

describe('Retry-After on 502/503/504', () => {
  it.each<[string, number]>([
    ['7', 7000],
    ['0', 0],
    ['60', 60_000],
    [new Date(NOW + 30_000).toUTCString(), 30_000],
    // A date in the past: try again at once.
    [new Date(NOW - 30_000).toUTCString(), 0],
  ])('Retry-After %j: waits %i ms instead of the backoff', async (value, expected) => {
    // Within a timeout longer than the wait: the wait counts in the request's time.
    const { client, sleeps, received } = await setup([{ status: 503, headers: { 'retry-after': value } }, 200], { timeoutMs: 120_000 });
    expect(await outcome(client, 'GET')).toBe(200);
    expect(sleeps).toEqual([expected]);
    expect(received).toHaveLength(2);
  });

  it('tells the user before a wait of a second or more', async () => {
    const { client, waits } = await setup([{ status: 503, headers: { 'retry-after': '2' } }, 200]);
    await outcome(client, 'GET');
    expect(waits).toEqual([[2000, 'the server answered 503 Service Unavailable']]);
  });

  it('does not wait for more than a minute: the answer is returned as it is', async () => {
    const { client, sleeps, received } = await setup([{ status: 503, headers: { 'retry-after': '61' } }, 200]);
    expect(await outcome(client, 'GET')).toBe(503);
    expect(sleeps).toEqual([]);
    expect(received).toHaveLength(1);
  });

  it('a wait that would end past the timeout is not begun: the answer is returned as it is', async () => {
    const { client, sleeps, received } = await setup([{ status: 503, headers: { 'retry-after': '5' } }, 200], { timeoutMs: 4000 });
    expect(await outcome(client, 'GET')).toBe(503);
    expect(sleeps).toEqual([]);
    expect(received).toHaveLength(1);
  });

  it('an unreadable Retry-After falls back to the backoff', async () => {
    const { client, sleeps } = await setup([{ status: 502, headers: { 'retry-after': 'soon' } }, 200]);
    expect(await outcome(client, 'GET')).toBe(200);
    expect(sleeps).toEqual([188]);
  });
});

describe('rate limits', () => {
  it.each<[string, Record<string, string>, number]>([
    ['Retry-After in seconds', { 'retry-after': '5' }, 5000],
    ['X-RateLimit-Reset in epoch seconds', { 'x-ratelimit-reset': String(NOW_S + 30) }, 30_000],
    ['X-RateLimit-Reset in seconds from now', { 'x-ratelimit-reset': '12' }, 12_000],
    ['X-RateLimit-Reset already past', { 'x-ratelimit-reset': String(NOW_S - 30) }, 0],
    ['Retry-After before X-RateLimit-Reset', { 'retry-after': '3', 'x-ratelimit-reset': String(NOW_S + 50) }, 3000],
    ['X-RateLimit-Reset exactly at the limit', { 'x-ratelimit-reset': String(NOW_S + 60) }, 60_000],
  ])('429 with %s: one note, then a wait a quarter second past the reset', async (_, headers, wait) => {
    const { client, sleeps, waits, received } = await setup([{ status: 429, headers }, 200]);
    expect(await outcome(client, 'GET')).toBe(200);
    expect(waits).toEqual([[wait, 'rate limit reached']]);
    expect(sleeps).toEqual([wait + 250]);
    expect(received).toHaveLength(2);
  });

  it('a reset further away than maxRateLimitWait fails at once, naming the reset time', async () => {
    const { client, sleeps, received } = await setup([{ status: 429, headers: { 'x-ratelimit-reset': String(NOW_S + 30) } }], {
      maxRateLimitWait: 10_000,
    });
    expect(await outcome(client, 'POST')).toBe(`ApiError: rate limit exceeded until ${new Date(NOW + 30_000).toISOString()}; try again later`);
    expect(sleeps).toEqual([]);
    expect(received).toHaveLength(1);
  });

  it('by default waits up to a minute, and no longer', async () => {
    const { client, received } = await setup([{ status: 429, headers: { 'x-ratelimit-reset': String(NOW_S + 61) } }]);
    expect(await outcome(client, 'GET')).toBe(`ApiError: rate limit exceeded until ${new Date(NOW + 61_000).toISOString()}; try again later`);
    expect(received).toHaveLength(1);
  });

  it('the error carries the status of the refusal', async () => {
    const { client } = await setup([{ status: 403, headers: { 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': '3600' } }]);
    const err = await client.requestRaw('GET', '/user').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).status).toBe(403);
  });

  it('waits three times at most for one request, then fails', async () => {
    const limited = { status: 429, headers: { 'retry-after': '1' } };
    const { client, sleeps, received } = await setup([limited, limited, limited, limited, 200]);
    expect(await outcome(client, 'GET')).toBe(`ApiError: rate limit exceeded until ${new Date(NOW + 1000).toISOString()}; try again later`);
    expect(sleeps).toEqual([1250, 1250, 1250]);
    expect(received).toHaveLength(4);
  });

  it('rate-limit waits do not use up the tries of a 503', async () => {
    const limited = { status: 429, headers: { 'retry-after': '1' } };
    const { client, received } = await setup([limited, 503, limited, 503, 200]);
    expect(await outcome(client, 'GET')).toBe(200);
    expect(received).toHaveLength(5);
  });

  it('a refusal that names no reset fails at once, with the reset an earlier answer gave', async () => {
    const { client, received } = await setup([{ status: 200, headers: { 'x-ratelimit-reset': String(NOW_S + 3600) } }, 429]);
    expect(await outcome(client, 'GET')).toBe(200);
    expect(await outcome(client, 'GET')).toBe(`ApiError: rate limit exceeded until ${new Date(NOW + 3_600_000).toISOString()}; try again later`);
    expect(received).toHaveLength(2);
  });

  it('a refusal that names no reset, with none known, says only to try later', async () => {
    const { client } = await setup([429]);
    expect(await outcome(client, 'GET')).toBe('ApiError: rate limit exceeded; try again later');
  });
});

describe('timeouts', () => {
  it('a GET that gets no answer ends at the timeout, tries included: it is not tried again', async () => {
    const { client, received, sleeps } = await setup(['hang', 'hang', 'hang'], { timeoutMs: 300 });
    const started = performance.now();
    const result = await outcome(client, 'GET');
    expect(result).toMatch(
      /^NetworkError: GET http:\/\/127\.0\.0\.1:\d+\/api\/v1\/repos\/o\/r\/issues: the server did not answer within 0\.3 s; allow more time with --timeout SECONDS or KETTLE_TIMEOUT$/,
    );
    expect(received).toEqual(['GET']);
    expect(sleeps).toEqual([]);
    expect(performance.now() - started).toBeLessThan(600);
  });

  it('a try after a reset gets what is left of the timeout, not a whole one', async () => {
    // The clock stands 100 ms on after the first try, and the backoff (125 ms) moves it on: 75 ms are left for the second.
    let at = 0;
    const sleep = async (ms: number) => {
      at += ms;
    };
    const { client, received } = await setup(['reset', 'hang'], { timeoutMs: 300, clock: () => at, sleep, random: () => 0 });
    const started = performance.now();
    const pending = outcome(client, 'GET');
    at = 100;
    expect(await pending).toMatch(/did not answer within 0\.3 s/);
    expect(received).toEqual(['GET', 'GET']);
    expect(performance.now() - started).toBeLessThan(250);
  });

  it('502s whose next backoff would end past the timeout: the last answer, without waiting', async () => {
    let at = 0;
    const sleeps: number[] = [];
    const { client, received } = await setup([502, 502, 200], {
      timeoutMs: 1000,
      clock: () => at,
      // Each backoff moves the clock on as a real one would.
      sleep: async (ms) => {
        sleeps.push(ms);
        at += ms + 700;
      },
    });
    expect(await outcome(client, 'GET')).toBe(502);
    expect(sleeps).toEqual([188]);
    expect(received).toEqual(['GET', 'GET']);
  });

  it("a rate-limit wait is not the network's: it does not use up the timeout", async () => {
    let at = 0;
    const { client, received } = await setup([{ status: 429, headers: { 'retry-after': '5' } }, 503, 200], {
      timeoutMs: 1000,
      clock: () => at,
      sleep: async (ms) => {
        at += ms;
      },
    });
    expect(await outcome(client, 'GET')).toBe(200);
    expect(received).toHaveLength(3);
  });

  it("timeoutScope 'client': all the client's requests end within one timeout", async () => {
    let at = 0;
    const { client, received } = await setup([200, 'hang'], { timeoutMs: 300, timeoutScope: 'client', clock: () => at });
    expect(await outcome(client, 'GET')).toBe(200);
    at = 200;
    const started = performance.now();
    expect(await outcome(client, 'GET')).toMatch(/did not answer within 0\.3 s/);
    expect(performance.now() - started).toBeLessThan(250);
    at = 400;
    expect(await outcome(client, 'GET')).toMatch(/did not answer within 0\.3 s/);
    expect(received).toEqual(['GET', 'GET']);
  });

  it('a POST that times out is not repeated: its outcome is unknown', async () => {
    const { client, received } = await setup(['hang', 201], { timeoutMs: 100 });
    const err = await client.requestRaw('POST', '/repos/o/r/issues').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(NetworkError);
    expect((err as Error).message).toMatch(/did not answer within 0\.1 s/);
    expect((err as KettleError).uncertainPath).toBe('/repos/o/r/issues');
    expect(received).toEqual(['POST']);
  });
});
