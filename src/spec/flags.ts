// Flags that many verbs share, declared once, and small helpers for definitions.
import { InvalidArgumentError } from './invalid.js';
import { bool, choice, type Flag, type FlagValues, int, text } from './spec.js';

export function examples(lines: string[]): string {
  return `\nExamples:\n${lines.map((l) => `  $ ${l}`).join('\n')}\n`;
}

/** A parser for a whole number of 1 or more, naming the flag when refused. */
export function positiveInt(flag: string) {
  return (value: string): number => {
    if (!/^\d+$/.test(value) || Number(value) < 1 || !Number.isSafeInteger(Number(value))) {
      throw new InvalidArgumentError(`${flag} takes a whole number of 1 or more, not "${value}"`);
    }
    return Number(value);
  };
}

/** A flag's parser for a number of seconds, fractions allowed, at least `min` (a bound on a request rate: --interval). */
export function seconds(flag: string, min = 0.1) {
  return (value: string): number => {
    const n = Number(value);
    if (!/^\d+(\.\d+)?$/.test(value) || !Number.isFinite(n) || n < min) {
      throw new InvalidArgumentError(`${flag} takes a number of seconds of ${min} or more, not "${value}"`);
    }
    return n;
  };
}

export const repoFlag = {
  repo: text('-R, --repo <owner/name>', 'the repository: OWNER/NAME, HOST/OWNER/NAME or its web URL (default: from the git remote of the current directory)'),
};
export type RepoFlag = FlagValues<typeof repoFlag>;

/** --limit and --all; see pageFlag for --page. */
export const windowFlags = {
  limit: int('-L, --limit <n>', 'how many records to show (default 30)', positiveInt('--limit')),
  all: bool('--all', 'fetch every page'),
};
export const pageFlag = {
  page: int('--page <n>', 'show only page N, of --limit records a page', positiveInt('--page')),
};
export const listFlags = { ...windowFlags, ...pageFlag };
/** What a listing reads: --limit and --all, and --page where the verb declares it. */
export type ListFlags = FlagValues<typeof windowFlags> & Partial<FlagValues<typeof pageFlag>>;

export const bodyFlags = {
  body: text('-b, --body <text>', 'the body text'),
  bodyFile: text('-F, --body-file <file>', 'read the body from a file (- for standard input; at most 4 MiB)'),
};
export type BodyFlags = FlagValues<typeof bodyFlags>;

export const STATES = ['open', 'closed', 'all'] as const;
export type State = (typeof STATES)[number];
export const stateFlag = { state: choice('-s, --state <state>', 'which to show', STATES, 'open') };

export const yesFlag = { yes: bool('-y, --yes', 'do not ask for confirmation (required without a terminal)') };

/** -w, --web: open the matching web page (see src/context/browser.ts) instead of printing. */
export function webFlag(what: string): { web: Flag<boolean> } {
  return { web: bool('-w, --web', `open ${what} in the browser instead (prints the URL without a browser or terminal)`) };
}
export type WebFlag = FlagValues<ReturnType<typeof webFlag>>;
