// Lists across many pages, kettle run in-process against the in-memory
// server, in each pagination style, with page caps, rate limits, failures and
// a list that changes while it is read. No timing assertions: concurrency is
// checked with the server's count of requests in flight.
import { beforeAll, describe, expect, it } from 'vitest';
import type { RecordedRequest } from '../server/index.js';
import { json, range } from '../support/harness.js';
import { useServer } from '../support/suite.js';
import { MAX_ADAPTIVE_CONCURRENCY } from '../../src/api/paginate.js';
import { pipeControls, stringifyJson } from '../../src/text/controls.js';

const ISSUES = 1000;
const PATH = '/repos/alice/bulk/issues';

const s = useServer({ runner: 'in-process' });

beforeAll(() => {
  const repo = s.server.state.addRepo('alice', 'bulk', { init: true });
  s.server.state.bulkIssues(repo, 'alice', ISSUES);
});

/** The open issues of alice/bulk as the server lists them: newest first. */
function expectedNumbers(): number[] {
  return s.server.state.issues
    .filter((i) => i.title.startsWith('Generated issue') && i.state === 'open')
    .map((i) => i.number)
    .sort((a, b) => b - a);
}

function listRequests(): RecordedRequest[] {
  return s.server.requests.filter((r) => r.method === 'GET' && r.path === PATH);
}

function pagesAsked(): Array<[number, number]> {
  return listRequests()
    .map((r): [number, number] => [Number(r.query.page), Number(r.query.limit)])
    .sort((a, b) => a[0] - b[0]);
}

interface Issue {
  id: number;
  number: number;
}

describe('--all across pages, each pagination style', () => {
  it.each([
    { style: 'spec' as const, cap: 9, latency: 20 },
    { style: 'gitea' as const, cap: 9, latency: 20 },
    // Without headers a page shorter than asked ends the list, so no cap here.
    { style: 'none' as const, cap: 50, latency: 0 },
  ])('$style headers, page cap $cap: every record once, in order', async ({ style, cap, latency }) => {
    s.server.set({ pagination: style, maxPageSize: cap, latencyMs: latency });
    const r = await s.kettle(['issue', 'list', '-R', 'alice/bulk', '--all', '--json', '--fields', 'id,number']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toBe('');
    const issues = json<Issue[]>(r);
    expect(issues.map((i) => i.number)).toEqual(expectedNumbers());
    expect(new Set(issues.map((i) => i.id)).size).toBe(ISSUES);

    const pages = pagesAsked().map(([page]) => page);
    if (style === 'none') {
      // One page after another; an exact multiple of 50 costs one empty page.
      expect(pages).toEqual(range(1, ISSUES / 50 + 1));
      expect(s.server.maxInFlight).toBe(1);
    } else {
      // Every page once, none past the end, several in flight at once.
      expect(pages).toEqual(range(1, Math.ceil(ISSUES / cap)));
      expect(s.server.maxInFlight).toBeGreaterThan(1);
      // 8 at first, growing while kettle waits on the server.
      expect(s.server.maxInFlight).toBeLessThanOrEqual(MAX_ADAPTIVE_CONCURRENCY);
    }
  });

  it('prints the same tab-separated lines in page order without --json', async () => {
    s.server.set({ maxPageSize: 7 });
    const r = await s.kettle(['issue', 'list', '-R', 'alice/bulk', '--all', '--fields', 'number']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout.trimEnd().split('\n').map(Number)).toEqual(expectedNumbers());
  });

  it('KETTLE_CONCURRENCY=1 follows the pages one after another', async () => {
    s.server.set({ latencyMs: 5 });
    const r = await s.kettle(['issue', 'list', '-R', 'alice/bulk', '--all', '--json', '--fields', 'number'], {
      env: { KETTLE_CONCURRENCY: '1' },
    });
    expect(r.code, r.stderr).toBe(0);
    expect(json<Issue[]>(r).map((i) => i.number)).toEqual(expectedNumbers());
    expect(s.server.maxInFlight).toBe(1);
  });

  it('rejects a KETTLE_CONCURRENCY that is not a small whole number', async () => {
    const r = await s.kettle(['issue', 'list', '-R', 'alice/bulk'], { env: { KETTLE_CONCURRENCY: 'many' } });
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/^kettle: KETTLE_CONCURRENCY takes a whole number/);
    expect(r.stdout).toBe('');
  });
});

