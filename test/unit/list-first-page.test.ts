// A list's first page is read the long way (JSON.parse), the pages after it
// passed through as text when the printer asks for that (ListOptions.pageBytes):
// the pass-through's reader is slow until V8 has optimised it, and the rest
// of the list waits on the first page. Driven through ApiClient.pages against
// a loopback server on 127.0.0.1:0.
import { subscribe, unsubscribe } from 'node:diagnostics_channel';
import { createServer } from 'node:http';
import { type AddressInfo, connect, type Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { ApiClient } from '../../src/api/client.js';
import { JsonText, renderJsonPage } from '../../src/output/json-text.js';
import { closedAfterEach } from '../support/loopback.js';

const { servers, clients } = closedAfterEach();

/** A page's JSON, as the server below sends it. */
const pageText = (total: number, size: number, page: number) =>
  JSON.stringify(Array.from({ length: Math.max(0, Math.min(size, total - (page - 1) * size)) }, (_, i) => ({ id: (page - 1) * size + i + 1, n: 'x' })));

/**
 * A list of `total` records {id, n}, `size` a page, with Gitea's total
 * header; the pages after the first answered after `laterMs`. `seen` gets
 * `request N` as each page is asked for.
 */
async function listServer(total: number, size: number, laterMs = 0, seen: string[] = [], env: NodeJS.ProcessEnv = {}): Promise<ApiClient> {
  const server = createServer((req, res) => {
    const page = Number(new URL(req.url ?? '/', 'http://x').searchParams.get('page'));
    seen.push(`request ${page}`);
    setTimeout(
      () => {
        res.writeHead(200, { 'content-type': 'application/json', 'x-total-count': String(total) });
        res.end(pageText(total, size, page));
      },
      page === 1 ? 0 : laterMs,
    );
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const client = new ApiClient({ root: `http://127.0.0.1:${port}/api/v1`, credentials: { method: 'none' }, userAgent: 'kettle/test', env });
  clients.push(client);
  return client;
}

describe('a list printed as text passed through', () => {
  it('reads its first page the long way and passes the others through, each record once and in order', async () => {
    const client = await listServer(120, 50);
    const given: number[] = [];
    const pages: unknown[][] = [];
    const window = { count: Infinity, offset: 0, pageSize: 50 };
    const pageBytes = (pieces: readonly Buffer[]) => {
      // Not the first page, which the reader may also read for its warm-up (see the next test).
      if (Buffer.concat(pieces).toString('utf8') !== pageText(120, 50, 1)) given.push(pieces.reduce((n, p) => n + p.length, 0));
      return renderJsonPage(pieces);
    };
    for await (const page of client.pages<unknown>('/repos/o/r/issues', window, {}, { pageBytes })) pages.push(page);
    expect(given).toEqual([2, 3].map((page) => Buffer.byteLength(pageText(120, 50, page))));
    expect(pages.map((p) => p.length)).toEqual([50, 50, 20]);
    expect(pages[0]?.every((r) => !(r instanceof JsonText))).toBe(true);
    expect(pages.slice(1).every((p) => p.every((r) => r instanceof JsonText))).toBe(true);
    const ids = pages.flat().map((r) => (r instanceof JsonText ? r.id : (r as { id: number }).id));
    expect(ids).toEqual(Array.from({ length: 120 }, (_, i) => i + 1));
  });

  /** Unsubscribed after each test. */
  const listeners: (() => void)[] = [];
  afterEach(() => {
    for (const off of listeners.splice(0)) off();
  });

  /**
   * An HTTP proxy on 127.0.0.1 that opens each tunnel (CONNECT) after
   * `delayMs`, the first at once: later pages' connections come slowly.
   */
  async function slowProxy(delayMs: number): Promise<string> {
    const sockets = new Set<Socket>();
    let tunnels = 0;
    const proxy = createServer();
    proxy.on('connect', (req, socket: Socket, head: Buffer) => {
      sockets.add(socket);
      const [host, port] = (req.url ?? '').split(':');
      setTimeout(
        () => {
          const upstream = connect(Number(port), host, () => {
            socket.write('HTTP/1.1 200 Connection Established\r\n\r\n');
            upstream.write(head);
            upstream.pipe(socket);
            socket.pipe(upstream);
          });
          sockets.add(upstream);
          upstream.on('error', () => socket.destroy());
          socket.on('error', () => upstream.destroy());
        },
        tunnels++ === 0 ? 0 : delayMs,
      );
    });
    servers.push(proxy);
    listeners.push(() => {
      for (const s of sockets) s.destroy();
    });
    await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`;
  }

  /**
   * A list of `total` records and a reader that notes in `seen`, beside each
   * request as undici writes its head to the socket (its diagnostics channel,
   * `sent N`), which page it read.
   */
  async function watchedList(total: number, laterMs: number, proxy?: string): Promise<{ client: ApiClient; seen: string[]; pageBytes: (pieces: readonly Buffer[]) => JsonText[] | undefined }> {
    const seen: string[] = [];
    const client = await listServer(total, 50, laterMs, [], proxy === undefined ? {} : { HTTP_PROXY: proxy });
    const onSent = (message: unknown) => {
      const { method, path } = (message as { request: { method: string; path: string } }).request;
      // Not a proxy's tunnel.
      if (method !== 'CONNECT') seen.push(`sent ${new URL(path, 'http://x').searchParams.get('page')}`);
    };
    subscribe('undici:client:sendHeaders', onSent);
    listeners.push(() => unsubscribe('undici:client:sendHeaders', onSent));
    const pageBytes = (pieces: readonly Buffer[]) => {
      seen.push(`reader ${Buffer.concat(pieces).toString('utf8') === pageText(total, 50, 1) ? 'page 1' : 'a later page'}`);
      return renderJsonPage(pieces);
    };
    return { client, seen, pageBytes };
  }

  it("runs the reader over the first page once the next pages' requests are written, while the list waits on them", async () => {
    const { client, seen, pageBytes } = await watchedList(120, 200);
    const pages: unknown[][] = [];
    for await (const page of client.pages<unknown>('/repos/o/r/issues', { count: Infinity, offset: 0, pageSize: 50 }, {}, { pageBytes })) pages.push(page);
    expect(seen).toEqual(['sent 1', 'sent 2', 'sent 3', 'reader page 1', 'reader a later page', 'reader a later page']);
    // What the warm-up read is not what is passed on: the first page went the long way.
    expect(pages[0]?.every((r) => !(r instanceof JsonText))).toBe(true);
  });

  it('waits for the next pages that are still getting their connection (a slow proxy), however long they take', async () => {
    // The later pages' answers take longer still: none is read before the warm-up's moment.
    const { client, seen, pageBytes } = await watchedList(120, 200, await slowProxy(60));
    for await (const _ of client.pages<unknown>('/repos/o/r/issues', { count: Infinity, offset: 0, pageSize: 50 }, {}, { pageBytes })) {
      // Read to the end.
    }
    expect(seen.slice(0, 4)).toEqual(['sent 1', 'sent 2', 'sent 3', 'reader page 1']);
    expect(seen.filter((s) => s === 'reader a later page')).toHaveLength(2);
  });

  it('leaves the warm-up out once a later page has been read: it warmed the reader', async () => {
    const { client, seen, pageBytes } = await watchedList(150, 0);
    for await (const _ of client.pages<unknown>('/repos/o/r/issues', { count: Infinity, offset: 0, pageSize: 50 }, {}, { pageBytes })) {
      // Slower than the network: the later pages are read before the warm-up's moment comes.
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
    const reads = seen.filter((s) => s.startsWith('reader'));
    expect(reads.filter((s) => s === 'reader a later page')).toHaveLength(2);
    // Page 1 is read for the warm-up only before any later page, if at all.
    expect(reads.indexOf('reader page 1')).toBeLessThanOrEqual(0);
  });

  it('a one-page list is read the long way alone', async () => {
    const client = await listServer(30, 50);
    let asked = 0;
    const pages: unknown[][] = [];
    const pageBytes = (pieces: readonly Buffer[]) => {
      asked++;
      return renderJsonPage(pieces);
    };
    for await (const page of client.pages<unknown>('/repos/o/r/issues', { count: 30, offset: 0, pageSize: 30 }, {}, { pageBytes })) pages.push(page);
    // Nor warmed up for pages that will not come, a while later.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(asked).toBe(0);
    expect(pages.flat()).toHaveLength(30);
  });
});
