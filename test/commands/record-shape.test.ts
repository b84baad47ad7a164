// One record shape per resource for scripts: the same `key<TAB>value` lines
// whichever verb printed the record, and however many numbers it was given.
import { describe, expect, it } from 'vitest';
import type { RunResult } from '../support/harness.js';
import { expectExit, useServer } from '../support/suite.js';

const s = useServer({ runner: 'in-process' });

/** The keys of each `key<TAB>value` block (blocks separated by an empty line), in order. */
function blocks(r: RunResult): string[][] {
  expectExit(r, 0);
  return r.stdout
    .replace(/\n$/, '')
    .split('\n\n')
    .map((block) => block.split('\n').map((line) => line.slice(0, line.indexOf('\t'))));
}

/** The value of one key in a single-record output. */
function value(r: RunResult, key: string): string | undefined {
  return r.stdout
    .split('\n')
    .find((l) => l.startsWith(`${key}\t`))
    ?.slice(key.length + 1);
}

describe('issues', () => {
  it('view, create, edit, close and reopen print the same keys, one number or several', async () => {
    const created = await s.kettle(['issue', 'create', '-R', 'alice/teapot', '--title', 'Shape one']);
    const a = value(created, 'number') as string;
    const b = value(await s.kettle(['issue', 'create', '-R', 'alice/teapot', '--title', 'Shape two']), 'number') as string;
    const [shape] = blocks(await s.kettle(['issue', 'view', a, '-R', 'alice/teapot']));
    expect(shape).toContain('author');
    expect(blocks(created)).toEqual([shape]);
    expect(blocks(await s.kettle(['issue', 'edit', a, '-R', 'alice/teapot', '--title', 'Shape 1']))).toEqual([shape]);
    expect(blocks(await s.kettle(['issue', 'close', a, '-R', 'alice/teapot']))).toEqual([shape]);
    expect(blocks(await s.kettle(['issue', 'reopen', a, '-R', 'alice/teapot']))).toEqual([shape]);
    const two = await s.kettle(['issue', 'close', a, b, '-R', 'alice/teapot']);
    expect(blocks(two)).toEqual([shape, shape]);
    // In the order given, each block as the one-number command prints it.
    const one = await s.kettle(['issue', 'view', a, '-R', 'alice/teapot']);
    expect(two.stdout.split('\n\n')[0]?.replace(/\n$/, '')).toBe(one.stdout.replace(/\n$/, ''));
    expect(blocks(await s.kettle(['issue', 'reopen', a, b, '-R', 'alice/teapot']))).toEqual([shape, shape]);
  });
});

describe('comments', () => {
  it('issue comment and pr comment print the same keys, with the author under "author"', async () => {
    const issue = await s.kettle(['issue', 'comment', '1', '-R', 'alice/teapot', '--body', 'On the issue']);
    const pr = await s.kettle(['pr', 'comment', '5', '-R', 'alice/teapot', '--body', 'On the pull request']);
    expect(blocks(pr)).toEqual(blocks(issue));
    expect(value(pr, 'author')).toBe('alice');
    expect(pr.stdout).not.toMatch(/^user\.login\t/m);
    const several = await s.kettle(['issue', 'comment', '1', '2', '-R', 'alice/teapot', '--body', 'On both']);
    expect(blocks(several)).toEqual([...blocks(issue), ...blocks(issue)]);
  });
});

describe('pull requests', () => {
  it('view, edit, close, reopen and merge print the same keys; view adds its reviews and checks after them', async () => {
    const viewed = await s.kettle(['pr', 'view', '5', '-R', 'alice/teapot']);
    const [view] = blocks(viewed);
    const [edit] = blocks(await s.kettle(['pr', 'edit', '5', '-R', 'alice/teapot', '--title', 'Quieter lid, again']));
    expect(edit).toContain('head');
    expect(edit).toContain('base');
    expect(view!.slice(0, edit!.length)).toEqual(edit);
    expect(view!.slice(edit!.length).filter((k) => k !== 'check')).toEqual(['reviews', 'checks']);
    expect(blocks(await s.kettle(['pr', 'close', '5', '-R', 'alice/teapot']))).toEqual([edit]);
    const reopened = await s.kettle(['pr', 'reopen', '5', '-R', 'alice/teapot']);
    expect(blocks(reopened)).toEqual([edit]);
    // The same words for the same facts: mergeability as pr view says it.
    expect(value(reopened, 'mergeable')).toBe(value(viewed, 'mergeable'));
    expect(value(viewed, 'mergeable')).toMatch(/^(mergeable|conflicting)$/);
    expect(value(viewed, 'head')).toBe('feature/lid');
    expect(value(viewed, 'base')).toBe('main');
    expect(blocks(await s.kettle(['pr', 'merge', '5', '-R', 'alice/teapot']))).toEqual([edit]);
  });
});
