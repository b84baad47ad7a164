// Transport.send reads an answer whole through undici's dispatch() and a
// handler of its own (no stream): what request() and its stream did is kept:
// informational answers skipped, the body's pieces joined in order, headers
// as undici reads them, the size cap, the time limit with its own reason, and
// a pause longer than the idle bound once the answer has begun.
import { createServer as createTcpServer, type Server as TcpServer, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { KettleError } from '../../src/errors.js';
import { Transport, type TransportOptions } from '../../src/api/transport.js';

const servers: TcpServer[] = [];
const sockets = new Set<Socket>();
const transports: Transport[] = [];
afterEach(async () => {
  await Promise.all(transports.splice(0).map((t) => t.close()));
  for (const socket of sockets) socket.destroy();
  sockets.clear();
  await Promise.all(servers.splice(0).map((s) => new Promise<void>((resolve) => s.close(() => resolve()))));
});

/** A server that answers each request with `respond` (raw HTTP/1.1, written as the test says). */
async function rawServer(respond: (socket: Socket) => void): Promise<string> {
  const server = createTcpServer((socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
    let seen = '';
    socket.on('data', (d: Buffer) => {
      seen += d.toString('latin1');
      if (!seen.includes('\r\n\r\n')) return;
      seen = '';
      respond(socket);
    });
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

function transport(opts: Partial<TransportOptions> = {}): Transport {
  const t = new Transport({ timeoutMs: 5000, maxResponseBytes: 1024 * 1024, insecure: false, env: {}, now: Date.now, ...opts });
  transports.push(t);
  return t;
}

const get = (t: Transport, base: string, keepBytes = false) =>
  t.send({ method: 'GET', url: new URL(`${base}/api/v1/user`), headers: {}, body: undefined, path: '/user', ...(keepBytes ? { keepBytes: true } : {}) });

describe('Transport.send reads an answer whole', () => {
  it('skips an informational answer, joins the pieces of a chunked body in order, and reads repeated headers as a list', async () => {
    const base = await rawServer((socket) => {
      socket.write('HTTP/1.1 103 Early Hints\r\nLink: </a.css>; rel=preload\r\n\r\n');
      socket.write('HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nSet-Cookie: a=1\r\nSet-Cookie: b=2\r\nTransfer-Encoding: chunked\r\n\r\n');
      const pieces = ['{"login":', '"alice",', '"n":"✓"}'];
      let i = 0;
      const next = () => {
        const piece = pieces[i++];
        if (piece === undefined) {
          socket.write('0\r\n\r\n');
          return;
        }
        const bytes = Buffer.from(piece);
        socket.write(`${bytes.length.toString(16)}\r\n`);
        socket.write(Buffer.concat([bytes, Buffer.from('\r\n')]));
        setTimeout(next, 5);
      };
      next();
    });
    const answer = await get(transport(), base);
    expect(answer.status).toBe(200);
    expect(answer.text).toBe('{"login":"alice","n":"✓"}');
    expect(answer.headers['content-type']).toBe('application/json');
    expect(answer.headers['set-cookie']).toEqual(['a=1', 'b=2']);
  });

  it('keeps the bytes undecoded when asked, for a success, in the pieces they came in', async () => {
    const body = Buffer.from('[{"id":1,"t":"é"}]');
    const base = await rawServer((socket) => socket.write(Buffer.concat([Buffer.from(`HTTP/1.1 200 OK\r\nContent-Length: ${body.length}\r\n\r\n`), body])));
    const answer = await get(transport(), base, true);
    expect(answer.text).toBe('');
    expect(Buffer.concat(answer.pieces ?? []).equals(body)).toBe(true);
  });

  it('refuses a body past the cap once it has come that far, when no length was announced', async () => {
    const base = await rawServer((socket) => {
      socket.write('HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n');
      for (let i = 0; i < 4; i++) socket.write(`400\r\n${'x'.repeat(1024)}\r\n`);
    });
    const failure = await get(transport({ maxResponseBytes: 2048 }), base).catch((err: unknown) => err);
    expect(failure).toBeInstanceOf(KettleError);
    expect((failure as Error).message).toBe('the answer to GET /user is larger than 2048 bytes (HTTP 200); refusing it (KETTLE_MAX_RESPONSE_MB raises the limit)');
  });

  it('ends at the time limit when no answer comes, and names the limit', async () => {
    const base = await rawServer(() => undefined);
    const started = Date.now();
    const failure = await get(transport({ timeoutMs: 300 }), base).catch((err: unknown) => err);
    expect(Date.now() - started).toBeLessThan(3000);
    expect(failure).toBeInstanceOf(KettleError);
    expect((failure as Error).message).toBe(`GET ${base}/api/v1/user: the server did not answer within 0.3 s; allow more time with --timeout SECONDS or KETTLE_TIMEOUT`);
  });

  it('ends at the time limit when the request never gets a connection (a proxy that never answers its CONNECT)', async () => {
    const proxy = await rawServer(() => undefined);
    const started = Date.now();
    const failure = await get(transport({ timeoutMs: 300, env: { HTTP_PROXY: proxy } }), 'http://127.0.0.1:9').catch((err: unknown) => err);
    expect(Date.now() - started).toBeLessThan(3000);
    expect(failure).toBeInstanceOf(KettleError);
    expect((failure as Error).message).toBe(`the proxy ${proxy} (from HTTP_PROXY): the connection timed out, for GET http://127.0.0.1:9/api/v1/user`);
  });

  it('gives up an answer that pauses longer than the idle bound once begun, naming that bound', async () => {
    const base = await rawServer((socket) => {
      socket.write('HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n1\r\n[\r\n');
    });
    const started = Date.now();
    const failure = await get(transport({ timeoutMs: 5000, idleTimeoutMs: 200 }), base).catch((err: unknown) => err);
    expect(Date.now() - started).toBeLessThan(3000);
    expect(failure).toBeInstanceOf(KettleError);
    expect((failure as Error).message).toBe(`GET ${base}/api/v1/user: the server stopped sending the response (nothing more within 0.2 s); allow more time with --timeout SECONDS or KETTLE_TIMEOUT`);
  });
});
