// Typed errors and the single mapping from an error to an exit code and the
// lines printed on stderr. Nothing else in kettle decides an exit code.
import { visibleControls } from './text/controls.js';
import { madeButUnread, unknownOutcome } from './outcome.js';

export const ExitCode = {
  ok: 0,
  failure: 1,
  usage: 2,
  auth: 4,
  /** Checks still running (pr checks), as gh answers. */
  pending: 8,
  interrupted: 130,
  terminated: 143,
} as const;

export class KettleError extends Error {
  readonly exitCode: number;
  /** Extra lines printed under the message (422 field errors, hints). */
  readonly details: string[];
  /**
   * The API path of a change that may or may not have happened (the answer
   * was lost, or a 5xx came back for a POST). The API layer only marks it; the
   * command layer says which kettle command shows the state.
   */
  uncertainPath: string | undefined;

  constructor(message: string, exitCode: number = ExitCode.failure, details: string[] = []) {
    super(message);
    this.name = new.target.name;
    this.exitCode = exitCode;
    this.details = details;
  }
}

/** Bad input caught before any request, a prompt needed without a TTY, a refused confirmation. */
export class UsageError extends KettleError {
  constructor(message: string, details: string[] = []) {
    super(message, ExitCode.usage, details);
  }
}

/** No credentials configured, or credentials the server rejected. */
export class AuthError extends KettleError {
  constructor(message: string, details: string[] = []) {
    super(message, ExitCode.auth, details);
  }
}

/** The connection failed: refused, reset, timed out, DNS. */
export class NetworkError extends KettleError {
  constructor(message: string, details: string[] = []) {
    super(message, ExitCode.failure, details);
  }
}

/** The user pressed Ctrl-C or cancelled a prompt. */
export class CancelledError extends KettleError {
  constructor(message = 'cancelled', exitCode: number = ExitCode.interrupted) {
    super(message, exitCode);
  }
}

/** A program kettle ran for the user (an extension) exited so: its status is kettle's, and it said its own words. */
export class ChildExited extends KettleError {
  constructor(status: number) {
    super(`exited with status ${status}`, status);
  }
}

export interface FieldError {
  resource?: string;
  field?: string;
  code?: string;
  message?: string;
}

/** The server answered, but not with what was asked for. */
export class ApiError extends KettleError {
  readonly method: string;
  readonly path: string;
  readonly status: number;
  readonly serverMessage: string | undefined;
  readonly fieldErrors: FieldError[];
  /**
   * Set when this answer came on a retry after the first answer was lost
   * (what the first try got instead): the request may have been carried out.
   */
  lostAnswer: string | undefined;

  constructor(init: {
    message: string;
    method: string;
    path: string;
    status: number;
    serverMessage?: string;
    fieldErrors?: FieldError[];
    details?: string[];
  }) {
    const fieldErrors = init.fieldErrors ?? [];
    const details = [...fieldErrors.map(formatFieldError), ...(init.details ?? [])];
    super(init.message, init.status === 401 ? ExitCode.auth : ExitCode.failure, details);
    this.method = init.method;
    this.path = init.path;
    this.status = init.status;
    this.serverMessage = init.serverMessage;
    this.fieldErrors = fieldErrors;
    this.missingScope = init.status === 403 ? missingScopeOf(init.serverMessage) : undefined;
    // routers/api/v1/api.go sudo(), every release: the same 403 for any path (seen on real Gitea 1.23.8, 1.27.0 and Forgejo 11.0.1).
    this.sudoRefused = init.status === 403 && init.serverMessage === 'Only administrators allowed to sudo.';
  }

  /** The server refused --sudo: the token's user is not a site administrator. */
  readonly sudoRefused: boolean;

  /** The token scope a 403 says the request needed (tokenRequiresScopes), when it says so. */
  readonly missingScope: string | undefined;

  /** The same error, with a caller's wording of what went wrong ("repository a/b not found"). */
  withMessage(message: string, extraDetails: string[] = []): ApiError {
    const reworded = new ApiError({
      message,
      method: this.method,
      path: this.path,
      status: this.status,
      ...(this.serverMessage !== undefined ? { serverMessage: this.serverMessage } : {}),
      fieldErrors: this.fieldErrors,
      details: [...this.details.slice(this.fieldErrors.length), ...extraDetails],
    });
    reworded.uncertainPath = this.uncertainPath;
    reworded.lostAnswer = this.lostAnswer;
    return reworded;
  }
}

