// kettle team member list|add|remove TEAM [USER...] --org ORG
import * as teams from '../../api/gitea/teams.js';
import type { Context } from '../../context/context.js';
import { isSafeSegment } from '../../context/repo.js';
import { KettleError, UsageError } from '../../errors.js';
import { failure } from '../failure.js';
import { printListing } from '../listing.js';
import { forEachName, uniqueNames } from '../many.js';
import { findTeam, isOwners, memberColumns, orgOf } from './shared.js';

/** The most Owners team members read to tell whether a removal would leave none. */
const MOST_OWNERS = 5000;
import type { OptionsOf } from '../../spec/spec.js';
import type * as definitions from './index.js';

const outcomeColumns = [
  { key: 'login', header: 'LOGIN' },
  { key: 'team', header: 'TEAM' },
];

export type MemberListOptions = OptionsOf<typeof definitions.memberList>;
export type MemberAddOptions = OptionsOf<typeof definitions.memberAdd>;
export type MemberRemoveOptions = OptionsOf<typeof definitions.memberRemove>;

export async function runList(ctx: Context, opts: MemberListOptions): Promise<void> {
  const org = orgOf(opts.org);
  const api = await ctx.api();
  const team = await findTeam(api, org, opts.team);
  const what = `team "${team.name ?? opts.team}" of organization ${org}`;
  await printListing(ctx, opts, {
    noun: 'members',
    pages: (client, window, options) => teams.members(client, team.id as number, window, options),
    columns: memberColumns,
    passThrough: true,
    empty: `No members in ${what}`,
    attempt: { action: `list the members of ${what}`, missing: what },
  });
}

function logins(users: readonly string[]): string[] {
  const names = uniqueNames(users.map((u) => u.trim().replace(/^@/, '')));
  const bad = names.find((u) => u === '' || !isSafeSegment(u));
  if (bad !== undefined) throw new UsageError(`invalid user name "${bad}"`);
  return names;
}

async function change(ctx: Context, opts: MemberAddOptions, adding: boolean): Promise<void> {
  const org = orgOf(opts.org);
  const users = logins(opts.users);
  const api = await ctx.api();
  const team = await findTeam(api, org, opts.team);
  const id = team.id as number;
  const what = `team "${team.name ?? opts.team}" of organization ${org}`;
  if (!adding && isOwners(team)) {
    // models/organization removeTeamMember refuses the Owners team's last member (ErrLastOrgOwner), a 500
    // from the API (recorded from Gitea 1.23.8, 1.27.0 and Forgejo 11.0.1): said here before sending.
    const owners: string[] = [];
    for await (const page of teams.members(api, id, { count: MOST_OWNERS, offset: 0, pageSize: 50 })) owners.push(...page.map((u) => (u.login ?? '').toLowerCase()));
    if (owners.length > 0 && owners.every((o) => users.some((u) => u.toLowerCase() === o))) {
      throw new KettleError(`cannot remove ${users.join(', ')} from ${what}: an organization keeps at least one owner`);
    }
  }
  await forEachName(
    ctx,
    api,
    users,
    async (user) => {
      // Both answer 404 for a user that does not exist; a removal of a non-member answers 204 (RemoveTeamMember).
      const fail = failure({ action: `${adding ? 'add' : 'remove'} ${user} ${adding ? 'to' : 'from'} ${what}`, missing: `user ${user}` });
      if (adding) await teams.addMember(api, id, user).catch(fail);
      else await teams.removeMember(api, id, user).catch(fail);
      return { message: adding ? `Added ${user} to ${what}` : `Removed ${user} from ${what}`, record: { login: user, team: team.name, member: adding } };
    },
    { columns: outcomeColumns, viewColumns: outcomeColumns },
  );
}

export function runAdd(ctx: Context, opts: MemberAddOptions): Promise<void> {
  return change(ctx, opts, true);
}

export function runRemove(ctx: Context, opts: MemberRemoveOptions): Promise<void> {
  return change(ctx, opts, false);
}
