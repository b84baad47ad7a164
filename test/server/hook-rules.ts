// Webhooks as Gitea and Forgejo store and show them, flavour by flavour: the
// event switches a create and an edit read from `events` (every other name is
// dropped without a word), the switches an edit leaves alone, the names the
// record shows them under, the settings an edit resets when they are absent,
// and when a test delivery is made at all. The shared webhook routes
// (routes.ts, routes-repos.ts) apply these rules.
import { HttpError } from './http.js';
import { type Flavor, flavorAtLeast } from './routes.js';
import type { Hook, Json } from './state.js';
import { tick } from './state.js';

/** This flavour at this version or later ("1.24" on Gitea, "14.0.2" on Forgejo). */
function atLeast(flavor: Flavor, forgejo: boolean, version: string): boolean {
  return flavor.forgejo === forgejo && flavorAtLeast(flavor, version);
}

const BASE = [
  'create',
  'delete',
  'fork',
  'push',
  'issues',
  'issue_assign',
  'issue_label',
  'issue_milestone',
  'issue_comment',
  'pull_request',
  'pull_request_assign',
  'pull_request_label',
  'pull_request_milestone',
  'pull_request_comment',
  'pull_request_review',
  'pull_request_review_request',
  'pull_request_sync',
  'wiki',
  'repository',
  'release',
];
const ACTION_RUNS = ['action_run_failure', 'action_run_recover', 'action_run_success'];

/** The switches routers/api/v1/utils/hook.go reads from `events`, on create (addHook) and on edit (editHook). */
function readable(flavor: Flavor, on: 'create' | 'edit'): string[] {
  if (flavor.forgejo) {
    // Forgejo 11: neither reads package (though the event exists); 14: addHook reads package and the action_run_* events, editHook does not.
    return on === 'create' && atLeast(flavor, true, '14.0.0') ? [...BASE, 'package', ...ACTION_RUNS] : BASE;
  }
  // Gitea 1.23: editHook never touches package or status. 1.24: updateHookEvents serves both, with workflow_job; 1.25 adds workflow_run.
  if (!atLeast(flavor, false, '1.24.0')) return on === 'create' ? [...BASE, 'package', 'status'] : BASE;
  return [...BASE, 'package', 'status', 'workflow_job', ...(atLeast(flavor, false, '1.25.0') ? ['workflow_run'] : [])];
}

/** issuesHook and pullHook: a group name turns on every switch of the group; `issues_only`/`pull_request_only` the one. */
function reads(events: string[], sw: string): boolean {
  // util.SliceContainsString(..., true): names compare ignoring case.
  const has = (n: string) => events.some((e) => e.toLowerCase() === n);
  if (sw === 'issues') return has('issues_only') || has('issues');
  if (sw === 'pull_request') return has('pull_request_only') || has('pull_request');
  if (sw.startsWith('issue_')) return has(sw) || has('issues');
  if (sw.startsWith('pull_request_')) return has(sw) || has('pull_request');
  return has(sw);
}

/** The switches a hook gets from `events`; an edit keeps those it does not read. */
export function switchesFrom(flavor: Flavor, on: 'create' | 'edit', raw: string[], before: string[] = []): string[] {
  // addHook and editHook: no events at all means push alone.
  const events = raw.length === 0 ? ['push'] : raw;
  const read = readable(flavor, on);
  const kept = before.filter((s) => !read.includes(s));
  return [...kept, ...read.filter((s) => reads(events, s))];
}

/** The names a hook's record shows (models/webhook/webhook.go EventsArray). */
export function shownEvents(flavor: Flavor, switches: string[]): string[] {
  // Gitea 1.24 and later: the names of the switches that are on, as stored.
  if (!flavor.forgejo && atLeast(flavor, false, '1.24.0')) return [...switches];
  // Older Gitea and Forgejo: EventCheckers, in its order; the review switch
  // shows as _approved and _rejected, and _review_comment mirrors pull_request_comment.
  const on = (s: string) => switches.includes(s);
  const out: string[] = [];
  for (const s of [
    'create',
    'delete',
    'fork',
    'push',
    'issues',
    'issue_assign',
    'issue_label',
    'issue_milestone',
    'issue_comment',
    'pull_request',
    'pull_request_assign',
    'pull_request_label',
    'pull_request_milestone',
    'pull_request_comment',
  ])
    if (on(s)) out.push(s);
  if (on('pull_request_review')) out.push('pull_request_review_approved', 'pull_request_review_rejected');
  if (on('pull_request_comment')) out.push('pull_request_review_comment');
  for (const s of ['pull_request_sync', 'wiki', 'repository', 'release', 'package', 'pull_request_review_request']) if (on(s)) out.push(s);
  if (!flavor.forgejo && on('status')) out.push('status');
  if (flavor.forgejo) for (const s of ACTION_RUNS) if (on(s)) out.push(s);
  return out;
}

/** The record a server sends for a hook. */
export function hookRecord(flavor: Flavor, shown: Json, hook: Hook): Json {
  const config = { ...obj(shown.config) };
  // services/webhook ToHook: a slack hook's record carries its channel settings.
  if (hook.type === 'slack') Object.assign(config, { channel: '', username: '', icon_url: '', color: '', ...hook.slack });
  // Gitea 1.26 describes, and 1.27 sends (recorded), a hook's `name` (empty unless set in the web UI).
  const named = !flavor.forgejo && flavorAtLeast(flavor, '1.26');
  // Forgejo repeats the address and encoding at the top and adds `metadata` (services/webhook ToHook; recorded from a real 11.0.1).
  const forgejo = flavor.forgejo ? { url: config.url ?? '', content_type: config.content_type ?? '', metadata: null } : {};
  return { ...shown, ...(named ? { name: '' } : {}), ...forgejo, config, events: shownEvents(flavor, hook.events) };
}