/**
 * The scope named by a server's refusal of a token that lacks it
 * (routers/api/v1/api.go tokenRequiresScopes): Gitea "token does not have at
 * least one of required scope(s), required=[read:notification], token
 * scope=…", Forgejo "…required scope(s): [read:notification]" (both seen on
 * real servers: Gitea 1.23.8 and 1.27.0, Forgejo 11.0.1).
 */
function missingScopeOf(message: string | undefined): string | undefined {
  const m = /required scope\(s\)(?:, required=|: )\[([^\]]+)\]/.exec(message ?? '');
  return m?.[1]?.split(/[\s,]+/)[0];
}

/** What the user can do about a token without the scope a command needs. */
/** What to do about a token without a scope, when the login is not known. */
function scopeHint(scope: string): string[] {
  return [`  A token with ${scope} is needed: kettle login add --user NAME mints one with every scope kettle needs, or make one in the server's settings, under Applications`];
}

export function formatFieldError(e: FieldError): string {
  const field = e.field || e.resource || 'field';
  const what = e.message || e.code || 'invalid';
  return `  ${field}: ${what}`;
}

/** What the system says of an output that could not be written, for the codes kettle names itself. */
const WRITE_ERRORS: Record<string, string> = {
  ENOSPC: 'no space left on device',
  EIO: 'input/output error',
  EBADF: 'bad file descriptor',
  EDQUOT: 'disk quota exceeded',
  EFBIG: 'file too large',
  EACCES: 'permission denied',
  EPERM: 'operation not permitted',
};

/**
 * Standard output that cannot be written (a full disk, /dev/full, a closed
 * descriptor): one line, exit 1, never a stack. undefined for any other error
 * (EPIPE, a reader that stopped early, is not one: it is success).
 */
export function outputError(err: unknown): KettleError | undefined {
  const e = err as NodeJS.ErrnoException | undefined;
  if (!(e instanceof Error) || typeof e.code !== 'string' || e.code === 'EPIPE') return undefined;
  if (e.syscall !== undefined && e.syscall !== 'write') return undefined;
  const known = WRITE_ERRORS[e.code];
  if (known === undefined && e.syscall !== 'write') return undefined;
  const what = known ?? e.message.replace(/^[A-Z]+: /, '').replace(/, write$/, '');
  return new KettleError(`cannot write output: ${what}`);
}

export function exitCodeFor(err: unknown): number {
  if (err instanceof KettleError) return err.exitCode;
  return ExitCode.failure;
}

