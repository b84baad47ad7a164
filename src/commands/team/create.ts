// kettle team create TEAM --org ORG [--permission read|write|admin] [--units LIST]
// The units go out both as `units_map` (each at the team's permission), which
// every release known here reads first, and as the older `units` list.
// Gitea 1.24 and later then show a team below admin with permission "none"
// (routers/api/v1/org/team.go CreateTeam: ParseAccessMode(…, None, Admin)):
// what it may do is in its units. An admin team gets every unit at admin
// whatever --units says (attachAdminTeamUnits).
import * as teams from '../../api/gitea/teams.js';
import type { CreateTeamOption } from '../../api/gitea/types.js';
import type { Context } from '../../context/context.js';
import { KettleError, UsageError } from '../../errors.js';
import { printRecord } from '../../output/printer.js';
import { failure } from '../failure.js';
import { UNITS } from './choices.js';
import { checkOrg, orgOf, teamViewColumns } from './shared.js';
import type { OptionsOf } from '../../spec/spec.js';
import type * as definitions from './index.js';

export type CreateOptions = OptionsOf<typeof definitions.create>;

const DEFAULT_UNITS = ['code', 'issues', 'pulls', 'releases', 'wiki', 'projects', 'packages', 'actions'];

/** --units as the servers' unit keys, each once; an unknown one is a usage error naming those known. */
export function parseUnits(value: string | undefined): string[] {
  if (value === undefined) return DEFAULT_UNITS.map((u) => `repo.${u}`);
  const names = value
    .split(',')
    .map((u) =>
      u
        .trim()
        .toLowerCase()
        .replace(/^repo\./, ''),
    )
    .filter((u) => u !== '');
  if (names.length === 0) throw new UsageError(`--units needs at least one of ${UNITS.join(', ')}`);
  const unknown = names.find((u) => !(UNITS as readonly string[]).includes(u));
  if (unknown !== undefined) throw new UsageError(`unknown unit "${unknown}" in --units; the servers know ${UNITS.join(', ')}`);
  return [...new Set(names)].map((u) => `repo.${u}`);
}

export async function run(ctx: Context, opts: CreateOptions): Promise<void> {
  const org = orgOf(opts.org);
  const name = opts.team.trim();
  if (name === '') throw new UsageError('the team name must not be empty');
  // models/organization: a team name is alphanumeric, dash, underscore or dot, at most 255 characters (binding AlphaDashDot).
  if (!/^[A-Za-z0-9_.-]{1,255}$/.test(name)) throw new UsageError(`invalid team name "${name}": use letters, digits, dashes, underscores and dots`);
  const units = parseUnits(opts.units);
  const permission = opts.permission;
  const api = await ctx.api();
  await checkOrg(api, org);
  const body: CreateTeamOption = {
    name,
    permission,
    units,
    units_map: Object.fromEntries(units.map((u) => [u, permission])),
    includes_all_repositories: opts.allRepos,
    can_create_org_repo: opts.canCreateRepos,
  };
  if (opts.description !== undefined) body.description = opts.description;
  const made = await teams.create(api, org, body).catch(failure({ action: `create team "${name}" in organization ${org}`, missing: `organization ${org}` }));
  if (made.id === undefined) throw new KettleError("the server answered without the new team's id");
  ctx.term.success(`Created team "${made.name ?? name}" in organization ${org}`);
  await printRecord(ctx.io, ctx.output, made, teamViewColumns);
}
