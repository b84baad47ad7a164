// Secrets stay secret: tokens, passwords and hook secrets never appear in
// output, traces or errors, and credentials are never sent to another origin
// or over plain http to another host without a warning.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from '../server/index.js';
import { json, kettleWith, type RunResult, tempDir } from './harness.js';

let server: TestServer;
let token: string;
let kettle: ReturnType<typeof kettleWith>;

beforeAll(async () => {
  server = await startServer({ seed: 'demo' });
  token = server.addToken('alice');
});
afterAll(async () => {
  await server.close();
});
beforeEach((t) => {
  const dir = tempDir();
  t.onTestFinished(dir.cleanup);
  kettle = kettleWith({ configDir: dir.path });
  server.clearFaults();
  server.resetRequests();
});

function all(r: RunResult): string {
  return r.stdout + r.stderr;
}

const ciEnv = () => ({ KETTLE_URL: server.url, KETTLE_TOKEN: token });

describe('--debug traces every request with credentials redacted', () => {
  it('hides the token header and a hook secret in the traced request body', async () => {
    const secret = 'hook-secret-4f9a1c';
    const r = await kettle(['hook', 'add', '-R', 'alice/teapot', '--url', 'https://ci.example.com/x', '--secret', secret, '--json', '--debug'], { env: ciEnv() });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toContain('[debug] >   authorization: token REDACTED');
    expect(r.stderr).toMatch(/\[debug\] >   body: \{.*"secret":"REDACTED".*\}/);
    expect(all(r)).not.toContain(secret);
    expect(all(r)).not.toContain(token);
    // The server did get the secret: redaction is for output only.
    expect((server.requests.find((q) => q.method === 'POST')?.body as { config: { secret: string } }).config.secret).toBe(secret);
    expect(json<{ config?: Record<string, unknown> }>(r).config?.secret).toBeUndefined();
  });

  it('hides the password of a Basic login and the token minted with it', async () => {
    const r = await kettle(['login', 'add', '--url', server.url, '--user', 'alice', '--password', 'alice-password', '--debug']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toContain('authorization: Basic REDACTED');
    expect(r.stderr).not.toContain('alice-password');
    expect(r.stderr).not.toContain(Buffer.from('alice:alice-password').toString('base64'));
    const minted = server.state.tokens.at(-1)!.sha1;
    expect(all(r)).not.toContain(minted);
    const who = await kettle(['whoami', '--debug']);
    expect(who.code, who.stderr).toBe(0);
    expect(all(who)).not.toContain(minted);
  });

  it('hides a token carried in the query, in traces and in errors', async () => {
    expect((await kettle(['login', 'add', '--url', server.url, '--token', token, '--auth', 'query'])).code).toBe(0);
    server.fault({ kind: 'reset', path: '/user', times: 3 });
    const r = await kettle(['whoami', '--debug', '--timeout', '1']);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('token=REDACTED');
    expect(all(r)).not.toContain(token);
  });

  it('hides credentials given to `kettle api` as headers', async () => {
    const r = await kettle(['api', '/user', '-H', `Authorization: token ${token}`, '-H', 'X-Api-Token: sesame-77', '--debug'], { env: ciEnv() });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toMatch(/x-api-token: REDACTED/i);
    expect(all(r)).not.toContain('sesame-77');
    expect(all(r)).not.toContain(token);
  });

  it('a 401 names KETTLE_TOKEN but never prints it', async () => {
    const r = await kettle(['whoami'], { env: { KETTLE_URL: server.url, KETTLE_TOKEN: 'wrong-token-1234' } });
    expect(r.code).toBe(4);
    expect(all(r)).not.toContain('wrong-token-1234');
  });
});

describe('credentials stay with their server', () => {
  it('`kettle api` refuses an absolute URL on another origin, and sends nothing there', async () => {
    const other = await startServer({ seed: 'demo' });
    try {
      const r = await kettle(['api', `${other.apiUrl}/user`], { env: ciEnv() });
      expect(r.code).toBe(2);
      expect(r.stderr).toMatch(/^kettle: refusing to send your credentials to 127\.0\.0\.1:\d+/);
      expect(other.requests).toHaveLength(0);
      expect(server.requests).toHaveLength(0);
    } finally {
      await other.close();
    }
  });

  it('--paginate follows page numbers on the same server, never a Link to elsewhere', async () => {
    const other = await startServer({ seed: 'demo' });
    try {
      server.onRequest(() => undefined);
      server.set({ pagination: 'spec' });
      const r = await kettle(['api', '/repos/alice/teapot/issues', '--paginate'], { env: ciEnv() });
      expect(r.code, r.stderr).toBe(0);
      expect(other.requests).toHaveLength(0);
      for (const q of server.requests) expect(q.rawUrl.startsWith('/api/v1/')).toBe(true);
    } finally {
      await other.close();
    }
  });
});

describe('plain http', () => {
  it('warns before a credential travels over http to a host that is not loopback', async () => {
    const r = await kettle(['whoami', '--timeout', '1'], { env: { KETTLE_URL: 'http://kettle-test.invalid', KETTLE_TOKEN: token } });
    expect(r.stderr).toMatch(/^kettle: warning: sending credentials to kettle-test\.invalid over plain http/);
    expect(r.code).toBe(1);
    expect(all(r)).not.toContain(token);
  });

  it.each(['127.0.0.1', 'localhost', '[::1]', '127.1.2.3'])('does not warn for the loopback host %s', async (host) => {
    const port = new URL(server.url).port;
    const r = await kettle(['whoami', '--timeout', '1'], { env: { KETTLE_URL: `http://${host}:${port}`, KETTLE_TOKEN: token } });
    expect(r.stderr).not.toContain('plain http');
  });

  it('does not warn for https', async () => {
    const r = await kettle(['whoami', '--timeout', '1'], { env: { KETTLE_URL: 'https://kettle-test.invalid', KETTLE_TOKEN: token } });
    expect(r.stderr).not.toContain('plain http');
    expect(r.code).toBe(1);
  });
});
