// login add at a real terminal: the questions, hidden secrets, Ctrl-C.
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from '../server/index.js';
import { Terminal } from './tmux.js';

let server: TestServer;
let term: Terminal;

beforeAll(async () => {
  server = await startServer({ seed: 'demo' });
});
afterAll(async () => {
  await server.close();
});
beforeEach(() => {
  term = new Terminal();
  server.resetRequests();
});
afterEach(async () => {
  await term.close();
});

const configFile = () => join(term.home, 'config.json');
const readConfig = () => JSON.parse(readFileSync(configFile(), 'utf8')) as { default?: string; logins: Record<string, Record<string, unknown>> };

describe('login add with only --url', () => {
  it('asks how to log in, takes the token without showing it, and says who is logged in', async () => {
    const token = server.addToken('alice');
    const pane = await term.kettle(['login', 'add', '--url', server.url, '--name', 'demo']);
    await pane.asked('How do you want to log in?');
    await pane.keys('Enter'); // the first choice: an access token
    await pane.asked('Access token');
    await pane.type(token);
    // The secret must not be on screen even before it is submitted.
    expect(await pane.screen()).not.toContain(token);
    expect(await pane.screen()).not.toContain(token.slice(0, 8));
    await pane.keys('Enter');
    const { code, screen } = await pane.exit();
    expect(code, screen).toBe(0);
    expect(screen).toMatch(/Logged in to .* as alice \(Alice Liddell\); saved as login "demo" \(default\)/);
    expect(screen).not.toContain(token);
    expect(readConfig().logins.demo).toMatchObject({ auth: 'header', token, user: 'alice' });
    expect(statSync(configFile()).mode & 0o777).toBe(0o600);
  });

  it('asks for the user name and a hidden password, then stores a minted token', async () => {
    const pane = await term.kettle(['login', 'add', '--url', server.url]);
    await pane.asked('How do you want to log in?');
    await pane.keys('Down', 'Enter');
    await pane.asked('User name');
    await pane.type('bob');
    await pane.keys('Enter');
    await pane.asked('Password for bob');
    await pane.type('bob-password');
    expect(await pane.screen()).not.toContain('bob-password');
    // Not even its length: no * per character.
    expect(await pane.screen()).not.toContain('*');
    await pane.keys('Enter');
    const { code, screen } = await pane.exit();
    expect(code, screen).toBe(0);
    expect(screen).toContain('created an access token for kettle; the password was not stored');
    expect(screen).toMatch(/Logged in to .* as bob \(Bob Builder\)/);
    expect(screen).not.toContain('bob-password');
    const [login] = Object.values(readConfig().logins);
    expect(login).toMatchObject({ auth: 'header', user: 'bob' });
    expect(login?.password).toBeUndefined();
    expect(server.state.tokens.some((t) => t.login === 'bob' && t.sha1 === login?.token)).toBe(true);
    expect(statSync(configFile()).mode & 0o777).toBe(0o600);
  });

  it('asks for the URL too when it is missing', async () => {
    const token = server.addToken('carol');
    const pane = await term.kettle(['login', 'add', '--token', token]);
    await pane.asked('Server URL');
    await pane.type(server.url);
    await pane.keys('Enter');
    const { code, screen } = await pane.exit();
    expect(code, screen).toBe(0);
    expect(screen).toMatch(/as carol \(Carol Danvers\)/);
  });
});

describe('Ctrl-C while login add asks', () => {
  type Pane = Awaited<ReturnType<Terminal['kettle']>>;
  it.each<[string, (pane: Pane) => Promise<void>]>([
    ['the way to log in', async () => undefined],
    [
      'the token',
      async (pane) => {
        await pane.keys('Enter');
        await pane.asked('Access token');
      },
    ],
    [
      'the password',
      async (pane) => {
        await pane.keys('Down', 'Enter');
        await pane.asked('User name');
        await pane.type('alice');
        await pane.keys('Enter');
        await pane.asked('Password for alice');
      },
    ],
  ])('at %s: exit 130, no stack trace, nothing saved, nothing sent', async (_what, reach) => {
    const pane = await term.kettle(['login', 'add', '--url', server.url]);
    await pane.asked('How do you want to log in?');
    await reach(pane);
    await pane.type('half-typ');
    await pane.interrupt('kettle: cancelled');
    expect(existsSync(configFile())).toBe(false);
    expect(server.requests).toEqual([]);
  });
});
