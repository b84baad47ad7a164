// kettle hook add [-R OWNER/NAME | --org ORG] --url URL [--events push,issues] [--content-type json] [--secret S | --secret-file FILE|-] [--type T] [--inactive]
import type { Context } from '../../context/context.js';
import { ask } from '../../context/prompt.js';
import { KettleError, UsageError } from '../../errors.js';
import { printRecord } from '../../output/printer.js';
import { readTextFile } from '../input.js';
import { hookColumns } from './columns.js';
import { ANY_SERVER_EVENTS, eventRules, minus, namesFor, switchesOf, switchesShown } from './events.js';
import { type AddOptions, HOOK_TYPES } from './index.js';
import { create, described, hookFailure, targetOf, withoutSecret } from './target.js';

/**
 * Event names from a comma-separated list. A name no server of the family
 * takes is refused here, before any request; which names this server takes
 * is checked once its version is known (events.ts).
 */
export function parseEvents(value: string, flag = '--events'): string[] {
  const events = [...new Set(value.split(',').map((e) => e.trim()).filter(Boolean))];
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
export async function secretOf(ctx: Context, opts: Pick<AddOptions, 'secret' | 'secretFile'>): Promise<string | undefined> {
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

export async function run(ctx: Context, opts: AddOptions): Promise<void> {
  const events = parseEvents(opts.events);
  if (!(HOOK_TYPES as readonly string[]).includes(opts.type)) {
    ctx.warn(`--type ${opts.type} is not a type kettle knows (${HOOK_TYPES.join(', ')}); sending it as given, for a server that may know it`);
  }
  // routers/api/v1/utils/hook.go addHook: a slack hook needs its channel (422 without one).
  if (opts.type === 'slack' && opts.channel === undefined) throw new UsageError('--type slack needs --channel, such as --channel "#builds"');
  if (opts.type !== 'slack' && opts.channel !== undefined) throw new UsageError('--channel is for --type slack');
  const channel = opts.channel === undefined ? undefined : checkSlackChannel(opts.channel);
  if (opts.url !== undefined) checkHookUrl(opts.url);
  const t = await targetOf(ctx, opts);
  const secret = await secretOf(ctx, opts);
  const url = checkHookUrl(opts.url ?? await ask(ctx.io, '--url', { message: 'Address that receives deliveries' }));
  const rules = eventRules(await ctx.server());
  const takes = namesFor(rules.create);
  const unknown = events.filter((e) => !takes.includes(e));
  if (unknown.length > 0) throw new UsageError(`${rules.server} has no webhook event ${unknown.join(', ')}; it takes ${takes.join(', ')}`);
  const config: Record<string, string> = { url, content_type: opts.contentType };
  if (secret !== undefined) config.secret = secret;
  if (channel !== undefined) config.channel = channel;
  // Real servers create hooks inactive unless told otherwise: always send `active`.
  const body = { type: opts.type, config, events, active: !opts.inactive };
  const api = await ctx.api();
  const hook = withoutSecret(await create(api, t, body).catch(hookFailure(api, t, `add a webhook to ${described(t)}`)));
  const wanted = [...new Set(events.flatMap(switchesOf))];
  const missing = minus(wanted, switchesShown(hook.events ?? []));
  const took = missing.length === 0 ? events : (hook.events ?? []);
  ctx.success(`Added ${hook.active === true ? 'active' : 'inactive'} webhook ${String(hook.id ?? '')} to ${described(t)} for ${took.join(', ') || 'no event'}`);
  await printRecord(ctx.io, ctx.flags, hook, hookColumns);
  if (missing.length > 0) throw new KettleError(`the server left out the event${missing.length > 1 ? 's' : ''} ${missing.join(', ')} of webhook ${String(hook.id ?? '')}`);
}
