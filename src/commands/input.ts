// What verbs read from the user: numbers, bodies, titles, files.
import { open } from 'node:fs/promises';
import type { BodyFlags } from '../spec/flags.js';
import type { Context } from '../context/context.js';
import { editorCommand, editText, gitCoreEditor } from '../context/editor.js';
import { canPrompt, readAll, TooLarge } from '../io.js';
import { isWebUrl, numberOfUrl } from '../context/locate.js';
import { ask, choose } from '../context/prompt.js';
import { UsageError } from '../errors.js';

/**
 * An issue or pull request number: "12", "#12", or its web URL
 * (`https://host/owner/name/issues/12`, `…/pulls/12`), whose repository
 * target(ctx, { repo, numbers }) reads from the same argument.
 */
export function parseNumberArg(value: string, what: string): number {
  if (isWebUrl(value)) {
    const n = numberOfUrl(value);
    if (n === undefined) throw new UsageError(`invalid ${what} "${value}": a URL must end in /issues/NUMBER or /pulls/NUMBER`);
    return n;
  }
  const m = /^#?(\d{1,15})$/.exec(value.trim());
  if (!m || Number(m[1]) < 1) throw new UsageError(`invalid ${what} "${value}": expected a number such as 12`);
  return Number(m[1]);
}

/**
 * The text of --body or --body-file FILE (- for standard input); undefined
 * when neither is given.
 */
export async function readBody(ctx: Context, opts: BodyFlags): Promise<string | undefined> {
  const { body, bodyFile: file } = opts;
  if (body !== undefined && file !== undefined) throw new UsageError('use either --body or --body-file, not both');
  if (file === undefined) return body;
  // An empty body is a body: a script that pipes nothing in means "no text".
  return readTextFile(ctx, file, '--body-file', { allowEmpty: true });
}

/** The title from --title, or asked for on a terminal; never empty. */
export async function titleOf(ctx: Context, title: string | undefined, prefix?: string): Promise<string> {
  if (title !== undefined) {
    if (title.trim() === '') throw new UsageError('--title must not be empty');
    return title;
  }
  return ask(ctx.io, '--title', { message: prefix ? `Title (after "${prefix.trim()}")` : 'Title' });
}

/** The editor the user chose (the editor setting, the environment, git's core.editor): every question that opens one asks here. */
export function userEditor(ctx: Context): Promise<string> {
  return editorCommand(ctx.env, ctx.io.cwd, gitCoreEditor, ctx.io.settings?.get('editor'));
}

/**
 * On a terminal, after the title was asked for: the body, written in the
 * user's editor, typed at the prompt, or left out (undefined).
 */
export async function askBody(ctx: Context, fileName: string, template?: { name: string; text: string }): Promise<string | undefined> {
  const command = await userEditor(ctx);
  const editor = command.split(/\s+/)[0] ?? '';
  const how = await choose(ctx.io, '--body', 'Body', [
    ...(template
      ? [
          { title: `Write it in your editor (${editor}), from the template ${template.name}`, value: 'editor' as const },
          { title: `Use the template ${template.name} as it is`, value: 'template' as const },
        ]
      : [{ title: `Write it in your editor (${editor})`, value: 'editor' as const }]),
    { title: 'Type it here (one line)', value: 'type' },
    { title: 'Leave it empty', value: 'skip' },
  ]);
  let text = '';
  if (how === 'template') text = template?.text ?? '';
  else if (how === 'editor') text = await editText(ctx.io, template?.text ?? '', fileName, command);
  else if (how === 'type') text = await ask(ctx.io, '--body', { message: 'Body', required: false });
  text = text.replace(/\s+$/, '');
  return text === '' ? undefined : text;
}

/**
 * The most text kettle reads from a file or standard input for one value (a
 * body, release notes, a secret): 4 MiB. Neither Gitea nor Forgejo limits an
 * issue's or a comment's text, but a page of that size is past any use, and
 * more is almost always the wrong file (a log, an image, /dev/zero).
 */
export const MAX_TEXT_INPUT = 4 * 1024 * 1024;