function validUrl(url: unknown): boolean {
  try {
    return typeof url === 'string' && /^https?:$/.test(new URL(url).protocol);
  } catch {
    return false;
  }
}

function obj(v: unknown): Json {
  return typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Json) : {};
}
const strings = (v: unknown): string[] => (Array.isArray(v) ? v.filter((e): e is string => typeof e === 'string') : []);
const text = (v: unknown): string => (typeof v === 'string' ? v : '');

/** addHook: the settings of a new hook, checked as checkCreateHookOption and addHook check them. */
export function newHookSettings(flavor: Flavor, body: Json): Omit<Hook, 'id' | 'repoId' | 'created_at' | 'updated_at'> {
  const config = obj(body.config);
  for (const name of ['url', 'content_type']) {
    if (config[name] === undefined) throw new HttpError(422, { message: `Missing config option: ${name}`, url: '' });
  }
  if (config.content_type !== 'json' && config.content_type !== 'form') throw new HttpError(422, { message: 'Invalid content type', url: '' });
  // Gitea 1.26 and Forgejo 15 check the address (validation.IsValidURL); older ones store anything, which this server does not.
  if (!validUrl(config.url)) throw new HttpError(422, { message: 'Invalid url', url: '' });
  const settings: Omit<Hook, 'id' | 'repoId' | 'created_at' | 'updated_at'> = {
    type: String(body.type),
    url: String(config.url),
    content_type: String(config.content_type),
    secret: text(config.secret),
    events: switchesFrom(flavor, 'create', strings(body.events)),
    // CreateHookOption.Active is a plain bool: absent means inactive.
    active: body.active === true,
    branch_filter: text(body.branch_filter),
    authorization_header: text(body.authorization_header),
  };
  if (settings.type === 'slack') {
    if (config.channel === undefined) throw new HttpError(422, { message: 'Missing config option: channel', url: '' });
    const channel = text(config.channel).trim();
    if (!/^#?[a-z0-9_-]{1,80}$/.test(channel)) throw new HttpError(400, { message: 'Invalid slack channel name', url: '' });
    settings.slack = { channel, username: text(config.username), icon_url: text(config.icon_url), color: text(config.color) };
  }
  return settings;
}

/**
 * editHook: config's url and content_type when given (never its secret); a
 * slack hook's settings rebuilt from what is sent when a channel is; the events
 * replaced (nothing sent: push alone) except the switches the edit does not
 * read; branch_filter and authorization_header set to what is sent, even
 * nothing (plain strings in EditHookOption); active only when given.
 */
export function applyHookEdit(flavor: Flavor, hook: Hook, body: Json): void {
  const config = obj(body.config);
  if (config.url !== undefined && !validUrl(config.url)) throw new HttpError(422, { message: 'Invalid url', url: '' });
  if (config.content_type !== undefined && config.content_type !== 'json' && config.content_type !== 'form') {
    throw new HttpError(422, { message: 'Invalid content type', url: '' });
  }
  if (typeof config.url === 'string') hook.url = config.url;
  if (typeof config.content_type === 'string') hook.content_type = config.content_type;
  if (hook.type === 'slack' && typeof config.channel === 'string') {
    hook.slack = { channel: config.channel, username: text(config.username), icon_url: text(config.icon_url), color: text(config.color) };
  }
  hook.events = switchesFrom(flavor, 'edit', strings(body.events), hook.events);
  hook.branch_filter = text(body.branch_filter);
  hook.authorization_header = text(body.authorization_header);
  if (typeof body.active === 'boolean') hook.active = body.active;
  hook.updated_at = tick();
}

/** A branch filter as a regular expression (gobwas/glob without separators); undefined when it does not compile. */
function filterRegExp(filter: string): RegExp | undefined {
  let out = '';
  let depth = 0;
  for (let i = 0; i < filter.length; i++) {
    const c = filter[i] as string;
    if (c === '*') out += '.*';
    else if (c === '?') out += '.';
    else if (c === '\\') out += (filter[++i] ?? '').replace(/[^\w]/g, '\\$&');
    else if (c === '[') {
      const end = filter.indexOf(']', i);
      if (end < 0) return undefined;
      const inner = filter.slice(i + 1, end);
      out += `[${inner.startsWith('!') ? `^${inner.slice(1)}` : inner}]`;
      i = end;
    } else if (c === '{') {
      depth++;
      out += '(?:';
    } else if (c === '}' && depth > 0) {
      depth--;
      out += ')';
    } else if (c === ',' && depth > 0) out += '|';
    else out += c.replace(/[^\w]/g, '\\$&');
  }
  if (depth > 0) return undefined;
  try {
    return new RegExp(`^${out}$`, 's');
  } catch {
    return undefined;
  }
}

/**
 * Whether TestHook's push of the default branch makes a delivery task:
 * PrepareWebhook skips a hook without the push switch or whose branch filter
 * leaves the branch out (checkBranch; Gitea 1.25 checkBranchFilter also tries
 * the full ref and takes `**`); Forgejo 14.0.2 PrepareTestWebhook skips neither.
 */
export function testMakesTask(flavor: Flavor, hook: Hook, branch: string): boolean {
  if (atLeast(flavor, true, '14.0.2')) return true;
  if (!hook.events.includes('push')) return false;
  const filter = hook.branch_filter ?? '';
  const newer = atLeast(flavor, false, '1.25.0');
  if (filter === '' || filter === '*' || (newer && filter === '**')) return true;
  const re = filterRegExp(filter);
  return re !== undefined && (re.test(branch) || (newer && re.test(`refs/heads/${branch}`)));
}
