// An organization's teams, their members and repositories, and the
// organization's members. Read at Gitea v1.23.8 and v1.27.0, Forgejo v11.0.1:
// routers/api/v1/org/team.go and member.go; who may, api.go (reqOrgMembership,
// reqOrgOwnership, reqTeamMembership).
//
// The Owners team is every organization's from its creation (models/organization
// CreateOrganization); the in-memory server's organization members (Org.members)
// are its members, the owners, and its id is the organization's id (a stand-in;
// real ids count teams). Other teams live beside them; a user in any team is a
// member of the organization (models/organization IsOrgMember).
import { forbidden, HttpError, invalid, notFound } from './http.js';
import { type Call, flavorAtLeast, type Handler, list, obj } from './routes.js';
import type { Json, Org, Repo, State } from './state.js';

type Access = 'none' | 'read' | 'write' | 'admin';

interface Team {
  id: number;
  orgId: number;
  name: string;
  description: string;
  /** The team's own access mode, as CreateTeam stored it. */
  access: Access;
  unitsMap: Record<string, Access>;
  includesAll: boolean;
  canCreate: boolean;
  members: string[];
  repoIds: number[];
}

/** models/unit Units: the unit keys every release known here has (ext_issues and ext_wiki included). */
const UNIT_KEYS = ['repo.code', 'repo.issues', 'repo.ext_issues', 'repo.pulls', 'repo.releases', 'repo.wiki', 'repo.ext_wiki', 'repo.projects', 'repo.packages', 'repo.actions'];

function data(state: State): { teams: Team[]; ownersGone: Set<number> } {
  return state.extension('teams', () => ({ teams: [] as Team[], ownersGone: new Set<number>() }));
}

const same = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();
const isOwner = (org: Org, login: string) => org.members.some((m) => same(m, login));
const teamsOf = (state: State, org: Org) => data(state).teams.filter((t) => t.orgId === org.id);

/** models/organization IsOrgMember: in any team of the organization. */
export function isOrgMember(state: State, org: Org, login: string): boolean {
  return isOwner(org, login) || teamsOf(state, org).some((t) => t.members.some((m) => same(m, login)));
}

function ownersTeam(c: Call, org: Org, withOrg = false): Json {
  return {
    id: org.id,
    name: 'Owners',
    description: '',
    // ListTeams loads no organization (recorded: null from real Gitea 1.27.0 and Forgejo 11.0.1); GetTeam does.
    organization: withOrg ? c.state.orgJson(org) : null,
    includes_all_repositories: true,
    permission: 'owner',
    units: UNIT_KEYS,
    units_map: Object.fromEntries(UNIT_KEYS.map((k) => [k, 'owner'])),
    can_create_org_repo: true,
    // Gitea 1.27 shows a team's visibility (recorded); 1.23 and Forgejo 11 have none.
    ...(!c.flavor.forgejo && flavorAtLeast(c.flavor, '1.27') ? { visibility: 'limited' } : {}),
  };
}

function teamJson(c: Call, t: Team, org: Org | null): Json {
  return {
    id: t.id,
    name: t.name,
    description: t.description,
    // convert.ToTeam loads the organization only when asked (CreateTeam, GetTeam), not for lists.
    organization: org ? c.state.orgJson(org) : null,
    includes_all_repositories: t.includesAll,
    permission: t.access,
    units: Object.keys(t.unitsMap),
    units_map: t.unitsMap,
    can_create_org_repo: t.canCreate,
    // Gitea 1.27: a new team is private unless the request says otherwise (NormalizeTeamVisibility; recorded).
    ...(!c.flavor.forgejo && flavorAtLeast(c.flavor, '1.27') ? { visibility: 'private' } : {}),
  };
}

function orgOf(c: Call): Org {
  const org = c.state.org(c.params.org ?? '');
  if (!org) throw notFound(c.state.apiRoot);
  return org;
}

