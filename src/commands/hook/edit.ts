// kettle hook edit ID [-R OWNER/NAME | --org ORG] [--url URL] [--events LIST] [--add-event E]... [--remove-event E]...
//   [--active | --inactive] [--channel NAME] [--secret-file FILE|-] [--content-type json|form]
//
// The servers' edit replaces a hook's events with what is sent (nothing sent:
// push alone) and resets its branch filter and authorization header when they
// are not sent (routers/api/v1/utils/hook.go editHook). So kettle reads the
// hook and sends back every setting the user did not name, then compares the
// answer with what it asked for.
import { target } from '../../context/target.js';
import type { EditHookOption, Hook } from '../../api/gitea/types.js';
import type { Context } from '../../context/context.js';
import { KettleError, UsageError } from '../../errors.js';
import { printRecord } from '../../output/printer.js';
import { checkHookUrl, checkSlackChannel, parseEvents } from './checks.js';
import { hookViewColumns } from './columns.js';
import { type EventRules, eventRules, minus, namesFor, namesToSend, switchesOf, switchesShown } from './events.js';
import { edit, get, hookFailure, parseHookId, whose, withoutSecret } from './shared.js';
import type { OptionsOf } from '../../spec/spec.js';
import type * as definition from './defs/edit.js';

export type EditOptions = OptionsOf<typeof definition.edit>;

/** Checked before any request: something to change, no flags that contradict, names some server takes. */
function checkFlags(opts: EditOptions): void {
  if (opts.active && opts.inactive) throw new UsageError('use either --active or --inactive, not both');
  if (opts.url !== undefined) checkHookUrl(opts.url);
  if (opts.channel !== undefined) checkSlackChannel(opts.channel);
  if (opts.events !== undefined) parseEvents(opts.events);
  for (const [flag, values] of [
    ['--add-event', opts.addEvent],
    ['--remove-event', opts.removeEvent],
  ] as const) {
    for (const value of values) {
      if (parseEvents(value, flag).length !== 1) throw new UsageError(`${flag} takes one event, not "${value}"; repeat the flag for more`);
    }
  }
  const both = opts.addEvent.filter((e) => opts.removeEvent.includes(e));
  if (both.length > 0) throw new UsageError(`${both.join(', ')}: both added and removed`);
  const given = [opts.url, opts.events, opts.secretFile, opts.contentType, opts.channel].some((v) => v !== undefined);
  if (!given && !opts.active && !opts.inactive && opts.addEvent.length === 0 && opts.removeEvent.length === 0) {
    throw new UsageError('nothing to change: give at least one of --url, --events, --add-event, --remove-event, --active, --inactive, --content-type, --channel');
  }
}

/** What the server says when a webhook's secret is asked to change: it cannot be, through the API. */
function secretNote(id: number, where: string): string {
  return `the server cannot change a webhook's secret through its API (its edit ignores it): change it on the webhook's settings page in the web interface, or delete webhook ${id} of ${where} and add it again with --secret-file`;
}

const eventsAsked = (opts: EditOptions) => opts.events !== undefined || opts.addEvent.length > 0 || opts.removeEvent.length > 0;

/**
 * The switches the hook should have: --events (else the current ones), plus
 * --add-event, minus --remove-event, in order. Names this server does not take
 * and switches its edit cannot move are refused (exit 2) before anything is sent.
 */
function nextSwitches(opts: EditOptions, current: string[], rules: EventRules): string[] {
  const takes = namesFor([...rules.edit, ...rules.keptOnEdit]);
  const named = [...(opts.events !== undefined ? parseEvents(opts.events) : []), ...opts.addEvent.map((e) => e.trim()), ...opts.removeEvent.map((e) => e.trim())];
  const unknown = [...new Set(named.filter((n) => !takes.includes(n)))];
  if (unknown.length > 0) {
    throw new UsageError(`${rules.server} has no webhook event ${unknown.join(', ')}; it takes ${takes.join(', ')}`);
  }
  const base = opts.events !== undefined ? [...new Set(parseEvents(opts.events).flatMap(switchesOf))] : current;
  const added = opts.addEvent.flatMap((e) => switchesOf(e.trim()));
  const removed = new Set(opts.removeEvent.flatMap((e) => switchesOf(e.trim())));
  const next = [...new Set([...base, ...added])].filter((s) => !removed.has(s));
  const now = new Set(current);
  const wanted = new Set(next);
  const stuck = [...minus(next, now), ...minus(current, wanted)].filter((s) => rules.keptOnEdit.includes(s));
  if (stuck.length > 0) {
    throw new UsageError(
      `${rules.server} keeps a webhook's ${stuck.join(', ')} event${stuck.length > 1 ? 's' : ''} as ${stuck.length > 1 ? 'they are' : 'it is'} on an edit: ` +
        `delete the webhook and add it again with the events you want${opts.events !== undefined ? `, or keep ${stuck.join(', ')} as ${stuck.length > 1 ? 'they are' : 'it is'} in --events` : ''}`,
    );
  }
  return next;
}

const sameSet = (a: string[], b: string[]) => a.length === b.length && a.every((x) => b.includes(x));

interface Plan {
  body: EditHookOption;
  /** What the user asked to change and the hook does not have yet. */
  what: string[];
  /** The switches the hook should end with. */
  events: string[];
}

