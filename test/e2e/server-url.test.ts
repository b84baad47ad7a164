// Mistakes in the server URL and failures of a proxy, as a new user meets
// them: each is one line that says what is wrong, with the scheme kept in it,
// and a proxy's failure names the proxy rather than the server.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectExit, expectUsage, useServer } from '../support/suite.js';

describe('login add --url mistakes', () => {
  const s = useServer({ login: 'none' });
  const hostPort = () => new URL(s.server.url).host;

  it('no scheme, on a plain-http server: says it did not answer https, and how to say http', async () => {
    const r = await s.kettle(['login', 'add', '--url', hostPort(), '--token', s.token]);
    expectExit(r, 1);
    expect(r.stderr).toBe(`kettle: GET https://${hostPort()}/api/v1/user: the server did not answer in TLS (https); if it serves plain http, use http://${hostPort()}\n`);
  });

  it.each([
    ['http:/HOST', 'http://HOST'],
    ['https:HOST', 'https://HOST'],
    ['HTTP:/HOST/forge', 'http://HOST/forge'],
  ])('%s: a usage error suggesting %s, nothing sent', async (typed, suggested) => {
    const url = typed.replace('HOST', hostPort());
    const r = await s.kettle(['login', 'add', '--url', url, '--token', s.token]);
    expectUsage(s, r, `kettle: invalid server URL "${url}": expected http:// or https:// and then the host; did you mean ${suggested.replace('HOST', hostPort())}?`);
  });
});

describe('a URL missing its sub-path', () => {
  const forge = useServer({ server: { basePath: '/forge' }, login: 'none' });
  const root = () => new URL(forge.server.url).origin;

  it('login add says no Gitea-family API answered there', async () => {
    const r = await forge.kettle(['login', 'add', '--url', root(), '--token', forge.token]);
    expectExit(r, 1);
    expect(r.stderr).toBe(`kettle: no Gitea-family API at ${root()}/ (GET /api/v1/user answered 404); is the URL missing a sub-path?\n`);
  });

  it('so does whoami with KETTLE_URL', async () => {
    const r = await forge.kettle(['whoami'], { env: { KETTLE_URL: root(), KETTLE_TOKEN: forge.token } });
    expectExit(r, 1);
    expect(r.stderr.split('\n')[0]).toBe(`kettle: no Gitea-family API at ${root()}/ (GET /api/v1/user answered 404); is the URL missing a sub-path?`);
  });

  it('with the sub-path, it logs in', async () => {
    expectExit(await forge.kettle(['login', 'add', '--url', forge.server.url, '--token', forge.token]), 0);
  });
});

describe('a proxy that fails is named', () => {
  const s = useServer();
  let proxy: Server;
  let answer = 407;
  let proxyUrl = '';

  beforeAll(async () => {
    // Answers every CONNECT (and every plain proxied request) with `answer`.
    proxy = createServer((_req, res) => {
      res.writeHead(answer).end();
    });
    proxy.on('connect', (_req, socket) => {
      socket.end(`HTTP/1.1 ${answer} Nope\r\nContent-Length: 0\r\n\r\n`);
    });
    await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
    proxyUrl = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise<void>((resolve) => proxy.close(() => resolve()));
  });

  it('connection refused by the proxy', async () => {
    const r = await s.kettle(['whoami'], { env: { HTTP_PROXY: 'http://127.0.0.1:9' } });
    expectExit(r, 1);
    expect(r.stderr).toBe(`kettle: the proxy http://127.0.0.1:9 (from HTTP_PROXY): connection refused, for GET ${s.server.url}/api/v1/user\n`);
  });

  it.each([
    [407, 'asked for proxy credentials (407 Proxy Authentication Required)'],
    [502, 'could not reach the server (502 Bad Gateway)'],
  ])('the proxy answering %i', async (status, what) => {
    answer = status;
    const r = await s.kettle(['whoami'], { env: { http_proxy: `http://user:s3cret@${new URL(proxyUrl).host}` } });
    expectExit(r, 1);
    // Its user part hidden as every URL kettle shows is (redactUrl).
    expect(r.stderr.split('\n')[0]).toContain(`kettle: the proxy ${proxyUrl.replace('//', '//***@')} (from http_proxy) ${what}`);
    expect(r.stderr).toContain(`for GET ${s.server.url}/api/v1/user`);
    expect(r.stderr).not.toContain('s3cret');
  });
});
