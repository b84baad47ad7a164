// The pass-through's reader (src/output/json-text.ts: its tables and buffers,
// 0.2 ms of a command's start) is evaluated by a list printed as --json
// alone, and not by the list commands' and the printer's modules otherwise.
import { describe, expect, it, vi } from 'vitest';

describe("the pass-through's reader", () => {
  it('is not evaluated by the list commands, the printer or its formats until a --json list asks for it', async () => {
    let evaluated = 0;
    vi.doMock('../../src/output/json-text.js', async (original) => {
      evaluated++;
      return original();
    });
    await import('../../src/commands/listing.js');
    await import('../../src/output/printer.js');
    await import('../../src/output/formats.js');
    expect(evaluated).toBe(0);
    const { renderJsonPage } = await import('../../src/output/json-text.js');
    expect(evaluated).toBe(1);
    expect(renderJsonPage([Buffer.from('[{"id":1}]')])?.map((r) => r.id)).toEqual([1]);
  });
});
