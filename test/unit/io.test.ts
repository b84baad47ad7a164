import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { canPrompt, createIO, decideColor, readAll } from '../../src/io.js';
import { testIO } from '../support/io.js';

describe('decideColor', () => {
  it.each<[string, boolean, NodeJS.ProcessEnv, boolean, boolean]>([
    // name, --no-color, env, stdout is a TTY, expected
    ['a TTY', false, {}, true, true],
    ['not a TTY', false, {}, false, false],
    ['a TTY with TERM=xterm-256color', false, { TERM: 'xterm-256color' }, true, true],
    ['a dumb TTY', false, { TERM: 'dumb' }, true, false],
    ['--no-color on a TTY', true, {}, true, false],
    ['--no-color beats FORCE_COLOR', true, { FORCE_COLOR: '1' }, true, false],
    ['--no-color off a TTY', true, {}, false, false],
    ['NO_COLOR=1 on a TTY', false, { NO_COLOR: '1' }, true, false],
    ['NO_COLOR=0 still disables', false, { NO_COLOR: '0' }, true, false],
    ['empty NO_COLOR is ignored', false, { NO_COLOR: '' }, true, true],
    ['empty NO_COLOR off a TTY', false, { NO_COLOR: '' }, false, false],
    ['NO_COLOR beats FORCE_COLOR', false, { NO_COLOR: '1', FORCE_COLOR: '1' }, false, false],
    ['FORCE_COLOR=1 off a TTY', false, { FORCE_COLOR: '1' }, false, true],
    ['FORCE_COLOR=3 off a TTY', false, { FORCE_COLOR: '3' }, false, true],
    ['FORCE_COLOR=true off a TTY', false, { FORCE_COLOR: 'true' }, false, true],
    ['empty FORCE_COLOR off a TTY', false, { FORCE_COLOR: '' }, false, true],
    ['FORCE_COLOR=1 beats TERM=dumb', false, { FORCE_COLOR: '1', TERM: 'dumb' }, false, true],
    ['FORCE_COLOR=0 on a TTY', false, { FORCE_COLOR: '0' }, true, false],
    ['FORCE_COLOR=false on a TTY', false, { FORCE_COLOR: 'false' }, true, false],
    ['FORCE_COLOR=FALSE on a TTY', false, { FORCE_COLOR: 'FALSE' }, true, false],
    ['FORCE_COLOR=0 off a TTY', false, { FORCE_COLOR: '0' }, false, false],
    ['empty NO_COLOR with FORCE_COLOR=0', false, { NO_COLOR: '', FORCE_COLOR: '0' }, true, false],
  ])('%s', (_name, noColorFlag, env, stdoutIsTTY, expected) => {
    expect(decideColor({ noColorFlag, env, stdoutIsTTY })).toBe(expected);
  });
});

describe('createIO', () => {
  it('reads TTY flags, width and colour from the streams', () => {
    const io = createIO(testIO({ tty: { stdin: true, stdout: true, stderr: false }, columns: 120 }).streams, false);
    expect([io.stdinIsTTY, io.stdoutIsTTY, io.stderrIsTTY]).toEqual([true, true, false]);
    expect(io.color).toBe(true);
    expect(io.columns).toBe(120);
    expect(canPrompt(io)).toBe(false);
    expect(io.now()).toBeInstanceOf(Date);
  });

  it('defaults to 80 columns, no colour and no prompts off a terminal', () => {
    const io = createIO(testIO({ columns: 0 }).streams, false);
    expect([io.stdinIsTTY, io.stdoutIsTTY, io.stderrIsTTY]).toEqual([false, false, false]);
    expect(io.color).toBe(false);
    expect(io.columns).toBe(80);
    expect(canPrompt(io)).toBe(false);
  });

  it('honours --no-color and allows prompts with both stdin and stderr on a terminal', () => {
    const io = createIO(testIO({ tty: true, env: { FORCE_COLOR: '1' } }).streams, true);
    expect(io.color).toBe(false);
    expect(canPrompt(io)).toBe(true);
  });
});

describe('readAll', () => {
  it.each<[Array<string | Buffer>, string]>([
    [[], ''],
    [['abc'], 'abc'],
    [['a', 'b', 'c\n'], 'abc\n'],
    [[Buffer.from('h\xc3', 'latin1'), Buffer.from('\xa9llo', 'latin1')], 'héllo'],
  ])('%j -> %j', async (chunks, expected) => {
    expect(await readAll(Readable.from(chunks))).toBe(expected);
  });
});