/** Collapse whitespace so a message always stays on one line. */
export function oneLine(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

/** A message for stderr: on one line, and any control character from the server shown, not obeyed. */
function messageLine(text: string): string {
  return visibleControls(oneLine(text));
}

/**
 * The lines to print on stderr for an error. Unexpected errors (bugs) get one
 * line too; the stack only with --debug. `clause` ends a KettleError's
 * message (what report() knows of a change's outcome).
 */
export function formatError(err: unknown, debug: boolean, clause = ''): string[] {
  if (err instanceof KettleError) {
    const lines = [`kettle: ${messageLine(err.message + clause)}`, ...err.details.map(visibleControls)];
    if (debug && err.stack && !(err instanceof UsageError)) lines.push(visibleControls(err.stack));
    return lines;
  }
  const message = err instanceof Error ? err.message : String(err);
  // A file of kettle's own that is missing or damaged (bin/kettle.cjs says which): no bug, and the line says what to do.
  if ((err as NodeJS.ErrnoException | undefined)?.code === 'KETTLE_INSTALL') return [`kettle: ${messageLine(message)}`];
  const lines = [`kettle: unexpected error: ${messageLine(message)}`];
  if (!debug) lines.push('  (run again with --debug for details)');
  else if (err instanceof Error && err.stack) lines.push(visibleControls(err.stack));
  return lines;
}

/**
 * The one exit code of a command that tried several things (numbers, servers)
 * of which some failed: the failures' own code when every one of them failed
 * and all in the same way (every server refusing the credentials: 4), else 1
 * (the contract: "exit 1 if any failed"). `codes` are those of the failures.
 */
export function combinedExitCode(codes: readonly number[], attempted: number): number {
  const [first] = codes;
  if (first === undefined) return ExitCode.ok;
  const one = codes.length >= attempted && codes.every((c) => c === first);
  return one && first !== ExitCode.ok ? first : ExitCode.failure;
}

/** Several values at once (`issue close 6 7 8`) of which some failed: each was reported in its turn. */
export class SeveralFailed extends KettleError {
  /** The errors of those that failed. */
  readonly failures: unknown[];
  /** How many values were tried. */
  readonly attempted: number;

  constructor(message: string, failures: unknown[], attempted: number) {
    super(message);
    this.failures = failures;
    this.attempted = attempted;
  }
}

/** What a failed command line ends with: the exit code and the lines for stderr. */
export interface Report {
  code: number;
  lines: string[];
}

/** What the failing command knew, for the lines that help the user on. */
export interface ReportContext {
  debug: boolean;
  /** After a 401: how to log in again (the login the command used). */
  authHint?: string[] | undefined;
  /** After a refusal for a missing token scope: what to do for that login (scopeHintFor in context/logins.ts). */
  scopeHint?: ((scope: string) => string[]) | undefined;
  /** A repository the user never typed, and where it came from (a git remote). */
  repoFrom?: { owner: string; name: string; source: string } | undefined;
  /** --sudo's user: the servers answer 404 alike for it missing and for what the request named (api.go sudo()). */
  sudo?: string | undefined;
}

/** Commander's own errors: it printed them already; help and --version are answers. */
function commanderCode(err: unknown): number | undefined {
  const code = (err as { code?: unknown } | undefined)?.code;
  if (typeof code !== 'string' || !code.startsWith('commander.')) return undefined;
  return ['commander.helpDisplayed', 'commander.version', 'commander.help'].includes(code) ? ExitCode.ok : ExitCode.usage;
}

/** Whether an API path is about this repository (/repos/OWNER/NAME or below). */
function isAbout(path: string, repo: { owner: string; name: string }): boolean {
  const [, head, owner, name] = path.split('/');
  const same = (a: string | undefined, b: string) => a !== undefined && decodeURIComponent(a).toLowerCase() === b.toLowerCase();
  return head === 'repos' && same(owner, repo.owner) && same(name, repo.name);
}

/**
 * What is known of the change a failure was about, from the error's typed
 * fields: unknown (its answer was lost, or a 5xx came back for a change), or
 * made (a 2xx to a change whose answer kettle cannot use: malformed, too
 * large, the wrong shape; trying again would make it twice). A clause for the
 * message, naming the command that shows the state; '' when neither.
 */
function outcomeClause(err: unknown): string {
  if (err instanceof KettleError && err.uncertainPath !== undefined) return `; ${unknownOutcome(err.uncertainPath)}`;
  if (err instanceof ApiError && err.status >= 200 && err.status < 300 && err.method !== 'GET' && err.method !== 'HEAD') return `; ${madeButUnread(err.path, err.status)}`;
  return '';
}

/**
 * The one mapping from how a command line failed to its exit code and the
 * lines on stderr. Decorations follow typed fields: a change whose outcome is
 * unknown, or made though its answer could not be read, names the command
 * that shows its state; a 401 adds how to log in again; an API error about a
 * repository kettle found in a git remote says which remote.
 */
export function report(err: unknown, how: ReportContext): Report {
  if ((err as NodeJS.ErrnoException | undefined)?.code === 'EPIPE') return { code: ExitCode.ok, lines: [] };
  const commander = commanderCode(err);
  if (commander !== undefined) return { code: commander, lines: [] };
  if (err instanceof ChildExited) return { code: err.exitCode, lines: [] };
  if (err instanceof SeveralFailed) return { code: combinedExitCode(err.failures.map(exitCodeFor), err.attempted), lines: formatError(err, false) };
  let failure = outputError(err) ?? err;
  let outcome = outcomeClause(failure);
  let suffix = '';
  if (failure instanceof ApiError && how.repoFrom && isAbout(failure.path, how.repoFrom)) suffix = ` (from ${how.repoFrom.source})`;
  // A refusal for a missing token scope says what to do, here alone, whoever worded it (commands/failure.ts names the scope).
  if (failure instanceof ApiError && failure.missingScope !== undefined) {
    failure = failure.withMessage(failure.message, (how.scopeHint ?? scopeHint)(failure.missingScope));
  }
  // Whatever the command was doing, a refused --sudo is one line, worded here alone (no verb knows of --sudo).
  if (failure instanceof ApiError && failure.sudoRefused) {
    failure = failure.withMessage("cannot act as another user (--sudo): the login's user is not a site administrator");
  } else if (failure instanceof ApiError && failure.status === 404 && how.sudo !== undefined) {
    failure = failure.withMessage(`${failure.message}, or there is no user ${how.sudo} to act as (--sudo)`);
  }
  if (failure instanceof ApiError && failure.status === 401 && how.authHint) {
    failure = failure.withMessage(`authentication failed: ${failure.message}${outcome}${suffix}`, how.authHint);
    outcome = '';
    suffix = '';
  }
  const lines = formatError(failure, how.debug, outcome);
  if (suffix && lines[0] !== undefined) lines[0] += visibleControls(suffix);
  return { code: exitCodeFor(failure), lines };
}
