// kettle hook edit ID [-R OWNER/NAME | --org ORG] [--url URL] [--events LIST] [--add-event E]... [--remove-event E]...
//   [--active | --inactive] [--secret-file FILE|-] [--content-type json|form]
import type { EditHookOption, Hook } from '../../api/gitea/types.js';
import type { Context } from '../../context/context.js';
import { UsageError } from '../../errors.js';
import { printRecord } from '../../output/printer.js';
import { checkHookUrl, parseEvents, secretOf } from './add.js';
import { hookViewColumns } from './columns.js';
import type { EditOptions } from './index.js';
import { described, edit, get, hookFailure, parseHookId, targetOf, withoutSecret } from './target.js';

/** Checked before any request: something to change, no flags that contradict, known events. */
function checkFlags(opts: EditOptions): void {
  if (opts.active && opts.inactive) throw new UsageError('use either --active or --inactive, not both');
  if (opts.url !== undefined) checkHookUrl(opts.url);
  if (opts.events !== undefined) parseEvents(opts.events);
  for (const [flag, values] of [['--add-event', opts.addEvent], ['--remove-event', opts.removeEvent]] as const) {
    for (const value of values) {
      if (parseEvents(value).length !== 1) throw new UsageError(`${flag} takes one event, not "${value}"; repeat the flag for more`);
    }
  }
  const both = opts.addEvent.filter((e) => opts.removeEvent.includes(e));
  if (both.length > 0) throw new UsageError(`${both.join(', ')}: both added and removed`);
  const given = [opts.url, opts.events, opts.secretFile, opts.contentType].some((v) => v !== undefined);
  if (!given && !opts.active && !opts.inactive && opts.addEvent.length === 0 && opts.removeEvent.length === 0) {
    throw new UsageError('nothing to change: give at least one of --url, --events, --add-event, --remove-event, --active, --inactive, --secret-file, --content-type');
  }
}

/** The events asked for: --events (else the current ones), plus --add-event, minus --remove-event, in order. */
function nextEvents(opts: EditOptions, current: string[]): string[] {
  const base = opts.events !== undefined ? parseEvents(opts.events) : current;
  const added = [...base, ...opts.addEvent.map((e) => e.trim()).filter((e) => !base.includes(e))];
  return added.filter((e) => !opts.removeEvent.map((r) => r.trim()).includes(e));
}

const sameSet = (a: string[], b: string[]) => a.length === b.length && a.every((x) => b.includes(x));

/** Only what differs from the webhook as it is; the secret always counts (servers never show it). */
function changes(opts: EditOptions, hook: Hook, secret: string | undefined): { body: EditHookOption; what: string[] } {
  const body: EditHookOption = {};
  const what: string[] = [];
  const config: Record<string, string> = {};
  const now = hook.config ?? {};
  if (opts.url !== undefined && opts.url !== now.url) config.url = opts.url;
  if (opts.contentType !== undefined && opts.contentType !== now.content_type) config.content_type = opts.contentType;
  if (secret !== undefined) config.secret = secret;
  if (Object.keys(config).length > 0) {
    body.config = config;
    what.push(...Object.keys(config));
  }
  const current = hook.events ?? [];
  if (opts.events !== undefined || opts.addEvent.length > 0 || opts.removeEvent.length > 0) {
    const events = nextEvents(opts, current);
    if (events.length === 0) throw new UsageError('a webhook needs at least one event: that would remove them all');
    if (!sameSet(events, current)) {
      body.events = events;
      what.push('events');
    }
  }
  if ((opts.active || opts.inactive) && hook.active !== opts.active) {
    body.active = opts.active;
    what.push(opts.active ? 'active' : 'inactive');
  }
  return { body, what };
}

export async function run(ctx: Context, opts: EditOptions): Promise<void> {
  const id = parseHookId(opts.id);
  checkFlags(opts);
  const t = await targetOf(ctx, opts);
  const secret = await secretOf(ctx, { secret: undefined, secretFile: opts.secretFile });
  const api = await ctx.api();
  const action = `edit webhook ${id} of ${described(t)}`;
  const current = await get(api, t, id).catch(hookFailure(api, t, action, id));
  const { body, what } = changes(opts, current, secret);
  if (what.length === 0) {
    ctx.info(`kettle: webhook ${id} of ${described(t)} already has those settings; nothing was changed`);
    await printRecord(ctx.io, ctx.flags, withoutSecret(current), hookViewColumns);
    return;
  }
  const edited = await edit(api, t, id, body).catch(hookFailure(api, t, action, id));
  ctx.success(`Edited webhook ${id} of ${described(t)}: ${what.join(', ')}`);
  await printRecord(ctx.io, ctx.flags, withoutSecret(edited), hookViewColumns);
}
