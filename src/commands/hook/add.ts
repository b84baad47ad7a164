// kettle hook add [-R OWNER/NAME | --org ORG] --url URL [--events push,issues] [--content-type json] [--secret S | --secret-file FILE|-] [--type T] [--inactive]
import { target } from '../../context/target.js';
import type { Context } from '../../context/context.js';
import { ask } from '../../context/prompt.js';
import { KettleError, UsageError } from '../../errors.js';
import { printRecord } from '../../output/printer.js';
import { hookColumns } from './columns.js';
import { eventRules, minus, namesFor, switchesOf, switchesShown } from './events.js';
import { HOOK_TYPES } from './choices.js';
import { checkHookUrl, checkSlackChannel, parseEvents, secretOf } from './checks.js';
import { create, hookFailure, whose, withoutSecret } from './shared.js';
import type { OptionsOf } from '../../spec/spec.js';
import type * as definition from './defs/add.js';

export type AddOptions = OptionsOf<typeof definition.add>;

export async function run(ctx: Context, opts: AddOptions): Promise<void> {
  const events = parseEvents(opts.events);
  if (!(HOOK_TYPES as readonly string[]).includes(opts.type)) {
    ctx.term.warn(`--type ${opts.type} is not a type kettle knows (${HOOK_TYPES.join(', ')}); sending it as given, for a server that may know it`);
  }
  // routers/api/v1/utils/hook.go addHook: a slack hook needs its channel (422 without one).
  if (opts.type === 'slack' && opts.channel === undefined) throw new UsageError('--type slack needs --channel, such as --channel "#builds"');
  if (opts.type !== 'slack' && opts.channel !== undefined) throw new UsageError('--channel is for --type slack');
  const channel = opts.channel === undefined ? undefined : checkSlackChannel(opts.channel);
  if (opts.url !== undefined) checkHookUrl(opts.url);
  const t = await target(ctx, whose(opts));
  const secret = await secretOf(ctx, opts);
  const url = checkHookUrl(opts.url ?? (await ask(ctx.io, '--url', { message: 'Address that receives deliveries' })));
  const rules = eventRules(await ctx.server());
  const takes = namesFor(rules.create);
  const unknown = events.filter((e) => !takes.includes(e));
  if (unknown.length > 0) throw new UsageError(`${rules.server} has no webhook event ${unknown.join(', ')}; it takes ${takes.join(', ')}`);
  const config: Record<string, string> = { url, content_type: opts.contentType };
  if (secret !== undefined) config.secret = secret;
  if (channel !== undefined) config.channel = channel;
  // Real servers create hooks inactive unless told otherwise: always send `active`.
  const body = { type: opts.type, config, events, active: !opts.inactive };
  const api = await t.api();
  const hook = withoutSecret(await create(api, t, body).catch(hookFailure(api, t, `add a webhook to ${t.where}`)));
  const wanted = [...new Set(events.flatMap(switchesOf))];
  const missing = minus(wanted, switchesShown(hook.events ?? []));
  const took = missing.length === 0 ? events : (hook.events ?? []);
  ctx.term.success(`Added ${hook.active === true ? 'active' : 'inactive'} webhook ${String(hook.id ?? '')} to ${t.where} for ${took.join(', ') || 'no event'}`);
  await printRecord(ctx.io, ctx.output, hook, hookColumns);
  if (missing.length > 0) throw new KettleError(`the server left out the event${missing.length > 1 ? 's' : ''} ${missing.join(', ')} of webhook ${String(hook.id ?? '')}`);
}
