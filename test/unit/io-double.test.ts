// The IO double of the tests (test/support/io.ts): if it kept less than was
// written or lied about terminals, every test built on it would pass for the
// wrong reason.
import { describe, expect, it } from 'vitest';
import { createIO, readAll } from '../../src/io.js';
import { testIO } from '../support/io.js';

describe('testIO', () => {
  it.each<[string, string | Buffer | undefined, string]>([
    ['no input', undefined, ''],
    ['text', 'héllo\nwörld\n', 'héllo\nwörld\n'],
    ['bytes', Buffer.from('🫖 tea', 'utf8'), '🫖 tea'],
  ])('standard input holds %s, then ends', async (_what, input, expected) => {
    const t = testIO(input === undefined ? {} : { input });
    expect(await readAll(t.stdin)).toBe(expected);
  });

  it('keeps every byte written, as text, bytes, lines and JSON', async () => {
    const { stdout } = testIO();
    stdout.write('{"a": [1,');
    stdout.write(Buffer.from(' "é"]}\n'));
    await new Promise<void>((resolve) => stdout.write('', () => resolve()));
    expect(stdout.text()).toBe('{"a": [1, "é"]}\n');
    expect(stdout.buffer()).toEqual(Buffer.from('{"a": [1, "é"]}\n'));
    expect(stdout.lines()).toEqual(['{"a": [1, "é"]}']);
    expect(stdout.json()).toEqual({ a: [1, 'é'] });
    stdout.clear();
    expect(stdout.text()).toBe('');
    expect(() => stdout.json()).toThrow(/not JSON/);
  });

  it.each<[string, Parameters<typeof testIO>[0], [boolean, boolean, boolean]]>([
    ['nothing said: no terminals', {}, [false, false, false]],
    ['all terminals', { tty: true }, [true, true, true]],
    ['stdout only', { tty: { stdout: true } }, [false, true, false]],
    ['stdin and stderr (a prompt piped elsewhere)', { tty: { stdin: true, stderr: true } }, [true, false, true]],
  ])('%s, as kettle reads them', (_what, options, expected) => {
    const t = testIO(options);
    const io = createIO(t.streams, false);
    expect([io.stdinIsTTY, io.stdoutIsTTY, io.stderrIsTTY]).toEqual(expected);
    expect([t.io.stdinIsTTY, t.io.stdoutIsTTY, t.io.stderrIsTTY]).toEqual(expected);
  });

  it('switches terminals after creation, and decides colour and width as kettle does', () => {
    const t = testIO({ columns: 132, env: { TERM: 'xterm' } });
    expect([t.io.stdoutIsTTY, t.io.color, t.io.columns]).toEqual([false, false, 132]);
    t.setTTY({ stdout: true });
    expect([t.io.stdinIsTTY, t.io.stdoutIsTTY, t.io.stderrIsTTY, t.io.color]).toEqual([false, true, false, true]);
    t.env.NO_COLOR = '1';
    expect(t.io.color).toBe(false);
    expect(testIO({ tty: true, color: true, env: { NO_COLOR: '1' } }).io.color).toBe(true);
    expect(
      testIO({ now: new Date('2026-01-07T10:00:00Z') })
        .io.now()
        .toISOString(),
    ).toBe('2026-01-07T10:00:00.000Z');
  });
});