describe('--limit and --page fetch only the pages they need', () => {
  it.each([
    {
      args: ['--limit', '120'],
      cap: 50,
      records: range(1, 120),
      pages: [
        [1, 50],
        [2, 50],
        [3, 50],
      ],
    },
    {
      args: ['--limit', '100'],
      cap: 50,
      records: range(1, 100),
      pages: [
        [1, 50],
        [2, 50],
      ],
    },
    {
      args: ['--limit', '30'],
      cap: 9,
      records: range(1, 30),
      pages: [
        [1, 30],
        [2, 9],
        [3, 9],
        [4, 9],
      ],
    },
    { args: ['--limit', '5'], cap: 50, records: range(1, 5), pages: [[1, 5]] },
    { args: ['--page', '3', '--limit', '10'], cap: 50, records: range(21, 30), pages: [[3, 10]] },
    {
      args: ['--page', '2', '--limit', '80'],
      cap: 50,
      records: range(81, 160),
      pages: [
        [2, 50],
        [3, 50],
        [4, 50],
      ],
    },
  ])('$args (page cap $cap)', async ({ args, cap, records, pages }) => {
    s.server.set({ maxPageSize: cap, latencyMs: 5 });
    const r = await s.kettle(['issue', 'list', '-R', 'alice/bulk', ...args, '--json', '--fields', 'number']);
    expect(r.code, r.stderr).toBe(0);
    const all = expectedNumbers();
    expect(json<Issue[]>(r).map((i) => i.number)).toEqual(records.map((n) => all[n - 1]));
    expect(pagesAsked()).toEqual(pages);
  });
});

describe('a failing page', () => {
  it.each([
    { mode: '--json', args: ['--json'] },
    { mode: 'plain lines', args: [] },
  ])('a failure on a middle page leaves stdout empty and exits 1 ($mode)', async ({ args }) => {
    // Pages of 10: 100 of them, far more than kettle has in flight at once.
    s.server.set({ latencyMs: 5, maxPageSize: 10 });
    s.server.fault({ kind: 'status', status: 500, path: PATH, skip: 7, times: 1000 });
    const r = await s.kettle(['issue', 'list', '-R', 'alice/bulk', '--all', ...args]);
    expect(r.code).toBe(1);
    expect(r.stdout).toBe('');
    expect(r.stderr.trimEnd().split('\n')).toHaveLength(1);
    expect(r.stderr).toMatch(/^kettle: /);
    // The failure stopped the listing: not every page was asked for.
    expect(listRequests().length).toBeLessThan(ISSUES / 10);
  });
});

describe('rate limits', () => {
  it('lowers concurrency as X-RateLimit-Remaining runs low', async () => {
    // 39 pages against a limit of 40: the last pages are fetched with only a
    // few requests left. Pages in flight stay at most a quarter of what the
    // client last saw remaining, which, whatever the timing, keeps each
    // request's in-flight count at most half of what the server still
    // allowed when it arrived (never below one).
    s.server.set({ latencyMs: 30, maxPageSize: 26, rateLimit: { limit: 40 } });
    const r = await s.kettle(['issue', 'list', '-R', 'alice/bulk', '--all', '--json', '--fields', 'number']);
    expect(r.code, r.stderr).toBe(0);
    expect(json<Issue[]>(r)).toHaveLength(ISSUES);
    const reqs = listRequests();
    expect(reqs.every((q) => q.status === 200)).toBe(true);
    for (const q of reqs) {
      expect(q.inFlight ?? 0, `page ${q.query.page} arrived with ${q.rateRemaining} left`).toBeLessThanOrEqual(Math.max(1, Math.floor((q.rateRemaining ?? 0) / 2)));
    }
    // While plenty remained, several pages were in flight.
    expect(Math.max(...reqs.map((q) => q.inFlight ?? 0))).toBeGreaterThan(1);
  });
});

describe('a list that changes while it is read', () => {
  /** Run `change` once, when the first request for a page after the first one arrives. */
  function onSecondPage(change: () => void): () => void {
    let done = false;
    return s.server.onRequest((q) => {
      if (done || q.path !== PATH || q.query.page === '1') return;
      done = true;
      change();
    });
  }

  it('issues created meanwhile: every record that was there once, in order, and a warning', async () => {
    s.server.set({ latencyMs: 10 });
    const before = expectedNumbers();
    const repo = s.server.state.repo('alice', 'bulk');
    if (!repo) throw new Error('no repo');
    const stop = onSecondPage(() => {
      for (let i = 0; i < 5; i++) s.server.state.addIssue(repo, 'alice', { title: `Generated issue late ${i}` });
    });
    try {
      const r = await s.kettle(['issue', 'list', '-R', 'alice/bulk', '--all', '--json', '--fields', 'id,number']);
      expect(r.code, r.stderr).toBe(0);
      const issues = json<Issue[]>(r);
      // Every later page saw the new issues at the front: the records it
      // shifted into page 2 are dropped as duplicates, and those pushed past
      // the old last page are followed.
      expect(issues.map((i) => i.number)).toEqual(before);
      expect(new Set(issues.map((i) => i.id)).size).toBe(issues.length);
      expect(r.stderr).toMatch(/^kettle: warning: the list changed on the server while it was read/);
    } finally {
      stop();
      for (const issue of s.server.state.issues) if (issue.title.startsWith('Generated issue late')) issue.state = 'closed';
    }
  });

  it('issues closed meanwhile: no record twice, no crash, and a warning', async () => {
    s.server.set({ latencyMs: 10 });
    const before = expectedNumbers();
    const closed = before.slice(0, 5);
    const stop = onSecondPage(() => {
      for (const issue of s.server.state.issues) if (issue.title.startsWith('Generated issue') && closed.includes(issue.number)) issue.state = 'closed';
    });
    try {
      const r = await s.kettle(['issue', 'list', '-R', 'alice/bulk', '--all', '--json', '--fields', 'id,number']);
      expect(r.code, r.stderr).toBe(0);
      const numbers = json<Issue[]>(r).map((i) => i.number);
      expect(new Set(numbers).size).toBe(numbers.length);
      // Still in page order (newest first), and only records that existed.
      expect([...numbers].sort((a, b) => b - a)).toEqual(numbers);
      for (const n of numbers) expect(before).toContain(n);
      // The closed issues came with page 1; the list shifted back by five at
      // the boundary of pages 1 and 2, so at most five records went unseen.
      expect(numbers.slice(0, 5)).toEqual(closed);
      expect(before.length - numbers.length).toBeLessThanOrEqual(5);
      expect(r.stderr).toMatch(/^kettle: warning: the list changed/);
    } finally {
      stop();
      for (const issue of s.server.state.issues) if (issue.title.startsWith('Generated issue') && closed.includes(issue.number)) issue.state = 'open';
    }
  });
});

