// kettle login refresh: renew a browser login's access token now.
import { instanceRoot } from '../../api/url.js';
import type { Context } from '../../context/context.js';
import { KettleError } from '../../errors.js';
import type { OptionsOf } from '../../spec/spec.js';
import type * as definition from './defs/refresh.js';

export type RefreshOptions = OptionsOf<typeof definition.refresh>;

export async function run(ctx: Context, _opts: RefreshOptions): Promise<void> {
  const login = ctx.logins.resolve();
  const { name } = login;
  if (login.source === 'env' || name === undefined) {
    throw new KettleError(`the login in use comes from ${login.from?.token ?? 'KETTLE_TOKEN'}: kettle cannot renew a token it was given; renew it where it was made`);
  }
  if (login.oauth === undefined) {
    throw new KettleError(
      `login "${name}" was not made in the browser: its token does not expire by itself and has no refresh token (to use one that does: kettle login add --url ${instanceRoot(login.root)} --name ${name} --web)`,
    );
  }
  const { renewLogin } = await import('../../context/oauth.js');
  await renewLogin(ctx.clients.renewDeps(), name, { force: true });
  const { readConfig } = await import('../../config/store.js');
  const expires = readConfig(ctx.logins.configDir()).logins[name]?.oauth?.expires;
  ctx.term.success(`Renewed the token of login "${name}"${expires !== undefined ? `; it expires ${expires}` : ''}`);
}
