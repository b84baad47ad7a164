// Pure decoding of what a server sent: JSON bodies, the API's error bodies, and
// whatever else a server or a proxy in front of it may answer.
import { heldBackStop } from './dry-run.js';
import { ApiError, type FieldError, oneLine } from '../errors.js';
import type { HeaderMap } from './headers.js';
import { redactUrlsIn } from './redact.js';
import { statusText } from './status.js';

/** An answer as it came, whatever its status. */
export interface RawApiResponse {
  status: number;
  headers: HeaderMap;
  text: string;
  url: string;
  /** A successful answer's body, undecoded, in the pieces it came in, when the request asked to keep its bytes (`text` is then empty). */
  pieces?: readonly Buffer[] | undefined;
}

/** A successful answer, its JSON body decoded. */
export interface ApiResponse<T = unknown> {
  status: number;
  headers: HeaderMap;
  data: T;
  url: string;
}

/** What decoding needs to know of an answer, for its messages. */
export interface RawResponse {
  method: string;
  /** Path relative to the API root, for messages. */
  path: string;
  status: number;
  contentType: string | undefined;
  text: string;
}

/** A status with its reason phrase ("404 Not Found"), or the bare number for one without. */
export function statusLabel(status: number): string {
  const text = statusText(status);
  return text ? `${status} ${text}` : String(status);
}

export function looksLikeHtml(contentType: string | undefined, text: string): boolean {
  if (contentType && /html/i.test(contentType)) return true;
  return /^\s*<(!doctype|html|head|body|\?xml)/i.test(text);
}

/** Short description of a body that is not the JSON we expected. */
export function describeBody(raw: RawResponse): string {
  if (raw.text.trim() === '') return 'an empty body';
  if (looksLikeHtml(raw.contentType, raw.text)) {
    const title = /<title[^>]*>([^<]{1,120})<\/title>/i.exec(raw.text)?.[1];
    return title ? `an HTML page ("${oneLine(title)}")` : 'an HTML page';
  }
  return 'a body that is not valid JSON (truncated or malformed)';
}

function fieldErrorsOf(value: unknown, hide: (text: string) => string): FieldError[] {
  if (!Array.isArray(value)) return [];
  return value
    .filter((e): e is Record<string, unknown> => typeof e === 'object' && e !== null)
    .map((e) => {
      const fe: FieldError = {};
      for (const key of ['resource', 'field', 'code', 'message'] as const) {
        if (typeof e[key] === 'string') fe[key] = hide(e[key]);
      }
      return fe;
    });
}

/**
 * The error for a response with status >= 400 (or an undecodable success).
 * A server may quote the request back (its body, its URL): `hide` takes out
 * what the request sent that must not be shown (echoHider in redact.ts); any
 * credential in a URL is hidden whatever the request.
 */
export function errorFromResponse(raw: RawResponse, hide: (text: string) => string = redactUrlsIn): ApiError {
  const { method, path, status } = raw;
  let serverMessage: string | undefined;
  let fieldErrors: FieldError[] = [];
  let parsed: unknown;
  try {
    parsed = raw.text.trim() === '' ? undefined : JSON.parse(raw.text);
  } catch {
    parsed = undefined;
  }
  if (typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)) {
    const body = parsed as Record<string, unknown>;
    if (typeof body.message === 'string' && body.message.trim() !== '') serverMessage = oneLine(hide(body.message));
    // The search endpoints' envelope says what failed as {"ok": false, "error": …}.
    else if (body.ok === false && typeof body.error === 'string' && body.error.trim() !== '') serverMessage = oneLine(hide(body.error));
    fieldErrors = fieldErrorsOf(body.errors, hide);
  }
  let message: string;
  if (serverMessage !== undefined) {
    message = `${serverMessage} (HTTP ${status})`;
  } else if (parsed !== undefined) {
    message = `the server answered ${statusLabel(status)} to ${method} ${path}`;
  } else {
    message = `the server answered ${statusLabel(status)} with ${hide(describeBody(raw))} to ${method} ${path}`;
  }
  return new ApiError({
    message,
    method,
    path,
    status,
    ...(serverMessage !== undefined ? { serverMessage } : {}),
    fieldErrors,
  });
}

