// Typed errors and the single mapping from an error to an exit code and the
// lines printed on stderr. Nothing else in kettle decides an exit code.
import { visibleControls } from './output/controls.js';

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
  }

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
 * line too; the stack only with --debug.
 */
export function formatError(err: unknown, debug: boolean): string[] {
  if (err instanceof KettleError) {
    const lines = [`kettle: ${messageLine(err.message)}`, ...err.details.map(visibleControls)];
    if (debug && err.stack && !(err instanceof UsageError)) lines.push(visibleControls(err.stack));
    return lines;
  }
  const message = err instanceof Error ? err.message : String(err);
  const lines = [`kettle: unexpected error: ${messageLine(message)}`];
  if (!debug) lines.push('  (run again with --debug for details)');
  else if (err instanceof Error && err.stack) lines.push(visibleControls(err.stack));
  return lines;
}
