// A real terminal for the tests: kettle runs in a tmux pane, keys are typed
// with send-keys and the screen is read with capture-pane. Each test file gets
// its own tmux server on a private socket, so nothing of the developer's tmux
// (or another test file's) is touched, and each command its own session of a
// fixed size.
//
// Every tmux call is asynchronous on purpose: the in-memory API server lives
// in the test process, and a blocking call would stop it from answering.
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { readFile, readdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, expect } from 'vitest';
import { startServer, type TestServer } from '../server/index.js';
import { BIN, ROOT } from '../support/harness.js';

const EXIT_LINE = /^\[exit (\d+)\]\n?/m;

/** ANSI SGR escapes as capture-pane -e shows them. */
export const SGR = /\u001b\[[0-9;:]*m/;

/** Quote a word for sh. */
export function shQuote(word: string): string {
  return /^[A-Za-z0-9_./:=@%+,-]+$/.test(word) ? word : `'${word.replace(/'/g, `'\\''`)}'`;
}

/** The shell words that run the built kettle with these arguments. */
export function kettleCommand(args: string[]): string {
  return [process.execPath, BIN, ...args].map(shQuote).join(' ');
}

export interface PaneOptions {
  cols?: number;
  rows?: number;
  /** Added to the terminal's environment for this command only. */
  env?: Record<string, string>;
}

export interface Exit {
  code: number;
  /** The whole pane, history included, as text. */
  screen: string;
}

export class Pane {
  constructor(
    private readonly term: Terminal,
    readonly id: string,
  ) {}

  /**
   * The pane's text, scroll-back included (tmux scrolls a line into history
   * when it notes that a pane's process has ended). With `escapes`, colours and
   * attributes appear as escape sequences.
   */
  async screen(opts: { escapes?: boolean } = {}): Promise<string> {
    const out = await this.term.tmux(['capture-pane', '-p', '-J', ...(opts.escapes ? ['-e'] : []), '-S', '-', '-E', '-', '-t', this.id]);
    // Drop tmux's own note on a finished pane and the empty rows below the text.
    return out.replace(/^Pane is dead.*$/m, '').replace(/\s+$/, '\n');
  }

  /**
   * The pane's rows as the window shows them, scroll-back included, with
   * tmux's trailing padding and its note on a finished pane removed. Unlike
   * screen(), wrapped lines are not joined: a line wider than the window is
   * two rows here.
   */
  async rows(): Promise<string[]> {
    const out = await this.term.tmux(['capture-pane', '-p', '-S', '-', '-E', '-', '-t', this.id]);
    return out
      .replace(/^Pane is dead.*$/m, '')
      .replace(/\s+$/, '')
      .split('\n')
      .map((l) => l.trimEnd());
  }

  /** Poll the screen until it shows the text or matches the pattern; returns the screen. */
  async waitFor(what: string | RegExp, timeoutMs = 10_000): Promise<string> {
    const test = typeof what === 'string' ? (s: string) => s.includes(what) : (s: string) => what.test(s);
    return this.poll(
      async () => {
        const screen = await this.screen();
        return test(screen) ? screen : undefined;
      },
      timeoutMs,
      () => `screen never showed ${String(what)}`,
    );
  }

  /**
   * Wait until a question is being asked: prompts marks the open question
   * with "?" and an answered one with "✔", so an earlier question or a choice
   * with the same words does not count.
   */
  async asked(question: string, timeoutMs?: number): Promise<string> {
    return this.waitFor(new RegExp(`^\\? ${question.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`, 'm'), timeoutMs);
  }

  /** Named keys, as tmux spells them: Enter, Down, C-c, BSpace. */
  async keys(...keys: string[]): Promise<void> {
    await this.term.tmux(['send-keys', '-t', this.id, ...keys]);
  }

  /**
   * Press Ctrl-C and check kettle's answer: exit status 130 (a normal exit,
   * not death by the signal: see exit()), `said` on screen if given, no stack trace.
   */
  async interrupt(said?: string | RegExp): Promise<string> {
    await this.keys('C-c');
    const { code, screen } = await this.exit();
    expect(code, screen).toBe(130);
    if (said !== undefined) expect(screen).toMatch(said);
    expect(screen).not.toMatch(/^\s+at /m);
    return screen;
  }

  /** Backspace `count` times (prompts has no line-kill key). */
  async erase(count: number): Promise<void> {
    await this.term.tmux(['send-keys', '-t', this.id, '-N', String(count), 'BSpace']);
  }

  /** Literal text, typed as is. */
  async type(text: string): Promise<void> {
    await this.term.tmux(['send-keys', '-t', this.id, '-l', text]);
  }

  /**
   * Wait for the command to end and read its exit status from the line the
   * wrapping shell prints. The shell abandons that line when its command is
   * killed by a signal (rather than exiting with a status), so a missing
   * line is a test failure too. tmux's own record of the status is not used:
   * tmux marks a pane dead at the end of its output, but often leaves out
   * how its process ended (tmux 3.3, most kettle runs here).
   */
  async exit(timeoutMs = 15_000): Promise<Exit> {
    let screen: string;
    try {
      screen = await this.waitFor(EXIT_LINE, timeoutMs);
    } catch (err) {
      // Say which it was: the shell gone, and how, or a process still
      // running, and where it waits.
      throw new Error(`${(err as Error).message}\n${await this.processes()}`);
    }
    const m = EXIT_LINE.exec(screen);
    return { code: Number(m?.[1]), screen: screen.replace(EXIT_LINE, '') };
  }

  /** A tmux format (#{...}) expanded for this pane. */
  private async paneFormat(format: string): Promise<string> {
    return (await this.term.tmux(['display-message', '-p', '-t', this.id, format])).trim();
  }

  /**
   * The pane's process as tmux saw it end (its status, the signal that ended
   * it) or, while it lives, it and its child processes with the state and
   * kernel wait channel of each of their threads, as /proc shows them.
   */
  private async processes(): Promise<string> {
    const [pid = '', dead, status, signal] = (await this.paneFormat('#{pane_pid} #{pane_dead} #{pane_dead_status} #{pane_dead_signal}')).split(' ');
    if (dead === '1') return `pane process ${pid}: ended, status ${status || '-'}, signal ${signal || '-'}`;
    const children = await readFile(`/proc/${pid}/task/${pid}/children`, 'utf8').catch(() => '');
    const lines = [];
    for (const one of [pid, ...children.split(' ').filter(Boolean)]) {
      const threads = await readdir(`/proc/${one}/task`).catch(() => [] as string[]);
      const states = await Promise.all(
        threads.map(async (tid) => {
          const stat = await readFile(`/proc/${one}/task/${tid}/stat`, 'utf8').catch(() => '');
          const wchan = await readFile(`/proc/${one}/task/${tid}/wchan`, 'utf8').catch(() => '?');
          // stat: pid (comm) state ...; comm may hold spaces, so read past the last ')'.
          const comm = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
          return `${comm}:${stat.slice(stat.lastIndexOf(')') + 2).split(' ')[0] ?? '?'}:${wchan || '-'}`;
        }),
      );
      const cmd = (await readFile(`/proc/${one}/cmdline`, 'utf8').catch(() => '')).split('\0').filter(Boolean).slice(0, 4).join(' ');
      lines.push(`${one === pid ? 'pane process' : 'child'} ${one} (${cmd}): ${states.join(' ')}`);
    }
    return lines.join('\n');
  }

  private async poll<T>(check: () => Promise<T | undefined>, timeoutMs: number, why: () => string): Promise<T> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = await check();
      if (found !== undefined) return found;
      if (Date.now() > deadline) throw new Error(`${why()} within ${timeoutMs} ms; the screen was:\n${await this.screen()}`);
      await new Promise((r) => setTimeout(r, 40));
    }
  }
}

const BASH = '/bin/bash';

export class Terminal {
  /** The HOME and KETTLE_CONFIG_DIR of every command in this terminal. */
  readonly home: string;
  private readonly socket: string;

  private readonly env: Record<string, string>;
  private started = false;

  constructor(env: Record<string, string> = {}) {
    this.home = mkdtempSync(join(tmpdir(), 'kettle-tty-'));
    // In the terminal's own folder, which close() removes: tmux leaves its
    // socket file behind when its server is killed.
    this.socket = join(this.home, 'tmux.sock');
    // Nothing of the developer's environment: no KETTLE_*, no NO_COLOR, no EDITOR.
    this.env = {
      PATH: process.env.PATH ?? '/usr/bin:/bin',
      LANG: 'C.UTF-8',
      HOME: this.home,
      KETTLE_CONFIG_DIR: this.home,
      SHELL: BASH,
      ...env,
    };
  }

  /** Run a tmux command on this terminal's private server; resolves with its stdout. */
  tmux(args: string[]): Promise<string> {
    return new Promise((resolve, reject) => {
      execFile('tmux', ['-S', this.socket, '-f', '/dev/null', ...args], { env: this.env, timeout: 10_000 }, (err, stdout, stderr) => {
        if (err) reject(new Error(`tmux ${args[0] ?? ''} failed: ${stderr || err.message}`));
        else resolve(stdout);
      });
    });
  }

  private async start(): Promise<void> {
    if (this.started) return;
    // A resting session keeps the server up between commands; the options are
    // set before any command pane exists.
    await this.tmux([
      'new-session',
      '-d',
      '-s',
      'rest',
      '-x',
      '20',
      '-y',
      '5',
      'sleep 100000',
      ';',
      'set-option',
      '-s',
      'default-terminal',
      'xterm-256color',
      ';',
      'set-option',
      '-s',
      'escape-time',
      '0',
      ';',
      'set-option',
      '-g',
      'remain-on-exit',
      'on',
      ';',
      'set-option',
      '-g',
      'default-shell',
      BASH,
      ';',
      'set-option',
      '-g',
      'status',
      'off',
      ';',
      'set-option',
      '-g',
      'history-limit',
      '5000',
    ]);
    this.started = true;
  }

  /**
   * Start a bash command line in a new pane of the given size; the pane's
   * screen ends with "[exit N]" when it is done. A pipeline fails with its
   * first failing command (pipefail).
   *
   * With job control on (set -m), bash runs the command line's commands in a
   * process group of their own and gives them the terminal: Ctrl-C reaches
   * them and not bash. Without it bash receives Ctrl-C too, and ends itself,
   * line and all, when it has not yet begun to wait for the command (a
   * loaded machine, a command that reaches the server quickly: seen in CI,
   * a screen with ^C and nothing more). It still leaves out the line when
   * the command is killed by SIGINT (test/tty/terminal.test.ts).
   */
  async shell(command: string, opts: PaneOptions = {}): Promise<Pane> {
    await this.start();
    const env = Object.entries(opts.env ?? {}).flatMap(([k, v]) => ['-e', `${k}=${v}`]);
    const id = await this.tmux([
      'new-session',
      '-d',
      '-P',
      '-F',
      '#{pane_id}',
      '-x',
      String(opts.cols ?? 100),
      '-y',
      String(opts.rows ?? 30),
      '-c',
      ROOT,
      ...env,
      `set -m -o pipefail; ${command}; echo "[exit $?]"`,
    ]);
    return new Pane(this, id.trim());
  }

  /** Run the built kettle in a new pane. */
  kettle(args: string[], opts: PaneOptions = {}): Promise<Pane> {
    return this.shell(kettleCommand(args), opts);
  }

  /** Stop this terminal's tmux server (only it) and remove its home. */
  async close(): Promise<void> {
    if (this.started) await this.tmux(['kill-server']).catch(() => undefined);
    this.started = false;
    rmSync(this.home, { recursive: true, force: true });
  }
}

/**
 * For a test file: the demo server and one terminal whose commands run as
 * alice through KETTLE_URL and KETTLE_TOKEN, both stopped after the file.
 * Before each test the server forgets its faults and recorded requests and
 * goes back to its starting settings; its data carries over.
 */
export function demoTerminal(): { server: TestServer; term: Terminal } {
  const shared = {} as { server: TestServer; term: Terminal };
  beforeAll(async () => {
    shared.server = await startServer({ seed: 'demo' });
    shared.term = new Terminal({ KETTLE_URL: shared.server.url, KETTLE_TOKEN: shared.server.addToken('alice') });
  });
  beforeEach(() => {
    shared.server.clearFaults();
    shared.server.resetRequests();
    shared.server.resetSettings();
  });
  afterAll(async () => {
    await shared.term?.close();
    await shared.server?.close();
  });
  return shared;
}
