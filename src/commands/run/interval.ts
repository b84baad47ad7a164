// --interval SECONDS for the verbs that watch: a number of seconds, fractions allowed, at
// least a tenth (a bound on the request rate). Kept small: the definitions load it.
import { InvalidArgumentError } from 'commander';

export const MIN_INTERVAL_S = 0.1;

export function seconds(flag: string) {
  return (value: string): number => {
    const n = Number(value);
    if (!/^\d+(\.\d+)?$/.test(value) || !Number.isFinite(n) || n < MIN_INTERVAL_S) {
      throw new InvalidArgumentError(`${flag} takes a number of seconds of ${MIN_INTERVAL_S} or more, not "${value}"`);
    }
    return n;
  };
}
