// The config folder's lock: one kettle at a time reads, changes and writes the
// logins or the settings. An O_EXCL lock file, taken over when its owner is
// gone or has held it far too long.
import { closeSync, openSync, readFileSync, statSync, unlinkSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { KettleError } from '../errors.js';
import { reason } from './os-reason.js';

const LOCK_NAME = 'config.json.lock';
/** A lock older than this belongs to a process that hung or died: take it over. */
const STALE_LOCK_MS = 10_000;
const LOCK_WAIT_MS = 15_000;

function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** A lock file left by a process that is gone, or held for far too long. */
function isStale(path: string): boolean {
  try {
    const age = Date.now() - statSync(path).mtimeMs;
    // "PID TOKEN": the owner's process id, then what tells its own lock apart.
    const pid = Number(readFileSync(path, 'utf8').trim().split(' ')[0]);
    if (Number.isSafeInteger(pid) && pid > 0 && !processAlive(pid)) return true;
    return age > STALE_LOCK_MS;
  } catch {
    // Gone in the meantime, or half-written: try to take it again.
    return false;
  }
}

/**
 * Remove a stale lock, once. Two processes that both found the same stale
 * lock must not both remove "it": the second would remove the fresh lock the
 * first has just taken. So removing takes a second, short-lived lock, and the
 * lock is checked again under it. A takeover lock is held for a stat, a read
 * and an unlink; it is stale by the same rule as the lock (its process gone,
 * or held for far too long). Returns whether to try to take the lock again at once.
 */
export function removeStale(path: string): boolean {
  const takeover = `${path}.takeover`;
  let fd: number;
  try {
    fd = openSync(takeover, 'wx', 0o600);
  } catch {
    try {
      if (isStale(takeover)) unlinkSync(takeover);
    } catch {
      // Released meanwhile.
    }
    return false;
  }
  try {
    writeSync(fd, String(process.pid));
    if (isStale(path)) unlinkSync(path);
  } catch {
    // Removed meanwhile by its owner.
  } finally {
    closeSync(fd);
    try {
      unlinkSync(takeover);
    } catch {
      // Already gone.
    }
  }
  return true;
}

/**
 * Hold an exclusive lock on the config folder while `fn` runs. conf writes
 * atomically, but two processes that read, change and write the file at once
 * would each drop the other's change; the O_EXCL lock file serialises them.
 */
export async function withConfigLock<T>(dir: string, fn: () => Promise<T>): Promise<T> {
  const path = join(dir, LOCK_NAME);
  const deadline = Date.now() + LOCK_WAIT_MS;
  let fd: number | undefined;
  for (let delay = 5; fd === undefined; delay = Math.min(delay * 2, 100)) {
    try {
      fd = openSync(path, 'wx', 0o600);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') {
        throw new KettleError(`cannot lock the config file in ${dir}: ${reason(err)}`);
      }
      if (isStale(path) && removeStale(path)) continue;
      if (Date.now() > deadline) {
        throw new KettleError(`the config file in ${dir} is locked by another kettle process; if none is running, remove ${path}`);
      }
      await new Promise((resolve) => setTimeout(resolve, delay + Math.random() * delay));
    }
  }
  // Only this lock is released: one held so long that another kettle took it
  // over is that kettle's now. A signal ends the process without running
  // finally blocks: release on exit too.
  const mine = `${process.pid} ${Date.now().toString(36)}${Math.random().toString(36).slice(2)}`;
  const release = () => {
    try {
      if (readFileSync(path, 'utf8') === mine) unlinkSync(path);
    } catch {
      // Already gone.
    }
  };
  process.once('exit', release);
  try {
    writeSync(fd, mine);
    closeSync(fd);
    return await fn();
  } finally {
    process.removeListener('exit', release);
    release();
  }
}
