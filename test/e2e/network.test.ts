import { createServer, request, type Server } from 'node:http';
import { connect, type Socket } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { makeTestCertificate } from '../support/certificate.js';
import { json, tempDir } from '../support/harness.js';
import { useServer } from '../support/suite.js';

/** A forward proxy on 127.0.0.1 that tunnels CONNECT and relays absolute-form requests, recording both. */
async function startProxy(): Promise<{ url: string; seen: string[]; close: () => Promise<void> }> {
  const seen: string[] = [];
  const sockets = new Set<Socket>();
  const proxy: Server = createServer((req, res) => {
    seen.push(`${req.method} ${req.url}`);
    const target = new URL(req.url ?? '/');
    const upstream = request({ host: target.hostname, port: target.port, path: target.pathname + target.search, method: req.method, headers: req.headers }, (up) => {
      res.writeHead(up.statusCode ?? 502, up.headers);
      up.pipe(res);
    });
    upstream.on('error', () => res.destroy());
    req.pipe(upstream);
  });
  proxy.on('connect', (req, client: Socket, head: Buffer) => {
    seen.push(`CONNECT ${req.url}`);
    const [host = '', port = ''] = (req.url ?? '').split(/:(?=\d+$)/);
    const upstream = connect(Number(port), host, () => {
      client.write('HTTP/1.1 200 Connection Established\r\n\r\n');
      upstream.write(head);
      upstream.pipe(client);
      client.pipe(upstream);
    });
    for (const s of [client, upstream]) {
      sockets.add(s);
      s.on('close', () => sockets.delete(s));
      s.on('error', () => undefined);
    }
  });
  proxy.on('connection', (s: Socket) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  const address = proxy.address();
  if (address === null || typeof address === 'string') throw new Error('no address');
  return {
    url: `http://127.0.0.1:${address.port}`,
    seen,
    close: async () => {
      for (const s of sockets) s.destroy();
      await new Promise<void>((resolve) => proxy.close(() => resolve()));
    },
  };
}

const s = useServer();
let proxy: Awaited<ReturnType<typeof startProxy>>;

beforeAll(async () => {
  proxy = await startProxy();
});
afterAll(async () => {
  await proxy.close();
});
beforeEach(() => {
  proxy.seen.length = 0;
});

describe('proxies from the environment', () => {
  const target = () => new URL(s.server.url).host;

  it.each(['HTTP_PROXY', 'http_proxy'])('%s sends requests through the proxy', async (name) => {
    const r = await s.kettle(['whoami', '--json'], { env: { [name]: proxy.url } });
    expect(r.code, r.stderr).toBe(0);
    expect(json<{ login: string }>(r).login).toBe('alice');
    expect(proxy.seen.length).toBeGreaterThan(0);
    expect(proxy.seen.every((line) => line.includes(target()))).toBe(true);
  });

  it('NO_PROXY names hosts reached directly', async () => {
    const r = await s.kettle(['whoami', '--json'], { env: { HTTP_PROXY: proxy.url, NO_PROXY: 'example.com,127.0.0.1' } });
    expect(r.code, r.stderr).toBe(0);
    expect(proxy.seen).toEqual([]);
    expect(s.server.requests.map((q) => q.path)).toEqual(['/user', '/version']);
  });

  it('HTTPS_PROXY alone leaves http requests direct', async () => {
    const r = await s.kettle(['whoami', '--json'], { env: { HTTPS_PROXY: proxy.url } });
    expect(r.code, r.stderr).toBe(0);
    expect(proxy.seen).toEqual([]);
  });

  it('a proxy given as host:port, without a scheme, is an http:// proxy', async () => {
    const r = await s.kettle(['whoami', '--json'], { env: { HTTP_PROXY: new URL(proxy.url).host } });
    expect(r.code, r.stderr).toBe(0);
    expect(proxy.seen.length).toBeGreaterThan(0);
  });

  it.each([
    ['HTTP_PROXY', 'http://alice:s3cr/et@proxy.example:3128', 'http://***@proxy.example:3128'],
    ['https_proxy', 'ftp://proxy.example:21', 'ftp://proxy.example:21'],
    ['HTTPS_PROXY', 'http://', 'http://'],
  ])('%s=%s: one line naming the variable, without its password; exit 2, nothing sent', async (name, value, shown) => {
    // The request goes to an https server so that HTTPS_PROXY applies too.
    const r = await s.kettle(['api', '-X', 'POST', '/user/repos', '-f', 'name=x'], { env: { [name]: value, KETTLE_URL: s.server.url.replace('http:', 'https:') } });
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toBe(`kettle: ${name} is not a proxy URL kettle can use: "${shown}" (expected http://host:port, https:// or socks5://)\n`);
    expect(r.stderr).not.toContain('s3cr');
    expect(proxy.seen).toEqual([]);
  });

  it('a proxy that is down is one clear line', async () => {
    const r = await s.kettle(['whoami', '--timeout', '1'], { env: { HTTP_PROXY: 'http://127.0.0.1:9' } });
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/^kettle: [^\n]+\n$/);
    expect(r.stdout).toBe('');
  });
});

