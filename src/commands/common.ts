// Small pieces shared by the verbs.
import { readFile } from 'node:fs/promises';
import type { ApiClient, ListOptions } from '../api/client.js';
import { type PageWindow, pageWindow } from '../api/paginate.js';
import { p, type QueryValue } from '../api/url.js';
import type { BodyFlags, ListFlags } from '../cli/flags.js';
import type { Context } from '../context/context.js';
import { editorCommand, editText } from '../context/editor.js';
import { readAll } from '../context/io.js';
import { ask, choose } from '../context/prompt.js';
import { fullName, type RepoRef } from '../context/repo.js';
import { ApiError, UsageError } from '../errors.js';
import { type Column, printPages, type Row } from '../output/printer.js';
import { nounOf, Progress } from '../output/progress.js';

/** Re-word a 404 as "<what> not found"; other errors pass through unchanged. */
export function notFoundAs(err: unknown, what: string): unknown {
  if (err instanceof ApiError && err.status === 404) return err.withMessage(`${what} not found`);
  return err;
}

/**
 * A request error worded after what the command tried: a 404 names the missing
 * thing, a refusal (403, 405, 409, 422) says what could not be done and why;
 * 422 field errors stay listed under the message.
 */
export function failed(err: unknown, action: string, missing?: string): unknown {
  if (!(err instanceof ApiError)) return err;
  if (err.status === 404 && missing !== undefined) return err.withMessage(`${missing} not found`);
  const why = err.serverMessage ?? (err.status === 422 ? 'the server rejected the input' : `HTTP ${err.status}`);
  if (err.status === 403) return err.withMessage(`cannot ${action}: permission denied (${why})`);
  if (err.status === 405 || err.status === 409 || err.status === 422) return err.withMessage(`cannot ${action}: ${why}`);
  return err;
}

/** Whether the repository exists; on any doubt (other errors), assume it does. */
export async function repoExists(api: ApiClient, repo: RepoRef): Promise<boolean> {
  return api.get(p`/repos/${repo.owner}/${repo.name}`).then(
    () => true,
    (err: unknown) => !(err instanceof ApiError && err.status === 404),
  );
}

/**
 * A catch handler for a request about something inside a repository (an issue,
 * a pull request): real servers answer 404 alike for a missing repository and
 * a missing issue, so one more request tells which to name.
 */
export function failedIn(api: ApiClient, repo: RepoRef, action: string, what: string): (err: unknown) => Promise<never> {
  return async (err: unknown) => {
    if (err instanceof ApiError && err.status === 404 && !(await repoExists(api, repo))) {
      throw err.withMessage(`repository ${fullName(repo)} not found`);
    }
    throw failed(err, action, what);
  };
}

/** A catch handler rethrowing the error worded by failed(). */
export function failedTo(action: string, missing?: string): (err: unknown) => never {
  return (err: unknown) => {
    throw failed(err, action, missing);
  };
}

/** --limit, --all and --page as a window of records; conflicting flags are a usage error. */
export function windowOf(opts: ListFlags): PageWindow {
  const { limit, page, all } = opts;
  if (all && limit !== undefined) throw new UsageError('use either --limit or --all, not both');
  if (all && page !== undefined) throw new UsageError('use either --page or --all, not both');
  return pageWindow({ ...(limit !== undefined ? { limit } : {}), ...(page !== undefined ? { page } : {}), all });
}

/** Fetch a window of a list endpoint and print it in the chosen output mode. */
export async function listAndPrint(
  ctx: Context,
  opts: ListFlags,
  path: string,
  query: Record<string, QueryValue>,
  columns: Column[],
  empty: string,
): Promise<void> {
  const window = windowOf(opts);
  const api = await ctx.api();
  await printListing(ctx, path, (options) => api.pages<Row>(path, window, query, options), columns, empty);
}

/**
 * Print the pages of a list as they arrive, with a progress line on a
 * terminal while a long list loads and a warning when the list changed under it.
 */
export async function printListing(
  ctx: Context,
  path: string,
  pages: (options: ListOptions) => AsyncIterable<Row[]>,
  columns: Column[],
  empty: string,
): Promise<void> {
  const progress = new Progress(ctx.io, nounOf(path));
  let changed = false;
  try {
    const listing = pages({
      onProgress: (received, total) => progress.update(received, total),
      onChange: () => {
        changed = true;
      },
    });
    await printPages(ctx.io, ctx.flags, listing, columns, { empty, onFetched: () => progress.done() });
  } finally {
    progress.done();
  }
  if (changed) ctx.warn('the list changed on the server while it was read; records added or removed meanwhile may be missing');
}

/** An issue or pull request number: "12" or "#12". */
export function parseNumberArg(value: string, what: string): number {
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
  return readTextFile(ctx, file, '--body-file');
}

/** The title from --title, or asked for on a terminal; never empty. */
export async function titleOf(ctx: Context, title: string | undefined): Promise<string> {
  if (title !== undefined) {
    if (title.trim() === '') throw new UsageError('--title must not be empty');
    return title;
  }
  return ask(ctx.io, '--title', { message: 'Title' });
}

/**
 * On a terminal, after the title was asked for: the body, written in the
 * user's editor, typed at the prompt, or left out (undefined).
 */
export async function askBody(ctx: Context, fileName: string): Promise<string | undefined> {
  const editor = editorCommand(ctx.env).split(/\s+/)[0] ?? '';
  const how = await choose(ctx.io, '--body', 'Body', [
    { title: `Write it in your editor (${editor})`, value: 'editor' },
    { title: 'Type it here (one line)', value: 'type' },
    { title: 'Leave it empty', value: 'skip' },
  ]);
  let text = '';
  if (how === 'editor') text = await editText(ctx.io, '', fileName);
  else if (how === 'type') text = await ask(ctx.io, '--body', { message: 'Body', required: false });
  text = text.replace(/\s+$/, '');
  return text === '' ? undefined : text;
}

/** Read a file named on the command line, or standard input for "-". */
export async function readTextFile(ctx: Context, file: string, flag: string): Promise<string> {
  if (file === '-') {
    if (ctx.io.stdinIsTTY) ctx.info(`kettle: reading ${flag} from standard input; end with Ctrl-D`);
    const text = await readAll(ctx.io.stdin);
    // Almost always a mistake (nothing piped in, or the wrong file redirected).
    if (text === '') throw new UsageError(`${flag === '@-' ? flag : `${flag} -`}: standard input was empty`);
    return text;
  }
  try {
    return await readFile(file, 'utf8');
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    const why = code === 'ENOENT' ? 'no such file' : code === 'EACCES' ? 'permission denied' : code === 'EISDIR' ? 'it is a folder' : (err as Error).message;
    throw new UsageError(`cannot read ${flag} ${file}: ${why}`);
  }
}

/** The web address a server sent with a record, for confirmations. */
export function webUrl(record: Row | undefined): string {
  const url = record?.html_url;
  return typeof url === 'string' && url !== '' ? ` ${url}` : '';
}