/** reqOrgMembership: 403 "Must be an organization member" (a site administrator passes). */
function member(c: Call, org: Org): void {
  if (!isOrgMember(c.state, org, c.user.login) && c.user.admin !== true) throw forbidden('Must be an organization member');
}

/** reqOrgOwnership: 403 "Must be an organization owner" (a site administrator passes). */
function owner(c: Call, org: Org): void {
  if (!isOwner(org, c.user.login) && c.user.admin !== true) throw forbidden('Must be an organization owner');
}

/** orgAssignment(false, true): the team by id, 404 when there is none. */
function teamOf(c: Call): { org: Org; team: Team | 'owners' } {
  const id = Number(c.params.id);
  const org = c.state.orgs.find((o) => o.id === id);
  if (org && !data(c.state).ownersGone.has(org.id)) return { org, team: 'owners' };
  const team = data(c.state).teams.find((t) => t.id === id);
  const its = team ? c.state.orgs.find((o) => o.id === team.orgId) : undefined;
  if (!team || !its) throw notFound(c.state.apiRoot);
  return { org: its, team };
}

const membersOf = (org: Org, team: Team | 'owners'): string[] => (team === 'owners' ? org.members : team.members);

/**
 * ListTeams: members of the organization only (reqOrgMembership), in
 * models/organization SearchTeam's order. Gitea 1.23 to 1.26 and Forgejo 11:
 * by lower_name alone, the Owners team among the others (recorded:
 * kettle-writers before Owners from Gitea 1.23.8 and Forgejo 11.0.1).
 * Gitea 1.27: the team named Owners first, then by lower_name (OrderBy "CASE
 * WHEN name=? THEN '' ELSE lower_name END"; recorded: Owners first). The
 * database's order is by bytes, not by locale.
 *
 * Gitea 1.27 also filters (ApplyTeamListFilter): a site administrator or an
 * owner sees every team; any other member only the teams they are in and those
 * of visibility limited or public. The Owners team is limited; a team made
 * here is private (teamJson).
 */
const listTeams: Handler = (c) => {
  const org = orgOf(c);
  member(c, org);
  const ownersFirst = !c.flavor.forgejo && flavorAtLeast(c.flavor, '1.27');
  const seesAll = !ownersFirst || c.user.admin === true || isOwner(org, c.user.login);
  const byName = (a: string, b: string) => {
    const x = a.toLowerCase();
    const y = b.toLowerCase();
    return x < y ? -1 : x > y ? 1 : 0;
  };
  const rows: Array<{ name: string; json: () => Json }> = [
    ...(data(c.state).ownersGone.has(org.id) ? [] : [{ name: 'Owners', json: () => ownersTeam(c, org) }]),
    ...teamsOf(c.state, org)
      .filter((t) => seesAll || t.members.some((m) => same(m, c.user.login)))
      .map((t) => ({ name: t.name, json: () => teamJson(c, t, null) })),
  ];
  const key = (name: string) => (ownersFirst && name === 'Owners' ? '' : name);
  rows.sort((a, b) => byName(key(a.name), key(b.name)));
  return list(c, rows, (r) => r.json());
};

/**
 * CreateTeam (reqOrgOwnership). The binding: name Required, AlphaDashDot,
 * MaxSize(255) (422). The permission: Gitea 1.23 and Forgejo 11 keep the
 * one sent, lowered to the least of units_map's when below admin
 * (MinUnitAccessMode); Gitea 1.24 and later keep only none or admin
 * (ParseAccessMode(…, None, Admin); recorded: "none" for a write team from
 * Gitea 1.27.0). Below admin, units_map wins over units; neither is a 500
 * "units permission should not be empty". Admin: every unit at admin
 * (attachAdminTeamUnits). A name taken (without regard to case): 422
 * "team already exists [org_id: N, name: NAME]".
 */
