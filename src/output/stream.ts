// A byte stream written as it arrives (pr diff, run view --log): split into
// lines holding at most one, and written with the writer's back-pressure.
import type { IO } from '../io.js';

/** Split a byte stream into lines as it arrives, holding at most one line. */
export async function* lines(chunks: AsyncIterable<Buffer | string>): AsyncGenerator<string> {
  let carry = '';
  for await (const chunk of chunks) {
    carry += typeof chunk === 'string' ? chunk : chunk.toString('utf8');
    let at = carry.indexOf('\n');
    while (at >= 0) {
      yield carry.slice(0, at);
      carry = carry.slice(at + 1);
      at = carry.indexOf('\n');
    }
  }
  if (carry !== '') yield carry;
}

/** Write, waiting for room; a pager that went away (its pipe closed or broken) ends the wait too, as no drain will come. */
export function write(out: NodeJS.WritableStream, data: string | Buffer): Promise<void> {
  return new Promise((resolve) => {
    if (out.write(data) || (out as { destroyed?: boolean }).destroyed) return resolve();
    const done = () => {
      for (const event of ['drain', 'close', 'error']) out.removeListener(event, done);
      resolve();
    };
    for (const event of ['drain', 'close', 'error']) out.once(event, done);
  });
}

/** Bytes to standard output as they arrive (a download, `kettle api`'s answer), waiting while it is full, so memory stays bounded. */
export function streamOut(io: IO, data: string | Buffer): Promise<void> {
  return write(io.stdout, data);
}
