import { describe, expect, it } from 'vitest';
import { looksLikeTimestamp, relativeTime } from '../../src/output/time.js';

const NOW = new Date('2024-06-15T12:00:00Z');

describe('relativeTime', () => {
  it.each([
    ['2024-06-15T12:00:00Z', 'just now'],
    ['2024-06-15T11:59:31Z', 'just now'],
    ['2024-06-15T11:59:01Z', 'just now'],
    ['2024-06-15T11:59:00Z', '1 minute ago'],
    ['2024-06-15T11:58:00Z', '2 minutes ago'],
    ['2024-06-15T11:00:01Z', '59 minutes ago'],
    ['2024-06-15T11:00:00Z', '1 hour ago'],
    ['2024-06-15T09:30:00Z', '2 hours ago'],
    ['2024-06-14T12:00:01Z', '23 hours ago'],
    ['2024-06-14T12:00:00Z', '1 day ago'],
    ['2024-06-09T12:00:00Z', '6 days ago'],
    ['2024-06-08T12:00:00Z', '1 week ago'],
    ['2024-06-01T12:00:00Z', '2 weeks ago'],
    ['2024-05-17T12:00:00Z', '4 weeks ago'],
    ['2024-05-16T12:00:00Z', '1 month ago'],
    ['2024-03-15T12:00:00Z', '3 months ago'],
    ['2023-06-17T12:00:00Z', '12 months ago'],
    ['2023-06-16T12:00:00Z', '1 year ago'],
    ['2021-06-15T12:00:00Z', '3 years ago'],
    // other offsets and precisions
    ['2024-06-15T14:00:00+02:00', 'just now'],
    ['2024-06-15T10:00:00-01:00', '1 hour ago'],
    ['2024-06-15T11:55:00.999Z', '4 minutes ago'],
    // future
    ['2024-06-15T12:00:30Z', 'in a moment'],
    ['2024-06-15T12:01:00Z', 'in 1 minute'],
    ['2024-06-15T12:05:00Z', 'in 5 minutes'],
    ['2024-06-15T14:00:00Z', 'in 2 hours'],
    ['2024-06-16T12:00:00Z', 'in 1 day'],
    ['2024-07-15T12:00:00Z', 'in 1 month'],
    ['2026-06-15T12:00:00Z', 'in 2 years'],
    // not a time: returned unchanged
    ['not a date', 'not a date'],
    ['', ''],
  ])('%j -> %s', (iso, expected) => {
    expect(relativeTime(iso, NOW)).toBe(expected);
  });
});

describe('looksLikeTimestamp', () => {
  it.each<[unknown, boolean]>([
    ['2024-06-15T12:00:00Z', true],
    ['2024-06-15T12:00:00+02:00', true],
    ['2024-06-15T12:00', true],
    ['2024-06-15', false],
    ['2024-06-15 12:00:00', false],
    [' 2024-06-15T12:00:00Z', false],
    ['v2024-06-15T12:00:00Z', false],
    ['open', false],
    ['', false],
    [1718452800000, false],
    [null, false],
    [undefined, false],
    [new Date('2024-06-15T12:00:00Z'), false],
  ])('%j -> %s', (value, expected) => {
    expect(looksLikeTimestamp(value)).toBe(expected);
  });
});
