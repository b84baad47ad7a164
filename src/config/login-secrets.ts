// Where a stored login's secrets go beside the config file: the keyring
// (keyring.ts) takes the secrets that earlier kettles kept in the file, when
// the file is written, and gives back the items a write that failed made.
// store.ts reads, checks, locks and writes the file; this is the keyring's side.
import type { DryRun } from '../api/dry-run.js';
import type { KeyringRef } from './keyring.js';
import type { ConfigData } from './stored-login.js';

/**
 * Move each file-held secret that was not asked to stay there into the
 * keyring. A keyring that is absent or refuses leaves the rest where they are:
 * nothing is lost, and the next write tries again. Under --dry-run each move
 * is shown (the keyring's line, then the login as the file would hold it).
 */
export async function moveToKeyring(env: NodeJS.ProcessEnv, data: ConfigData, dryRun: DryRun | undefined): Promise<[string, KeyringRef][]> {
  const waiting = Object.entries(data.logins).filter(
    ([, l]) => typeof l === 'object' && l !== null && l.keyring === undefined && l.insecureStorage !== true && typeof l.url === 'string' && (l.token || l.password),
  );
  if (waiting.length === 0) return [];
  const keyring = await import('./keyring.js');
  const moved: [string, KeyringRef][] = [];
  for (const [name, login] of waiting) {
    const secret = login.auth === 'basic' ? (login.password ?? login.token) : login.token;
    if (!secret) continue;
    const ref = keyring.newRef(login.url.replace(/\/api\/v1\/?$/, ''), name, login.user, new Date());
    try {
      await keyring.setSecret(env, ref, secret, dryRun);
    } catch {
      break;
    }
    login.keyring = ref;
    delete login.token;
    delete login.password;
    moved.push([name, ref]);
  }
  return moved;
}

/** Remove keyring items a write made, when the write did not happen. */
export async function forget(env: NodeJS.ProcessEnv | undefined, refs: KeyringRef[]): Promise<void> {
  if (env === undefined || refs.length === 0) return;
  const keyring = await import('./keyring.js');
  // Only after a write that failed, which a dry run never makes.
  for (const ref of refs) await keyring.deleteSecret(env, ref, undefined).catch(() => undefined);
}