/** The whole edit: every setting the servers reset when absent is sent as the hook has it. */
function plan(opts: EditOptions, hook: Hook, rules: EventRules): Plan {
  const what: string[] = [];
  const config: Record<string, string> = {};
  const now = hook.config ?? {};
  if (opts.url !== undefined && opts.url !== now.url) config.url = opts.url;
  if (opts.contentType !== undefined && opts.contentType !== now.content_type) config.content_type = opts.contentType;
  if (opts.channel !== undefined) {
    if (hook.type !== 'slack') throw new UsageError(`--channel is for slack webhooks; webhook ${String(hook.id)} is a ${String(hook.type)} webhook`);
    const channel = opts.channel.trim();
    if (channel !== now.channel) {
      // The edit rebuilds the slack settings from what is sent: the others go back as they are.
      Object.assign(config, { channel, username: now.username ?? '', icon_url: now.icon_url ?? '', color: now.color ?? '' });
    }
  }
  what.push(...Object.keys(config).filter((k) => k === 'url' || k === 'content_type' || k === 'channel'));
  const current = [...switchesShown(hook.events ?? [])];
  const events = eventsAsked(opts) ? nextSwitches(opts, current, rules) : current;
  if (events.length === 0 && !eventsAsked(opts)) {
    throw new UsageError(`webhook ${String(hook.id)} has no events, and an edit that sends none gives it push: name the events with --events`);
  }
  if (events.length === 0) throw new UsageError('a webhook needs at least one event: that would remove them all');
  if (!sameSet(events, current)) what.push('events');
  const body: EditHookOption = {};
  if (Object.keys(config).length > 0) body.config = config;
  body.events = namesToSend(events, rules.edit);
  body.branch_filter = hook.branch_filter ?? '';
  body.authorization_header = hook.authorization_header ?? '';
  if ((opts.active || opts.inactive) && hook.active !== opts.active) {
    body.active = opts.active;
    what.push(opts.active ? 'active' : 'inactive');
  }
  return { body, what, events };
}

/** What the answer shows was not done, in words. */
function notTaken(asked: Plan, hook: Hook, before: Hook): string[] {
  const out: string[] = [];
  const config = hook.config ?? {};
  const sent = asked.body.config ?? {};
  for (const key of ['url', 'content_type', 'channel'] as const) {
    if (sent[key] !== undefined && config[key] !== undefined && config[key] !== sent[key]) out.push(`${key} is still ${config[key]}`);
  }
  const has = switchesShown(hook.events ?? []);
  const wanted = new Set(asked.events);
  const missing = minus(asked.events, has);
  const extra = minus(has, wanted);
  if (missing.length > 0) out.push(`the events ${missing.join(', ')} were not set`);
  if (extra.length > 0) out.push(`the events ${extra.join(', ')} are still set`);
  if (asked.body.active !== undefined && hook.active !== asked.body.active) out.push(`it is still ${hook.active === true ? 'active' : 'inactive'}`);
  if ((hook.branch_filter ?? '') !== (before.branch_filter ?? '')) out.push(`its branch filter changed to "${hook.branch_filter ?? ''}"`);
  if ((hook.authorization_header ?? '') !== (before.authorization_header ?? '')) out.push('its authorization header changed');
  return out;
}

export async function run(ctx: Context, opts: EditOptions): Promise<void> {
  const id = parseHookId(opts.id);
  checkFlags(opts);
  const t = await target(ctx, whose(opts));
  const where = t.where;
  const onlySecret =
    opts.secretFile !== undefined &&
    [opts.url, opts.events, opts.contentType, opts.channel].every((v) => v === undefined) &&
    !opts.active &&
    !opts.inactive &&
    opts.addEvent.length === 0 &&
    opts.removeEvent.length === 0;
  if (onlySecret) throw new KettleError(`webhook ${id} of ${where} not changed: ${secretNote(id, where)}`);
  const api = await t.api();
  const action = `edit webhook ${id} of ${where}`;
  const current = await get(api, t, id).catch(hookFailure(api, t, action, id));
  const rules = eventRules(await ctx.server());
  const asked = plan(opts, current, rules);
  if (asked.what.length === 0) {
    ctx.term.info(`kettle: webhook ${id} of ${where} already has those settings; nothing was changed`);
    await printRecord(ctx.io, ctx.output, withoutSecret(current), hookViewColumns);
    if (opts.secretFile !== undefined) throw new KettleError(`the secret of webhook ${id} was not changed: ${secretNote(id, where)}`);
    return;
  }
  const edited = await edit(api, t, id, asked.body).catch(hookFailure(api, t, action, id));
  const lost = notTaken(asked, edited, current);
  if (lost.length === 0) ctx.term.success(`Edited webhook ${id} of ${where}: ${asked.what.join(', ')}`);
  else ctx.term.info(`kettle: the server answered the edit of webhook ${id} of ${where}, but ${lost.join('; ')}`);
  await printRecord(ctx.io, ctx.output, withoutSecret(edited), hookViewColumns);
  if (opts.secretFile !== undefined) throw new KettleError(`the secret of webhook ${id} was not changed: ${secretNote(id, where)}`);
  if (lost.length > 0) throw new KettleError(`webhook ${id} of ${where} is not as asked: ${lost.join('; ')}`);
}
