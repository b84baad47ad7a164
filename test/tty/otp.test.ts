// login add at a real terminal for a two-factor account: the server answers
// 401 for want of the code, kettle asks for it and goes on.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, expect, it } from 'vitest';
import { startServer, type TestServer } from '../server/index.js';
import { twoFactor } from '../server/two-factor.js';
import { Terminal } from './tmux.js';

let server: TestServer;
let term: Terminal;

beforeAll(async () => {
  server = await startServer({ seed: 'demo' });
  twoFactor(server.state).set('carol', '271828');
});
afterAll(async () => {
  await server.close();
});
beforeEach(() => {
  term = new Terminal();
});
afterEach(async () => {
  await term.close();
});

it('asks for the two-factor code when the server wants one, then stores a minted token', async () => {
  const pane = await term.kettle(['login', 'add', '--url', server.url, '--user', 'carol', '--password', 'carol-password']);
  await pane.asked('Two-factor code for carol');
  await pane.type('271828');
  await pane.keys('Enter');
  const { code, screen } = await pane.exit();
  expect(code, screen).toBe(0);
  expect(screen).toMatch(/Logged in to .* as carol/);
  const config = JSON.parse(readFileSync(join(term.home, 'config.json'), 'utf8')) as { logins: Record<string, { token?: string }> };
  const [login] = Object.values(config.logins);
  expect(server.state.tokens.some((t) => t.login === 'carol' && t.sha1 === login?.token)).toBe(true);
  const minted = server.requests.filter((q) => q.method === 'POST' && q.path === '/users/carol/tokens');
  expect(minted.map((q) => q.headers['x-forgejo-otp'])).toEqual(['271828']);
});
