// kettle repo collaborator list / add USER [--permission P] / remove USER
import { target } from '../../context/target.js';
import * as orgs from '../../api/gitea/orgs.js';
import * as repos from '../../api/gitea/repos.js';
import * as settings from '../../api/gitea/repo-settings.js';
import type { Context } from '../../context/context.js';
import { fullName, type RepoRef } from '../../context/repo.js';
import { ApiError, KettleError } from '../../errors.js';
import type { Column } from '../../output/printer.js';
import { failure, unlessRefused } from '../failure.js';
import { printListing } from '../listing.js';
import type { OptionsOf } from '../../spec/spec.js';
import type * as definition from './defs/collaborator.js';

export type CollaboratorAddOptions = OptionsOf<typeof definition.add>;
export type CollaboratorListOptions = OptionsOf<typeof definition.list>;
export type CollaboratorRemoveOptions = OptionsOf<typeof definition.remove>;

const columns: Column[] = [
  { key: 'login', header: 'LOGIN' },
  { key: 'full_name', header: 'NAME', flex: true, drop: 1 },
];

export async function runList(ctx: Context, opts: CollaboratorListOptions): Promise<void> {
  const { repo } = await target(ctx, { ownerName: opts.ownerName, repo: opts.repo });
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

/**
 * Add a collaborator, or set a collaborator's permission. The API takes
 * anyone, but the servers' own page refuses (routers/web/repo/setting/
 * collaboration.go CollaborationPost), and so does kettle: the repository's
 * owner, an organization account, and an owner of the organization that owns
 * the repository (each already has more than a collaborator can be given; a
 * real Gitea 1.23.8, 1.27.0 and Forgejo 11.0.1 all answered the API's PUT for
 * the owner and an organization with 204 and listed them as collaborators).
 * A collaborator's own mode cannot be read through the API (the permission
 * endpoint answers the user's effective access, which a team or an
 * administrator's rights raise), so an existing collaborator's permission is
 * set without claiming what it was.
 */
export async function runAdd(ctx: Context, opts: CollaboratorAddOptions): Promise<void> {
  const at = await target(ctx, { repo: opts.repo });
  const { repo } = at;
  const name = fullName(repo);
  const action = `add ${opts.user} to ${name}`;
  if (opts.user.toLowerCase() === repo.owner.toLowerCase()) throw new KettleError(`cannot ${action}: ${opts.user} owns it, which is more than a collaborator can be given`);
  const api = await at.api();
  const attempt = { action, missing: `repository ${name}` };
  const already = await collaborates(ctx, repo, opts.user, action);
  if (!already) {
    if (await orgs.isOrganization(api, opts.user).catch(failure(attempt))) {
      throw new KettleError(`cannot ${action}: ${opts.user} is an organization, and organizations take part through teams, not as collaborators`);
    }
    if ((await unlessRefused(orgs.isOrganization(api, repo.owner), false)) && (await orgs.isOwner(api, repo.owner, opts.user)) === true) {
      throw new KettleError(`cannot ${action}: ${opts.user} owns the organization ${repo.owner}, which is more than a collaborator can be given`);
    }
  }
  await settings.addCollaborator(api, repo, opts.user, opts.permission).catch(failure(attempt));
  ctx.term.success(already ? `Set ${opts.user}'s permission on ${name} to ${opts.permission}` : `Added ${opts.user} to ${name} with ${opts.permission} permission`);
}

export async function runRemove(ctx: Context, opts: CollaboratorRemoveOptions): Promise<void> {
  const at = await target(ctx, { repo: opts.repo });
  const { repo } = at;
  const name = fullName(repo);
  const action = `remove ${opts.user} from ${name}`;
  if (!(await collaborates(ctx, repo, opts.user, action))) {
    ctx.term.info(`kettle: ${opts.user} is not a collaborator on ${name}; nothing was changed`);
    return;
  }
  const api = await at.api();
  await settings.removeCollaborator(api, repo, opts.user).catch(failure({ action, missing: `repository ${name}` }));
  ctx.term.success(`Removed ${opts.user} from ${name}`);
}
