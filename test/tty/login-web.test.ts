// login add --web without a browser (an SSH session: no display): kettle prints
// the address to open and asks, at the terminal, for the address the browser
// was sent to; pasted back, the code in it is exchanged and the login stored.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, expect, it } from 'vitest';
import { startServer, type TestServer } from '../server/index.js';
import { type OAuthApp, registerApp, signIn } from '../server/oauth.js';
import { Terminal } from './tmux.js';

let server: TestServer;
let term: Terminal;
let app: OAuthApp;
let cookie: string;

beforeAll(async () => {
  server = await startServer({ seed: 'demo' });
  app = registerApp(server.state, 'alice', ['http://127.0.0.1']);
  cookie = signIn(server.state, 'alice');
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

/** What a browser elsewhere does: open the address signed in, grant, and end at the redirect (which cannot reach this machine). */
async function browseElsewhere(address: string): Promise<string> {
  const page = await fetch(address, { headers: { cookie }, redirect: 'manual' });
  const html = await page.text();
  const form = Object.fromEntries([...html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)].map((m) => [m[1], (m[2] ?? '').replace(/&amp;/g, '&')]));
  const granted = await fetch(new URL('/login/oauth/grant', address), {
    method: 'POST',
    headers: { cookie, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ ...form, granted: 'true' }).toString(),
    redirect: 'manual',
  });
  return granted.headers.get('location') ?? '';
}

it('prints the address, takes the pasted redirect address, and stores the login', async () => {
  const pane = await term.kettle(['login', 'add', '--url', server.url, '--web', '--client-id', app.clientId]);
  await pane.asked('Then paste the address the browser was sent to');
  const screen = await pane.screen();
  const address = /(http:\/\/127\.0\.0\.1:\d+\/login\/oauth\/authorize\?\S+)/.exec(screen)?.[1] ?? '';
  expect(address).toMatch(/code_challenge_method=S256/);
  const back = await browseElsewhere(address);
  expect(back).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/\?code=/);
  await pane.type(back);
  await pane.keys('Enter');
  const { code, screen: end } = await pane.exit();
  expect(code, end).toBe(0);
  expect(end).toMatch(/Logged in to .* as alice/);
  const config = JSON.parse(readFileSync(join(term.home, 'config.json'), 'utf8')) as { logins: Record<string, { oauth?: { clientId: string } }> };
  expect(Object.values(config.logins)[0]?.oauth?.clientId).toBe(app.clientId);
});

it('the browser comes back to the listener while the question waits: the question is put away, and kettle ends', async () => {
  const pane = await term.kettle(['login', 'add', '--url', server.url, '--web', '--client-id', app.clientId]);
  await pane.asked('Then paste the address the browser was sent to');
  const address = /(http:\/\/127\.0\.0\.1:\d+\/login\/oauth\/authorize\?\S+)/.exec(await pane.screen())?.[1] ?? '';
  const back = await browseElsewhere(address);
  const landed = await fetch(back);
  expect(landed.status).toBe(200);
  const { code, screen } = await pane.exit();
  expect(code, screen).toBe(0);
  expect(screen).toMatch(/Logged in to .* as alice/);
});

it('a pasted address with another state: one line, nothing stored', async () => {
  const pane = await term.kettle(['login', 'add', '--url', server.url, '--web', '--client-id', app.clientId]);
  await pane.asked('Then paste the address the browser was sent to');
  await pane.type('http://127.0.0.1:9/?code=abc&state=forged');
  await pane.keys('Enter');
  const { code, screen } = await pane.exit();
  expect(code, screen).toBe(4);
  expect(screen).toContain("kettle: the browser came back with another login's state: not this login's answer; nothing was stored");
  expect(() => readFileSync(join(term.home, 'config.json'), 'utf8')).toThrow();
});
