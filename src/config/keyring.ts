// The operating system's keyring (Secret Service on Linux, Keychain on macOS,
// Credential Manager on Windows), through @napi-rs/keyring, loaded only when a
// secret is read, written or removed. A keyring that is not there, or does not
// answer in time, is "absent": the caller keeps the secret in the config file.
// One that answers but refuses (locked, its unlock prompt dismissed) is "failed".
// Under --dry-run a secret is neither stored nor removed: the change is shown.
import type { DryRun } from '../api/dry-run.js';

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

/**
 * Whether to ask the keyring at all. On Linux the Secret Service is reached
 * over the session bus: without DBUS_SESSION_BUS_ADDRESS there is none to ask
 * (and the library would try X11 autolaunch). The address is the one kettle
 * was given, so a test (or a sandbox) that gives none reaches no keyring.
 */
function reachable(env: NodeJS.ProcessEnv): string | undefined {
  if (process.platform === 'linux' || process.platform === 'freebsd') {
    if (!env.DBUS_SESSION_BUS_ADDRESS) return 'no session bus: DBUS_SESSION_BUS_ADDRESS is not set';
  }
  return undefined;
}

/** Where the keyring binding is, resolved from kettle's own files; undefined when it is not installed. */
function libraryPath(): string | undefined {
  try {
    const { createRequire } = process.getBuiltinModule('node:module') as typeof import('node:module');
    return createRequire(import.meta.url).resolve('@napi-rs/keyring');
  } catch {
    return undefined;
  }
}

/**
 * What the helper process runs: one operation, asked for on standard input
 * (with the secret to store), answered on standard output. The binding's
 * calls block (its constructor connects to the bus), so they run in a process
 * of their own that can be ended when the keyring does not answer in time: a
 * thread blocked in native code would hold kettle's exit until the bus gave up.
 */
const HELPER = `let input = '';
process.stdin.setEncoding('utf8').on('data', (d) => (input += d)).on('end', async () => {
  const q = JSON.parse(input);
  let out;
  try {
    const lib = require(q.lib);
    const entry = new lib.AsyncEntry(q.service, q.account, { linux: { store: 'secret-service' } });
    if (q.op === 'get') out = { value: await entry.getPassword() };
    else if (q.op === 'set') out = { value: (await entry.setPassword(q.secret), true) };
    else out = { value: await entry.deleteCredential() };
  } catch (err) {
    out = { error: String((err && err.message) || err) };
  }
  process.stdout.write(JSON.stringify(out), () => process.exit(0));
});`;

type Op = { op: 'get' } | { op: 'set'; secret: string } | { op: 'delete' };

