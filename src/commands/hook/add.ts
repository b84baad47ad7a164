// kettle hook add [-R OWNER/NAME | --org ORG] --url URL [--events push,issues] [--content-type json] [--secret S | --secret-file FILE|-] [--type T] [--inactive]
import type { Context } from '../../context/context.js';
import { ask } from '../../context/prompt.js';
import { UsageError } from '../../errors.js';
import { printRecord } from '../../output/printer.js';
import { readTextFile } from '../input.js';
import { hookColumns } from './columns.js';
import { type AddOptions, HOOK_TYPES } from './index.js';
import { create, described, hookFailure, targetOf, withoutSecret } from './target.js';

/** The event names Gitea-family servers accept, including the grouped ones. */
export const HOOK_EVENTS = [
  'create', 'delete', 'fork', 'push', 'issues', 'issue_assign', 'issue_label', 'issue_milestone', 'issue_comment',
  'pull_request', 'pull_request_assign', 'pull_request_label', 'pull_request_milestone', 'pull_request_comment',
  'pull_request_review', 'pull_request_review_approved', 'pull_request_review_rejected', 'pull_request_review_comment',
  'pull_request_sync', 'pull_request_review_request', 'wiki', 'repository', 'release', 'package', 'status', 'workflow_job',
];

export function parseEvents(value: string): string[] {
  const events = [...new Set(value.split(',').map((e) => e.trim()).filter(Boolean))];
  if (events.length === 0) throw new UsageError('--events needs at least one event, such as push');
  const unknown = events.filter((e) => !HOOK_EVENTS.includes(e));
  if (unknown.length > 0) {
    throw new UsageError(`unknown event${unknown.length > 1 ? 's' : ''} in --events: ${unknown.join(', ')}; known events: ${HOOK_EVENTS.join(', ')}`);
  }
  return events;
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
  if (opts.url !== undefined) checkHookUrl(opts.url);
  const t = await targetOf(ctx, opts);
  const secret = await secretOf(ctx, opts);
  const url = checkHookUrl(opts.url ?? await ask(ctx.io, '--url', { message: 'Address that receives deliveries' }));
  const config: Record<string, string> = { url, content_type: opts.contentType };
  if (secret !== undefined) config.secret = secret;
  // Real servers create hooks inactive unless told otherwise: always send `active`.
  const body = { type: opts.type, config, events, active: !opts.inactive };
  const api = await ctx.api();
  const hook = withoutSecret(await create(api, t, body).catch(hookFailure(api, t, `add a webhook to ${described(t)}`)));
  ctx.success(`Added ${body.active ? 'active' : 'inactive'} webhook ${String(hook.id ?? '')} to ${described(t)} for ${events.join(', ')}`);
  await printRecord(ctx.io, ctx.flags, hook, hookColumns);
}
