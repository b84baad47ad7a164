// Help that teaches: the overview of `kettle` grouped by resource, `kettle help
// COMMAND...`, and "Did you mean" for a mistyped command at any level.
// Pure apart from writing help through commander's configured output.
import { type Command, Help } from 'commander';
import { UsageError } from '../errors.js';

/** The command path as typed: `kettle issue list`. */
export function commandPath(cmd: Command): string {
  const names: string[] = [];
  for (let c: Command | null = cmd; c; c = c.parent) names.unshift(c.name());
  return names.join(' ');
}

/** Optimal string alignment distance: insertions, deletions, substitutions and swaps of neighbours. */
export function editDistance(a: string, b: string): number {
  const d: number[][] = Array.from({ length: a.length + 1 }, (_, i) => Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)));
  const at = (i: number, j: number) => d[i]?.[j] ?? Infinity;
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let best = Math.min(at(i - 1, j) + 1, at(i, j - 1) + 1, at(i - 1, j - 1) + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) best = Math.min(best, at(i - 2, j - 2) + 1);
      (d[i] as number[])[j] = best;
    }
  }
  return at(a.length, b.length);
}

/**
 * The commands a mistyped word most likely meant: the closest by edit distance
 * (at most 3 edits, and more alike than not), each named once even when it
 * matched through an alias (`lst` is close to both `list` and `ls`).
 */
export function suggest(word: string, commands: { name: string; aliases: string[] }[]): string[] {
  let best = 4;
  let found: string[] = [];
  for (const cmd of commands) {
    for (const candidate of [cmd.name, ...cmd.aliases]) {
      if (candidate.length <= 1) continue;
      const distance = editDistance(word.toLowerCase(), candidate);
      const length = Math.max(word.length, candidate.length);
      if ((length - distance) / length <= 0.4) continue;
      if (distance < best) {
        best = distance;
        found = [cmd.name];
      } else if (distance === best && !found.includes(cmd.name)) {
        found.push(cmd.name);
      }
    }
  }
  return found.sort();
}

function visibleSubcommands(cmd: Command): Command[] {
  return cmd
    .createHelp()
    .visibleCommands(cmd)
    .filter((c) => cmd.commands.includes(c));
}

/** The usage error for a word that names no subcommand of cmd. */
export function unknownCommand(cmd: Command, word: string): UsageError {
  const where = cmd.parent ? ` for '${commandPath(cmd)}'` : '';
  const similar = suggest(
    word,
    visibleSubcommands(cmd).map((c) => ({ name: c.name(), aliases: c.aliases() })),
  );
  const hint =
    similar.length === 1
      ? `(Did you mean ${similar[0]}?)`
      : similar.length > 1
        ? `(Did you mean one of ${similar.join(', ')}?)`
        : cmd.parent
          ? `(Run 'kettle help ${commandPath(cmd).split(' ').slice(1).join(' ')}' to see its commands.)`
          : "(Run 'kettle help' to see every command.)";
  return new UsageError(`unknown command '${word}'${where}`, [hint]);
}

/** The command that words (names or aliases) lead to from cmd; a usage error for a word that leads nowhere. */
export function findCommand(cmd: Command, words: string[]): Command {
  let at = cmd;
  for (const word of words) {
    const next = at.commands.find((c) => c.name() === word || c.aliases().includes(word));
    if (!next) throw unknownCommand(at, word);
    at = next;
  }
  return at;
}

/** The usage error for an option no command on the way knows. */
export function unknownOption(cmd: Command, flag: string): UsageError {
  const longs: { name: string; aliases: string[] }[] = [];
  for (let c: Command | null = cmd; c; c = c.parent) {
    for (const o of c.createHelp().visibleOptions(c)) if (o.long) longs.push({ name: o.long.slice(2), aliases: [] });
  }
  const similar = flag.startsWith('--') ? suggest(flag.slice(2).replace(/=.*$/, ''), longs) : [];
  return new UsageError(`unknown option '${flag}'`, similar.length ? [`(Did you mean ${similar.map((s) => `--${s}`).join(' or ')}?)`] : []);
}

/**
 * Give every command that has subcommands an answer of its own: named alone
 * (`kettle issue`) it prints its help on stdout and succeeds, as `kettle` does;
 * followed by `help SUBCOMMAND...` it prints that one's help; followed by an
 * unknown word it suggests the nearest subcommand, even when options follow
 * the word (commander would complain about those first). Call once the tree
 * is complete: subcommands created later would inherit these settings.
 */
export function finishGroups(program: Command): void {
  // A verb with subverbs (`pr review` beside `pr review submit`) takes operands of its own: it keeps its action.
  const groups = (cmd: Command): Command[] => [...(cmd.commands.length && cmd.registeredArguments.length === 0 ? [cmd] : []), ...cmd.commands.flatMap(groups)];
  for (const group of groups(program)) {
    group
      .allowExcessArguments(true)
      .allowUnknownOption(true)
      .action((_opts: unknown, self: Command) => {
        const [first, ...rest] = self.args;
        if (first === undefined) return self.outputHelp();
        if (first.startsWith('-')) throw unknownOption(self, first);
        if (first === 'help' && !self.commands.some((c) => c.name() === 'help')) {
          return findCommand(
            self,
            rest.filter((w) => !w.startsWith('-')),
          ).outputHelp();
        }
        throw unknownCommand(self, first);
      });
  }
}

/**
 * The help of `kettle` itself: every command under the heading of its
 * resource (set with helpGroup on the top-level commands), then the options
 * accepted everywhere. Other commands keep commander's layout.
 */
export function formatHelp(this: Help, cmd: Command, helper: Help): string {
  if (cmd.parent) return Help.prototype.formatHelp.call(this, cmd, helper);
  const rows = new Map<string, [string, string][]>();
  const leaves = (c: Command): Command[] => {
    const subs = visibleSubcommands(c);
    return subs.length ? [...(c.registeredArguments.length ? [c] : []), ...subs.flatMap(leaves)] : [c];
  };
  for (const top of visibleSubcommands(cmd)) {
    const heading = top.helpGroup() || 'Commands:';
    const list = rows.get(heading) ?? [];
    for (const leaf of leaves(top)) {
      const args = leaf.registeredArguments.map((a) => (a.required ? `<${a.name()}${a.variadic ? '...' : ''}>` : `[${a.name()}${a.variadic ? '...' : ''}]`));
      list.push([[commandPath(leaf).split(' ').slice(1).join(' '), ...args].join(' '), leaf.description()]);
    }
    rows.set(heading, list);
  }
  const options = helper.visibleOptions(cmd).map((o): [string, string] => [helper.optionTerm(o), helper.optionDescription(o)]);
  const width = Math.max(...[...rows.values()].flat().map(([term]) => term.length), ...options.map(([term]) => term.length));
  const item = ([term, description]: [string, string]) => helper.formatItem(term, width, description, helper);
  const out = [`${helper.styleTitle('Usage:')} ${cmd.name()} <command> [subcommand] [options]`, '', helper.boxWrap(cmd.description(), helper.helpWidth ?? 80), ''];
  for (const [heading, list] of rows) out.push(...helper.formatItemList(heading, list.map(item), helper));
  out.push(...helper.formatItemList('Global Options:', options.map(item), helper));
  return out.join('\n');
}
