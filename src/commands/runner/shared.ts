// What the runner verbs share: whose runners (a repository's, an
// organization's, your account's, or with --global the instance's), the one
// line for a server without the endpoint, and how runners are shown.
import type { ApiClient } from '../../api/client.js';
import * as features from '../../api/gitea/actions-features.js';
import type { RunnerScope } from '../../api/gitea/runners.js';
import { hostOf } from '../../api/url.js';
import type { Context } from '../../context/context.js';
import { describeServer, type ServerInfo } from '../../context/server.js';
import { target } from '../../context/target.js';
import { UsageError } from '../../errors.js';
import type { Column } from '../../output/printer.js';

export interface ScopeFlags {
  repo?: string | undefined;
  org?: string | undefined;
  user: boolean;
  global: boolean;
}

export interface RunnerPlace {
  scope: RunnerScope;
  /** How messages name the place: `alice/teapot`, `organization acme`, `your account`, `the instance`. */
  where: string;
  /** What a 404 on the place means is missing. */
  missing: string;
  api(): Promise<ApiClient>;
  server(): Promise<ServerInfo>;
}

/** The place the flags name: --global, else as target() resolves -R, --org and --user. */
export async function runnerPlace(ctx: Context, flags: ScopeFlags): Promise<RunnerPlace> {
  if (flags.global) {
    const other = flags.repo !== undefined ? '-R' : flags.org !== undefined ? '--org' : flags.user ? '--user' : undefined;
    if (other !== undefined) throw new UsageError(`use either --global or ${other}, not both`);
    return { scope: { kind: 'global' }, where: 'the instance', missing: 'the instance', api: () => ctx.api(), server: () => ctx.server() };
  }
  const t = await target(ctx, { repo: flags.repo, org: flags.org, user: flags.user });
  const scope: RunnerScope = t.kind === 'repo' ? { kind: 'repo', repo: t.repo } : t.kind === 'org' ? { kind: 'org', org: t.org } : { kind: 'user' };
  return { scope, where: t.where, missing: t.missing, api: () => t.api(), server: () => t.server() };
}

/**
 * Stop before sending anything when the server lists and deletes no runners
 * through its API (Gitea before 1.24, Forgejo before 15): one line naming
 * the releases that do. A server that does not say its version is asked.
 */
export async function requireRunners(place: RunnerPlace, what: string): Promise<void> {
  const info = await place.server();
  if (info.version === '' || features.offers(info, 'runners')) return;
  const api = await place.api();
  throw new features.NotOffered(
    'runners',
    `${what} needs ${features.needs('runners')}; ${hostOf(api.root)} runs ${describeServer(info)} (its web page lists the runners under Settings, Actions, Runners)`,
  );
}

/** A runner's labels as names, whichever way the server writes them. */
export function labelNames(runner: { labels?: unknown }): string[] {
  if (!Array.isArray(runner.labels)) return [];
  return runner.labels
    .map((l: unknown) => (typeof l === 'string' ? l : typeof l === 'object' && l !== null && typeof (l as { name?: unknown }).name === 'string' ? (l as { name: string }).name : ''))
    .filter((n) => n !== '');
}

export const runnerColumns: Column[] = [
  { key: 'id', header: 'ID' },
  { key: 'name', header: 'NAME' },
  { key: 'status', header: 'STATUS' },
  { key: 'labels', header: 'LABELS', get: (r) => labelNames(r).join(', ') },
];
