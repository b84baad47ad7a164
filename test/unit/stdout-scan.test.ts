// Results reach stdout through the printer alone (STYLE.md): a verb, or a
// helper the verbs share in src/commands, hands what it has to src/output
// (printer.ts, or stream.ts for bytes that stream) with the output choice it
// was given; it never writes to stdout, runs jq or re-checks --json and --jq
// itself.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../support/harness.js';

const COMMANDS = join(ROOT, 'src', 'commands');

function files(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return files(path);
    return e.name.endsWith('.ts') && !e.name.endsWith('.d.ts') ? [path] : [];
  });
}

/** What a command's source must not do, each with the way it is spelled. */
const WRONG: Array<[string, RegExp]> = [
  ['writes to stdout', /\bstdout\s*\??\.\s*(?:write|end|once|on)\s*\(/],
  ['runs jq', /\bjq\s*\??\.\s*run\s*\(/],
  ['re-checks --json or --jq', /\bflags\s*\??\.\s*(?:json|jq|fields)\b/],
];

/** The lines of a source text that do what a command must not, as `line: what`. */
export function wrongLines(text: string): string[] {
  return text.split('\n').flatMap((line, i) => WRONG.filter(([, re]) => re.test(line)).map(([what]) => `${i + 1}: ${what}`));
}

describe('the commands print through src/output', () => {
  it('finds what it looks for', () => {
    expect(wrongLines("ctx.io.stdout.write('x');\nio.stdout.once('drain', r);\nctx.output.jq.run(text);\nif (ctx.flags.json || ctx.flags.jq) {}")).toEqual([
      '1: writes to stdout',
      '2: writes to stdout',
      '3: runs jq',
      '4: re-checks --json or --jq',
    ]);
    expect(wrongLines("printText(ctx.io, text);\nawait streamOut(ctx.io, chunk);\nif (ctx.output.kind !== 'view') {}\nif (ctx.io.stdoutIsTTY) {}")).toEqual([]);
  });

  it('no file of src/commands writes to stdout, runs jq or re-checks the output flags itself', () => {
    const found = files(COMMANDS).flatMap((f) => wrongLines(readFileSync(f, 'utf8')).map((l) => `${relative(ROOT, f)}:${l}`));
    expect(found).toEqual([]);
  });
});
