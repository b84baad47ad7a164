// Aliases (kettle alias): a word that stands for a command line. Pure: the
// words of an expansion, the arguments put in it, the chain of aliases
// followed, each checked. Reading and writing them is user-settings.ts's.
import { UsageError } from '../errors.js';

/** An alias's name: a word that could be typed as a command. */
export const ALIAS_NAME = /^[A-Za-z0-9][A-Za-z0-9_.:-]*$/;

/** An expansion run by `sh -c` (kept with a leading `!`, as it may be written). */
export function isShellExpansion(expansion: string): boolean {
  return expansion.startsWith('!');
}

/**
 * The words of an expansion, split as a shell splits them: on spaces, with
 * '…' and "…" quoting and \ escaping the next character. Nothing else (no
 * variables, no globs): the words go to kettle as they are.
 */
export function splitWords(text: string): string[] {
  const words: string[] = [];
  let word = '';
  let inWord = false;
  let quote: '"' | "'" | undefined;
  for (let i = 0; i < text.length; i++) {
    const c = text[i] as string;
    if (quote === "'") {
      if (c === "'") quote = undefined;
      else word += c;
    } else if (quote === '"') {
      if (c === '"') quote = undefined;
      else if (c === '\\' && i + 1 < text.length && '"\\$`'.includes(text[i + 1] as string)) word += text[++i];
      else word += c;
    } else if (c === "'" || c === '"') {
      quote = c;
      inWord = true;
    } else if (c === '\\' && i + 1 < text.length) {
      word += text[++i];
      inWord = true;
    } else if (/\s/.test(c)) {
      if (inWord) words.push(word);
      word = '';
      inWord = false;
    } else {
      word += c;
      inWord = true;
    }
  }
  if (quote !== undefined) throw new UsageError(`the expansion has an unclosed ${quote === '"' ? 'double' : 'single'} quote: ${text}`);
  if (inWord) words.push(word);
  return words;
}

/** The highest $N an expansion's words refer to (0 for none). */
function highestPlaceholder(words: readonly string[]): number {
  let most = 0;
  for (const w of words) for (const m of w.matchAll(/\$(\d+)/g)) most = Math.max(most, Number(m[1]));
  return most;
}

/**
 * A command-line alias's words with the arguments put in: $1, $2… take the
 * arguments in order (inside a word too: --label=$1), and the arguments no
 * placeholder took are appended. Fewer arguments than placeholders is a
 * usage error naming the alias.
 */
export function expandWords(name: string, expansion: string, args: readonly string[]): string[] {
  const words = splitWords(expansion);
  const needs = highestPlaceholder(words);
  if (args.length < needs) {
    throw new UsageError(
      `alias ${name} takes ${needs} argument${needs === 1 ? '' : 's'} ($1${needs > 1 ? `…$${needs}` : ''}), but ${args.length === 0 ? 'none was' : `only ${args.length} ${args.length === 1 ? 'was' : 'were'}`} given: ${name} = ${expansion}`,
    );
  }
  const filled = words.map((w) => w.replace(/\$(\d+)/g, (whole, n: string) => (Number(n) >= 1 ? (args[Number(n) - 1] as string) : whole)));
  return [...filled, ...args.slice(needs)];
}

/** What an alias's use comes to: kettle's own words, or a script for `sh -c` with its arguments. */
export type Expanded = { kind: 'kettle'; argv: string[]; chain: string[] } | { kind: 'shell'; script: string; name: string; args: string[]; chain: string[] };

/**
 * Follow the aliases from `name`: each expansion whose first word is another
 * alias (and no command) is expanded again, so an alias may build on another;
 * a chain that comes back to an alias it passed is refused.
 */
export function expandAlias(name: string, args: readonly string[], aliases: Readonly<Record<string, string>>, isCommand: (word: string) => boolean): Expanded {
  const chain: string[] = [];
  let current = name;
  let rest = [...args];
  for (;;) {
    if (chain.includes(current)) throw new UsageError(`alias loop: ${[...chain, current].join(' -> ')}; change one with: kettle alias set ${current} EXPANSION`);
    chain.push(current);
    const expansion = aliases[current] as string;
    if (isShellExpansion(expansion)) return { kind: 'shell', script: expansion.slice(1), name: current, args: rest, chain };
    const words = expandWords(current, expansion, rest);
    const [first, ...more] = words;
    if (first === undefined || isCommand(first) || aliases[first] === undefined) return { kind: 'kettle', argv: words, chain };
    current = first;
    rest = more;
  }
}

/** The chain of aliases an alias would follow, when it loops: for `alias set`, which refuses it. */
export function loopOf(name: string, aliases: Readonly<Record<string, string>>, isCommand: (word: string) => boolean): string[] | undefined {
  const chain: string[] = [];
  let current: string | undefined = name;
  while (current !== undefined && aliases[current] !== undefined) {
    if (chain.includes(current)) return [...chain, current];
    chain.push(current);
    const expansion = aliases[current] as string;
    if (isShellExpansion(expansion)) return undefined;
    const first: string | undefined = splitWords(expansion)[0];
    current = first === undefined || isCommand(first) ? undefined : first;
  }
  return undefined;
}