/**
 * Decode a successful response. An empty body is `undefined` (real servers
 * answer merges and deletes that way); anything else must be JSON.
 */
export function decodeSuccess(raw: RawResponse): unknown {
  if (raw.text.trim() === '') return undefined;
  try {
    return JSON.parse(raw.text);
  } catch {
    throw new ApiError({
      message: `expected JSON from ${raw.method} ${raw.path} but the server answered ${statusLabel(raw.status)} with ${describeBody(raw)}`,
      method: raw.method,
      path: raw.path,
      status: raw.status,
    });
  }
}

/** Require a decoded body to be a JSON object (a record), or fail with one clear line. */
export function expectRecord(data: unknown, method: string, path: string, status = 200): Record<string, unknown> {
  if (typeof data === 'object' && data !== null && !Array.isArray(data)) return data as Record<string, unknown>;
  throw new ApiError({
    message: `expected a JSON object from ${method} ${path} but the server answered ${statusLabel(status)} with ${shapeOf(data)}`,
    method,
    path,
    status,
  });
}

/** Require the fields a record cannot be without (a made record's id): an object without them is some other answer. */
export function expectPresent(record: Record<string, unknown>, keys: readonly string[], what: string, method: string, path: string, status = 200): void {
  const absent = keys.filter((k) => record[k] === undefined || record[k] === null);
  if (absent.length === 0) return;
  throw new ApiError({
    message: `expected ${what} from ${method} ${path} but the server answered ${statusLabel(status)} with an object without ${absent.map((k) => `"${k}"`).join(', ')}`,
    method,
    path,
    status,
  });
}

/** Require a decoded body to be a JSON array (a list page). */
export function expectList(data: unknown, method: string, path: string, status = 200): unknown[] {
  if (Array.isArray(data)) return data;
  const stop = heldBackStop(data);
  if (stop !== undefined) throw stop;
  throw new ApiError({
    message: `expected a JSON list from ${method} ${path} but the server answered ${statusLabel(status)} with ${shapeOf(data)}`,
    method,
    path,
    status,
  });
}

/** The JSON type a field must have where it is present: what kettle reads it as. */
export type FieldKind = 'number' | 'string' | 'boolean' | 'object' | 'array';
/** The fields of a record kettle reads, each with its kind (the rest pass unchecked, as the server sent them). */
export type Shape = Readonly<Record<string, FieldKind>>;

function kindOf(value: unknown): FieldKind | 'null' | 'other' {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  const t = typeof value;
  return t === 'number' || t === 'string' || t === 'boolean' || t === 'object' ? t : 'other';
}

const ARTICLE: Record<string, string> = { number: 'a number', string: 'a string', boolean: 'a boolean', object: 'an object', array: 'a list', other: 'something else' };

/**
 * Require each field a shape names to have its kind, where present: a field
 * of another kind (an id sent as "3", a status as 6) would otherwise become a
 * plausible wrong value (ID 0, a run that never ends). Absent or null passes:
 * Go writes a nil pointer as null, and older releases leave fields out. Only
 * the fields named are looked at, so a long list costs a few lookups a record.
 */
export function expectFields(record: Record<string, unknown>, shape: Shape, method: string, path: string, status = 200): void {
  for (const key in shape) {
    const value = record[key];
    if (value === undefined || value === null) continue;
    const want = shape[key] as FieldKind;
    const got = kindOf(value);
    if (got === want) continue;
    throw new ApiError({
      message: `expected ${ARTICLE[want]} for "${key}" from ${method} ${path} but the server answered ${statusLabel(status)} with ${ARTICLE[got]}`,
      method,
      path,
      status,
    });
  }
}

function shapeOf(data: unknown): string {
  if (data === undefined) return 'an empty body';
  if (data === null) return 'null';
  if (Array.isArray(data)) return 'a list';
  return typeof data === 'object' ? 'an object' : `a ${typeof data}`;
}

// Servers disagree on the names of a record's times: the API description says
// created_at and updated_at, some servers send created and updated.

/** When a record was created. */
export function createdAt(record: Record<string, unknown>): unknown {
  return record.created_at ?? record.created;
}

/** When a record was last changed. */
export function updatedAt(record: Record<string, unknown>): unknown {
  return record.updated_at ?? record.updated;
}
