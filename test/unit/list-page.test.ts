// A page's answer read (src/api/list-page.ts, readPage): what its Link header
// says is read when asked for, and the page's result, which may wait its turn
// behind other pages, holds none of the answer's bytes.
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { readPage } from '../../src/api/list-page.js';
import type { ApiResponse, RawApiResponse } from '../../src/api/response.js';
import type { Retried } from '../../src/api/retry.js';

/** V8's full collection (as collect.ts finds it, with the flag put back at once). */
function collectAll(): void {
  setFlagsFromString('--expose-gc');
  try {
    (runInNewContext('gc') as () => void)();
  } finally {
    setFlagsFromString('--no-expose-gc');
  }
}

const URL_OF_PAGE = 'https://git.example.com/api/v1/repos/o/r/issues?page=2&limit=2';
const LINK = '<https://git.example.com/api/v1/repos/o/r/issues?page=3&limit=2>; rel="next", <https://git.example.com/api/v1/repos/o/r/issues?page=1&limit=2>; rel="first"';

/** An answer whose body is kept as bytes (the pass-through), with Gitea's headers. */
function answer(pieces: Buffer[]): RawApiResponse & Retried {
  return { status: 200, headers: { link: LINK, 'x-total-count': '9' }, text: '', pieces, url: URL_OF_PAGE } as RawApiResponse & Retried;
}

const decodeNever = (): ApiResponse<unknown> => {
  throw new Error('the pass-through page is not decoded');
};

describe('a page read', () => {
  it('says where the list goes on, from its Link header', () => {
    const page = readPage<{ id: number }>(answer([Buffer.from('[{"id":3},{"id":4}]')]), '/repos/o/r/issues', 2, { pageBytes: () => [{ id: 3 }, { id: 4 }] }, decodeNever);
    expect(page).toMatchObject({ items: [{ id: 3 }, { id: 4 }], total: 9, hasNext: true, nextPage: 3 });
  });

  it("holds none of the answer's bytes while it waits its turn", async () => {
    let body: Buffer | undefined = Buffer.alloc(256 * 1024, 0x20);
    const bytes = new WeakRef(body);
    const page = readPage<{ id: number }>(answer([body]), '/repos/o/r/issues', 2, { pageBytes: () => [{ id: 3 }, { id: 4 }] }, decodeNever);
    body = undefined;
    // A turn for whatever holds the buffer on the way to let go of it.
    await new Promise((resolve) => setImmediate(resolve));
    collectAll();
    expect(bytes.deref()).toBeUndefined();
    // Still whole, and its link still read.
    expect(page.nextPage).toBe(3);
    expect(page.items).toHaveLength(2);
  });
});
