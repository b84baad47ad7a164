// Durations of kettle time: read as Gitea's time parser reads them, shown as
// the issue page sums them up; and the in-memory server's stopwatch duration
// text per flavour (modules/util/sec_to_time.go).
import { describe, expect, it } from 'vitest';
import { formatDuration, parseDuration } from '../../src/commands/time/shared.js';
import { UsageError } from '../../src/errors.js';
import { durationText } from '../server/routes-issue-work.js';

describe('parseDuration', () => {
  it.each([
    ['1h30m', 5400],
    ['1h 30m', 5400],
    ['45m', 2700],
    ['45min', 2700],
    ['2h', 7200],
    ['90s', 90],
    ['1H15M30S', 4530],
    ['30m 1h', 5400],
    [' 10m ', 600],
  ])('%s is %d seconds', (text, seconds) => {
    expect(parseDuration(text)).toBe(seconds);
  });

  it.each([['1.5h'], ['90'], [''], ['0m'], ['0h 0m'], ['1d'], ['-1h'], ['1h-30m'], ['an hour'], ['1h x 2m']])('%j is refused', (text) => {
    expect(() => parseDuration(text)).toThrow(UsageError);
  });
});

describe('formatDuration', () => {
  it.each([
    [5400, '1h 30min'],
    [3600, '1h'],
    [2700, '45min'],
    [90, '1min'],
    [45, '45s'],
    [0, '0s'],
    [-5, '-5s'],
    [-5400, '-1h 30min'],
    [90061, '25h 1min'],
  ])('%d seconds is %s', (seconds, text) => {
    expect(formatDuration(seconds)).toBe(text);
  });
});

describe('the in-memory server’s stopwatch duration', () => {
  it.each([
    [{}, 0, ''],
    [{}, 45, '45 seconds'],
    [{}, 90, '1 minute'],
    [{}, 5400, '1 hour 30 minutes'],
    [{ forgejo: true }, 90, '1 minute 30 seconds'],
    [{ forgejo: true }, 3660, '1 hour 1 minute'],
    [{ forgejo: true }, 1, '1 second'],
  ])('%j, %d seconds: %j', (flavor, seconds, text) => {
    expect(durationText({ noIssuesEndpoint: false, bare422: false, legacyTimestamps: false, forgejo: false, queryTokensDisabled: false, ...flavor }, seconds)).toBe(text);
  });
});
