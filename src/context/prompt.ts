// Interactive questions, asked on stderr, only when stdin and stderr are terminals.
import { CancelledError, UsageError } from '../errors.js';
import { visibleControls } from '../text/controls.js';
import { canPrompt, type IO } from '../io.js';

export interface Question {
  message: string;
  /** Hidden input for tokens and passwords: nothing is drawn as it is typed, not even its length. */
  secret?: boolean;
  /** The answer exactly as typed, spaces included (a secret's value); otherwise trimmed. */
  asTyped?: boolean;
  /** Answer again when the reply is empty. */
  required?: boolean;
  initial?: string;
  /** A reason to refuse the (trimmed) answer and ask again; undefined accepts it. */
  check?: (value: string) => string | undefined;
}

/**
 * Ask for a value the user did not pass. Without a terminal this is a usage
 * error naming the flag that would have supplied it.
 */
export async function ask(io: IO, flag: string, q: Question): Promise<string> {
  if (!canPrompt(io)) throw new UsageError(`${flag} is required (no terminal to ask on)`);
  const { default: prompts } = await import('prompts');
  let cancelled = false;
  const answer = await prompts(
    {
      // 'invisible' echoes nothing, as sudo does: 'password' draws a * per character, which tells the length.
      type: q.secret ? 'invisible' : 'text',
      name: 'value',
      // A question may name the server's text (a label, a milestone's title): shown, not obeyed.
      message: visibleControls(q.message),
      ...(q.initial !== undefined ? { initial: q.initial } : {}),
      stdin: io.stdin,
      stdout: io.stderr,
      validate: (v: string) => {
        const value = String(v).trim();
        if (q.required !== false && value === '') return 'A value is required';
        return q.check?.(value) ?? true;
      },
    },
    {
      onCancel: () => {
        cancelled = true;
        return false;
      },
    },
  );
  if (cancelled || typeof answer.value !== 'string') throw new CancelledError();
  return q.asTyped ? answer.value : answer.value.trim();
}

/** Pick one of several choices; returns the chosen value. */
export async function choose<T extends string>(io: IO, flag: string, message: string, choices: Array<{ title: string; value: T }>): Promise<T> {
  if (!canPrompt(io)) throw new UsageError(`${flag} is required (no terminal to ask on)`);
  const { default: prompts } = await import('prompts');
  let cancelled = false;
  const answer = await prompts(
    {
      type: 'select',
      name: 'value',
      message: visibleControls(message),
      choices: choices.map((c) => ({ ...c, title: visibleControls(c.title) })),
      stdin: io.stdin,
      stdout: io.stderr,
    },
    {
      onCancel: () => {
        cancelled = true;
        return false;
      },
    },
  );
  if (cancelled || answer.value === undefined) throw new CancelledError();
  return answer.value as T;
}

/** Several of CHOICES (space ticks, enter accepts); at least `min` of them. */
export async function chooseMany<T extends string>(io: IO, flag: string, message: string, choices: Array<{ title: string; value: T }>, opts: { min?: number } = {}): Promise<T[]> {
  if (!canPrompt(io)) throw new UsageError(`${flag} is required (no terminal to ask on)`);
  const { default: prompts } = await import('prompts');
  let cancelled = false;
  const answer = await prompts(
    {
      type: 'multiselect',
      name: 'value',
      message: visibleControls(message),
      choices: choices.map((c) => ({ ...c, title: visibleControls(c.title) })),
      instructions: false,
      hint: 'space to tick, enter to accept',
      ...(opts.min ? { min: opts.min } : {}),
      stdin: io.stdin,
      stdout: io.stderr,
    },
    {
      onCancel: () => {
        cancelled = true;
        return false;
      },
    },
  );
  if (cancelled || answer.value === undefined) throw new CancelledError();
  return answer.value as T[];
}