const createTeam: Handler = (c) => {
  const org = orgOf(c);
  member(c, org);
  owner(c, org);
  const body = obj(c.body);
  const name = typeof body.name === 'string' ? body.name : '';
  if (name === '') throw invalid('', [{ field: 'Name', code: 'Required' }], '[Name]: Required');
  if (!/^[A-Za-z0-9_.-]+$/.test(name) || name.length > 255)
    throw invalid('', [{ field: 'Name', code: 'AlphaDashDotError' }], "[Name]: should contain only alphanumeric, dash ('-'), underscore ('_') and dot ('.') characters");
  const sent = (['read', 'write', 'admin'] as const).find((p) => p === body.permission) ?? 'none';
  const unitsMap: Record<string, Access> = {};
  const givenMap = obj(body.units_map);
  const givenUnits = Array.isArray(body.units) ? body.units.filter((u): u is string => typeof u === 'string') : [];
  if (sent === 'admin') for (const k of UNIT_KEYS) unitsMap[k] = 'admin';
  else if (Object.keys(givenMap).length > 0) {
    for (const [k, v] of Object.entries(givenMap)) {
      const key = UNIT_KEYS.find((u) => same(u, k));
      if (key) unitsMap[key] = (['read', 'write', 'admin'] as const).find((p) => p === v) ?? 'none';
    }
  } else if (givenUnits.length > 0) {
    // attachTeamUnits: Gitea 1.24+ at the permission within read..write; 1.23 and Forgejo at the team's own.
    const at: Access = !c.flavor.forgejo && flavorAtLeast(c.flavor, '1.24') ? (sent === 'write' ? 'write' : 'read') : sent;
    for (const u of givenUnits) {
      const key = UNIT_KEYS.find((k) => same(k, u));
      if (key) unitsMap[key] = at;
    }
  } else throw new HttpError(500, { message: 'units permission should not be empty', url: '' });
  let access: Access = sent;
  if (!c.flavor.forgejo && flavorAtLeast(c.flavor, '1.24')) access = sent === 'admin' ? 'admin' : 'none';
  else if (sent !== 'admin' && Object.keys(givenMap).length > 0) {
    const order: Access[] = ['none', 'read', 'write', 'admin'];
    const modes = Object.values(unitsMap).filter((m) => m !== 'none');
    access = modes.reduce<Access>((least, m) => (order.indexOf(m) < order.indexOf(least) ? m : least), 'admin');
    if (modes.length === 0) access = 'none';
  }
  if (same(name, 'Owners') || teamsOf(c.state, org).some((t) => same(t.name, name))) {
    throw new HttpError(422, { message: `team already exists [org_id: ${org.id}, name: ${name}]`, url: '' });
  }
  const team: Team = {
    id: c.state.id(),
    orgId: org.id,
    name,
    description: typeof body.description === 'string' ? body.description : '',
    access,
    unitsMap,
    includesAll: body.includes_all_repositories === true,
    canCreate: body.can_create_org_repo === true,
    members: [],
    repoIds: [],
  };
  data(c.state).teams.push(team);
  return { status: 201, body: teamJson(c, team, org) };
};

/** GetTeam (reqTeamReadAccess: members of the organization). */
const getTeam: Handler = (c) => {
  const { org, team } = teamOf(c);
  member(c, org);
  return { status: 200, body: team === 'owners' ? ownersTeam(c, org, true) : teamJson(c, team, org) };
};

/**
 * DeleteTeam (reqOrgOwnership) checks nothing more: the Owners team goes too
 * (recorded: 204 from Gitea 1.23.8, 1.27.0 and Forgejo 11.0.1, the team gone
 * from the list after). Here its members stay the organization's owners for
 * the other routes; only the team disappears.
 */
const deleteTeam: Handler = (c) => {
  const { org, team } = teamOf(c);
  owner(c, org);
  if (team === 'owners') data(c.state).ownersGone.add(org.id);
  else data(c.state).teams = data(c.state).teams.filter((t) => t !== team);
  return { status: 204 };
};

/** GetTeamMembers (reqOrgMembership), paged. */
const teamMembers: Handler = (c) => {
  const { org, team } = teamOf(c);
  member(c, org);
  const users = membersOf(org, team)
    .map((m) => c.state.user(m))
    .filter((u) => u !== undefined);
  return list(c, users, (u) => c.state.userJson(u));
};

