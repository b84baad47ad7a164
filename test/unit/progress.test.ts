import { describe, expect, it } from 'vitest';
import { nounOf } from '../../src/commands/api/api.js';
import { groupThousands, Progress, progressText } from '../../src/output/progress.js';
import { testIO } from '../support/io.js';

describe('groupThousands', () => {
  it('groups whole numbers as en-US does, without loading ICU in kettle', () => {
    const intl = new Intl.NumberFormat('en-US');
    const samples = [0, 7, 999, 1000, 9999, 10_000, 123_456, 1_000_000, 20_000, 2 ** 31, Number.MAX_SAFE_INTEGER];
    for (let i = 0; i < 200; i++) samples.push(Math.floor(Math.random() * 10 ** (1 + (i % 13))));
    for (const n of samples) expect(groupThousands(n), String(n)).toBe(intl.format(n));
  });
});

describe('progressText', () => {
  it.each<[string, number, number | undefined, string]>([
    ['issues', 0, undefined, 'Fetching issues… 0'],
    ['issues', 1250, 5000, 'Fetching issues… 1,250 of 5,000'],
    ['pull requests', 1234567, undefined, 'Fetching pull requests… 1,234,567'],
    // A total the list has already outgrown is not shown.
    ['issues', 120, 100, 'Fetching issues… 120'],
  ])('%s %s of %s', (noun, received, total, expected) => {
    expect(progressText(noun, received, total)).toBe(expected);
  });
});

describe('nounOf', () => {
  it.each([
    ['/repos/o/r/issues', 'issues'],
    ['/repos/issues/search', 'issues'],
    ['/repos/o/r/pulls', 'pull requests'],
    ['/user/repos', 'repositories'],
    ['/users/bob/repos', 'repositories'],
    ['/user/orgs', 'organizations'],
    ['/repos/o/r/hooks', 'webhooks'],
    ['/repos/o/r/labels', 'records'],
  ])('%s -> %s', (path, noun) => {
    expect(nounOf(path)).toBe(noun);
  });
});

function stderrIO(isTTY: boolean) {
  const { io, stderr } = testIO({ tty: { stderr: isTTY } });
  return { io, text: () => stderr.text() };
}

async function until(check: () => boolean): Promise<void> {
  for (let i = 0; i < 200 && !check(); i++) await new Promise((resolve) => setTimeout(resolve, 5));
}

describe('Progress', () => {
  it('draws on a terminal once the delay has passed, then erases its line', async () => {
    const { io, text } = stderrIO(true);
    const progress = new Progress(io, 'issues', 0);
    progress.update(1250, 5000);
    await until(() => text() !== '');
    expect(text()).toBe('\r\u001b[2KFetching issues… 1,250 of 5,000');
    progress.done();
    expect(text().endsWith('\r\u001b[2K')).toBe(true);
    progress.done();
    expect(text().split('\r\u001b[2K')).toHaveLength(3);
  });

  it('never draws when stderr is not a terminal', async () => {
    const { io, text } = stderrIO(false);
    const progress = new Progress(io, 'issues', 0);
    progress.update(10, 20);
    await new Promise((resolve) => setTimeout(resolve, 20));
    progress.done();
    expect(text()).toBe('');
  });

  it('a list done before the delay leaves nothing behind', async () => {
    const { io, text } = stderrIO(true);
    const progress = new Progress(io, 'issues', 50);
    progress.update(10, 20);
    progress.done();
    await new Promise((resolve) => setTimeout(resolve, 80));
    expect(text()).toBe('');
  });
});
