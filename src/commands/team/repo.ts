// kettle team repo list|add|remove TEAM [OWNER/NAME...] --org ORG
import * as teams from '../../api/gitea/teams.js';
import type { Context } from '../../context/context.js';
import { fullName, isSafeSegment, type RepoRef } from '../../context/repo.js';
import { KettleError, UsageError } from '../../errors.js';
import { failure } from '../failure.js';
import { printListing } from '../listing.js';
import { forEachName, uniqueNames } from '../many.js';
import { repoColumns } from '../repo-columns.js';
import { findTeam, orgOf } from './shared.js';
import type { OptionsOf } from '../../spec/spec.js';
import type * as definitions from './index.js';

export type RepoListOptions = OptionsOf<typeof definitions.repoList>;
export type RepoAddOptions = OptionsOf<typeof definitions.repoAdd>;
export type RepoRemoveOptions = OptionsOf<typeof definitions.repoRemove>;

export async function runList(ctx: Context, opts: RepoListOptions): Promise<void> {
  const org = orgOf(opts.org);
  const api = await ctx.api();
  const team = await findTeam(api, org, opts.team);
  const what = `team "${team.name ?? opts.team}" of organization ${org}`;
  await printListing(ctx, opts, {
    noun: 'repositories',
    pages: (client, window, options) => teams.repos(client, team.id as number, window, options),
    columns: repoColumns,
    passThrough: true,
    empty: `No repositories in ${what}`,
    attempt: { action: `list the repositories of ${what}`, missing: what },
  });
}

/** OWNER/NAME or NAME (the organization's); a team holds only its organization's repositories. */
function repoOf(org: string, value: string): RepoRef {
  const parts = value.trim().split('/');
  const [owner, name] = parts.length === 1 ? [org, parts[0] ?? ''] : parts.length === 2 ? [parts[0] ?? '', parts[1] ?? ''] : ['', ''];
  if (!isSafeSegment(owner) || !isSafeSegment(name)) throw new UsageError(`invalid repository "${value}": expected OWNER/NAME or NAME`);
  // routers/api/v1/org/team.go getRepositoryByParams looks the repository up under the team's organization:
  // any other owner answers 404. Said here, before sending.
  if (owner.toLowerCase() !== org.toLowerCase()) throw new UsageError(`${owner}/${name} is not a repository of organization ${org}: a team holds only its organization's repositories`);
  return { owner, name };
}

async function change(ctx: Context, opts: RepoAddOptions, adding: boolean): Promise<void> {
  const org = orgOf(opts.org);
  const refs = new Map(uniqueNames(opts.repos).map((r) => [r, repoOf(org, r)]));
  const api = await ctx.api();
  const team = await findTeam(api, org, opts.team);
  const id = team.id as number;
  const what = `team "${team.name ?? opts.team}" of organization ${org}`;
  await forEachName(
    ctx,
    api,
    [...refs.keys()],
    async (given) => {
      const repo = refs.get(given);
      if (!repo) throw new KettleError(`invalid repository "${given}"`);
      const fail = failure({ action: `${adding ? 'add' : 'remove'} ${fullName(repo)} ${adding ? 'to' : 'from'} ${what}`, missing: `repository ${fullName(repo)}` });
      if (adding) await teams.addRepo(api, id, repo).catch(fail);
      else await teams.removeRepo(api, id, repo).catch(fail);
      return { message: adding ? `Added ${fullName(repo)} to ${what}` : `Removed ${fullName(repo)} from ${what}`, record: { full_name: fullName(repo), team: team.name, added: adding } };
    },
    { columns: [{ key: 'full_name', header: 'REPOSITORY' }], viewColumns: [{ key: 'full_name', header: 'REPOSITORY' }] },
  );
}

export function runAdd(ctx: Context, opts: RepoAddOptions): Promise<void> {
  return change(ctx, opts, true);
}

export function runRemove(ctx: Context, opts: RepoRemoveOptions): Promise<void> {
  return change(ctx, opts, false);
}
