// Numeric settings from flags and the environment, checked before any request.
import { UsageError } from '../errors.js';

/** The longest timeout accepted: a day; anything longer is a typo. */
const MAX_TIMEOUT_SECONDS = 86_400;

/** A timeout in seconds ("30", "2.5") as milliseconds; anything else is a usage error naming its source. */
export function parseTimeout(value: string, source: string): number {
  const text = value.trim();
  const n = Number(text);
  if (!/^\d+(\.\d+)?$/.test(text) || !(n > 0) || n > MAX_TIMEOUT_SECONDS) {
    throw new UsageError(`${source} takes a number of seconds greater than 0 (at most ${MAX_TIMEOUT_SECONDS}), not "${value}"`);
  }
  return Math.max(1, Math.round(n * 1000));
}

/** KETTLE_MAX_RESPONSE_MB: the largest response body kettle accepts, in bytes. */
export function parseMaxResponse(value: string): number {
  const text = value.trim();
  const n = Number(text);
  if (!/^\d+(\.\d+)?$/.test(text) || !(n > 0)) {
    throw new UsageError(`KETTLE_MAX_RESPONSE_MB takes a number of mebibytes greater than 0, not "${value}"`);
  }
  return Math.round(n * 1024 * 1024);
}
