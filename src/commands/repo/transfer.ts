// kettle repo transfer [OWNER/NAME] NEW-OWNER [--team TEAM]... [--yes]
// (routers/api/v1/repo/transfer.go Transfer, Gitea 1.23 to 1.27, Forgejo 11
// to 15): 202 when the repository moved at once, 201 when the new owner must
// accept first (it stays where it is until then). Teams are sent by id, so
// kettle reads the organization's teams to find them by name.
import { target } from '../../context/target.js';
import * as orgs from '../../api/gitea/orgs.js';
import * as teamsApi from '../../api/gitea/teams.js';
import * as repos from '../../api/gitea/repos.js';
import type { TransferRepoOption } from '../../api/gitea/types.js';
import type { Context } from '../../context/context.js';
import { choose } from '../../context/prompt.js';
import { fullName, isSafeSegment } from '../../context/repo.js';
import { ApiError, KettleError, UsageError } from '../../errors.js';
import { canPrompt } from '../../io.js';
import { failure } from '../failure.js';
import { followMove } from './moved.js';
import { operands } from './rename.js';
import type { OptionsOf } from '../../spec/spec.js';
import type * as definition from './defs/rename.js';

export type TransferOptions = OptionsOf<typeof definition.transfer>;

export async function run(ctx: Context, opts: TransferOptions): Promise<void> {
  const { ownerName, value: owner } = operands(opts.ownerName, opts.newOwner, 'new owner', 'kettle repo transfer [OWNER/NAME] NEW-OWNER');
  if (!isSafeSegment(owner)) throw new UsageError(`invalid owner "${owner}": use letters, digits, - _ .`);
  const teamNames = opts.team.map((t) => t.trim());
  if (teamNames.some((t) => t === '')) throw new UsageError('--team needs a team name');
  const at = await target(ctx, { ownerName });
  const { repo } = at;
  const name = fullName(repo);
  // The servers answer a transfer to its own owner 422 "repository already exists" (recorded): said plainly, before sending.
  if (owner.toLowerCase() === repo.owner.toLowerCase()) throw new UsageError(`${name} already belongs to ${repo.owner}; nothing was transferred`);
  const api = await at.api();
  const body: TransferRepoOption = { new_owner: owner };
  if (teamNames.length > 0) {
    if (!(await orgs.isOrganization(api, owner))) throw new UsageError(`--team applies to a transfer to an organization; ${owner} is not one`);
    const teams = await teamsApi.all(api, owner).catch(failure({ action: `read the teams of ${owner}`, missing: `organization ${owner}` }));
    const chosen = teamNames.map((t) => {
      const team = teams.find((x) => (x.name ?? '').toLowerCase() === t.toLowerCase());
      if (team?.id === undefined) throw new KettleError(`organization ${owner} has no team "${t}" (its teams: ${teams.map((x) => x.name).join(', ') || 'none'}); nothing was transferred`);
      return team;
    });
    // A team with every repository of the organization gets this one by the transfer itself; named again, the
    // servers fail with a 500 (UNIQUE constraint on team_repo), Gitea 1.23 and Forgejo 11 after moving the
    // repository, Gitea 1.27 before (recorded): such a team is not sent.
    for (const team of chosen.filter((t) => t.includes_all_repositories === true)) {
      ctx.term.info(`kettle: team ${team.name} of ${owner} has access to all its repositories, this one included once transferred; it is not sent`);
    }
    const ids = chosen.filter((t) => t.includes_all_repositories !== true).map((t) => t.id as number);
    if (ids.length > 0) body.team_ids = [...new Set(ids)];
  }
  if (!opts.yes) {
    if (!canPrompt(ctx.io)) throw new UsageError(`refusing to transfer ${name} to ${owner} without confirmation; pass --yes`);
    const go = await choose(ctx.io, '--yes', `Transfer ${name} to ${owner}?`, [
      { title: 'Yes', value: 'yes' },
      { title: 'No', value: 'no' },
    ]);
    if (go !== 'yes') throw new UsageError(`${name} was not transferred`);
  }
  const done = await repos.transfer(api, repo, body).catch((err: unknown) => {
    if (err instanceof ApiError) {
      // Transfer: 404 "The new owner does not exist or cannot be found" (recorded), apart from a missing repository.
      if (err.status === 404 && /new owner/i.test(err.serverMessage ?? '')) throw err.withMessage(`cannot transfer ${name}: no user or organization ${owner}`);
      // StartRepositoryTransfer: 422 ErrRepoAlreadyExist (recorded).
      if (err.status === 422 && /already exists/i.test(err.serverMessage ?? '')) throw err.withMessage(`cannot transfer ${name}: ${owner} already has a repository named ${repo.name}`);
    }
    return failure({ action: `transfer ${name} to ${owner}`, missing: `repository ${name}` })(err);
  });
  if (done.pending) {
    ctx.term.info(`kettle: the transfer of ${name} to ${owner} is pending: ${owner} must accept it; until then it stays ${name}`);
    return;
  }
  const now = String(done.repo.full_name ?? `${owner}/${repo.name}`);
  const [newOwner = owner, newName = repo.name] = now.split('/');
  ctx.term.success(`Transferred ${name} to ${now}`);
  await followMove(ctx, at.login().root, repo, { owner: newOwner, name: newName }, opts.updateRemote);
}
