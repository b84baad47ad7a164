// Where a secret's value comes from: never the command line.
import type { Context } from '../../context/context.js';
import { canPrompt } from '../../io.js';
import { ask } from '../../context/prompt.js';
import { UsageError } from '../../errors.js';
import { readStdin, readTextFile } from '../input.js';

/**
 * The value from --body-file FILE, --body-file - or piped standard input, with
 * its trailing line breaks (\r and \n) dropped as `gh secret set` drops them
 * from standard input; or typed at a hidden prompt on a terminal (with no
 * --body-file, or with --body-file -), kept as typed.
 */
export async function secretValue(ctx: Context, name: string, bodyFile: string | undefined): Promise<string> {
  // `--body-file -` typed at a terminal would echo the value as it is typed: the hidden prompt instead.
  const typed = bodyFile === undefined || bodyFile === '-';
  if (typed && ctx.io.stdinIsTTY && canPrompt(ctx.io)) return ask(ctx.io, '--body-file', { message: `Value of ${name} (hidden)`, secret: true, asTyped: true });
  if (bodyFile !== undefined) return dropLineBreaks(await readTextFile(ctx, bodyFile, '--body-file', { allowEmpty: true }));
  if (!ctx.io.stdinIsTTY) return dropLineBreaks(await readStdin(ctx, 'standard input'));
  throw new UsageError('--body-file is required (no terminal to ask on); a secret is never taken from the command line');
}

export function dropLineBreaks(text: string): string {
  return text.replace(/[\r\n]+$/, '');
}
