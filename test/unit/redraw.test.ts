// Lines drawn again in place (run watch, pr checks --watch): each is cut to the
// window's width, kettle's colours kept and not counted, so no line wraps and
// going back up over the last drawing counts its rows exactly.
import { describe, expect, it } from 'vitest';
import { fitLine, InPlace } from '../../src/output/redraw.js';
import { Output } from '../support/io.js';

const RED = '\u001b[31m';
const END = '\u001b[0m';

describe('fitLine', () => {
  it.each<[string, number, string]>([
    ['short', 10, 'short'],
    ['exactly ten', 11, 'exactly ten'],
    ['a title wider than the window', 10, 'a title w…'],
    // Colours take no column; one begun before the cut is still ended.
    [`${RED}✗${END} failure: a long title`, 12, `${RED}✗${END} failure: …`],
    [`${RED}red all along the line${END}`, 8, `${RED}red all…${END}`],
    // A wide character counts two columns and stays whole.
    ['茶壶茶壶茶壶', 7, '茶壶茶…'],
    ['anything', 0, ''],
  ])('%j in %i columns: %j', (line, width, expected) => {
    expect(fitLine(line, width)).toBe(expected);
  });
});

describe('InPlace', () => {
  it('goes back up as many rows as it drew, each line fitted', () => {
    const out = new Output(true, 20);
    const screen = new InPlace(out, 20);
    screen.draw('a header wider than twenty columns\nfooter');
    screen.draw('second\nfooter');
    expect(out.text()).toBe('a header wider than…\nfooter\u001b[1A\r\u001b[Jsecond\nfooter');
  });

  it('a note aside: the drawing is erased, the note written, the drawing made again below it', () => {
    const out = new Output(true, 40);
    const screen = new InPlace(out, 40);
    screen.draw('run\n  job\nRefreshing');
    screen.aside(() => out.write('kettle: a note\n'));
    screen.draw('run\n  job\nRefreshing');
    expect(out.text()).toBe('run\n  job\nRefreshing\u001b[2A\r\u001b[Jkettle: a note\nrun\n  job\nRefreshing\u001b[2A\r\u001b[Jrun\n  job\nRefreshing');
  });
});
