// A full garbage collection now and then while a command receives many
// answers (a long list, `kettle api --paginate`). The bytes of an answer
// already passed on are dead, but they are ArrayBuffers outside V8's heap,
// which only a full collection frees, and V8 starts one by the size of its
// own heap, which a list that passes pages through as text hardly grows: the
// dead pages piled up. Measured on `issue list --all --json` of 20,000
// Gitea-sized issues (test/tools/BENCH.md): see COLLECT_EVERY.
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

/**
 * Bytes of answers between two collections: about 50 pages of 50 issues.
 * Peak memory of that list 80 -> 77 MiB on Node 20 (the pieces' build
 * without it had measured 91 to 99, its collections falling later), a
 * collection taking a few milliseconds on a heap of about 12 MiB.
 */
export const COLLECT_EVERY = 8 * 1024 * 1024;

let received = 0;
let next = COLLECT_EVERY;
/** V8's gc(), once found; null when it cannot be had. */
let gc: (() => void) | null | undefined;

/** Count an answer's bytes; past each COLLECT_EVERY of them, collect. */
export function counted(bytes: number): void {
  received += bytes;
  if (received < next) return;
  next = received + COLLECT_EVERY;
  gc ??= exposeGc();
  gc?.();
}

/**
 * V8's gc function: --expose-gc installs it in contexts made after the flag
 * is set (a new one here), and the flag is put back at once, so that the
 * code cache written at exit (bin/kettle.cjs) is made under the same flags
 * as the one read at start.
 */
function exposeGc(): (() => void) | null {
  try {
    setFlagsFromString('--expose-gc');
    return runInNewContext('gc') as () => void;
  } catch {
    return null;
  } finally {
    setFlagsFromString('--no-expose-gc');
  }
}
