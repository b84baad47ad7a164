// What kettle hook add and edit take from their flags: events, the address,
// the slack channel and the signing secret, checked before any request.
import type { Context } from '../../context/context.js';
import { UsageError } from '../../errors.js';
import { readTextFile } from '../input.js';
import { ANY_SERVER_EVENTS, namesFor } from './events.js';

/**
 * Event names from a comma-separated list. A name no server of the family
 * takes is refused here, before any request; which names this server takes
 * is checked once its version is known (events.ts).
 */
export function parseEvents(value: string, flag = '--events'): string[] {
  const events = [
    ...new Set(
      value
        .split(',')
        .map((e) => e.trim())
        .filter(Boolean),
    ),
  ];
  if (events.length === 0) throw new UsageError(`${flag} needs at least one event, such as push`);
  const unknown = events.filter((e) => !ANY_SERVER_EVENTS.includes(e));
  if (unknown.length > 0) {
    throw new UsageError(`unknown event${unknown.length > 1 ? 's' : ''} in ${flag}: ${unknown.join(', ')}; known events: ${namesFor(ANY_SERVER_EVENTS).join(', ')}`);
  }
  return events;
}

/** A slack channel as the servers take it (services/webhook/slack.go IsValidSlackChannel, after trimming). */
export function checkSlackChannel(value: string): string {
  const channel = value.trim();
  if (!/^#?[a-z0-9_-]{1,80}$/.test(channel)) {
    throw new UsageError(`invalid --channel "${value}": a slack channel is 1 to 80 lower-case letters, digits, - and _, with or without a leading #`);
  }
  return channel;
}

export function checkHookUrl(value: string): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new UsageError(`invalid --url "${value}": expected an http:// or https:// address`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new UsageError(`invalid --url "${value}": expected an http:// or https:// address`);
  }
  return value;
}

/**
 * The signing secret from --secret or --secret-file. One that is empty or only
 * blanks signs nothing a receiver could trust: refused, whichever way it came.
 */
export async function secretOf(ctx: Context, opts: { secret: string | undefined; secretFile: string | undefined }): Promise<string | undefined> {
  const { secret, secretFile: file } = opts;
  if (secret !== undefined && file !== undefined) throw new UsageError('use either --secret or --secret-file, not both');
  if (file === undefined) {
    if (secret !== undefined && secret.trim() === '') throw new UsageError('--secret is empty or only blanks; give a secret, or leave the flag out for none');
    return secret;
  }
  const text = (await readTextFile(ctx, file, '--secret-file')).replace(/\r?\n$/, '');
  if (text.trim() === '') throw new UsageError(`--secret-file ${file} is empty or only blanks`);
  return text;
}