/** GetTeamMember: the user's record when a member of the team, 404 when not. */
const getTeamMember: Handler = (c) => {
  const { org, team } = teamOf(c);
  member(c, org);
  const user = c.state.user(c.params.username ?? '');
  if (!user || !membersOf(org, team).some((m) => same(m, user.login))) throw notFound(c.state.apiRoot);
  return { status: 200, body: c.state.userJson(user) };
};

/** A user by the path's username: GetUserByName's 404 (the user must be an individual). */
function userOf(c: Call) {
  const user = c.state.user(c.params.username ?? '');
  if (!user) throw notFound(c.state.apiRoot);
  return user;
}

/** AddTeamMember (reqOrgOwnership): 204, again 204 for one already in (services/org AddTeamMember). */
const addTeamMember: Handler = (c) => {
  const { org, team } = teamOf(c);
  owner(c, org);
  const user = userOf(c);
  const list = team === 'owners' ? org.members : team.members;
  if (!list.some((m) => same(m, user.login))) list.push(user.login);
  return { status: 204 };
};

/**
 * RemoveTeamMember (reqOrgOwnership): 204, also for a user not in the team.
 * The last member of the Owners team stays: models/organization
 * removeTeamMember's ErrLastOrgOwner, a 500 from the API (recorded: "user is
 * the last member of owner team [uid: 1]" from Gitea 1.23.8, 1.27.0 and Forgejo 11.0.1).
 */
const removeTeamMember: Handler = (c) => {
  const { org, team } = teamOf(c);
  owner(c, org);
  const user = userOf(c);
  if (team === 'owners') {
    if (org.members.length === 1 && same(org.members[0] ?? '', user.login)) throw new HttpError(500, { message: `user is the last member of owner team [uid: ${user.id}]`, url: '' });
    org.members = org.members.filter((m) => !same(m, user.login));
  } else team.members = team.members.filter((m) => !same(m, user.login));
  return { status: 204 };
};

function teamRepos(c: Call, org: Org, team: Team | 'owners'): Repo[] {
  const all = c.state.repos.filter((r) => same(r.owner, org.login));
  if (team === 'owners' || team.includesAll) return all;
  return all.filter((r) => team.repoIds.includes(r.id));
}

/** GetTeamRepos (reqTeamReadAccess), paged; only what the viewer may see. */
const listTeamRepos: Handler = (c) => {
  const { org, team } = teamOf(c);
  member(c, org);
  const repos = teamRepos(c, org, team).filter((r) => c.state.canSee(c.user.login, r));
  return list(c, repos, (r) => c.state.repoJson(r, c.user.login));
};

/**
 * AddTeamRepository / RemoveTeamRepository (reqTeamMembership: a member of
 * the team, an owner or a site administrator): the repository is looked up
 * under the team's organization (getRepositoryByParams: 404 for any other
 * owner); adding needs admin access to it (403 "Must have admin-level access
 * to the repository"; an owner has it).
 */
function teamRepoChange(adding: boolean): Handler {
  return (c) => {
    const { org, team } = teamOf(c);
    const inTeam = membersOf(org, team).some((m) => same(m, c.user.login));
    if (!inTeam && !isOwner(org, c.user.login) && c.user.admin !== true) throw forbidden('Must be a team member');
    const repo = same(c.params.org ?? '', org.login) ? c.state.repo(org.login, c.params.reponame ?? '') : undefined;
    if (!repo) throw notFound(c.state.apiRoot);
    if (!isOwner(org, c.user.login) && c.user.admin !== true) throw forbidden('Must have admin-level access to the repository');
    if (team !== 'owners') {
      if (adding && !team.repoIds.includes(repo.id)) team.repoIds.push(repo.id);
      if (!adding) team.repoIds = team.repoIds.filter((id) => id !== repo.id);
    }
    return { status: 204 };
  };
}

