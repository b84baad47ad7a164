// How a refusal for want of a site administrator is worded (routers/api/v1/api.go
// reqSiteAdmin): the admin verbs, and the instance's runners (runner --global).
import { ApiError } from '../errors.js';
import { type Attempt, failure } from './failure.js';

/**
 * A catch handler: a 403 (not a token's missing scope) is one line saying a
 * site administrator is needed; anything else as failure() words it.
 */
export function adminFailure(attempt: Attempt & { action: string }): (err: unknown) => Promise<never> {
  return async (err: unknown) => {
    if (err instanceof ApiError && err.status === 403 && err.missingScope === undefined) {
      throw err.withMessage(`cannot ${attempt.action}: this needs a site administrator`);
    }
    return failure(attempt)(err);
  };
}

/** A list's pages, a refusal worded as adminFailure words it. */
export async function* adminPages<T>(pages: AsyncIterable<T>, action: string): AsyncGenerator<T> {
  try {
    yield* pages;
  } catch (err) {
    await adminFailure({ action })(err);
  }
}
