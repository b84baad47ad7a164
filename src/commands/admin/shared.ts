// What the admin verbs share: how a refusal is worded (every endpoint needs a
// site administrator, api.go reqSiteAdmin: ../site-admin.ts), and where a password comes from.
export { adminFailure, adminPages } from '../site-admin.js';
import type { Context } from '../../context/context.js';
import { ask } from '../../context/prompt.js';
import { ApiError, UsageError } from '../../errors.js';
import { canPrompt } from '../../io.js';
import { readStdin } from '../input.js';

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
