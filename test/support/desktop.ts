// A desktop's keyring for kettle to use: a private session bus (dbus-daemon)
// and GNOME Keyring's Secret Service on it (gnome-keyring-daemon), each a
// process of the caller's with a HOME of its own, stopped by stop(). Used by
// the keyring tests (test/commands/login-keyring.test.ts) and the bench's
// keyring figure (test/tools/bench.ts). Needs dbus-daemon, dbus-send,
// gnome-keyring-daemon and secret-tool (Debian: dbus, gnome-keyring,
// libsecret-tools; .ci/run installs them).
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { chmodSync } from 'node:fs';
import { join } from 'node:path';
import { baseEnv, tempDir } from './harness.js';

/** The programs a Desktop runs. */
export const DESKTOP_TOOLS = ['dbus-daemon', 'dbus-send', 'gnome-keyring-daemon', 'secret-tool'];

/** The keyring's password (the daemon unlocks its login keyring with it). */
const PASSWORD = 'kettle-test-keyring-pw';

/** The tools of DESKTOP_TOOLS not found on PATH. */
export function missingDesktopTools(): string[] {
  return DESKTOP_TOOLS.filter((t) => spawnSync('sh', ['-c', `command -v ${t}`]).status !== 0);
}

/** A session bus and a keyring daemon on it, each a process of the caller's, with their own HOME. */
export class Desktop {
  readonly home = tempDir('kettle-keyring-');
  address = '';
  private bus: ChildProcess | undefined;
  private daemon: ChildProcess | undefined;

  /** `base`: the environment the daemons start from (the tests' baseEnv() unless given). */
  constructor(private readonly base: Record<string, string> = baseEnv()) {}

  get env(): Record<string, string> {
    return { ...this.base, HOME: this.home.path, XDG_DATA_HOME: join(this.home.path, 'data'), XDG_RUNTIME_DIR: this.home.path, DBUS_SESSION_BUS_ADDRESS: this.address };
  }

  async start(): Promise<void> {
    const missing = missingDesktopTools();
    if (missing.length > 0) throw new Error(`the keyring tests need ${missing.join(', ')}: apt-get install dbus gnome-keyring libsecret-tools (as .ci/run does)`);
    chmodSync(this.home.path, 0o700);
    this.bus = spawn('dbus-daemon', ['--config-file=/usr/share/dbus-1/session.conf', `--address=unix:path=${join(this.home.path, 'bus')}`, '--nofork', '--print-address=1'], {
      env: this.env,
      stdio: ['ignore', 'pipe', 'ignore'],
    });
    this.address = await firstLine(this.bus, 'dbus-daemon');
    await this.keyring(true);
  }

  /** (Re)start the keyring daemon: unlocked (with the password on its standard input), or locked. */
  async keyring(unlock: boolean): Promise<void> {
    await this.stopKeyring();
    this.daemon = spawn('gnome-keyring-daemon', ['--foreground', ...(unlock ? ['--unlock'] : []), '--components=secrets'], { env: this.env, stdio: ['pipe', 'ignore', 'ignore'] });
    this.daemon.stdin?.end(unlock ? PASSWORD : '');
    // Serving once it owns the Secret Service's name on the bus (asked without activating it).
    const ask = ['--session', '--print-reply', '--dest=org.freedesktop.DBus', '/org/freedesktop/DBus', 'org.freedesktop.DBus.NameHasOwner', 'string:org.freedesktop.secrets'];
    for (let i = 0; i < 100; i++) {
      if (/boolean true/.test(spawnSync('dbus-send', ask, { env: this.env, encoding: 'utf8', timeout: 5000 }).stdout ?? '')) return;
      if (this.daemon.exitCode !== null) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error('gnome-keyring-daemon did not start serving the Secret Service');
  }

  private async stopKeyring(): Promise<void> {
    const d = this.daemon;
    if (!d || d.exitCode !== null || d.signalCode !== null) return;
    const gone = new Promise((r) => d.once('exit', r));
    d.kill();
    await gone;
  }

  /** What the keyring holds for an item (secret-tool lookup), or undefined. */
  lookup(ref: { service: string; account: string }): string | undefined {
    const r = spawnSync('secret-tool', ['lookup', 'service', ref.service, 'username', ref.account], { env: this.env, encoding: 'utf8', timeout: 10_000 });
    return r.status === 0 ? r.stdout : undefined;
  }

  clear(ref: { service: string; account: string }): void {
    spawnSync('secret-tool', ['clear', 'service', ref.service, 'username', ref.account], { env: this.env, timeout: 10_000 });
  }

  /** Both daemons stopped (by their own handles), and the HOME removed. */
  async stop(): Promise<void> {
    await this.stopKeyring();
    const bus = this.bus;
    if (bus && bus.exitCode === null && bus.signalCode === null) {
      const gone = new Promise((r) => bus.once('exit', r));
      bus.kill();
      await gone;
    }
    this.home.cleanup();
  }
}

function firstLine(child: ChildProcess, what: string): Promise<string> {
  return new Promise((resolve, reject) => {
    let text = '';
    const timer = setTimeout(() => reject(new Error(`${what} did not start`)), 10_000);
    child.stdout?.setEncoding('utf8').on('data', (d: string) => {
      text += d;
      const nl = text.indexOf('\n');
      if (nl >= 0) {
        clearTimeout(timer);
        resolve(text.slice(0, nl).trim());
      }
    });
    child.once('exit', (code) => reject(new Error(`${what} exited (${code})`)));
  });
}
