// DATE values of --due, --since and --before: YYYY-MM-DD or a full ISO 8601
// time, sent as RFC 3339 with the offset. A bare date names a whole day in the
// local time zone: its start for --since, its end for due dates and --before.
import { UsageError } from '../errors.js';

const BARE = /^(\d{4})-(\d{2})-(\d{2})$/;
const FULL = /^(\d{4})-(\d{2})-(\d{2})[Tt ](\d{2}):(\d{2})(?::(\d{2})(\.\d+)?)?([Zz]|[+-]\d{2}:?\d{2})?$/;

const pad = (n: number, width = 2): string => String(n).padStart(width, '0');

/** A moment as RFC 3339 in the local time zone, with its offset (`2026-03-01T23:59:59+01:00`). */
export function rfc3339Local(date: Date): string {
  const offset = -date.getTimezoneOffset();
  const sign = offset < 0 ? '-' : '+';
  const abs = Math.abs(offset);
  return (
    `${pad(date.getFullYear(), 4)}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}` +
    `T${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}` +
    `${sign}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`
  );
}

function validDay(y: number, m: number, d: number): boolean {
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

/**
 * DATE as RFC 3339. `edge` says which moment of a bare date is meant. A full
 * time without an offset is local time; one with an offset keeps it.
 */
export function parseDate(value: string, flag: string, edge: 'start' | 'end'): string {
  const text = value.trim();
  const refuse = () => new UsageError(`invalid ${flag} "${value}": expected a date such as 2026-03-01 or a time such as 2026-03-01T17:00:00+01:00`);
  const bare = BARE.exec(text);
  if (bare) {
    const [y, m, d] = [Number(bare[1]), Number(bare[2]), Number(bare[3])];
    if (!validDay(y, m, d)) throw refuse();
    const date = edge === 'start' ? new Date(y, m - 1, d, 0, 0, 0) : new Date(y, m - 1, d, 23, 59, 59);
    return rfc3339Local(date);
  }
  const full = FULL.exec(text);
  if (!full) throw refuse();
  const [y, mo, d, h, mi, s] = [1, 2, 3, 4, 5, 6].map((i) => Number(full[i] ?? 0)) as [number, number, number, number, number, number];
  if (!validDay(y, mo, d) || h > 23 || mi > 59 || s > 59) throw refuse();
  const zone = full[8];
  if (zone === undefined) return rfc3339Local(new Date(y, mo - 1, d, h, mi, s));
  if (zone === 'Z' || zone === 'z') return `${pad(y, 4)}-${pad(mo)}-${pad(d)}T${pad(h)}:${pad(mi)}:${pad(s)}Z`;
  const offset = zone.replace(/^([+-]\d{2}):?(\d{2})$/, '$1:$2');
  if (Number(offset.slice(1, 3)) > 23 || Number(offset.slice(4)) > 59) throw refuse();
  return `${pad(y, 4)}-${pad(mo)}-${pad(d)}T${pad(h)}:${pad(mi)}:${pad(s)}${offset}`;
}

/**
 * The same day at 23:59:59, in the same offset: what Gitea and Forgejo store
 * for an issue's or pull request's due date on edit, whatever the time sent.
 * Takes parseDate's RFC 3339 form.
 */
export function endOfDay(rfc3339: string): string {
  return `${rfc3339.slice(0, 10)}T23:59:59${rfc3339.slice(19)}`;
}
