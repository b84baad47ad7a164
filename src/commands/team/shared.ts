// What the team verbs share: the organization from --org, a team found by
// its name, and how a team is shown.
import type { ApiClient } from '../../api/client.js';
import * as orgs from '../../api/gitea/orgs.js';
import * as teams from '../../api/gitea/teams.js';
import type { Team } from '../../api/gitea/types.js';
import { isSafeSegment } from '../../context/repo.js';
import { KettleError, UsageError } from '../../errors.js';
import type { Column, Row } from '../../output/printer.js';
import { failure } from '../failure.js';

/** The organization --org names: required by every team verb. */
export function orgOf(org: string | undefined): string {
  const name = org?.trim();
  if (name === undefined || name === '') throw new UsageError('--org is required: the organization the team belongs to');
  if (!isSafeSegment(name)) throw new UsageError(`invalid organization name "${name}"`);
  return name;
}

/** "code: write, issues: read" from units_map ({"repo.code": "write"}), in the order the web page lists units. */
export function unitsSummary(r: Row): string {
  const map = typeof r.units_map === 'object' && r.units_map !== null ? (r.units_map as Record<string, unknown>) : {};
  return Object.entries(map)
    .map(([k, v]) => [k.replace(/^repo\./, ''), String(v)])
    .sort(([a], [b]) => (a ?? '').localeCompare(b ?? ''))
    .map(([k, v]) => `${k}: ${v}`)
    .join(', ');
}

export const teamColumns: Column[] = [
  { key: 'name', header: 'NAME' },
  { key: 'permission', header: 'PERMISSION', drop: 1 },
  { key: 'units_map', header: 'UNITS', get: unitsSummary, flex: true, drop: 3 },
  { key: 'description', header: 'DESCRIPTION', flex: true, drop: 2 },
];

export const teamViewColumns: Column[] = [
  { key: 'id', header: 'ID' },
  { key: 'name', header: 'NAME' },
  { key: 'description', header: 'DESCRIPTION' },
  { key: 'permission', header: 'PERMISSION' },
  { key: 'units_map', header: 'UNITS', get: unitsSummary },
  { key: 'includes_all_repositories', header: 'ALL REPOSITORIES' },
  { key: 'can_create_org_repo', header: 'CAN CREATE REPOSITORIES' },
];

export const memberColumns: Column[] = [
  { key: 'login', header: 'LOGIN' },
  { key: 'full_name', header: 'NAME', flex: true, drop: 1 },
];

/** The Owners team: the one with the `owner` permission, which every organization has (models/organization CreateOrganization). */
export const isOwners = (t: Team): boolean => t.permission === 'owner';

/** The most teams read to find one by name: 100 pages of 50. */
const MOST_TEAMS = 5000;

/**
 * The team of the organization with this name (the servers keep team names
 * unique without regard to case: models/organization Team.LowerName). The
 * whole list is read rather than /teams/search, whose keyword matches parts
 * of names and descriptions.
 */
export async function findTeam(api: ApiClient, org: string, name: string): Promise<Team> {
  const wanted = name.trim().toLowerCase();
  if (wanted === '') throw new UsageError('the team name must not be empty');
  const fail = failure({ action: `read the teams of organization ${org}`, missing: `organization ${org}` });
  try {
    for await (const page of teams.list(api, org, { count: MOST_TEAMS, offset: 0, pageSize: 50 })) {
      const found = page.find((t) => t.name?.toLowerCase() === wanted);
      if (found) return found;
    }
  } catch (err) {
    return fail(err);
  }
  throw new KettleError(`organization ${org} has no team "${name}" (\`kettle team list --org ${org}\` lists them)`);
}

/** Whether a name is a user's (the organization's members are users; an organization is not). */
export async function checkOrg(api: ApiClient, org: string): Promise<void> {
  await orgs.get(api, org).catch(failure({ action: `read organization ${org}`, missing: `organization ${org}` }));
}
