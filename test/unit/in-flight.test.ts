import { describe, expect, it } from 'vitest';
import { fewAtOnce, limiter } from '../../src/api/in-flight.js';

/** A task that settles when told, noting how many ran at once. */
function gate() {
  let inFlight = 0;
  let most = 0;
  const open: Array<() => void> = [];
  const task = (value: number) => async () => {
    inFlight++;
    most = Math.max(most, inFlight);
    await new Promise<void>((resolve) => open.push(resolve));
    inFlight--;
    return value;
  };
  const tick = () => new Promise<void>((resolve) => setImmediate(resolve));
  return { task, open, tick, most: () => most, inFlight: () => inFlight };
}

describe('limiter', () => {
  it('holds runs to the ceiling, in the order asked, each with its own answer', async () => {
    const g = gate();
    const slots = limiter(() => 2);
    const answers = [1, 2, 3, 4, 5].map((n) => slots.run(g.task(n)));
    await g.tick();
    expect(g.inFlight()).toBe(2);
    while (g.open.length > 0) {
      g.open.shift()?.();
      await g.tick();
    }
    expect(await Promise.all(answers)).toEqual([1, 2, 3, 4, 5]);
    expect(g.most()).toBe(2);
  });

  it('lowers the ceiling as the rate limit runs low, never below one', async () => {
    const g = gate();
    let remaining: number | undefined = 4;
    const slots = limiter(
      () => 8,
      () => remaining,
    );
    const answers = [1, 2, 3].map((n) => slots.run(g.task(n)));
    await g.tick();
    expect(g.inFlight()).toBe(1);
    remaining = 0;
    expect(slots.hasRoom()).toBe(false);
    remaining = 12;
    expect(slots.hasRoom()).toBe(true);
    while (g.open.length > 0) {
      g.open.shift()?.();
      await g.tick();
    }
    expect(await Promise.all(answers)).toEqual([1, 2, 3]);
    expect(g.most()).toBe(1);
  });

  it('frees the slot of a task that fails, and passes the failure on', async () => {
    const slots = limiter(() => 1);
    const failed = slots.run(() => Promise.reject(new Error('boom')));
    const next = slots.run(async () => 'next');
    await expect(failed).rejects.toThrow('boom');
    await expect(next).resolves.toBe('next');
    expect(slots.hasRoom()).toBe(true);
  });

  it('counts what the caller starts itself (start/done), as a list does its pages', () => {
    let most = 2;
    const slots = limiter(() => most);
    slots.start();
    expect(slots.hasRoom()).toBe(true);
    slots.start();
    expect(slots.hasRoom()).toBe(false);
    most = 3;
    expect(slots.hasRoom()).toBe(true);
    slots.done();
    slots.done();
    most = 0;
    expect(slots.hasRoom()).toBe(true);
  });
});

describe('fewAtOnce', () => {
  it('runs at most four at once and answers in the items order', async () => {
    const g = gate();
    const answers = fewAtOnce([1, 2, 3, 4, 5, 6], (n) => g.task(n)());
    await g.tick();
    expect(g.inFlight()).toBe(4);
    while (g.open.length > 0) {
      g.open.shift()?.();
      await g.tick();
    }
    expect(await answers).toEqual([1, 2, 3, 4, 5, 6]);
    expect(g.most()).toBe(4);
  });
});
