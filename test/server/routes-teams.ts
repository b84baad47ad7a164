// An organization's Owners team, as far as kettle reads teams (repo
// collaborator add asks whether a user owns the organization): every
// organization has it from its creation (models/organization
// CreateOrganization, read at Gitea v1.23.8 and v1.27.0, Forgejo v11.0.1);
// the in-memory server's organization members are its owners and it keeps no
// other team. Its id is the organization's id (a stand-in; real ids count teams).
import { forbidden, notFound } from './http.js';
import { type Call, flavorAtLeast, type Handler } from './routes.js';
import type { Org } from './state.js';

function ownersTeam(c: Call, org: Org) {
  return {
    id: org.id,
    name: 'Owners',
    description: '',
    // ListTeams loads no organization (recorded: null from real Gitea 1.27.0 and Forgejo 11.0.1).
    organization: null,
    includes_all_repositories: true,
    permission: 'owner',
    can_create_org_repo: true,
    // Gitea 1.27 shows a team's visibility (recorded); 1.23 and Forgejo 11 have none.
    ...(!c.flavor.forgejo && flavorAtLeast(c.flavor, '1.27') ? { visibility: 'limited' } : {}),
  };
}

const isMember = (org: Org, login: string) => org.members.some((m) => m.toLowerCase() === login.toLowerCase());

/** routers/api/v1/org/team.go ListTeams: members of the organization only (reqOrgMembership), 403 otherwise. */
const listTeams: Handler = (c) => {
  const org = c.state.org(c.params.org ?? '');
  if (!org) throw notFound(c.state.apiRoot);
  if (!isMember(org, c.user.login) && c.user.admin !== true) throw forbidden('Must be an organization member');
  return { status: 200, body: [ownersTeam(c, org)], headers: { 'x-total-count': '1' } };
};

/** GetTeamMember: the user's record when a member of the team, 404 when not. */
const getTeamMember: Handler = (c) => {
  const org = c.state.orgs.find((o) => String(o.id) === c.params.id);
  if (!org) throw notFound(c.state.apiRoot);
  const user = c.state.user(c.params.username ?? '');
  if (!user || !isMember(org, user.login)) throw notFound(c.state.apiRoot);
  return { status: 200, body: c.state.userJson(user) };
};

export const TEAM_ROUTES: Array<[string, string, Handler]> = [
  ['GET', '/orgs/:org/teams', listTeams],
  ['GET', '/teams/:id/members/:username', getTeamMember],
];
