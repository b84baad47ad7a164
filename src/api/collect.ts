// A young-generation collection now and then while a command receives many
// answers (a long list, `kettle api --paginate`). The bytes of an answer
// already passed on are dead, but they are ArrayBuffers outside V8's heap,
// freed only when a collection finds their small objects in the heap dead,
// and V8 starts one by what the heap itself allocates: an answer read whole
// without a stream (transport.ts) and the pass-through's reader allocate
// little there, so the dead pages piled up between collections. Measured on
// `issue list --all --json` of 20,000 Gitea-sized issues (test/tools/BENCH.md):
// see COLLECT_EVERY.
import { getHeapSpaceStatistics, setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

/**
 * Bytes of answers between two collections: about 12 pages of 50 issues.
 * Peak memory of that list on Node 22: 95 to 100 MiB without them, 88 to 90
 * with them (a full collection each 8 MiB instead: 83 to 85, but 10 % more
 * time on the 5,000-issue list, where these cost nothing to measure).
 */
export const COLLECT_EVERY = 2 * 1024 * 1024;

let received = 0;
let next = COLLECT_EVERY;
/** V8's gc(), once found; null when it cannot be had. */
let gc: ((options: { type: 'minor' }) => void) | null | undefined;

/** Count an answer's bytes; past each COLLECT_EVERY of them, collect the young generation. */
export function counted(bytes: number): void {
  received += bytes;
  if (received < next) return;
  next = received + COLLECT_EVERY;
  gc ??= exposeGc();
  gc?.({ type: 'minor' });
}

/**
 * V8's gc function: --expose-gc installs it in contexts made after the flag
 * is set (a new one here), and the flag is put back at once, so that the
 * code cache written at exit (bin/kettle.cjs) is made under the same flags
 * as the one read at start.
 */
function exposeGc(): ((options: { type: 'minor' }) => void) | null {
  try {
    setFlagsFromString('--expose-gc');
    return runInNewContext('gc') as (options: { type: 'minor' }) => void;
  } catch {
    return null;
  } finally {
    setFlagsFromString('--no-expose-gc');
  }
}

/**
 * Free room in the young generation below which roomWhileWaiting() collects
 * it: reading a list's first page (about 100 KB of text for 30 Gitea-sized
 * issues, then its records and rows) takes more than this.
 */
export const ANSWER_ROOM = 512 * 1024;

/** Slots of a block roomWhileWaiting() makes: 32 KB, small enough for the young generation itself. */
const BLOCK = 4000;

/**
 * Collect the young generation now, while a request's answer is awaited,
 * when less than `room` of it is free: the collection its reading would
 * otherwise start then comes before the answer rather than after it. A
 * command that starts fills the young generation while it loads, and when
 * the first page of a list has been asked for there is typically 60 to 150
 * KB left of it: the page's text alone takes that, and the collection
 * (1 to 1.5 ms) fell between the answer and its first line on most runs
 * (test/tools/BENCH.md). V8 has no way to ask for a young-generation
 * collection but --expose-gc, whose new context costs about 3 ms: what is
 * left of it is filled instead, with blocks that are dead at once, and V8
 * collects when it is full. Answers the number of blocks made (0: there
 * was room).
 */
export function roomWhileWaiting(room = ANSWER_ROOM): number {
  const young = getHeapSpaceStatistics().find((s) => s.space_name === 'new_space');
  if (young === undefined || young.space_available_size >= room) return 0;
  // Each block takes the one before's place: all are dead when V8 collects.
  const slot: unknown[] = [];
  let blocks = 0;
  for (let left = young.space_available_size + 1024; left > 0; left -= BLOCK * 8) {
    slot[0] = new Array(BLOCK);
    blocks++;
  }
  return blocks;
}