/**
 * ListMembers: every member for a member of the organization (or a site
 * administrator, FindOrgMembers with IsDoerMember); the public ones only for
 * anyone else, and the in-memory server keeps no public memberships.
 */
const listMembers: Handler = (c) => {
  const org = orgOf(c);
  const sees = isOrgMember(c.state, org, c.user.login) || c.user.admin === true;
  const logins = sees ? [...new Set([...org.members, ...teamsOf(c.state, org).flatMap((t) => t.members)].map((m) => m.toLowerCase()))] : [];
  const users = logins
    .map((m) => c.state.user(m))
    .filter((u) => u !== undefined)
    .sort((a, b) => a.login.toLowerCase().localeCompare(b.login.toLowerCase()));
  return list(c, users, (u) => c.state.userJson(u));
};

/** IsMember: for a member or a site administrator, 204 or 404; for anyone else a redirect to public_members (302). */
const isMember: Handler = (c) => {
  const org = orgOf(c);
  const user = userOf(c);
  if (isOrgMember(c.state, org, c.user.login) || c.user.admin === true) {
    if (isOrgMember(c.state, org, user.login)) return { status: 204 };
    throw notFound(c.state.apiRoot);
  }
  if (same(c.user.login, user.login)) throw notFound(c.state.apiRoot);
  return { status: 302, headers: { location: `/api/v1/orgs/${encodeURIComponent(org.login)}/public_members/${encodeURIComponent(user.login)}` } };
};

/**
 * DeleteMember (reqOrgOwnership): services/org RemoveOrgUser takes the user
 * out of every team; the last owner is refused with ErrLastOrgOwner, which the
 * API answers 500; a user who is no member: 204, nothing changed.
 */
const deleteMember: Handler = (c) => {
  const org = orgOf(c);
  owner(c, org);
  const user = userOf(c);
  if (org.members.length === 1 && same(org.members[0] ?? '', user.login)) throw new HttpError(500, { message: `user is the last member of owner team [uid: ${user.id}]`, url: '' });
  org.members = org.members.filter((m) => !same(m, user.login));
  for (const t of teamsOf(c.state, org)) t.members = t.members.filter((m) => !same(m, user.login));
  return { status: 204 };
};

export const TEAM_ROUTES: Array<[string, string, Handler]> = [
  ['GET', '/orgs/:org/teams', listTeams],
  ['POST', '/orgs/:org/teams', createTeam],
  ['GET', '/orgs/:org/members', listMembers],
  ['GET', '/orgs/:org/members/:username', isMember],
  ['DELETE', '/orgs/:org/members/:username', deleteMember],
  ['GET', '/teams/:id', getTeam],
  ['DELETE', '/teams/:id', deleteTeam],
  ['GET', '/teams/:id/members', teamMembers],
  ['GET', '/teams/:id/members/:username', getTeamMember],
  ['PUT', '/teams/:id/members/:username', addTeamMember],
  ['DELETE', '/teams/:id/members/:username', removeTeamMember],
  ['GET', '/teams/:id/repos', listTeamRepos],
  ['PUT', '/teams/:id/repos/:org/:reponame', teamRepoChange(true)],
  ['DELETE', '/teams/:id/repos/:org/:reponame', teamRepoChange(false)],
];

/** A team made straight in an organization (tests, the demo), with its members and repositories. */
export function addTeam(state: State, org: Org, name: string, init: { access?: Access; units?: string[]; members?: string[]; repos?: Repo[]; description?: string } = {}): number {
  const access = init.access ?? 'write';
  const units = init.units ?? ['repo.code', 'repo.issues', 'repo.pulls'];
  const team: Team = {
    id: state.id(),
    orgId: org.id,
    name,
    description: init.description ?? '',
    access,
    unitsMap: Object.fromEntries(units.map((u) => [u, access])),
    includesAll: false,
    canCreate: false,
    members: [...(init.members ?? [])],
    repoIds: (init.repos ?? []).map((r) => r.id),
  };
  data(state).teams.push(team);
  return team.id;
}
