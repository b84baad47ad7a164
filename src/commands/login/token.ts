// kettle login token: the login's token on stdout, for scripts.
import { authOf } from '../../api/auth.js';
import type { Context } from '../../context/context.js';
import { KettleError, UsageError } from '../../errors.js';
import { printText } from '../../output/printer.js';
import type { OptionsOf } from '../../spec/spec.js';
import type * as definition from './defs/token.js';

export type TokenOptions = OptionsOf<typeof definition.token>;

export async function run(ctx: Context, opts: TokenOptions): Promise<void> {
  // Before anything is read: a token is not put on a screen by accident.
  if (ctx.io.stdoutIsTTY && !opts.show) {
    throw new UsageError('standard output is a terminal: kettle login token prints the token only with --show (or into a pipe or a file)');
  }
  const login = ctx.logins.resolve();
  let creds = login.credentials.method === 'keyring' ? await ctx.clients.unlock(login.root, login.credentials) : login.credentials;
  // A browser login's token that has expired, or is about to, is renewed first: a script gets one that works.
  if (login.oauth !== undefined && login.name !== undefined) {
    const { dueForRenewal, renewLogin } = await import('../../context/oauth.js');
    if (dueForRenewal(login.oauth, new Date())) creds = await renewLogin(ctx.clients.renewDeps(), login.name);
  }
  const named = login.name !== undefined ? `login "${login.name}"` : 'the login';
  if (creds.method === 'basic') {
    throw new KettleError(`${named} holds a user name and password (HTTP Basic), not a token; add it again with --user to mint one: kettle login add --url URL --user ${creds.user || 'USER'}`);
  }
  if (creds.method !== 'header' && creds.method !== 'query') throw new KettleError(`${named} holds no token (${authOf(creds)})`);
  printText(ctx.io, `${creds.token}\n`);
}
