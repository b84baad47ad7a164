// kettle package link TYPE NAME OWNER/REPO, kettle package unlink TYPE NAME [--owner OWNER]
import * as features from '../../api/gitea/actions-features.js';
import * as packages from '../../api/gitea/packages.js';
import type { ApiClient } from '../../api/client.js';
import { hostOf } from '../../api/url.js';
import type { Context } from '../../context/context.js';
import { describeServer } from '../../context/server.js';
import { ApiError } from '../../errors.js';
import { failure } from '../failure.js';
import { ownerOf, packageName } from './shared.js';
import type { OptionsOf } from '../../spec/spec.js';
import type * as definitions from './index.js';

export type LinkOptions = OptionsOf<typeof definitions.link>;
export type UnlinkOptions = OptionsOf<typeof definitions.unlink>;

/** Stop before sending anything on a server without package links (Gitea 1.23). */
async function requireLinks(ctx: Context, api: ApiClient, what: string): Promise<void> {
  const info = await ctx.server();
  if (info.version === '' || features.offers(info, 'packageLink')) return;
  throw new features.NotOffered('packageLink', `${what} needs ${features.needs('packageLink')}; ${hostOf(api.root)} runs ${describeServer(info)}`);
}

export async function runLink(ctx: Context, opts: LinkOptions): Promise<void> {
  const repo = ctx.repos.arg(opts.repository, 'repository');
  const api = await ctx.api();
  const ref = { owner: repo.owner, type: opts.type, name: opts.name };
  const what = packageName(ref);
  const repoName = `${repo.owner}/${repo.name}`;
  await requireLinks(ctx, api, 'linking a package');
  await packages.linkPackage(api, ref, repo.name).catch(async (err: unknown) => {
    // services/packages LinkToRepository: ErrInvalidArgument (400) when the package is linked already.
    if (err instanceof ApiError && err.status === 400) {
      throw err.withMessage(`cannot link ${what} to ${repoName}: it is linked to a repository already (kettle package view shows which; kettle package unlink first)`);
    }
    // LinkPackage answers 404 for a missing package and a missing repository alike: one read tells which.
    return failure({ action: `link ${what} to ${repoName}`, missing: what, within: { api, repo } })(err);
  });
  ctx.term.success(`Linked ${what} to ${repoName}`);
}

export async function runUnlink(ctx: Context, opts: UnlinkOptions): Promise<void> {
  const { api, owner } = await ownerOf(ctx, opts.owner);
  const ref = { owner, type: opts.type, name: opts.name };
  const what = packageName(ref);
  await requireLinks(ctx, api, 'unlinking a package');
  const linked = await packages.unlinkPackage(api, ref).then(
    () => true,
    async (err: unknown) => {
      // UnlinkFromRepository: ErrInvalidArgument (400) when the package is linked to no repository.
      if (err instanceof ApiError && err.status === 400) return false;
      return failure({ action: `unlink ${what}`, missing: what })(err);
    },
  );
  if (!linked) ctx.term.info(`kettle: ${what} is not linked to a repository; nothing was changed`);
  else ctx.term.success(`Unlinked ${what} from its repository`);
}
