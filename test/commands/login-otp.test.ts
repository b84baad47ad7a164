// login add --user for an account with two-factor authentication: the
// one-time code goes with the password (X-GITEA-OTP and X-FORGEJO-OTP, both),
// on the check and on the token minting; without it, exit 4 saying --otp.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectExit, expectUsage, sent, useServer } from '../support/suite.js';
import { twoFactor } from '../server/two-factor.js';

const s = useServer({ runner: 'in-process', login: 'none' });
beforeAll(() => {
  twoFactor(s.server.state).set('carol', '314159');
});

const add = (...extra: string[]) => s.kettle(['login', 'add', '--url', s.server.url, '--user', 'carol', '--password', 'carol-password', ...extra]);
const stored = () => JSON.parse(readFileSync(join(s.configDir, 'config.json'), 'utf8')) as { logins: Record<string, { token?: string; password?: string; auth: string }> };

describe('two-factor accounts', () => {
  it('--otp: the code goes with the check and the minting, and a token is stored', async () => {
    const r = await add('--otp', '314159');
    expectExit(r, 0);
    expect(r.stderr).toContain('created an access token for kettle; the password was not stored');
    for (const q of [...sent(s, 'GET', '/user').filter((q) => q.auth === 'basic'), ...sent(s, 'POST', '/users/carol/tokens')]) {
      expect([q.headers['x-gitea-otp'], q.headers['x-forgejo-otp']]).toEqual(['314159', '314159']);
    }
    expect(sent(s, 'POST', '/users/carol/tokens')).toHaveLength(1);
    const [login] = Object.values(stored().logins);
    expect(login).toMatchObject({ auth: 'header' });
    expect(login?.password).toBeUndefined();
    // The token, used from now on, needs no code.
    s.server.resetRequests();
    expectExit(await s.kettle(['whoami']), 0);
    expect(sent(s, 'GET', '/user').map((q) => q.headers['x-gitea-otp'])).toEqual([undefined]);
  });

  it('without --otp and no terminal: exit 4 naming --otp, nothing stored, no token made', async () => {
    const r = await add();
    expectExit(r, 4);
    expect(r.stderr).toBe(
      'kettle: carol has two-factor authentication: the server wants the one-time code\n  Pass it with --otp CODE (the code your authenticator app shows now), or log in with a token.\n',
    );
    expect(sent(s, 'POST', '/users/carol/tokens')).toEqual([]);
    expect(() => stored()).toThrow();
  });

  it('a wrong code: exit 4, nothing stored', async () => {
    const r = await add('--otp', '000000');
    expectExit(r, 4);
    expect(r.stderr).toMatch(/^kettle: the server did not accept the two-factor code for carol/);
    expect(() => stored()).toThrow();
  });

  it('an account without two-factor ignores --otp', async () => {
    const r = await s.kettle(['login', 'add', '--url', s.server.url, '--user', 'bob', '--password', 'bob-password', '--otp', '123456']);
    expectExit(r, 0);
  });

  it.each([
    [['--token', 'abc', '--otp', '1'], /--otp goes with --user/],
    [['--user', 'carol', '--password', 'x', '--otp', ' '], /--otp must not be empty/],
  ])('%j is refused before any request', async (flags, message) => {
    expectUsage(s, await s.kettle(['login', 'add', '--url', s.server.url, ...flags]), message);
  });
});
