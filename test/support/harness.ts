// Runs the built kettle binary as a subprocess, the way users and scripts do,
// and small helpers the tests share (throw-away folders, a dead pid, old files,
// number ranges); nothing here registers test hooks, so unit tests import it too.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, utimesSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { commandStarted } from '../server/log.js';

/** The repository: the folder above this file's that holds bin/kettle.cjs (from test/e2e, or from a bundle in dist/dev). */
function repositoryRoot(): string {
  let dir = fileURLToPath(new URL('.', import.meta.url));
  while (!existsSync(join(dir, 'bin', 'kettle.cjs'))) {
    const up = dirname(dir);
    if (up === dir) throw new Error(`no bin/kettle.cjs above ${fileURLToPath(import.meta.url)}`);
    dir = up;
  }
  return `${dir.replace(/[\\/]+$/, '')}/`;
}

export const ROOT = repositoryRoot();
export const BIN = join(ROOT, 'bin', 'kettle.cjs');

export interface RunResult {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

export interface RunOptions {
  /** Extra environment; KETTLE_CONFIG_DIR and HOME default to a fresh temp folder. */
  env?: Record<string, string | undefined>;
  input?: string;
  cwd?: string;
}

/** A throw-away folder, removed by the returned cleanup function. */
export function tempDir(prefix = 'kettle-test-'): { path: string; cleanup: () => void } {
  const path = mkdtempSync(join(tmpdir(), prefix));
  if (!removingAtExit) {
    removingAtExit = true;
    process.once('exit', removeLeft);
  }
  leftAtExit.add(path);
  return {
    path,
    cleanup: () => {
      rmSync(path, { recursive: true, force: true });
      leftAtExit.delete(path);
    },
  };
}

/**
 * The folders made by tempDir and not cleaned up yet: removed when the test
 * process ends. A folder made when a file is collected is cleaned up by an
 * afterAll hook, which vitest does not run when a filter (`-t`) skips every
 * test of its block.
 */
const leftAtExit = new Set<string>();
let removingAtExit = false;
function removeLeft(): void {
  for (const path of leftAtExit) rmSync(path, { recursive: true, force: true });
  leftAtExit.clear();
}

/** The pid of a process that has exited. */
export function deadPid(): number {
  return spawnSync(process.execPath, ['-e', '']).pid as number;
}

/** Set a file's access and modification times `ms` milliseconds into the past. */
export function age(path: string, ms: number): void {
  const then = new Date(Date.now() - ms);
  utimesSync(path, then, then);
}

/** The environment a test run starts from: nothing of the developer's own setup leaks in. */
export function baseEnv(): Record<string, string> {
  const env: Record<string, string> = { PATH: process.env.PATH ?? '/usr/bin:/bin', LANG: 'C.UTF-8' };
  if (process.env.SYSTEMROOT) env.SYSTEMROOT = process.env.SYSTEMROOT;
  return env;
}

export function run(args: string[], opts: RunOptions = {}): Promise<RunResult> {
  const env: Record<string, string> = { ...baseEnv() };
  for (const [k, v] of Object.entries(opts.env ?? {})) if (v !== undefined) env[k] = v;
  return new Promise((resolve, reject) => {
    const finished = commandStarted(args);
    const child = spawn(process.execPath, [BIN, ...args], {
      cwd: opts.cwd ?? ROOT,
      env,
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (d: string) => (stdout += d));
    child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
    const timer = setTimeout(() => child.kill('SIGKILL'), 20_000);
    child.on('error', (err) => {
      finished();
      reject(err);
    });
    child.on('close', (code, signal) => {
      finished();
      clearTimeout(timer);
      resolve({ code, signal, stdout, stderr });
    });
    child.stdin.on('error', () => undefined);
    child.stdin.end(opts.input ?? '');
  });
}

/** Runs one kettle command line: the spawned binary (run) or the in-process runner. */
export type Runner<O extends RunOptions = RunOptions, R extends RunResult = RunResult> = (args: string[], opts?: O) => Promise<R>;

/** A kettle bound to one config folder and environment, for a test file. */
export function kettleWith<O extends RunOptions, R extends RunResult>(defaults: RunOptions & { configDir: string }, runner: Runner<O, R>) {
  return (args: string[], opts: O = {} as O) =>
    runner(args, {
      ...defaults,
      ...opts,
      env: { HOME: defaults.configDir, KETTLE_CONFIG_DIR: defaults.configDir, ...defaults.env, ...opts.env },
    });
}

/** The whole numbers first..last, both included. */
export function range(first: number, last: number): number[] {
  return Array.from({ length: Math.max(0, last - first + 1) }, (_, i) => first + i);
}

/** Parse stdout as JSON, failing the test with the output when it is not. */
export function json<T = unknown>(result: RunResult): T {
  try {
    return JSON.parse(result.stdout) as T;
  } catch {
    throw new Error(`stdout is not JSON:\n${result.stdout}\nstderr:\n${result.stderr}`);
  }
}

// eslint-style guard: ANSI escape sequences.
export const ANSI = /\u001b\[[0-9;]*[A-Za-z]/;
