// A list's first page is awaited with room made in the young generation
// (src/api/collect.ts, roomWhileWaiting): once its request is on its
// connection, before its answer, and for that request alone. Driven through
// ApiClient against a loopback server on 127.0.0.1:0; the collection itself
// is collect.test.ts's.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiClient } from '../../src/api/client.js';
import { closedAfterEach } from '../support/loopback.js';

/** What happened, in order: the server's `asked N` and `answered N`, and `room` for each call. */
const events: string[] = [];

vi.mock('../../src/api/collect.js', async (original) => ({
  ...(await original<typeof import('../../src/api/collect.js')>()),
  roomWhileWaiting: () => {
    events.push('room');
    return 0;
  },
}));

const { servers, clients } = closedAfterEach();

beforeEach(() => {
  events.length = 0;
});

/** A list of 120 records, 50 a page, with Gitea's total header; each page answered 40 ms after it is asked for. */
async function listServer(): Promise<ApiClient> {
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    const page = Number(url.searchParams.get('page') ?? '1');
    events.push(`asked ${page}`);
    setTimeout(() => {
      events.push(`answered ${page}`);
      const records = Array.from({ length: Math.max(0, Math.min(50, 120 - (page - 1) * 50)) }, (_, i) => ({ id: (page - 1) * 50 + i + 1 }));
      res.writeHead(200, { 'content-type': 'application/json', 'x-total-count': '120' });
      res.end(JSON.stringify(url.pathname.endsWith('/user') ? { login: 'alice' } : records));
    }, 40);
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const client = new ApiClient({ root: `http://127.0.0.1:${port}/api/v1`, credentials: { method: 'none' }, userAgent: 'kettle/test', env: {} });
  clients.push(client);
  return client;
}

describe('room made while a first page is awaited', () => {
  it('once, for the first page, while its answer is awaited', async () => {
    const client = await listServer();
    const records: unknown[] = [];
    for await (const page of client.pages<unknown>('/repos/o/r/issues', { count: Infinity, offset: 0, pageSize: 50 })) records.push(...page);
    expect(records).toHaveLength(120);
    expect(events.filter((e) => e === 'room')).toHaveLength(1);
    // In the turn after the request went out: the server, in this process, reads it in a later one.
    expect(events.slice(0, 3)).toEqual(['room', 'asked 1', 'answered 1']);
  });

  it('not for a single record', async () => {
    const client = await listServer();
    expect((await client.get<{ login: string }>('/user')).data).toEqual({ login: 'alice' });
    expect(events).toEqual(['asked 1', 'answered 1']);
  });
});
