// How a failed request is worded: after what the command tried, not after the
// HTTP exchange. One helper for every verb.
import type { ApiClient } from '../api/client.js';
import * as issues from '../api/gitea/issues.js';
import * as repos from '../api/gitea/repos.js';
import { fullName, type RepoRef } from '../context/repo.js';
import { ApiError, KettleError, NetworkError } from '../errors.js';

export interface Attempt {
  /** What the command tried, after "cannot": `close issue #3 in alice/teapot`. */
  action?: string;
  /** What a 404 means is missing: `issue #3 in alice/teapot`. */
  missing?: string;
  /**
   * The repository the request was about. Real servers answer 404 alike for a
   * missing repository and a missing issue, so one more request tells which to name.
   */
  within?: { api: ApiClient; repo: RepoRef };
}

/**
 * The error reworded: a 404 names the missing thing; a refusal (403, 405, 409,
 * 422) says what could not be done and why; 422 field errors stay listed under
 * the message. Anything else passes through unchanged.
 */
export function reword(err: unknown, attempt: Omit<Attempt, 'within'>): unknown {
  if (!(err instanceof ApiError)) return err;
  if (err.status === 404 && attempt.missing !== undefined) return err.withMessage(`${attempt.missing} not found`);
  if (attempt.action === undefined) return err;
  const why = err.serverMessage ?? (err.status === 422 ? 'the server rejected the input' : `HTTP ${err.status}`);
  if (err.missingScope !== undefined) return err.withMessage(`cannot ${attempt.action}: the token lacks the scope ${err.missingScope}`);
  if (err.status === 403) return err.withMessage(`cannot ${attempt.action}: permission denied (${why})`);
  if (err.status === 405 || err.status === 409 || err.status === 422) return err.withMessage(`cannot ${attempt.action}: ${why}`);
  return err;
}

/** A catch handler that rethrows the error reworded (see reword), checking the repository first when given. */
export function failure(attempt: Attempt): (err: unknown) => Promise<never> {
  return async (err: unknown) => {
    const { within } = attempt;
    if (within && err instanceof ApiError && err.status === 404 && !(await repos.exists(within.api, within.repo))) {
      throw err.withMessage(`repository ${fullName(within.repo)} not found`);
    }
    throw reword(err, attempt);
  };
}

/**
 * A read the command can do without when the server refuses it (an error
 * status: not there, not allowed, not supported on this release): `fallback`
 * then. A read that got no answer at all (timed out, cut off, unreachable) is
 * no refusal: it fails the command, which then writes nothing on a guess.
 */
export function unlessRefused<T, F>(read: Promise<T>, fallback: F): Promise<T | F> {
  return read.catch((err: unknown) => {
    if (err instanceof NetworkError) throw err;
    return fallback;
  });
}

/**
 * How a failed comment is worded. Gitea answers a comment on a number that is
 * no issue with 500 rather than 404 (CreateIssueComment): one read tells a
 * missing issue from a server fault, so the former is named, not blamed on the server.
 */
export function commentFailure(api: ApiClient, repo: RepoRef, number: number, what: string): (err: unknown) => Promise<never> {
  const plain = failure({ action: `comment on ${what}`, missing: what, within: { api, repo } });
  return async (err: unknown) => {
    if (err instanceof ApiError && err.status === 500) {
      const missing = await issues.get(api, repo, number).then(
        () => false,
        (e: unknown) => e instanceof ApiError && e.status === 404,
      );
      if (missing) {
        if (!(await repos.exists(api, repo))) throw new KettleError(`repository ${fullName(repo)} not found`);
        throw new KettleError(`${what} not found`);
      }
    }
    return plain(err);
  };
}
