// A recording proxy: kettle talks to it as to a server (KETTLE_URL), it passes
// every request on to the real server and keeps each exchange, so that what a
// real Gitea or Forgejo answered can be written down as a fixture
// (test/tools/record-real.ts) and replayed against the in-memory server
// (test/contract/replay.test.ts). It listens on 127.0.0.1 only. Credentials
// are never kept: an exchange says how the request authenticated, not with what.
import { createServer, type IncomingMessage, request as httpRequest, type Server } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { AddressInfo } from 'node:net';

export interface Exchange {
  /** The kettle command line (or the scenario's own step) that sent it. */
  step: string;
  method: string;
  /** Relative to the API root (`/repos/…`), percent-encoded, without the query; a path outside the API as sent. */
  path: string;
  /** A request outside the API (git over HTTP, an asset download): kept for the record, not replayed. */
  web?: true;
  query: Record<string, string>;
  /** How the request authenticated: a token header, basic auth (a password), a query token, or not at all. */
  auth: 'token' | 'basic' | 'query' | 'none';
  /** Whose credential: the user of basic auth, or of a token minted during the recording (not the administrator's). */
  as?: string;
  /** Headers kettle's requests carry that the server reads besides auth (Sudo, X-Gitea-OTP). */
  headers?: Record<string, string>;
  /** The request body: JSON parsed, other text as text, bytes by their count. */
  body?: unknown;
  bodyType?: string;
  status: number;
  contentType?: string;
  /** Headers kettle reads: the total, the page links (host-neutral), Location. */
  answerHeaders?: Record<string, string>;
  /** The answer: JSON parsed, text as text (cut at 64 KiB), bytes by count. */
  answer?: unknown;
}

export interface Recorder {
  /** The proxy's base URL, with the real server's sub-path: what KETTLE_URL gets. */
  url: string;
  exchanges: Exchange[];
  /** The step the next requests belong to. */
  step(name: string): void;
  close(): Promise<void>;
}

const API = '/api/v1';
const KEPT_HEADERS = ['x-total-count', 'link', 'location'];
const KEPT_REQUEST_HEADERS = ['sudo', 'x-gitea-otp', 'x-forgejo-otp'];

/** The user named by basic auth, or by a token the recording saw minted. */
function whoseOf(req: IncomingMessage, minted: Map<string, string>): string | undefined {
  const header = String(req.headers.authorization ?? '');
  const basic = /^basic (.+)$/i.exec(header)?.[1];
  if (basic !== undefined) return Buffer.from(basic, 'base64').toString('utf8').split(':')[0];
  const token = /^(?:token|bearer) (.+)$/i.exec(header)?.[1]?.trim();
  return token === undefined ? undefined : minted.get(token);
}

function authOf(req: IncomingMessage, query: URLSearchParams): Exchange['auth'] {
  const header = String(req.headers.authorization ?? '');
  if (/^basic /i.test(header)) return 'basic';
  if (header !== '') return 'token';
  if (query.has('token') || query.has('access_token')) return 'query';
  return 'none';
}

function decode(bytes: Buffer, type: string | undefined): unknown {
  if (bytes.length === 0) return undefined;
  if (/json/i.test(type ?? '')) {
    try {
      return JSON.parse(bytes.toString('utf8'));
    } catch {
      return { notJson: bytes.toString('utf8').slice(0, 2000) };
    }
  }
  if (/^text\/|x-patch|x-diff/i.test(type ?? '')) return bytes.toString('utf8').slice(0, 65536);
  return { bytes: bytes.length };
}

/** Start a proxy in front of `target` (the server's base URL, as a login would name it). */
export async function startRecorder(target: string): Promise<Recorder> {
  const base = new URL(target.endsWith('/') ? target : `${target}/`);
  const basePath = base.pathname.replace(/\/$/, '');
  const exchanges: Exchange[] = [];
  /** Tokens minted while recording (POST /users/{name}/tokens), and whose they are. */
  const minted = new Map<string, string>();
  let step = '';
  let own = '';

  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const sent = Buffer.concat(chunks);
      const incoming = new URL(req.url ?? '/', 'http://proxy');
      const headers = { ...req.headers, host: base.host };
      delete headers['accept-encoding'];
      const send = base.protocol === 'https:' ? httpsRequest : httpRequest;
      const out = send(new URL(incoming.pathname + incoming.search, base.origin), { method: req.method ?? 'GET', headers }, (answer) => {
        const got: Buffer[] = [];
        answer.on('data', (c: Buffer) => got.push(c));
        answer.on('end', () => {
          const bytes = Buffer.concat(got);
          const answerHeaders: Record<string, string> = {};
          const passed: Record<string, string | string[]> = {};
          for (const [name, value] of Object.entries(answer.headers)) {
            if (value === undefined || name === 'transfer-encoding' || name === 'connection' || name === 'content-length') continue;
            const text = Array.isArray(value) ? value.map((v) => v.replaceAll(base.origin, own)) : value.replaceAll(base.origin, own);
            passed[name] = text;
            if (KEPT_HEADERS.includes(name)) answerHeaders[name] = String(text).replaceAll(own, '{server}');
          }
          const full = incoming.pathname;
          const inApi = full.startsWith(basePath + API);
          const apiPath = inApi ? full.slice(basePath.length + API.length) || '/' : full;
          const query: Record<string, string> = {};
          for (const [k, v] of incoming.searchParams) if (k !== 'token' && k !== 'access_token') query[k] = v;
          const requestHeaders: Record<string, string> = {};
          for (const name of KEPT_REQUEST_HEADERS) if (typeof req.headers[name] === 'string') requestHeaders[name] = req.headers[name] as string;
          const contentType = answer.headers['content-type'];
          const bodyType = req.headers['content-type'];
          const as = whoseOf(req, minted);
          const mintedFor = /^\/users\/([^/]+)\/tokens$/.exec(apiPath)?.[1];
          if (mintedFor !== undefined && answer.statusCode === 201) {
            const sha1 = (decode(bytes, contentType) as { sha1?: unknown } | undefined)?.sha1;
            if (typeof sha1 === 'string') minted.set(sha1, decodeURIComponent(mintedFor));
          }
          exchanges.push({
            step,
            method: req.method ?? 'GET',
            path: apiPath,
            ...(inApi ? {} : { web: true as const }),
            query,
            auth: authOf(req, incoming.searchParams),
            ...(as !== undefined ? { as } : {}),
            ...(Object.keys(requestHeaders).length > 0 ? { headers: requestHeaders } : {}),
            ...(sent.length > 0 ? { body: decode(sent, bodyType), ...(bodyType ? { bodyType } : {}) } : {}),
            status: answer.statusCode ?? 0,
            ...(contentType ? { contentType } : {}),
            ...(Object.keys(answerHeaders).length > 0 ? { answerHeaders } : {}),
            ...(bytes.length > 0 ? { answer: decode(bytes, contentType) } : {}),
          });
          res.writeHead(answer.statusCode ?? 502, passed);
          res.end(bytes);
        });
        answer.on('error', () => res.destroy());
      });
      out.on('error', (err) => {
        res.writeHead(502, { 'content-type': 'text/plain' });
        res.end(`recording proxy: ${err.message}`);
      });
      out.end(sent);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  own = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url: `${own}${basePath}`,
    exchanges,
    step(name: string) {
      step = name;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