describe('TLS with a self-signed certificate', () => {
  let keyFile: string;
  let certFile: string;
  let certDir: ReturnType<typeof tempDir>;

  beforeAll(() => {
    certDir = tempDir();
    ({ keyFile, certFile } = makeTestCertificate(certDir.path, { days: 2, localhost: true }));
  });
  afterAll(() => {
    certDir.cleanup();
  });
  const tls = useServer({ server: () => ({ tls: { keyFile, certFile } }) });

  it('refuses an untrusted certificate with one line that says what to do', async () => {
    const r = await tls.kettle(['whoami']);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(
      /^kettle: GET https:\/\/127\.0\.0\.1:\d+\/api\/v1\/user: the server certificate is self-signed \(trust it with NODE_EXTRA_CA_CERTS, or add the login with --insecure\)\n$/,
    );
    expect(tls.server.requests).toHaveLength(0);
  });

  it('trusts it through NODE_EXTRA_CA_CERTS', async () => {
    const r = await tls.kettle(['whoami', '--json'], { env: { NODE_EXTRA_CA_CERTS: certFile } });
    expect(r.code, r.stderr).toBe(0);
    expect(json<{ login: string }>(r).login).toBe('alice');
  });

  it('reaches it through HTTPS_PROXY with a CONNECT tunnel, the certificate still checked', async () => {
    const host = new URL(tls.server.url).host;
    const r = await tls.kettle(['whoami', '--json'], { env: { HTTPS_PROXY: proxy.url, NODE_EXTRA_CA_CERTS: certFile } });
    expect(r.code, r.stderr).toBe(0);
    expect(json<{ login: string }>(r).login).toBe('alice');
    // whoami asks /user, then /version (kept in the cache folder): each through a tunnel to the server.
    expect(new Set(proxy.seen)).toEqual(new Set([`CONNECT ${host}`]));
    const untrusted = await tls.kettle(['whoami'], { env: { HTTPS_PROXY: proxy.url } });
    expect(untrusted.code).toBe(1);
    expect(untrusted.stderr).toMatch(/self-signed/);
  });

  it('reaches it through HTTP_PROXY when HTTPS_PROXY is not set', async () => {
    const r = await tls.kettle(['whoami', '--json'], { env: { HTTP_PROXY: proxy.url, NODE_EXTRA_CA_CERTS: certFile } });
    expect(r.code, r.stderr).toBe(0);
    expect(new Set(proxy.seen)).toEqual(new Set([`CONNECT ${new URL(tls.server.url).host}`]));
  });

  it('a login added --insecure works, is marked in login list, and warns on each use', async () => {
    const env = { KETTLE_URL: undefined, KETTLE_TOKEN: undefined };
    const add = await tls.kettle(['login', 'add', '--url', tls.server.url, '--name', 'selfsigned', '--token', tls.token, '--insecure'], { env });
    expect(add.code, add.stderr).toBe(0);
    expect(add.stderr).toMatch(/warning: .*skips TLS certificate checks/);
    const list = await tls.kettle(['login', 'list'], { env });
    expect(list.stdout).toMatch(/^selfsigned\t.*\tINSECURE \(no certificate check\)\thttps\tfile$/m);
    const listJson = json<Array<{ name: string; insecure: boolean }>>(await tls.kettle(['login', 'list', '--json'], { env }));
    expect(listJson).toEqual([expect.objectContaining({ name: 'selfsigned', insecure: true })]);
    const who = await tls.kettle(['whoami', '--json'], { env });
    expect(who.code, who.stderr).toBe(0);
    expect(json<{ login: string }>(who).login).toBe('alice');
    expect(who.stderr).toBe('kettle: warning: login "selfsigned" skips TLS certificate checks (--insecure): use it only with test servers\n');
  });

  it('without --insecure, login add refuses the same server and stores nothing', async () => {
    const add = await tls.kettle(['login', 'add', '--url', tls.server.url, '--name', 'strict', '--token', tls.token], { env: { KETTLE_URL: undefined, KETTLE_TOKEN: undefined } });
    expect(add.code).toBe(1);
    expect(add.stderr).toMatch(/self-signed/);
    const list = json<unknown[]>(await tls.kettle(['login', 'list', '--json'], { env: { KETTLE_URL: undefined, KETTLE_TOKEN: undefined } }));
    expect(list).toEqual([]);
  });
});
