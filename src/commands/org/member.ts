// kettle org member list ORG; kettle org member remove ORG USER [--yes]
import * as orgs from '../../api/gitea/orgs.js';
import * as teams from '../../api/gitea/teams.js';
import type { Context } from '../../context/context.js';
import { canPrompt } from '../../io.js';
import { ask } from '../../context/prompt.js';
import { isSafeSegment } from '../../context/repo.js';
import { KettleError, UsageError } from '../../errors.js';
import { failure } from '../failure.js';
import { printListing } from '../listing.js';
import type { Column } from '../../output/printer.js';
import type { OptionsOf } from '../../spec/spec.js';
import type * as definitions from './index.js';

const memberColumns: Column[] = [
  { key: 'login', header: 'LOGIN' },
  { key: 'full_name', header: 'NAME', flex: true, drop: 1 },
];

export type MemberListOptions = OptionsOf<typeof definitions.memberList>;
export type MemberRemoveOptions = OptionsOf<typeof definitions.memberRemove>;

function checkedOrg(org: string): string {
  const name = org.trim();
  if (!isSafeSegment(name)) throw new UsageError(`invalid organization name "${org}"`);
  return name;
}

export async function runList(ctx: Context, opts: MemberListOptions): Promise<void> {
  const org = checkedOrg(opts.org);
  await printListing(ctx, opts, {
    noun: 'members',
    pages: (api, window, options) => orgs.members(api, org, window, options),
    columns: memberColumns,
    passThrough: true,
    empty: `No members of organization ${org} that you can see`,
    attempt: { action: `list the members of organization ${org}`, missing: `organization ${org}` },
  });
}

/** The most Owners team members read to tell whether a user is its last one. */
const MOST_OWNERS = 5000;

export async function runRemove(ctx: Context, opts: MemberRemoveOptions): Promise<void> {
  const org = checkedOrg(opts.org);
  const user = opts.user.trim().replace(/^@/, '');
  if (!isSafeSegment(user)) throw new UsageError(`invalid user name "${opts.user}"`);
  const api = await ctx.api();
  const what = `${user} from organization ${org}`;
  const member = await orgs.isMember(api, org, user).catch(failure({ action: `remove ${what}`, missing: `organization ${org}` }));
  if (!member) {
    await orgs.get(api, org).catch(failure({ action: `remove ${what}`, missing: `organization ${org}` }));
    throw new KettleError(`${user} is not a member of organization ${org}; nothing was changed`);
  }
  // The last owner stays: without one nobody could manage the organization (models/organization
  // RemoveOrgUser refuses it too, with a 500 from the API). Said here before sending.
  const owners = await ownersOf(api, org);
  if (owners !== undefined && owners.length === 1 && owners[0]?.toLowerCase() === user.toLowerCase()) {
    throw new KettleError(`cannot remove ${what}: ${user} is its last owner (add another to the Owners team first)`);
  }
  if (!opts.yes) {
    if (!canPrompt(ctx.io)) throw new UsageError(`refusing to remove ${what} without confirmation; pass --yes`);
    const typed = await ask(ctx.io, '--yes', { message: `Type ${user} to remove them from ${org} and all its teams`, required: false });
    if (typed !== user) throw new UsageError(`confirmation did not match ${user}; nothing was removed`);
  }
  await orgs.removeMember(api, org, user).catch(failure({ action: `remove ${what}`, missing: `user ${user}` }));
  ctx.term.success(`Removed ${what}`);
}

/** The Owners team's members, or undefined when the teams cannot be read. */
async function ownersOf(api: Awaited<ReturnType<Context['api']>>, org: string): Promise<string[] | undefined> {
  try {
    for await (const page of teams.list(api, org, { count: MOST_OWNERS, offset: 0, pageSize: 50 })) {
      const owners = page.find((t) => t.permission === 'owner');
      if (owners?.id === undefined) continue;
      const out: string[] = [];
      for await (const users of teams.members(api, owners.id, { count: MOST_OWNERS, offset: 0, pageSize: 50 })) out.push(...users.map((u) => u.login ?? ''));
      return out;
    }
  } catch {
    return undefined;
  }
  return undefined;
}
