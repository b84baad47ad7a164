// The help of every command, rendered at build time (test/tools/build-cli.mjs
// writes it to dist/cli/help/) so that bin/kettle.cjs can print it without
// loading the CLI: `kettle --help` on Node 20 otherwise costs about twice bare
// Node's start-up, most of it loading commander and building the tree of ~90
// commands only to print text that never changes between runs.
//
// Rendered as a command line that is not on a terminal sees it: 80 columns.
// A terminal of another width gets the help built at run time, as before.
import type { Command } from 'commander';
import type { StreamsLike } from '../io.js';
import { buildProgram } from './program.js';

/** The manifest, for the build: each top-level command's piece and the words that name it (bin/kettle.cjs). */
export { ENTRIES } from '../commands/index.js';

export interface HelpTexts {
  /** Every spelling of a command path (names and aliases, words joined by one space; '' for kettle) → index in texts. */
  paths: Record<string, number>;
  /** The spelled paths of commands with subcommands: named alone, they print their help. */
  groups: string[];
  texts: string[];
}

/** What a command line prints on stdout when stdout is not a terminal. */
async function render(argv: string[], version: string): Promise<string> {
  let out = '';
  const sink = {
    write: (s: string) => {
      out += s;
      return true;
    },
    isTTY: false,
  };
  const streams = { stdin: undefined, stdout: sink, stderr: sink, env: {} } as unknown as StreamsLike;
  // The whole tree, as `kettle --help` builds it without this file.
  const program = await buildProgram({ streams, version, onContext: () => undefined });
  try {
    await program.parseAsync(argv, { from: 'user' });
  } catch (err) {
    if ((err as { code?: string }).code !== 'commander.helpDisplayed') throw err;
  }
  return out;
}

function spellings(cmd: Command): string[] {
  return [cmd.name(), ...cmd.aliases()];
}

export async function helpTexts(version: string): Promise<HelpTexts> {
  const result: HelpTexts = { paths: {}, groups: [], texts: [] };
  const visit = async (cmd: Command, spelled: string[][], canonical: string[]) => {
    const index = result.texts.push(await render([...canonical, '--help'], version)) - 1;
    for (const words of spelled) {
      result.paths[words.join(' ')] = index;
      // A group, not a verb with subverbs (`pr review NUMBER` has `pr review submit`): alone, a group prints its help.
      if (cmd.commands.length && cmd.registeredArguments.length === 0 && words.length) result.groups.push(words.join(' '));
    }
    for (const sub of cmd.commands) {
      const next = spelled.flatMap((words) => spellings(sub).map((s) => [...words, s]));
      await visit(sub, next, [...canonical, sub.name()]);
    }
  };
  const sink = { write: () => true, isTTY: false };
  const tree = await buildProgram({ streams: { stdin: undefined, stdout: sink, stderr: sink, env: {} } as unknown as StreamsLike, version, onContext: () => undefined });
  await visit(tree, [[]], []);
  return result;
}
