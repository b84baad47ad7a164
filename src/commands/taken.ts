// Changes the server answered success to but did not apply. Gitea and Forgejo
// skip the labels, assignees, milestone and due date of an issue or pull
// request from a user without write access and still answer 200/201, so a
// write is checked against the record that came back: what did not take is
// named, and the command fails.
import { ApiError, KettleError } from '../errors.js';

const sameLogin = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

/** Whether two lists of logins hold the same people, in any order and case. */
export function sameLogins(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((x) => b.some((y) => sameLogin(x, y))) && b.every((y) => a.some((x) => sameLogin(x, y)));
}

/** Whether two lists of ids hold the same ids, in any order. */
export function sameIds(a: readonly number[], b: readonly number[]): boolean {
  const x = new Set(a);
  const y = new Set(b);
  return x.size === y.size && [...x].every((id) => y.has(id));
}

/** `a`, `a and b`, `a, b and c`. */
export function spoken(items: readonly string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}

/**
 * The failure for changes that did not take (exit 1), saying what did when
 * that is known; undefined when all took.
 */
export function notTaken(what: string, missed: readonly string[], took: readonly string[] = []): KettleError | undefined {
  if (missed.length === 0) return undefined;
  const applied = took.length > 0 ? `changed the ${spoken(took)} but ` : '';
  return new KettleError(`the server answered success but ${applied}left out the ${spoken(missed)} of ${what}`, 1, [
    '  (Gitea and Forgejo skip these for users without write access to the repository)',
  ]);
}

/**
 * The error of a step that failed after earlier steps of the same command had
 * been applied, saying which were: `…; already changed before that: the title and labels`.
 */
export function afterSteps(err: unknown, done: readonly string[], verb = 'changed'): unknown {
  if (done.length === 0) return err;
  const tail = `; already ${verb} before that: the ${spoken(done)}`;
  if (err instanceof ApiError) return err.withMessage(`${err.message}${tail}`);
  if (err instanceof KettleError) return new KettleError(`${err.message}${tail}`, err.exitCode, err.details);
  return err;
}