describe('--json alone passes each page through as text', () => {
  /** The server's JSON as Go writes it: <, > and & escaped, a key twice, numbers written their own way. */
  function goStyle(body: unknown): string {
    const records = body as Array<Record<string, unknown>>;
    const text = records
      .map((r, i) => {
        const own = JSON.stringify({ ...r, title: `${String(r.title)} <b>&</b> \u2028 \u0085 ✓`, comments: 1.0, ratio: 0.5 });
        // One record with a key twice (the last value wins where the first one stood) and an escaped slash.
        return i === 1 ? own.replace(/^\{/, '{"title":"first","html_url_escaped":"a\\/b",') : own;
      })
      .join(',');
    return `[${text.replace(/[<>&\u2028]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`)}]\n`;
  }

  it('prints what the parsed records would print, byte for byte', async () => {
    s.server.set({ maxPageSize: 50 });
    const sent: string[] = [];
    s.server.fault({
      kind: 'mangle',
      path: PATH,
      times: 1000,
      mangle: (body) => {
        const text = goStyle(body);
        sent.push(text);
        return text;
      },
    });
    const r = await s.kettle(['issue', 'list', '-R', 'alice/bulk', '--all', '--json']);
    expect(r.code).toBe(0);
    const pages = listRequests()
      .map((q, i) => [Number(q.query.page), sent[i] as string] as const)
      .sort((a, b) => a[0] - b[0]);
    const records = pages.flatMap(([, text]) => JSON.parse(text) as unknown[]);
    expect(records).toHaveLength(expectedNumbers().length);
    expect(r.stdout).toBe(`${stringifyJson(records, 2)}\n`);
    expect(r.stdout).toContain('\\u0085');
  });

  it.each([
    ['.[].title', 'each record'],
    ['map(.title)', 'a page to an array'],
    ['[.[].title] | length', 'the whole list'],
  ])('--jq %s (%s) reads the records of such pages', async (program) => {
    s.server.set({ maxPageSize: 50 });
    const sent: string[] = [];
    s.server.fault({
      kind: 'mangle',
      path: PATH,
      times: 1000,
      mangle: (body) => {
        const text = goStyle(body);
        sent.push(text);
        return text;
      },
    });
    const r = await s.kettle(['issue', 'list', '-R', 'alice/bulk', '--all', '--jq', program]);
    expect(r.code).toBe(0);
    const pages = listRequests()
      .map((q, i) => [Number(q.query.page), sent[i] as string] as const)
      .sort((a, b) => a[0] - b[0]);
    const titles = pages.flatMap(([, text]) => JSON.parse(text) as Array<{ title: string }>).map((i) => i.title);
    const expected: Record<string, string> = {
      '.[].title': titles.map((t) => `${pipeControls(t)}\n`).join(''),
      'map(.title)': `${pipeControls(JSON.stringify(titles))}\n`,
      '[.[].title] | length': `${titles.length}\n`,
    };
    expect(r.stdout).toBe(expected[program]);
  });

  it.each([
    ['a record cut short', (body: unknown) => JSON.stringify(body).replace(/\}\]$/, ']'), /not valid JSON|expected JSON/],
    ['a null record', (body: unknown) => JSON.stringify([...(body as unknown[]), null]), /null element/],
  ])('a middle page with %s still fails the list, and stdout stays empty', async (_name, mangle, message) => {
    s.server.set({ maxPageSize: 50 });
    s.server.fault({ kind: 'mangle', path: PATH, skip: 5, times: 1, mangle });
    const r = await s.kettle(['issue', 'list', '-R', 'alice/bulk', '--all', '--json']);
    expect(r.code).toBe(1);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(message);
  });
});
