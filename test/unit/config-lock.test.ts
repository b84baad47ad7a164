// Taking over a stale config lock (src/config/store.ts). The race it closes:
// two kettles find the same stale lock; the first removes it and takes a fresh
// one; the second, acting on what it saw before, must not remove that fresh lock.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { removeStale } from '../../src/config/lock.js';
import { updateConfig } from '../../src/config/store.js';
import { age, deadPid, tempDir } from '../support/harness.js';

let dir: ReturnType<typeof tempDir>;
let lock: string;
beforeEach(() => {
  dir = tempDir('kettle-lock-');
  lock = join(dir.path, 'config.json.lock');
});
afterEach(() => dir.cleanup());

describe('removeStale', () => {
  it('removes a lock whose process is gone', () => {
    writeFileSync(lock, String(deadPid()));
    expect(removeStale(lock)).toBe(true);
    expect(existsSync(lock)).toBe(false);
    expect(existsSync(`${lock}.takeover`)).toBe(false);
  });

  it('removes a lock held far too long', () => {
    writeFileSync(lock, String(process.pid));
    age(lock, 60_000);
    expect(removeStale(lock)).toBe(true);
    expect(existsSync(lock)).toBe(false);
  });

  it('leaves the fresh lock another kettle took after the stale one was seen', () => {
    // What the second kettle finds when it gets to remove "the stale lock".
    writeFileSync(lock, String(process.pid));
    removeStale(lock);
    expect(existsSync(lock)).toBe(true);
    expect(existsSync(`${lock}.takeover`)).toBe(false);
  });

  it('does nothing while another kettle is taking over', () => {
    writeFileSync(lock, String(deadPid()));
    writeFileSync(`${lock}.takeover`, String(process.pid));
    age(`${lock}.takeover`, 5_000);
    expect(removeStale(lock)).toBe(false);
    expect(existsSync(lock)).toBe(true);
    expect(existsSync(`${lock}.takeover`)).toBe(true);
  });

  it.each([
    ['whose process is gone', () => writeFileSync(`${lock}.takeover`, String(deadPid()))],
    [
      'held far too long',
      () => {
        writeFileSync(`${lock}.takeover`, '');
        age(`${lock}.takeover`, 60_000);
      },
    ],
  ])('clears a takeover lock %s', (_name, leave) => {
    writeFileSync(lock, String(deadPid()));
    leave();
    expect(removeStale(lock)).toBe(false);
    expect(existsSync(`${lock}.takeover`)).toBe(false);
    // The next try takes over the stale lock itself.
    expect(removeStale(lock)).toBe(true);
    expect(existsSync(lock)).toBe(false);
  });
});

describe('releasing the lock', () => {
  it('removes only its own lock: one another kettle took over meanwhile stays', async () => {
    const theirs = '4242 taken-over';
    await updateConfig(
      dir.path,
      () => {
        // While this kettle held the lock, another one took it over.
        writeFileSync(lock, theirs);
      },
      { dryRun: undefined },
    );
    expect(readFileSync(lock, 'utf8')).toBe(theirs);
  });

  it('removes its own lock', async () => {
    await updateConfig(
      dir.path,
      (data) => {
        expect(readFileSync(lock, 'utf8')).toMatch(new RegExp(`^${process.pid} \\w+$`));
        data.default = 'x';
      },
      { dryRun: undefined },
    );
    expect(existsSync(lock)).toBe(false);
  });
});
