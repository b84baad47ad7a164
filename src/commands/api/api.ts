// kettle api PATH: any request to the API, with kettle's auth, pagination and
// errors. The credential never leaves its server: absolute URLs to another
// origin are refused.
import { target } from '../../context/target.js';
import { type HeaderMap, headerValue } from '../../api/headers.js';
import { MAX_PAGE_SIZE } from '../../api/paginate.js';
import { decodeSuccess, describeBody, errorFromResponse, looksLikeHtml } from '../../api/response.js';
import { statusText } from '../../api/status.js';
import { redactUrl, redactUrlsIn } from '../../api/redact.js';
import { checkUnderRoot, encodeSegment, type QueryValue } from '../../api/url.js';
import type { Context } from '../../context/context.js';
import { ApiError, KettleError, UsageError } from '../../errors.js';
import { visibleControls } from '../../text/controls.js';
import { printAnswer, printPages, printText } from '../../output/printer.js';
import { streamOut } from '../../output/stream.js';
import { Progress } from '../../output/progress.js';
import { type Field, fieldsToBody, fieldsToQuery, parseField, parseHeader } from './fields.js';
import { MAX_API_INPUT, readTextFile } from '../input.js';
import type { OptionsOf } from '../../spec/spec.js';
import type * as definitions from './index.js';
import { SCHEME } from '../../text/schemes.js';

export type ApiOptions = OptionsOf<typeof definitions.apiVerb>;

/** What an arbitrary list path returns, guessed from its last segment, for the progress line of --paginate. */
const NOUNS: Record<string, string> = {
  issues: 'issues',
  search: 'issues',
  pulls: 'pull requests',
  repos: 'repositories',
  orgs: 'organizations',
  hooks: 'webhooks',
  users: 'users',
};

export function nounOf(path: string): string {
  const last = path.split('?')[0]?.split('/').filter(Boolean).pop() ?? '';
  return NOUNS[last] ?? 'records';
}

/**
 * PATH relative to the API root. Accepts "/user", "user", "/api/v1/user", the
 * API root's own path prefix, or an absolute URL on the same server.
 */
export function relativePath(input: string, root: string): string {
  const rootUrl = new URL(root);
  let path = input.trim();
  if (path === '') throw new UsageError('the API path is empty; for example: kettle api /user');
  if (SCHEME.test(path)) {
    let url: URL;
    try {
      url = new URL(path);
    } catch {
      throw new UsageError(`invalid URL "${path}"`);
    }
    if (url.origin !== rootUrl.origin) {
      throw new UsageError(`refusing to send your credentials to ${url.host}: kettle api only talks to ${rootUrl.host}`);
    }
    if (!url.pathname.startsWith(`${rootUrl.pathname}/`) && url.pathname !== rootUrl.pathname) {
      throw new UsageError(`${url.pathname} is outside the API root ${rootUrl.pathname}`);
    }
    path = url.pathname.slice(rootUrl.pathname.length) + url.search;
  }
  if (!path.startsWith('/')) path = `/${path}`;
  for (const prefix of [rootUrl.pathname, '/api/v1']) {
    if (path === prefix || path.startsWith(`${prefix}/`) || path.startsWith(`${prefix}?`)) {
      path = path.slice(prefix.length) || '/';
      break;
    }
  }
  // The client refuses these too; here the refusal comes before anything else is read.
  checkUnderRoot(path, root);
  return path;
}

async function fillPlaceholders(ctx: Context, path: string, opts: ApiOptions): Promise<string> {
  if (!/\{(owner|repo)\}/.test(path)) return path;
  const { repo } = await target(ctx, { repo: opts.repo });
  return path.replace(/\{owner\}/g, encodeSegment(repo.owner)).replace(/\{repo\}/g, encodeSegment(repo.name));
}

/**
 * A response header as printed by --include. A server may echo the request's
 * URL (Link, Location, Content-Location), and with `--auth query` that URL
 * carries the token: hide it, as the debug trace does.
 */
export function redactHeader(value: string, secret: string | undefined): string {
  const out = redactUrlsIn(value);
  return secret ? out.split(secret).join('REDACTED') : out;
}