/** `kettle api`'s --input and -F KEY=@FILE: a raw request body may be larger (file contents in base64). */
export const MAX_API_INPUT = 64 * 1024 * 1024;

/** A size in MiB, as the messages and help say it. */
function mib(bytes: number): string {
  return `${Math.round((bytes / 1024 / 1024) * 10) / 10} MiB`;
}

function tooLarge(flag: string, file: string, max: number): UsageError {
  // A flag names where the text came from; a bare description ("standard input") stands alone.
  const what = !flag.startsWith('-') ? flag : file === '-' ? `${flag} - (standard input)` : `${flag} ${file}`;
  return new UsageError(`${what} holds more than ${mib(max)}, the most kettle reads for one value; nothing was sent`);
}

/**
 * Read up to `max` bytes of a file: refused from its size when it says one,
 * and otherwise (a device, a pipe, a file still growing) by reading no more
 * than one byte past the limit.
 */
async function readFileCapped(path: string, max: number): Promise<string | undefined> {
  const handle = await open(path, 'r');
  try {
    const info = await handle.stat();
    if (info.isDirectory()) throw Object.assign(new Error('EISDIR'), { code: 'EISDIR' });
    if (info.isFile() && info.size > max) return undefined;
    const chunks: Buffer[] = [];
    let size = 0;
    for (;;) {
      const buffer = Buffer.alloc(Math.min(64 * 1024, max + 1 - size));
      const { bytesRead } = await handle.read(buffer, 0, buffer.length, null);
      if (bytesRead === 0) break;
      chunks.push(buffer.subarray(0, bytesRead));
      size += bytesRead;
      if (size > max) return undefined;
    }
    return Buffer.concat(chunks).toString('utf8');
  } finally {
    await handle.close();
  }
}

/** Standard input, at most `max` bytes (see MAX_TEXT_INPUT). */
export async function readStdin(ctx: Context, flag: string, max = MAX_TEXT_INPUT): Promise<string> {
  try {
    return await readAll(ctx.io.stdin, max);
  } catch (err) {
    if (err instanceof TooLarge) throw tooLarge(flag, '-', max);
    throw err;
  }
}

/** Read a file named on the command line, or standard input for "-"; at most `max` bytes (MAX_TEXT_INPUT unless given). */
export async function readTextFile(ctx: Context, file: string, flag: string, opts: { allowEmpty?: boolean; max?: number } = {}): Promise<string> {
  const max = opts.max ?? MAX_TEXT_INPUT;
  if (file === '-') {
    if (ctx.io.stdinIsTTY) ctx.term.info(`kettle: reading ${flag} from standard input; end with Ctrl-D`);
    const text = await readStdin(ctx, flag, max);
    // Unless empty text means something: almost always a mistake (nothing piped in, or the wrong file redirected).
    if (text === '' && !opts.allowEmpty) throw new UsageError(`${flag === '@-' ? flag : `${flag} -`}: standard input was empty`);
    return text;
  }
  let text: string | undefined;
  try {
    text = await readFileCapped(file, max);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    const why = code === 'ENOENT' ? 'no such file' : code === 'EACCES' ? 'permission denied' : code === 'EISDIR' ? 'it is a folder' : (err as Error).message;
    throw new UsageError(`cannot read ${flag} ${file}: ${why}`);
  }
  if (text === undefined) throw tooLarge(flag, file, max);
  return text;
}

/**
 * The text of a comment or edit: --body, --body-file, else standard input when
 * it is not a terminal, else the editor on a terminal (opened on `initial`).
 * Empty text is refused: nothing is sent.
 */
export async function bodyOrEditor(ctx: Context, opts: BodyFlags, fileName: string, initial = ''): Promise<string> {
  let text = await readBody(ctx, opts);
  if (text === undefined) {
    if (!ctx.io.stdinIsTTY) text = await readStdin(ctx, 'standard input');
    else if (canPrompt(ctx.io)) text = (await editText(ctx.io, initial, fileName)).replace(/\s+$/, '');
    else throw new UsageError('--body is required (no terminal to open an editor on)');
  }
  if (text.trim() === '') throw new UsageError('the text is empty; nothing was sent (pass --body or --body-file)');
  return text;
}
