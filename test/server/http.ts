// Small HTTP pieces of the in-memory server: errors as a Gitea-family server
// sends them, path matching on decoded segments, and pagination.

export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly body: unknown,
    readonly headers: Record<string, string> = {},
  ) {
    super(`HTTP ${status}`);
  }
}

export interface FieldProblem {
  field: string;
  code?: string;
  resource?: string;
}

export function notFound(apiRoot: string, message = "The target couldn't be found."): HttpError {
  return new HttpError(404, { errors: null, message, url: `${apiRoot}/swagger` });
}

/** services/context/api.go NotFound(err): the generic message, the error's text in `errors` (Gitea up to 1.26, Forgejo). */
export function notFoundBecause(apiRoot: string, error: string): HttpError {
  return new HttpError(404, { errors: [error], message: "The target couldn't be found.", url: `${apiRoot}/swagger` });
}

export function forbidden(message: string): HttpError {
  return new HttpError(403, { message, url: '' });
}

export function conflict(message: string): HttpError {
  return new HttpError(409, { message, url: '' });
}

/**
 * A validation failure: the spec's body, errors listing each failing field.
 * A server of the `bare422` flavour sends the message alone (the server's
 * answer is decided where it is sent, in index.ts).
 */
export class ValidationError extends HttpError {
  constructor(override readonly body: { message: string; errors: unknown[] }) {
    super(422, body);
  }
}

export function invalid(resource: string, problems: FieldProblem[], message?: string): ValidationError {
  const text = message ?? problems.map((p) => `[${p.field}]: ${p.code ?? 'invalid'}`).join(', ');
  return new ValidationError({
    message: text,
    errors: problems.map((p) => ({ resource: p.resource ?? resource, field: p.field, code: p.code ?? 'invalid' })),
  });
}

/** Throws the validation failure of these problems, if there are any. */
export function check(resource: string, problems: FieldProblem[]): void {
  if (problems.length > 0) throw invalid(resource, problems);
}

/** Split a raw path into decoded segments; null for a malformed escape. */
export function segments(rawPath: string): string[] | null {
  const parts = rawPath.split('/').slice(1);
  try {
    return parts.map((s) => decodeURIComponent(s));
  } catch {
    return null;
  }
}

/** Match `/repos/:owner/:repo` against decoded segments. */
export function match(pattern: string, segs: string[]): Record<string, string> | null {
  const want = pattern.split('/').slice(1);
  // A last `*name` takes the rest of the path, slashes and all (a file path: contents/.gitea/workflows/ci.yml).
  const rest = want[want.length - 1]?.startsWith('*') ? want.length - 1 : -1;
  if (rest >= 0 ? segs.length <= rest : want.length !== segs.length) return null;
  const params: Record<string, string> = {};
  if (rest >= 0) {
    const tail = segs.slice(rest);
    if (tail.some((x) => x === '')) return null;
    params[(want[rest] as string).slice(1)] = tail.join('/');
  }
  for (let i = 0; i < (rest >= 0 ? rest : want.length); i++) {
    const w = want[i] as string;
    const s = segs[i] as string;
    if (w.startsWith(':')) {
      if (s === '') return null;
      params[w.slice(1)] = s;
    } else if (w !== s) {
      return null;
    }
  }
  return params;
}

export type PaginationStyle = 'spec' | 'gitea' | 'none';

/**
 * Ways real servers (or proxies in front of them) get pagination wrong, for
 * the tests that check a list still ends:
 * - ignore-page: honours `limit` but answers page 1 whatever `page` says;
 * - huge-total: X-Total-Count far beyond the records, empty pages after them;
 * - empty-early: page 2 and later come back empty before the total is reached;
 * - link-back: no total, and every Link rel="next" points to page 1.
 */
export type PagingFault = 'ignore-page' | 'huge-total' | 'empty-early' | 'link-back';

export interface PageOptions {
  defaultPageSize: number;
  maxPageSize: number;
  style: PaginationStyle;
  fault?: PagingFault | undefined;
}

/** One page of a list, and the headers a server sends with it. */
export function paginate<T>(items: T[], query: URLSearchParams, requestUrl: URL, opts: PageOptions): { items: T[]; headers: Record<string, string> } {
  const int = (name: string): number | undefined => {
    const v = query.get(name);
    return v !== null && /^\d+$/.test(v) ? Number(v) : undefined;
  };
  let page = int('page') ?? 1;
  if (page < 1) page = 1;
  let limit = int('limit') ?? opts.defaultPageSize;
  if (limit < 1) limit = opts.defaultPageSize;
  limit = Math.min(limit, opts.maxPageSize);
  const fault = opts.fault;
  const total = fault === 'huge-total' ? 99_999_999_999 : items.length;
  const served = fault === 'ignore-page' ? 1 : page;
  const slice = fault === 'empty-early' && page > 1 ? [] : items.slice((served - 1) * limit, served * limit);
  const headers: Record<string, string> = {};
  if (fault === 'link-back') {
    const u = new URL(requestUrl);
    u.searchParams.set('page', '1');
    return { items: slice, headers: { link: `<${u.toString()}>; rel="next"` } };
  }
  if (opts.style === 'none') return { items: slice, headers };
  headers['x-total-count'] = String(total);
  if (opts.style === 'spec') {
    headers['x-page'] = String(page);
    headers['x-perpage'] = String(limit);
  }
  const last = Math.max(1, Math.ceil(total / limit));
  const link = (p: number, rel: string) => {
    const u = new URL(requestUrl);
    u.searchParams.set('page', String(p));
    u.searchParams.set('limit', String(limit));
    // Never echo a credential back in a link.
    u.searchParams.delete('token');
    u.searchParams.delete('access_token');
    return `<${u.toString()}>; rel="${rel}"`;
  };
  const links: string[] = [];
  if (page < last) links.push(link(page + 1, 'next'), link(last, 'last'));
  if (page > 1) links.push(link(1, 'first'), link(page - 1, 'prev'));
  if (links.length > 0) headers.link = links.join(',');
  headers['access-control-expose-headers'] = 'X-Total-Count, Link';
  return { items: slice, headers };
}
