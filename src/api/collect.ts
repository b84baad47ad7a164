// A young-generation collection now and then while a command receives many
// answers (a long list, `kettle api --paginate`). The bytes of an answer
// already passed on are dead, but they are ArrayBuffers outside V8's heap,
// freed only when a collection finds their small objects in the heap dead,
// and V8 starts one by what the heap itself allocates: an answer read whole
// without a stream (transport.ts) and the pass-through's reader allocate
// little there, so the dead pages piled up between collections. Measured on
// `issue list --all --json` of 20,000 Gitea-sized issues (test/tools/BENCH.md):
// see COLLECT_EVERY.
import { setFlagsFromString } from 'node:v8';
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
