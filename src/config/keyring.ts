// The operating system's keyring (Secret Service on Linux, Keychain on macOS,
// Credential Manager on Windows), through @napi-rs/keyring, loaded only when a
// secret is read, written or removed. A keyring that is not there, or does not
// answer in time, is "absent": the caller keeps the secret in the config file.
// One that answers but refuses (locked, its unlock prompt dismissed) is "failed".
import type { AsyncEntry } from '@napi-rs/keyring';

/** Where a login's secret is in the keyring: what the config file keeps instead of the secret. */
export interface KeyringRef {
  service: string;
  account: string;
}

/** How long kettle waits for the keyring before it counts as absent. */
export const KEYRING_TIMEOUT_MS = 5_000;

/** The keyring could not be used: `absent` (none, or no answer), or `failed` (it answered with an error). */
export class KeyringError extends Error {
  constructor(
    readonly kind: 'absent' | 'failed',
    readonly reason: string,
  ) {
    super(reason);
    this.name = 'KeyringError';
  }
}

type Library = typeof import('@napi-rs/keyring');
let library: Promise<Library> | undefined;

/**
 * Whether to ask the keyring at all. On Linux the Secret Service is reached
 * over the session bus: without DBUS_SESSION_BUS_ADDRESS there is none to ask
 * (and the library would try X11 autolaunch). The address is the one kettle
 * was given, so a test (or a sandbox) that gives none reaches no keyring.
 */
function reachable(env: NodeJS.ProcessEnv): string | undefined {
  if (process.platform === 'linux' || process.platform === 'freebsd') {
    if (!env.DBUS_SESSION_BUS_ADDRESS) return 'no session bus (DBUS_SESSION_BUS_ADDRESS is not set)';
  }
  return undefined;
}

async function load(): Promise<Library> {
  library ??= import('@napi-rs/keyring');
  try {
    return await library;
  } catch {
    throw new KeyringError('absent', `the keyring library has no build for ${process.platform}-${process.arch}`);
  }
}

/** The library's message without its prefixes, in a line: it never holds the secret. */
function reasonOf(err: unknown): string {
  let text = err instanceof Error ? err.message : String(err);
  text = text
    .replace(/^(Platform failure|Couldn't access platform storage):\s*/i, '')
    .replace(/^DBus error:\s*/i, '')
    .replace(/\s+/g, ' ')
    .trim();
  return text || 'unknown error';
}

/** Whether an error means no keyring is there to ask (no bus, no service), rather than one that refused. */
function isAbsence(reason: string): boolean {
  return /ServiceUnknown|was not provided by any \.service|autolaunch|DBUS_SESSION_BUS_ADDRESS|No such file or directory|Connection refused|not available|no result found|NoStorageAccess|Failed to connect|Unable to autolaunch/i.test(
    reason,
  );
}

/**
 * Run one keyring operation, bounded by KEYRING_TIMEOUT_MS. On Linux the entry
 * is pinned to the Secret Service: the library would otherwise fall back to
 * the kernel keyring, which forgets everything at logout (that counts as no keyring).
 */
async function withEntry<T>(env: NodeJS.ProcessEnv, ref: KeyringRef, what: string, op: (entry: AsyncEntry, signal: AbortSignal) => Promise<T>): Promise<T> {
  const unreachable = reachable(env);
  if (unreachable !== undefined) throw new KeyringError('absent', unreachable);
  const lib = await load();
  const controller = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      controller.abort();
      reject(new KeyringError('absent', `the keyring did not answer within ${KEYRING_TIMEOUT_MS / 1000} seconds`));
    }, KEYRING_TIMEOUT_MS);
    // A keyring that never answers must not keep kettle running after its work is done.
    timer.unref();
  });
  try {
    const entry = new lib.AsyncEntry(ref.service, ref.account, { linux: { store: 'secret-service' } });
    return await Promise.race([op(entry, controller.signal), timeout]);
  } catch (err) {
    if (err instanceof KeyringError) throw err;
    const reason = reasonOf(err);
    throw new KeyringError(isAbsence(reason) ? 'absent' : 'failed', `${what}: ${describe(reason)}`);
  } finally {
    clearTimeout(timer);
  }
}

/** The Secret Service's words for the usual refusals, as a user would say them. */
function describe(reason: string): string {
  if (/prompt was dismissed|is locked|locked/i.test(reason)) return `the keyring is locked (${reason})`;
  return reason;
}

export async function setSecret(env: NodeJS.ProcessEnv, ref: KeyringRef, secret: string): Promise<void> {
  await withEntry(env, ref, 'cannot store the secret in the keyring', (entry, signal) => entry.setPassword(secret, signal));
}

/** The secret, or undefined when the keyring has no such item. */
export async function getSecret(env: NodeJS.ProcessEnv, ref: KeyringRef): Promise<string | undefined> {
  const value = await withEntry(env, ref, 'cannot read the secret from the keyring', (entry, signal) => entry.getPassword(signal));
  return value ?? undefined;
}

/** Remove the item; false when there was none. */
export async function deleteSecret(env: NodeJS.ProcessEnv, ref: KeyringRef): Promise<boolean> {
  return withEntry(env, ref, 'cannot remove the secret from the keyring', (entry, signal) => entry.deleteCredential(signal));
}

/** A new place in the keyring for a login's secret: one item per login and config folder, never shared. */
export function newRef(server: string, loginName: string, user: string | undefined, now: Date): KeyringRef {
  const id = `${now.getTime().toString(36)}${Math.random().toString(36).slice(2, 8)}`;
  return { service: `kettle:${server}`, account: `${user ?? loginName}/${loginName}/${id}` };
}
