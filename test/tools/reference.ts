// The README's command reference, generated from the command tree that drives
// help and the completion scripts (src/completion/describe.ts reads the same
// tree): every command with its summary, its own options and the first
// example of its help. `npm run reference` writes it into README.md between
// the markers; test/unit/readme-reference.test.ts fails while it is stale.
import { PassThrough } from 'node:stream';
import type { Command } from 'commander';
import { findCommand } from '../../src/cli/help.js';
import { buildProgram } from '../../src/cli/program.js';
import { type CommandSpec, describeProgram, type OptionSpec } from '../../src/completion/describe.js';

export const BEGIN = '<!-- BEGIN command reference: generated from the command definitions by `npm run reference`; do not edit by hand -->';
export const END = '<!-- END command reference -->';

/** A code span that survives a Markdown table: its pipes escaped. */
const code = (s: string) => `\`${s.replace(/\|/g, '\\|')}\``;
const cell = (s: string) => s.replace(/\|/g, '\\|');

function optionText(o: OptionSpec): string {
  const name = [o.short, o.long].filter(Boolean).join(', ');
  if (!o.takesValue) return name;
  const value = o.values.kind === 'words' ? o.values.words.join('|') : o.valueName.toUpperCase();
  return `${name} ${value}`;
}

function usage(spec: CommandSpec, cmd: Command): string {
  const args = cmd.registeredArguments.map((a) => {
    const name = a.name().toUpperCase() + (a.variadic ? '...' : '');
    return a.required ? name : `[${name}]`;
  });
  return ['kettle', ...spec.path, ...args].join(' ');
}

/** Each command's help, as `kettle COMMAND --help` prints it, for its first example. */
function firstExample(program: Command, out: PassThrough, path: string[]): string {
  findCommand(program, path).outputHelp();
  const help = String(out.read() ?? '');
  const examples = help.split('\nExamples:\n')[1] ?? '';
  return /^ {2}\$ (.*)$/m.exec(examples)?.[1]?.trim() ?? '';
}

/** The reference, between its markers. */
export async function commandReference(): Promise<string> {
  const out = new PassThrough();
  const program = await buildProgram({ streams: { stdin: new PassThrough(), stdout: out, stderr: new PassThrough(), env: {} }, version: '0', onContext: () => undefined });
  const tree = describeProgram(program);
  const globals = tree.options.map((o) => code(optionText(o))).join(', ');
  const lines = [
    BEGIN,
    '',
    `Every command takes ${globals}. A command that prints records also takes \`--json\`, \`--fields\` and \`--jq\` (see [Output](#output)); \`kettle COMMAND --help\` explains each option and gives more examples.`,
    '',
  ];
  lines.push('| command | what it does | options | example |', '|---|---|---|---|');
  for (const top of tree.commands) {
    // A verb with subverbs (`pr review` beside `pr review submit`) is a row of its own, before them.
    const leaves = top.commands.length === 0 ? [top] : top.commands.flatMap((c) => (c.commands.length === 0 ? [c] : [...(c.args.length > 0 ? [c] : []), ...c.commands]));
    for (const leaf of leaves) {
      const cmd = findCommand(program, leaf.path);
      const own = leaf.options.filter((o) => !o.global && !['--json', '--fields', '--jq'].includes(o.long ?? ''));
      const aliases = leaf.aliases.length > 0 ? ` (also ${leaf.aliases.map(code).join(', ')})` : '';
      const example = firstExample(program, out, leaf.path);
      lines.push(`| ${code(usage(leaf, cmd))}${aliases} | ${cell(leaf.description)} | ${own.map((o) => code(optionText(o))).join(' ') || ' '} | ${example ? code(example) : ' '} |`);
    }
  }
  lines.push('');
  lines.push(END);
  return lines.join('\n');
}

/** README.md with its reference replaced by `reference`; an error when the markers are missing. */
export function withReference(readme: string, reference: string): string {
  const at = readme.indexOf(BEGIN);
  const end = readme.indexOf(END);
  if (at < 0 || end < at) throw new Error(`README.md has no command reference between ${BEGIN} and ${END}`);
  return readme.slice(0, at) + reference + readme.slice(end + END.length);
}
