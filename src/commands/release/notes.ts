// Release notes: --notes, --notes-file FILE|-, or on a terminal the editor.
import type { Context } from '../../context/context.js';
import { editText } from '../../context/editor.js';
import { UsageError } from '../../errors.js';
import { readTextFile } from '../input.js';

export interface NotesFlags {
  notes: string | undefined;
  notesFile: string | undefined;
}

/** The text of --notes or --notes-file; undefined when neither is given. */
export async function readNotes(ctx: Context, opts: NotesFlags): Promise<string | undefined> {
  if (opts.notes !== undefined && opts.notesFile !== undefined) throw new UsageError('use either --notes or --notes-file, not both');
  if (opts.notesFile !== undefined) return readTextFile(ctx, opts.notesFile, '--notes-file');
  return opts.notes;
}

/** Notes written in the user's editor (create on a terminal without --notes); undefined when left empty. */
export async function editNotes(ctx: Context, tag: string): Promise<string | undefined> {
  const text = (await editText(ctx.io, '', `RELEASE_NOTES_${tag.replace(/[^A-Za-z0-9._-]/g, '_')}.md`)).replace(/\s+$/, '');
  return text === '' ? undefined : text;
}