/** The library's message without its prefixes, in a line: it never holds the secret. */
function reasonOf(text: string): string {
  const line = text
    .replace(/^(Platform failure|Couldn't access platform storage):\s*/i, '')
    .replace(/^DBus error:\s*/i, '')
    .replace(/\s+/g, ' ')
    .trim();
  return line || 'unknown error';
}

/** Whether an error means no keyring is there to ask (no bus, no service, no answer), rather than one that refused. */
function isAbsence(reason: string): boolean {
  return /ServiceUnknown|not provided by any \.service|autolaunch|DBUS_SESSION_BUS_ADDRESS|No such file or directory|Connection refused|not available|no result found|NoStorageAccess|Failed to connect|Did not receive a reply|NoReply/i.test(
    reason,
  );
}

/** The Secret Service's words for the usual refusals, as a user would say them. */
function describe(reason: string): string {
  if (/prompt was dismissed|\bis locked\b|\blocked\b/i.test(reason)) return `the keyring is locked (${reason})`;
  return reason;
}

/**
 * Run one keyring operation in the helper process, bounded by
 * KEYRING_TIMEOUT_MS. On Linux the entry is pinned to the Secret Service: the
 * library would otherwise fall back to the kernel keyring, which forgets
 * everything at logout (that counts as no keyring).
 */
async function operate(env: NodeJS.ProcessEnv, ref: KeyringRef, what: string, op: Op, dryRun?: DryRun): Promise<unknown> {
  const unreachable = reachable(env);
  if (unreachable !== undefined) throw new KeyringError('absent', unreachable);
  const lib = libraryPath();
  if (lib === undefined) throw new KeyringError('absent', `the keyring library is not installed for ${process.platform}-${process.arch}`);
  if (dryRun !== undefined && op.op !== 'get') {
    // As far as kettle can tell without asking it, the keyring would take the change: shown, the secret as ***.
    dryRun.hold(op.op === 'set' ? `store in the keyring: ${ref.service} ${ref.account} = ***` : `remove from the keyring: ${ref.service} ${ref.account}`, 'local');
    return true;
  }
  const done = await finished(process.execPath, ['-e', HELPER], env, JSON.stringify({ lib, service: ref.service, account: ref.account, ...op }));
  let answer: { value?: unknown; error?: string } | undefined;
  try {
    answer = done === undefined ? undefined : (JSON.parse(done.out.toString('utf8')) as { value?: unknown; error?: string });
  } catch {
    answer = undefined;
  }
  if (answer === undefined) throw new KeyringError('absent', 'the keyring helper ended without an answer');
  if (answer.error !== undefined) {
    const reason = reasonOf(answer.error);
    throw new KeyringError(isAbsence(reason) ? 'absent' : 'failed', `${what}: ${describe(reason)}`);
  }
  return answer.value;
}

/**
 * The secret through the Secret Service's own reader, libsecret's secret-tool,
 * where it is installed: about a third of the helper process's time (a
 * process of Node and the binding; test/tools/BENCH.md, "The keyring"). It
 * finds the item by the attributes the binding stores it under (service,
 * username). Only a secret found counts: anything else (no secret-tool, no
 * such item, a locked keyring, an error) goes to the helper, which tells them
 * apart; no answer within KEYRING_TIMEOUT_MS is "absent" at once.
 */
async function lookUp(env: NodeJS.ProcessEnv, ref: KeyringRef): Promise<string | undefined> {
  if ((process.platform !== 'linux' && process.platform !== 'freebsd') || reachable(env) !== undefined) return undefined;
  const done = await finished('secret-tool', ['lookup', 'service', ref.service, 'username', ref.account], env);
  const text = done?.code === 0 ? done.out.toString('utf8') : '';
  return text !== '' ? text : undefined;
}

/**
 * A keyring process run to its end (its exit code and standard output), or
 * undefined when it could not start. One that does not end within
 * KEYRING_TIMEOUT_MS is killed, and the keyring is "absent".
 */
async function finished(file: string, args: string[], env: NodeJS.ProcessEnv, input?: string): Promise<{ code: number | null; out: Buffer } | undefined> {
  const { spawn } = process.getBuiltinModule('node:child_process') as typeof import('node:child_process');
  const child = spawn(file, args, { env, stdio: [input === undefined ? 'ignore' : 'pipe', 'pipe', 'ignore'], windowsHide: true });
  const chunks: Buffer[] = [];
  child.stdout?.on('data', (d: Buffer) => chunks.push(d));
  if (input !== undefined) {
    child.stdin?.on('error', () => undefined);
    child.stdin?.end(input);
  }
  const code = await new Promise<number | null | 'timeout' | 'failed'>((resolve) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      resolve('timeout');
    }, KEYRING_TIMEOUT_MS);
    child.on('error', () => {
      clearTimeout(timer);
      resolve('failed');
    });
    child.on('close', (status) => {
      clearTimeout(timer);
      resolve(status);
    });
  });
  if (code === 'timeout') throw new KeyringError('absent', `no answer within ${KEYRING_TIMEOUT_MS / 1000} seconds`);
  return code === 'failed' ? undefined : { code, out: Buffer.concat(chunks) };
}

/** Store the secret (under --dry-run: show that it would be). */
export async function setSecret(env: NodeJS.ProcessEnv, ref: KeyringRef, secret: string, dryRun: DryRun | undefined): Promise<void> {
  await operate(env, ref, 'cannot store the secret in the keyring', { op: 'set', secret }, dryRun);
}

/** The secret, or undefined when the keyring has no such item. */
export async function getSecret(env: NodeJS.ProcessEnv, ref: KeyringRef): Promise<string | undefined> {
  const found = await lookUp(env, ref);
  if (found !== undefined) return found;
  const value = await operate(env, ref, 'cannot read the secret from the keyring', { op: 'get' });
  return typeof value === 'string' ? value : undefined;
}

/** Remove the item; false when there was none (under --dry-run: show that it would be, true). */
export async function deleteSecret(env: NodeJS.ProcessEnv, ref: KeyringRef, dryRun: DryRun | undefined): Promise<boolean> {
  return (await operate(env, ref, 'cannot remove the secret from the keyring', { op: 'delete' }, dryRun)) === true;
}

/** A new place in the keyring for a login's secret: one item per login and config folder, never shared. */
export function newRef(server: string, loginName: string, user: string | undefined, now: Date): KeyringRef {
  const id = `${now.getTime().toString(36)}${Math.random().toString(36).slice(2, 8)}`;
  return { service: `kettle:${server}`, account: `${user ?? loginName}/${loginName}/${id}` };
}
