// Times: relative ("3 days ago") on a terminal, ISO 8601 everywhere else.

const UNITS: Array<[string, number]> = [
  ['year', 365 * 24 * 3600],
  ['month', 30 * 24 * 3600],
  ['week', 7 * 24 * 3600],
  ['day', 24 * 3600],
  ['hour', 3600],
  ['minute', 60],
];

export function relativeTime(iso: string, now: Date): string {
  const then = Date.parse(iso);
  if (Number.isNaN(then)) return iso;
  const seconds = Math.round((now.getTime() - then) / 1000);
  const future = seconds < 0;
  const abs = Math.abs(seconds);
  if (abs < 60) return future ? 'in a moment' : 'just now';
  for (const [unit, size] of UNITS) {
    if (abs >= size) {
      const n = Math.floor(abs / size);
      const label = `${n} ${unit}${n === 1 ? '' : 's'}`;
      return future ? `in ${label}` : `${label} ago`;
    }
  }
  return iso;
}

export function looksLikeTimestamp(value: unknown): value is string {
  return typeof value === 'string' && /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(value);
}
