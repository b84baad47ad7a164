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
  const value = await pose(io, flag, {
    // 'invisible' echoes nothing, as sudo does: 'password' draws a * per character, which tells the length.
    type: q.secret ? 'invisible' : 'text',
    // A question may name the server's text (a label, a milestone's title): shown, not obeyed.
    message: visibleControls(q.message),
    ...(q.initial !== undefined ? { initial: q.initial } : {}),
    validate: (v: string) => {
      const trimmed = String(v).trim();
      if (q.required !== false && trimmed === '') return 'A value is required';
      return q.check?.(trimmed) ?? true;
    },
  });
  if (typeof value !== 'string') throw new CancelledError();
  return q.asTyped ? value : value.trim();
}

/** One question of prompts, on stderr, its controls shown, not obeyed; Ctrl-C (or no answer) cancels. */
async function pose(io: IO, flag: string, question: Record<string, unknown>): Promise<unknown> {
  if (!canPrompt(io)) throw new UsageError(`${flag} is required (no terminal to ask on)`);
  const { default: prompts } = await import('prompts');
  let cancelled = false;
  const answer = await prompts({ ...question, name: 'value', stdin: io.stdin, stdout: io.stderr } as Parameters<typeof prompts>[0], {
    onCancel: () => {
      cancelled = true;
      return false;
    },
  });
  if (cancelled || answer.value === undefined) throw new CancelledError();
  return answer.value;
}

const shown = <T extends string>(choices: Array<{ title: string; value: T }>) => choices.map((c) => ({ ...c, title: visibleControls(c.title) }));

/** Pick one of several choices; returns the chosen value. */
export async function choose<T extends string>(io: IO, flag: string, message: string, choices: Array<{ title: string; value: T }>): Promise<T> {
  return (await pose(io, flag, { type: 'select', message: visibleControls(message), choices: shown(choices) })) as T;
}

/** Several of CHOICES (space ticks, enter accepts); at least `min` of them. */
export async function chooseMany<T extends string>(io: IO, flag: string, message: string, choices: Array<{ title: string; value: T }>, opts: { min?: number } = {}): Promise<T[]> {
  const question = {
    type: 'multiselect',
    message: visibleControls(message),
    choices: shown(choices),
    instructions: false,
    hint: 'space to tick, enter to accept',
    ...(opts.min ? { min: opts.min } : {}),
  };
  return (await pose(io, flag, question)) as T[];
}
