// The bench's HTTP/2 prototype (test/tools/BENCH.md, "HTTP/2 for the long
// list"): `build-cli.mjs --allow-h2 DIR [--pipelining N]` builds the whole CLI
// into DIR with undici's allowH2 on, and leaves the CLI's own build alone. Over
// TLS to a server that speaks both, kettle as built asks for HTTP/1.1 and the
// prototype gets HTTP/2; several requests at once then share one connection
// only with --pipelining.
import { execFile, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createSecureServer, type Http2SecureServer } from 'node:http2';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { makeTestCertificate } from '../support/certificate.js';
import { baseEnv, ROOT, tempDir } from '../support/harness.js';

const tmp = tempDir('kettle-allow-h2-');
let server: Http2SecureServer;
let url = '';
const seen: { version: string; path: string }[] = [];
let handshakes = 0;
let caFile = '';

beforeAll(async () => {
  const { keyFile, certFile } = makeTestCertificate(tmp.path);
  // Every path but the version's answers a page of `limit` records after 50 ms, of a list of five pages (X-Total-Count).
  server = createSecureServer({ key: readFileSync(keyFile), cert: readFileSync(certFile), allowHTTP1: true }, (req, res) => {
    seen.push({ version: req.httpVersion, path: req.url });
    const query = new URL(req.url, 'https://x').searchParams;
    const limit = Number(query.get('limit') ?? 30);
    const page = Number(query.get('page') ?? 1);
    const version = req.url.startsWith('/api/v1/version');
    const body = version ? { version: '1.23.8' } : Array.from({ length: limit }, (_, i) => ({ id: (page - 1) * limit + i + 1, number: (page - 1) * limit + i + 1, title: 't' }));
    setTimeout(() => {
      res.writeHead(200, { 'content-type': 'application/json', ...(version ? {} : { 'x-total-count': String(5 * limit) }) });
      res.end(JSON.stringify(body));
    }, 50);
  });
  server.on('secureConnection', () => handshakes++);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `https://127.0.0.1:${(server.address() as { port: number }).port}`;
  caFile = certFile;
}, 30_000);
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  tmp.cleanup();
});

function kettle(bin: string, args: string[]): Promise<{ status: number; stdout: string; stderr: string }> {
  const env = { ...baseEnv(), HOME: tmp.path, KETTLE_URL: url, KETTLE_TOKEN: 'x'.repeat(40), NODE_EXTRA_CA_CERTS: caFile };
  return new Promise((resolve) => {
    execFile(process.execPath, [bin, ...args], { encoding: 'utf8', env }, (err, stdout, stderr) => resolve({ status: err ? Number(err.code ?? 1) : 0, stdout, stderr }));
  });
}

/** What one command sent: the HTTP versions of its requests and the TLS connections it opened. */
async function sent(bin: string, args: string[]): Promise<{ versions: string[]; handshakes: number; pages: number }> {
  seen.length = 0;
  const before = handshakes;
  const r = await kettle(bin, args);
  expect(r.status, r.stderr).toBe(0);
  expect(JSON.parse(r.stdout)).toHaveLength(250);
  return { versions: [...new Set(seen.map((s) => s.version))], handshakes: handshakes - before, pages: seen.filter((s) => s.path.includes('/issues')).length };
}

it('builds the prototype apart, and only the prototype offers HTTP/2; one connection for a list only with pipelining', async () => {
  const cli = readFileSync(join(ROOT, 'dist', 'cli', 'main.cjs'));
  const alone = join(tmp.path, 'alone');
  const piped = join(tmp.path, 'piped');
  for (const [dir, extra] of [
    [alone, []],
    [piped, ['--pipelining', '16']],
  ] as const) {
    const built = spawnSync(process.execPath, [join(ROOT, 'test', 'tools', 'build-cli.mjs'), '--allow-h2', dir, ...extra], { encoding: 'utf8' });
    expect(built.status, built.stderr).toBe(0);
  }
  expect(readFileSync(join(ROOT, 'dist', 'cli', 'main.cjs')).equals(cli)).toBe(true);
  expect(readFileSync(join(alone, 'dist', 'cli', 'main.cjs'), 'latin1')).toMatch(/keepAliveTimeout: 1e4,\n\s+allowH2: true\n/);
  expect(readFileSync(join(piped, 'dist', 'cli', 'main.cjs'), 'latin1')).toMatch(/keepAliveTimeout: 1e4,\n\s+allowH2: true,\n\s+pipelining: 16\n/);

  const list = ['issue', 'list', '-R', 'o/r', '--all', '--json'];
  const shipped = await sent(join(ROOT, 'bin', 'kettle.cjs'), list);
  expect(shipped).toMatchObject({ versions: ['1.1'], pages: 5 });
  expect(shipped.handshakes).toBeGreaterThan(1);
  const h2 = await sent(join(alone, 'bin', 'kettle.cjs'), list);
  expect(h2).toMatchObject({ versions: ['2.0'], pages: 5 });
  expect(h2.handshakes).toBeGreaterThan(1);
  const one = await sent(join(piped, 'bin', 'kettle.cjs'), list);
  expect(one).toMatchObject({ versions: ['2.0'], pages: 5 });
  expect(one.handshakes).toBe(1);
}, 120_000);
