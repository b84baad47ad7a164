import { describe, expect, it } from 'vitest';
import { parseRateLimit, parseReset, parseRetryAfter, rateLimitWait } from '../../src/api/ratelimit.js';

// 2024-01-15T12:00:00Z
const NOW = Date.UTC(2024, 0, 15, 12, 0, 0);
const NOW_S = NOW / 1000;

function headers(h: Record<string, string>): (name: string) => string | undefined {
  return (name) => h[name.toLowerCase()];
}

describe('parseReset', () => {
  it.each<[string | undefined, number | undefined]>([
    [undefined, undefined],
    ['', undefined],
    ['   ', undefined],
    // epoch seconds
    [String(NOW_S + 60), NOW + 60_000],
    [String(NOW_S - 60), NOW - 60_000],
    [` ${NOW_S + 3600} `, NOW + 3_600_000],
    // epoch milliseconds
    [String(NOW + 1234), NOW + 1234],
    // seconds from now
    ['0', NOW],
    ['1', NOW + 1000],
    ['60', NOW + 60_000],
    ['3600', NOW + 3_600_000],
    // HTTP dates (and ISO 8601)
    ['Mon, 15 Jan 2024 12:01:00 GMT', NOW + 60_000],
    ['Mon, 15 Jan 2024 11:59:00 GMT', NOW - 60_000],
    ['2024-01-15T13:00:00Z', NOW + 3_600_000],
    // garbage
    ['soon', undefined],
    ['garbage', undefined],
    ['30s', undefined],
    ['1e3', undefined],
  ])('%j -> %s', (value, expected) => {
    expect(parseReset(value, NOW)).toBe(expected);
  });

  // V8's Date.parse accepts almost anything with a number in it ("-1" is
  // 2001-01-01); these are not resets and must not be read as dates.
  it.each(['-1', '-60', '1.5'])('does not read %j as a date', (value) => {
    expect(parseReset(value, NOW)).toBeUndefined();
  });
});

describe('parseRateLimit', () => {
  it.each<[Record<string, string>, ReturnType<typeof parseRateLimit>]>([
    [{}, {}],
    [
      { 'x-ratelimit-limit': '5000', 'x-ratelimit-remaining': '4999', 'x-ratelimit-reset': String(NOW_S + 3600) },
      { limit: 5000, remaining: 4999, resetAt: NOW + 3_600_000 },
    ],
    [
      { 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': '30' },
      { remaining: 0, resetAt: NOW + 30_000 },
    ],
    [{ 'x-ratelimit-limit': '60' }, { limit: 60 }],
    [{ 'x-ratelimit-limit': 'lots', 'x-ratelimit-remaining': '-1', 'x-ratelimit-reset': 'soon' }, {}],
    [{ 'x-ratelimit-limit': '1.5', 'x-ratelimit-remaining': '' }, {}],
  ])('%j', (h, expected) => {
    expect(parseRateLimit(headers(h), NOW)).toStrictEqual(expected);
  });

  it('asks for the headers by their lower-case names', () => {
    const asked: string[] = [];
    parseRateLimit((name) => {
      asked.push(name);
      return undefined;
    }, NOW);
    expect(asked.sort()).toEqual(['x-ratelimit-limit', 'x-ratelimit-remaining', 'x-ratelimit-reset']);
  });
});

describe('parseRetryAfter', () => {
  it.each<[string | undefined, number | undefined]>([
    [undefined, undefined],
    ['', undefined],
    ['0', 0],
    ['1', 1000],
    ['120', 120_000],
    [' 5 ', 5000],
    ['Mon, 15 Jan 2024 12:00:30 GMT', 30_000],
    ['Mon, 15 Jan 2024 11:00:00 GMT', 0],
    ['soon', undefined],
    ['-1', undefined],
    ['1.5', undefined],
  ])('%j -> %s', (value, expected) => {
    expect(parseRetryAfter(value, NOW)).toBe(expected);
  });
});

describe('rateLimitWait', () => {
  it.each<[Record<string, string>, number | undefined]>([
    [{}, undefined],
    [{ 'x-ratelimit-remaining': '0' }, undefined],
    [{ 'retry-after': '7' }, 7000],
    [{ 'retry-after': '7', 'x-ratelimit-reset': String(NOW_S + 3600) }, 7000],
    [{ 'retry-after': 'Mon, 15 Jan 2024 12:00:45 GMT' }, 45_000],
    [{ 'retry-after': 'nonsense', 'x-ratelimit-reset': '20' }, 20_000],
    [{ 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': String(NOW_S + 90) }, 90_000],
    [{ 'x-ratelimit-reset': String(NOW + 2500) }, 2500],
    [{ 'x-ratelimit-reset': 'Mon, 15 Jan 2024 12:10:00 GMT' }, 600_000],
    [{ 'x-ratelimit-reset': String(NOW_S - 100) }, 0],
    [{ 'x-ratelimit-reset': '0' }, 0],
  ])('%j -> %s', (h, expected) => {
    expect(rateLimitWait(headers(h), NOW)).toBe(expected);
  });
});
