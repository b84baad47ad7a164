// kettle login delete NAME: the login, and its secret wherever it is kept.
import { existsSync } from 'node:fs';
import { configPath, updateConfig } from '../../config/store.js';
import type { Context } from '../../context/context.js';
import { noLoginNamed } from '../../context/logins.js';
import { ExitCode, KettleError } from '../../errors.js';
import type { OptionsOf } from '../../spec/spec.js';
import type * as definition from './defs/delete.js';

export type DeleteOptions = OptionsOf<typeof definition.del>;

export async function run(ctx: Context, { name }: DeleteOptions): Promise<void> {
  let newDefault: string | undefined;
  let wasDefault = false;
  let unreachable: string | undefined;
  let fromKeyring = false;
  const moved: string[] = [];
  // No config file, no login: and no config folder made to say so.
  if (!existsSync(configPath(ctx.logins.configDir()))) throw noLoginNamed(name, []);
  // Checked on the file as written, not as read for other commands: a login
  // whose fields are broken can still be deleted.
  await updateConfig(
    ctx.logins.configDir(),
    async (data) => {
      if (!Object.hasOwn(data.logins, name)) throw noLoginNamed(name, Object.keys(data.logins));
      const login = data.logins[name];
      const ref = typeof login === 'object' && login !== null ? login.keyring : undefined;
      if (ref !== undefined && typeof ref === 'object' && ref !== null) {
        // The secret first: a keyring that refuses leaves the login as it was, so nothing is half-removed.
        const keyring = await import('../../config/keyring.js');
        try {
          fromKeyring = await keyring.deleteSecret(ctx.env, ref, ctx.dryRun);
        } catch (err) {
          if (!(err instanceof keyring.KeyringError)) throw err;
          if (err.kind === 'failed') {
            throw new KettleError(`cannot remove the secret of login "${name}" from the keyring: ${err.reason}; nothing was changed`, ExitCode.failure, ['  Unlock the keyring and try again.']);
          }
          unreachable = `${err.reason}; the secret of login "${name}" may still be in it (${ref.service}, ${ref.account}): remove it there`;
        }
      }
      const refreshRef = typeof login === 'object' && login !== null ? login.oauth?.refreshKeyring : undefined;
      if (refreshRef !== undefined && typeof refreshRef === 'object' && refreshRef !== null) {
        // A browser login's refresh token: best effort, once the token itself is gone.
        const keyring = await import('../../config/keyring.js');
        await keyring.deleteSecret(ctx.env, refreshRef, ctx.dryRun).catch(() => undefined);
      }
      delete data.logins[name];
      if (data.default === name) {
        wasDefault = true;
        newDefault = Object.keys(data.logins)[0];
        if (newDefault === undefined) delete data.default;
        else data.default = newDefault;
      }
    },
    { dryRun: ctx.dryRun, env: ctx.env, onMoved: (names) => moved.push(...names) },
  );
  ctx.term.success(`Deleted login "${name}"${fromKeyring ? ' and its secret in the keyring' : ''}`);
  if (unreachable !== undefined) {
    ctx.term.warn(`the keyring did not answer (${unreachable})`);
  }
  if (wasDefault) {
    ctx.term.info(newDefault ? `kettle: the default login is now "${newDefault}"` : 'kettle: no logins are left; add one with: kettle login add --url URL');
  }
  if (moved.length > 0) ctx.term.info(`kettle: moved the secrets of ${moved.map((m) => `"${m}"`).join(', ')}, stored by an earlier kettle, from the config file to the keyring`);
}
