// kettle repo fork [OWNER/NAME] [--org ORG] [--name NAME] [--clone]
import { target } from '../../context/target.js';
import * as repos from '../../api/gitea/repos.js';
import type { CreateForkOption, Repository } from '../../api/gitea/types.js';
import type { Context } from '../../context/context.js';
import { gitProtocolFor } from '../../context/preferences.js';
import { fullName, isSafeSegment, type RepoRef } from '../../context/repo.js';
import { ApiError, KettleError, UsageError } from '../../errors.js';
import { printRecord } from '../../output/printer.js';
import { failure } from '../failure.js';
import { webUrl } from '../records.js';
import { repoViewColumns } from '../repo-columns.js';
import { clone, cloneUrl } from './git.js';
import type { OptionsOf } from '../../spec/spec.js';
import type * as definition from './defs/fork.js';

export type ForkOptions = OptionsOf<typeof definition.fork>;

/** Pauses between looks at a fork still in the making: quick at first, then every 2 s, about a minute in all. */
export const FORK_WAITS_MS = [250, 500, 1000, ...Array<number>(29).fill(2000)];

function refOf(record: Repository, fallback: RepoRef): RepoRef {
  const [owner, name] = String(record.full_name ?? '').split('/');
  return owner && name ? { owner, name } : fallback;
}

/**
 * Some servers fork in the background: the answer names the new repository
 * before it can be read or cloned. Look until it answers, a bounded number of times.
 */
async function whenReady(ctx: Context, fork: RepoRef, waits: number[]): Promise<Repository> {
  const api = await ctx.api();
  const name = fullName(fork);
  let noted = false;
  for (let attempt = 0; ; attempt++) {
    try {
      return await repos.get(api, fork);
    } catch (err) {
      const wait = waits[attempt];
      if (!(err instanceof ApiError && err.status === 404)) throw err;
      if (wait === undefined) {
        throw new KettleError(`the fork ${name} was not ready after ${Math.round(waits.reduce((a, b) => a + b, 0) / 1000)} s; clone it later with: kettle repo clone ${name}`);
      }
      if (!noted) ctx.term.info(`kettle: waiting for the server to finish the fork ${name}…`);
      noted = true;
      await ctx.io.sleep(wait);
    }
  }
}

export async function run(ctx: Context, opts: ForkOptions): Promise<void> {
  if (opts.org !== undefined && !isSafeSegment(opts.org)) throw new UsageError(`invalid --org "${opts.org}": use letters, digits, - _ .`);
  if (opts.name !== undefined && (!isSafeSegment(opts.name) || /\.git$/i.test(opts.name))) {
    throw new UsageError(`invalid --name "${opts.name}": use letters, digits, - _ . (not . or .., no .git at the end)`);
  }
  const at = await target(ctx, { ownerName: opts.ownerName, repo: opts.repo });
  const { repo } = at;
  const name = fullName(repo);
  const body: CreateForkOption = {};
  if (opts.org !== undefined) body.organization = opts.org;
  if (opts.name !== undefined) body.name = opts.name;
  const api = await at.api();
  const forked = await repos.fork(api, repo, body).catch(failure({ action: `fork ${name}`, missing: `repository ${name}` }));
  const forkRef = refOf(forked, { owner: opts.org ?? '', name: opts.name ?? repo.name });
  ctx.term.success(`Forked ${name} to ${fullName(forkRef)}${webUrl(forked)}`);
  if (!opts.clone) {
    await printRecord(ctx.io, ctx.output, forked, repoViewColumns);
    return;
  }
  const ready = await whenReady(ctx, forkRef, FORK_WAITS_MS);
  const protocol = gitProtocolFor(ctx.io, at.login());
  const parent = ready.parent ?? (await repos.get(api, repo).catch(failure({ action: `read ${name}`, missing: `repository ${name}` })));
  await clone(ctx, { url: cloneUrl(ready, protocol), directory: forkRef.name, flags: [], upstream: cloneUrl(parent, protocol) });
  ctx.term.success(`Cloned ${fullName(forkRef)} into ${forkRef.name} (upstream: ${name})`);
  await printRecord(ctx.io, ctx.output, ready, repoViewColumns);
}
