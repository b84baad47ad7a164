// Text a pr verb writes: --body, --body-file FILE|-, or, on a terminal with
// neither, the user's editor. Empty text is refused.
import type { BodyFlags } from '../../spec/flags.js';
import type { Context } from '../../context/context.js';
import { editText } from '../../context/editor.js';
import { canPrompt } from '../../io.js';
import { UsageError } from '../../errors.js';
import { readBody } from '../input.js';

/** The body, required: from the flags, else the editor on a terminal; usage error otherwise. */
export async function requiredBody(ctx: Context, opts: BodyFlags, fileName: string, why = 'a body is required'): Promise<string> {
  let text = await readBody(ctx, opts);
  if (text === undefined) {
    if (!canPrompt(ctx.io)) throw new UsageError(`${why}: give --body TEXT or --body-file FILE (no terminal to open an editor on)`);
    text = await editText(ctx.io, '', fileName);
  }
  if (text.trim() === '') throw new UsageError('the body is empty; nothing was sent');
  return text;
}
