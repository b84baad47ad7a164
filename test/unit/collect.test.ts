// The young-generation collection a command makes now and then while it
// receives many answers (src/api/collect.ts): made past each COLLECT_EVERY
// bytes, and leaving V8's flags as they were, which the code cache is checked
// against.
import { constants, PerformanceObserver } from 'node:perf_hooks';
import { Script } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { getHeapSpaceStatistics } from 'node:v8';
import { COLLECT_EVERY, counted, roomWhileWaiting } from '../../src/api/collect.js';

/** The young-generation collections asked for (or, with `any`, made for whatever reason) while `act` runs. */
async function youngCollections(act: () => void, any = false): Promise<number> {
  let seen = 0;
  const observer = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      // Asked for (forced), so that one V8 made of its own accord is not counted.
      const detail = (entry as { detail?: { kind?: number; flags?: number } }).detail;
      if (detail?.kind === constants.NODE_PERFORMANCE_GC_MINOR && (any || ((detail.flags ?? 0) & constants.NODE_PERFORMANCE_GC_FLAGS_FORCED) !== 0)) seen++;
    }
  });
  observer.observe({ entryTypes: ['gc'] });
  act();
  await new Promise((resolve) => setTimeout(resolve, 50));
  observer.disconnect();
  return seen;
}

/** The flags' hash in a code cache V8 makes now (its header's third word). */
function flagHash(): string {
  const script = new Script('(function answer() { return 42; })()');
  script.runInThisContext();
  return script.createCachedData().subarray(12, 16).toString('hex');
}

describe('a collection now and then while answers come in', () => {
  it('is made once COLLECT_EVERY bytes have come, not before, and leaves the flags (and so the code cache) as they were', async () => {
    const before = flagHash();
    expect(await youngCollections(() => counted(COLLECT_EVERY - 1))).toBe(0);
    expect(await youngCollections(() => counted(1))).toBeGreaterThanOrEqual(1);
    expect(flagHash()).toBe(before);
    // The next one after as many bytes again.
    expect(await youngCollections(() => counted(COLLECT_EVERY / 2))).toBe(0);
    expect(await youngCollections(() => counted(COLLECT_EVERY / 2))).toBeGreaterThanOrEqual(1);
    expect(flagHash()).toBe(before);
  });
});

describe('room made in the young generation while an answer is awaited', () => {
  const free = () => getHeapSpaceStatistics().find((s) => s.space_name === 'new_space')?.space_available_size ?? 0;

  it('collects it when less than the room asked for is free, and leaves the flags as they were', async () => {
    const before = flagHash();
    let blocks = 0;
    // Asking for more room than the young generation has: it is always too little.
    expect(await youngCollections(() => (blocks = roomWhileWaiting(Number.POSITIVE_INFINITY)), true)).toBeGreaterThanOrEqual(1);
    expect(blocks).toBeGreaterThan(0);
    expect(flagHash()).toBe(before);
  });

  it('does nothing when there is room enough', () => {
    expect(roomWhileWaiting(0)).toBe(0);
    const room = free();
    // Whatever is free now (less a little, for what this line allocates) is enough.
    expect(roomWhileWaiting(Math.max(0, room - 64 * 1024))).toBe(0);
  });
});
