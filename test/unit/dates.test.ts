// DATE values: a bare date is a whole local day (its start or its end), a full
// time keeps its offset, and every answer is RFC 3339 with an offset.
import { describe, expect, it } from 'vitest';
import { parseDate, rfc3339Local } from '../../src/commands/dates.js';
import { UsageError } from '../../src/errors.js';

const RFC3339 = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(Z|[+-]\d{2}:\d{2})$/;

describe('parseDate', () => {
  it.each([
    ['2026-03-01', 'start', new Date(2026, 2, 1, 0, 0, 0)],
    ['2026-03-01', 'end', new Date(2026, 2, 1, 23, 59, 59)],
    ['2024-02-29', 'end', new Date(2024, 1, 29, 23, 59, 59)],
    ['2026-03-01T17:05', 'start', new Date(2026, 2, 1, 17, 5, 0)],
  ] as const)('%s (%s) is that local moment', (value, edge, moment) => {
    const out = parseDate(value, '--due', edge);
    expect(out).toMatch(RFC3339);
    expect(Date.parse(out)).toBe(moment.getTime());
    expect(out).toBe(rfc3339Local(moment));
  });

  it.each([
    ['2026-03-01T17:00:00Z', '2026-03-01T17:00:00Z'],
    ['2026-03-01T17:00:00.250+0530', '2026-03-01T17:00:00+05:30'],
    ['2026-03-01 17:00:00-08:00', '2026-03-01T17:00:00-08:00'],
  ])('%s keeps its offset: %s', (value, expected) => {
    expect(parseDate(value, '--since', 'start')).toBe(expected);
  });

  it.each(['2026-02-29', '2026-13-01', '26-03-01', 'tomorrow', '2026-03-01T25:00:00Z', '2026-03-01T10:00:00+24:00', ''])('refuses %j naming the flag', (value) => {
    expect(() => parseDate(value, '--before', 'end')).toThrow(UsageError);
    expect(() => parseDate(value, '--before', 'end')).toThrow(/--before/);
  });
});