/** The body, parsed once: its JSON value, or undefined when it is not JSON. */
function parseJson(text: string): { value: unknown } | undefined {
  try {
    return { value: JSON.parse(text) };
  } catch {
    return undefined;
  }
}

function printBody(ctx: Context, text: string, json: { value: unknown } | undefined, status: number): void {
  if (text === '') return;
  // --jq filters an answer; an error's body is printed as it came, to be read.
  const filter = ctx.output.kind === 'jq' && status < 400 ? ctx.output.jq : undefined;
  if (filter && !json) throw new KettleError('--jq: the answer is not JSON');
  printAnswer(ctx.io, text, json, filter);
}

export async function run(ctx: Context, opts: ApiOptions): Promise<void> {
  const input = opts.path;
  const login = ctx.logins.resolve();
  let path = relativePath(input, login.root);
  const inputFile = opts.input;
  const fieldArgs: [string, boolean][] = [...opts.rawField.map((a): [string, boolean] => [a, false]), ...opts.field.map((a): [string, boolean] => [a, true])];
  // Standard input can be read once: by --input - or by one -F KEY=@-.
  const stdinReaders = fieldArgs.filter(([a, typed]) => typed && /^[^=]+=@-$/.test(a)).length + (inputFile === '-' ? 1 : 0);
  if (stdinReaders > 1) throw new UsageError('standard input can be read only once: use @- or --input - for one value only');
  const readText = (file: string) => readTextFile(ctx, file, '-F', { max: MAX_API_INPUT });
  const fields: Field[] = [];
  for (const [arg, typed] of fieldArgs) fields.push(await parseField(arg, typed, readText));
  const headers: Record<string, string> = {};
  for (const arg of opts.header) {
    const [name, value] = parseHeader(arg);
    headers[name] = value;
  }
  const { paginate } = opts;
  // Fields or a body imply POST, as with gh; --paginate only makes sense for GET.
  const implied = paginate ? 'GET' : fields.length > 0 || inputFile !== undefined ? 'POST' : 'GET';
  // -X is checked and upper-cased as it is parsed.
  const method = opts.method ?? implied;
  if (paginate && method !== 'GET') throw new UsageError('--paginate works with GET only');
  if (paginate && opts.include) throw new UsageError('use either --paginate or --include, not both');
  path = await fillPlaceholders(ctx, path, opts);

  // Fields go in the query for GET and HEAD, and when --input supplies the body.
  const fieldsInQuery = method === 'GET' || method === 'HEAD' || inputFile !== undefined;
  const query: Record<string, QueryValue> = fieldsInQuery ? fieldsToQuery(fields) : {};
  let body: unknown;
  if (inputFile !== undefined) body = await readTextFile(ctx, inputFile, '--input', { max: MAX_API_INPUT });
  else if (!fieldsInQuery && fields.length > 0) body = fieldsToBody(fields);

  // -R HOST/OWNER/NAME for {owner}/{repo} may have chosen another login than the first guess.
  const api = await ctx.clients.api(ctx.logins.resolve());
  if (paginate) {
    // Streamed like the list commands' --json: page by page into a spool, one
    // JSON array on stdout once the last page is in, a progress line meanwhile
    // on a terminal. A `limit` the caller gives is the page size asked for.
    const { limit, ...rest } = query;
    const given = Array.isArray(limit) ? limit[limit.length - 1] : limit;
    const asked = typeof given === 'number' || typeof given === 'string' ? Number(given) : NaN;
    const pageSize = Number.isInteger(asked) && asked > 0 ? asked : MAX_PAGE_SIZE;
    const progress = new Progress(ctx.io, nounOf(path));
    try {
      const pages = api.pages(path, { count: Infinity, offset: 0, pageSize }, rest, {
        headers,
        onProgress: (received, total) => progress.update(received, total),
      });
      const shown = { onFetched: () => progress.done(), verbatim: true };
      await printPages(ctx.io, ctx.output.kind === 'jq' ? { kind: 'jq', jq: ctx.output.jq } : { kind: 'json' }, pages, [], shown);
    } finally {
      progress.done();
    }
    return;
  }

  // Bytes that are not JSON or a page go to a pipe or a file as they arrive,
  // unchanged and never held whole (an image, an archive). Anything else is
  // read whole first: only a whole, valid answer reaches stdout, and a
  // proxy's HTML page or a cut-off body is reported on stderr instead.
  // With --jq the answer must be read whole: it is filtered as JSON.
  const streamIf = (status: number, h: HeaderMap) => status < 300 && !ctx.io.stdoutIsTTY && ctx.output.kind !== 'jq' && !mayBeChecked(headerValue(h, 'content-type'));
  const res = await api.requestStream(method, path, { query, ...(body !== undefined ? { body } : {}), headers, streamIf });
  const contentType = headerValue(res.headers, 'content-type');
  const printHead = () => {
    if (!opts.include) return;
    const secret = api.token;
    const lines = [`HTTP/1.1 ${res.status} ${statusText(res.status)}`.trimEnd()];
    for (const [name, value] of Object.entries(res.headers)) {
      for (const v of Array.isArray(value) ? value : [value ?? '']) lines.push(`${name}: ${redactHeader(v, secret)}`);
    }
    const head = lines.join('\n');
    printText(ctx.io, `${ctx.io.stdoutIsTTY ? visibleControls(head) : head}\n\n`);
  };
  if (res.body !== undefined) {
    printHead();
    await copyBody(ctx, res.body, res.failed);
    return;
  }

  // An error's body may quote the request back: the secrets it carried are hidden there, on stdout as on stderr.
  const hide = api.echoHider(path, body !== undefined ? { body } : {});
  const text = res.status >= 400 ? hide(res.text) : res.text;
  const raw = { method, path, status: res.status, contentType, text };
  const json = parseJson(text);
  const broken = text.trim() !== '' && (looksLikeHtml(contentType, text) || (isJsonType(contentType) && json === undefined));
  if (broken && res.status < 400) decodeSuccess(raw);
  printHead();
  // A terminal gets JSON pretty-printed and no control characters to obey;
  // a pipe or a file gets the body's bytes exactly as they came.
  if (!broken && ((ctx.output.kind === 'jq' && res.status < 400) || ctx.io.stdoutIsTTY)) printBody(ctx, text, json, res.status);
  else if (!broken && text !== res.text) await streamOut(ctx.io, Buffer.from(text));
  else if (!broken && res.bytes.length > 0) await streamOut(ctx.io, res.bytes);
  if (res.status >= 300 && res.status < 400 && res.status !== 304) {
    // Not followed: the credential would go along, possibly to another host.
    const location = headerValue(res.headers, 'location');
    const where = location ? redactUrl(new URL(location, res.url)) : 'another address';
    throw new ApiError({ message: `${method} ${path}: the server redirected to ${where}; kettle api does not follow redirects`, method, path, status: res.status });
  }
  if (res.status >= 400) {
    const err = errorFromResponse(raw, hide);
    const failed = new ApiError({
      message: broken
        ? `${method} ${path}: the server answered with ${describeBody(raw)} instead of JSON (HTTP ${res.status})`
        : `${method} ${path}: ${err.serverMessage ?? 'the server answered'} (HTTP ${res.status})`,
      method,
      path,
      status: res.status,
      ...(err.serverMessage !== undefined ? { serverMessage: err.serverMessage } : {}),
    });
    // A change the server failed at may have been made in part: report() says so, and where to look.
    if (res.status >= 500 && (method === 'POST' || method === 'PATCH')) failed.uncertainPath = path;
    throw failed;
  }
}

/** A body kettle checks before printing: JSON, a page, or one that does not say what it is. */
function mayBeChecked(contentType: string | undefined): boolean {
  return contentType === undefined || isJsonType(contentType) || /html|xml/i.test(contentType);
}

type Body = AsyncIterable<Buffer>;

/** The body to stdout as it arrives; a connection that fails partway is one line (exit 1). */
async function copyBody(ctx: Context, body: Body, failed: (err: unknown) => Error): Promise<void> {
  try {
    for await (const chunk of body) await streamOut(ctx.io, chunk);
  } catch (err) {
    throw failed(err);
  }
}

function isJsonType(contentType: string | undefined): boolean {
  return contentType !== undefined && /[/+]json\b/i.test(contentType);
}
