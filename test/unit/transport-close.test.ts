// Transport.close at the end of a command: with nothing in flight the
// connections are destroyed at once (with an error of kettle's, whose stack
// costs nothing to format); a request still in flight is let finish first.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Transport } from '../../src/api/transport.js';

let server: Server;
let base = '';
let open = 0;

beforeAll(async () => {
  server = createServer((req, res) => {
    const delay = Number(new URL(req.url ?? '/', 'http://x').searchParams.get('delay') ?? 0);
    setTimeout(() => res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}'), delay);
  });
  server.on('connection', (socket) => {
    open++;
    socket.once('close', () => open--);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const transport = () => new Transport({ timeoutMs: 5000, maxResponseBytes: 1024 * 1024, insecure: false, env: {}, now: Date.now });
const get = (t: Transport, query = '') => t.send({ method: 'GET', url: new URL(`${base}/api/v1/user${query}`), headers: {}, body: undefined, path: '/user' });

async function until(check: () => boolean): Promise<void> {
  for (let i = 0; i < 200 && !check(); i++) await new Promise((r) => setTimeout(r, 5));
}

describe('Transport.close', () => {
  it('with nothing in flight, closes the connection at once', async () => {
    const t = transport();
    const answer = await get(t);
    expect(answer.status).toBe(200);
    expect(open).toBe(1);
    await t.close();
    await until(() => open === 0);
    expect(open).toBe(0);
  });

  it('lets a request still in flight finish with its answer', async () => {
    const t = transport();
    const pending = get(t, '?delay=150');
    await until(() => open === 1);
    await t.close();
    const answer = await pending;
    expect(answer.status).toBe(200);
    expect(answer.text).toBe('{"ok":true}');
  });
});
