// kettle team delete TEAM --org ORG [--yes]
import * as teams from '../../api/gitea/teams.js';
import type { Context } from '../../context/context.js';
import { canPrompt } from '../../io.js';
import { ask } from '../../context/prompt.js';
import { KettleError, UsageError } from '../../errors.js';
import { failure } from '../failure.js';
import { findTeam, isOwners, orgOf } from './shared.js';
import type { OptionsOf } from '../../spec/spec.js';
import type * as definitions from './index.js';

export type DeleteOptions = OptionsOf<typeof definitions.del>;

export async function run(ctx: Context, opts: DeleteOptions): Promise<void> {
  const org = orgOf(opts.org);
  const api = await ctx.api();
  const team = await findTeam(api, org, opts.team);
  const what = `team "${team.name ?? opts.team}" of organization ${org}`;
  // The servers' API deletes even the Owners team (routers/api/v1/org/team.go DeleteTeam checks nothing;
  // recorded: 204 from Gitea 1.23.8, 1.27.0 and Forgejo 11.0.1), leaving the organization without owners.
  // The web page refuses; so does kettle.
  if (isOwners(team)) throw new KettleError(`cannot delete ${what}: it is the organization's Owners team`);
  if (!opts.yes) {
    if (!canPrompt(ctx.io)) throw new UsageError(`refusing to delete ${what} without confirmation; pass --yes`);
    const expected = team.name ?? opts.team;
    const typed = await ask(ctx.io, '--yes', { message: `Type ${expected} to delete the team`, required: false });
    if (typed !== expected) throw new UsageError(`confirmation did not match ${expected}; nothing was deleted`);
  }
  await teams.delete(api, team.id as number).catch(failure({ action: `delete ${what}`, missing: what }));
  ctx.term.success(`Deleted ${what}`);
}
