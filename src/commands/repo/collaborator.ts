// kettle repo collaborator list / add USER [--permission P] / remove USER
import * as repos from '../../api/gitea/repos.js';
import * as settings from '../../api/gitea/repo-settings.js';
import type { Context } from '../../context/context.js';
import { fullName, type RepoRef } from '../../context/repo.js';
import { ApiError, KettleError } from '../../errors.js';
import type { Column } from '../../output/printer.js';
import { failure } from '../failure.js';
import { printListing } from '../listing.js';
import { repoOf } from './which.js';
import type { ListFlags, RepoFlag } from '../../cli/flags.js';
import type { PERMISSIONS } from './choices.js';

export interface CollaboratorAddOptions extends RepoFlag {
  user: string;
  permission: (typeof PERMISSIONS)[number];
}
export interface CollaboratorListOptions extends RepoFlag, ListFlags {
  ownerName: string | undefined;
}
export interface CollaboratorRemoveOptions extends RepoFlag {
  user: string;
}

const columns: Column[] = [
  { key: 'login', header: 'LOGIN' },
  { key: 'full_name', header: 'NAME', flex: true, drop: 1 },
];

export async function runList(ctx: Context, opts: CollaboratorListOptions): Promise<void> {
  const repo = await repoOf(ctx, opts.ownerName, opts.repo);
  const name = fullName(repo);
  await printListing(ctx, opts, {
    noun: 'collaborators',
    pages: (api, window, options) => settings.listCollaborators(api, repo, window, options),
    columns,
    empty: `No collaborators on ${name}`,
    attempt: { action: `list the collaborators of ${name}`, missing: `repository ${name}` },
  });
}

/**
 * Whether the user collaborates on the repository. routers/api/v1/repo/collaborators.go
 * IsCollaborator answers 422 for a user that does not exist, and 404 both for
 * "not a collaborator" and for a repository that does not exist: one more request tells which.
 */
async function collaborates(ctx: Context, repo: RepoRef, login: string, action: string): Promise<boolean> {
  const api = await ctx.api();
  const name = fullName(repo);
  const known = await settings.isCollaborator(api, repo, login).catch((err: unknown) => {
    if (err instanceof ApiError && err.status === 422) throw err.withMessage(`cannot ${action}: user ${login} not found`);
    return failure({ action, missing: `repository ${name}` })(err);
  });
  if (known) return true;
  if (!(await repos.exists(api, repo))) throw new KettleError(`repository ${name} not found`);
  return false;
}

export async function runAdd(ctx: Context, opts: CollaboratorAddOptions): Promise<void> {
  const repo = await ctx.repo(opts.repo);
  const name = fullName(repo);
  const action = `add ${opts.user} to ${name}`;
  const api = await ctx.api();
  const attempt = { action, missing: `repository ${name}` };
  if (await collaborates(ctx, repo, opts.user, action)) {
    const now = (await settings.permissionOf(api, repo, opts.user).catch(failure(attempt))).permission;
    if (now === opts.permission) {
      ctx.info(`kettle: ${opts.user} already has ${now} permission on ${name}; nothing was changed`);
      return;
    }
    await settings.addCollaborator(api, repo, opts.user, opts.permission).catch(failure(attempt));
    ctx.success(`Changed ${opts.user}'s permission on ${name} from ${now} to ${opts.permission}`);
    return;
  }
  await settings.addCollaborator(api, repo, opts.user, opts.permission).catch(failure(attempt));
  ctx.success(`Added ${opts.user} to ${name} with ${opts.permission} permission`);
}

export async function runRemove(ctx: Context, opts: CollaboratorRemoveOptions): Promise<void> {
  const repo = await ctx.repo(opts.repo);
  const name = fullName(repo);
  const action = `remove ${opts.user} from ${name}`;
  if (!(await collaborates(ctx, repo, opts.user, action))) {
    ctx.info(`kettle: ${opts.user} is not a collaborator on ${name}; nothing was changed`);
    return;
  }
  const api = await ctx.api();
  await settings.removeCollaborator(api, repo, opts.user).catch(failure({ action, missing: `repository ${name}` }));
  ctx.success(`Removed ${opts.user} from ${name}`);
}
