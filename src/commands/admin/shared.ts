// What the admin verbs share: how a refusal is worded (every endpoint needs a
// site administrator, api.go reqSiteAdmin), and where a password comes from.
import type { Context } from '../../context/context.js';
import { ask } from '../../context/prompt.js';
import { ApiError, UsageError } from '../../errors.js';
import { canPrompt } from '../../io.js';
import { type Attempt, failure } from '../failure.js';
import { readStdin } from '../input.js';

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

/**
 * The password: from standard input with --password-stdin (one trailing line
 * break dropped, as echo and files end), else typed twice at a hidden prompt.
 * Never from the command line, so never in a shell's history or `ps`.
 */
export async function password(ctx: Context, login: string, fromStdin: boolean): Promise<string> {
  if (fromStdin) {
    const text = (await readStdin(ctx, '--password-stdin')).replace(/\r?\n$/, '');
    if (text === '') throw new UsageError('--password-stdin: standard input held no password');
    return text;
  }
  if (!ctx.io.stdinIsTTY || !canPrompt(ctx.io)) throw new UsageError('--password-stdin is required (no terminal to ask on); a password is never taken from the command line');
  const first = await ask(ctx.io, '--password-stdin', { message: `Password for ${login} (hidden)`, secret: true, asTyped: true });
  const again = await ask(ctx.io, '--password-stdin', { message: 'The same password again', secret: true, asTyped: true });
  if (first !== again) throw new UsageError('the two passwords differ; nothing was changed');
  return first;
}

/**
 * What the servers answer a refused password with (400, admin/user.go
 * CreateUser and EditUser: PasswordIsRequired or "password must be at least N
 * characters", PasswordComplexity, PasswordPwned), said in words. The
 * answers never hold the password.
 */
export function passwordProblem(err: unknown): string | undefined {
  if (!(err instanceof ApiError) || err.status !== 400) return undefined;
  const m = err.serverMessage ?? '';
  if (/PasswordIsRequired|at least \d+ characters|PasswordTooShort/i.test(m))
    return `the password is too short for the server${/\d+/.test(m) ? ` (${m})` : ' (its MIN_PASSWORD_LENGTH, 8 unless set)'}`;
  if (/complexity/i.test(m)) return "the password does not meet the server's complexity rules (PASSWORD_COMPLEXITY)";
  if (/pwned/i.test(m)) return 'the password is in a known data breach (the server checks PASSWORD_CHECK_PWN)';
  return undefined;
}
