// A repository given to another owner, and a repository made from a template,
// as a Gitea-family server answers them (read at Gitea v1.23.8 to v1.27.0 and
// Forgejo v11.0.1 to v15.0.3, the same there; "recorded" marks what real
// Gitea 1.23.8, 1.27.0 and Forgejo 11.0.1 answered). Renaming is repo edit's
// (routes-repos.ts).
import { cpSync, existsSync } from 'node:fs';
import { forbidden, HttpError, invalid } from './http.js';
import { ensureBare } from './git-http.js';
import { extraOf, gitDirOf, moveRepo, repoData } from './routes-repos.js';
import { settingsData } from './routes-settings.js';
import { type Call, flavorAtLeast, type Handler, obj, visibleRepo } from './routes.js';

const error = (c: Call, status: number, message: string) => new HttpError(status, { message, url: `${c.state.apiRoot}/swagger` });

const same = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

/**
 * routers/api/v1/repo/transfer.go Transfer (reqOwner), then
 * services/repository/transfer.go StartRepositoryTransfer: 404 "The new owner
 * does not exist or cannot be found" (recorded); team_ids for a user 422
 * "Teams can only be added to organization-owned repositories", an unknown
 * team 422 "team N not found", another organization's 403 "team N belongs not
 * to org M" (recorded); a name the new owner has, or the same owner, 422
 * "repository already exists [uname: …, name: …]" (recorded). An administrator,
 * a transfer to oneself, or to an organization the user may create
 * repositories in moves it at once: 202 with the moved record (recorded);
 * otherwise the new owner must accept: 201, the repository stays.
 * (This server's teams are the organizations' Owners teams, whose id is the
 * organization's: routes-teams.ts.)
 */
const transfer: Handler = (c) => {
  const repo = visibleRepo(c);
  if (!c.state.canAdmin(c.user.login, repo)) throw forbidden('user should be the owner of the repository');
  const body = obj(c.body);
  if (typeof body.new_owner !== 'string' || body.new_owner === '') throw invalid('TransferRepoOption', [{ field: 'NewOwner', code: 'Required' }]);
  const newOwner: string = body.new_owner;
  const org = c.state.org(newOwner);
  const user = c.state.user(newOwner);
  if (!org && !user) throw error(c, 404, 'The new owner does not exist or cannot be found');
  if (body.team_ids !== undefined) {
    if (!org) throw error(c, 422, 'Teams can only be added to organization-owned repositories');
    for (const id of Array.isArray(body.team_ids) ? body.team_ids : []) {
      const owning = c.state.orgs.find((o) => o.id === id);
      if (!owning) throw error(c, 422, `team ${String(id)} not found`);
      if (owning !== org) throw error(c, 403, `team ${String(id)} belongs not to org ${org.id}`);
    }
  }
  const owner = org?.login ?? user?.login ?? newOwner;
  if (c.state.repo(owner, repo.name)) throw error(c, 422, `repository already exists [uname: ${owner}, name: ${repo.name}]`);
  const direct = c.user.admin === true || same(owner, c.user.login) || (org?.members.some((m) => same(m, c.user.login)) ?? false);
  if (!direct) return { status: 201, body: c.state.repoJson(repo, c.user.login) };
  // transferOwnership gives the repository to the teams with every repository (the Owners team here), then adds
  // the teams named: one of those again is a 500 "UNIQUE constraint failed: team_repo.team_id, team_repo.repo_id"
  // (its message for administrators only), after the move on Gitea 1.23.8 and Forgejo 11.0.1, with none on Gitea
  // 1.27.0 (all recorded; 1.24 to 1.26 are taken as 1.23).
  if (org && Array.isArray(body.team_ids) && body.team_ids.includes(org.id)) {
    if (c.flavor.forgejo || !flavorAtLeast(c.flavor, '1.27')) moveRepo(c.state, repo, owner, repo.name);
    throw error(c, 500, c.user.admin === true ? 'UNIQUE constraint failed: team_repo.team_id, team_repo.repo_id' : '');
  }
  moveRepo(c.state, repo, owner, repo.name);
  return { status: 202, body: c.state.repoJson(repo, c.user.login) };
};

const ITEMS = ['git_content', 'topics', 'git_hooks', 'webhooks', 'avatar', 'labels', 'protected_branch'] as const;

/**
 * routers/api/v1/repo/repo.go Generate: the binding first (owner and name
 * required: "[Name]: Required", recorded); not a template 422 "this is not a
 * template repo"; nothing chosen 422 "must select at least one template
 * item"; an unknown owner 404 {"error": "request owner `X` does not exist"}
 * (no message field); another user's account, for a non-administrator, 403;
 * an organization the user may not create repositories in, 403; a name taken
 * 409 "The repository with the same name already exists." (all recorded but the
 * 403s); else 201 with the new repository, which carries no topics yet
 * (recorded). services/repository/template.go GenerateRepository copies the
 * git content (git_content), topics and labels.
 */
const generate: Handler = (c) => {
  const template = visibleRepo(c);
  const body = obj(c.body);
  const missing = (['owner', 'name'] as const).filter((k) => typeof body[k] !== 'string' || body[k] === '');
  if (missing.length > 0)
    throw invalid(
      'GenerateRepoOption',
      missing.map((k) => ({ field: k === 'owner' ? 'Owner' : 'Name', code: 'Required' })),
    );
  if (extraOf(c.state, template).template !== true) throw error(c, 422, 'this is not a template repo');
  if (!ITEMS.some((k) => body[k] === true)) throw error(c, 422, 'must select at least one template item');
  const ownerName = String(body.owner);
  const name = String(body.name);
  let owner = c.user.login;
  if (!same(ownerName, c.user.login)) {
    const org = c.state.org(ownerName);
    const user = c.state.user(ownerName);
    if (!org && !user) throw new HttpError(404, { error: `request owner \`${ownerName}\` does not exist` });
    if (c.user.admin !== true && !org) throw error(c, 403, 'Only admin can generate repository for other user.');
    if (c.user.admin !== true && org && !org.members.some((m) => same(m, c.user.login))) throw error(c, 403, 'Given user is not allowed to create repository in organization.');
    owner = org?.login ?? user?.login ?? ownerName;
  }
  if (c.state.repo(owner, name)) throw error(c, 409, 'The repository with the same name already exists.');
  const made = c.state.addRepo(owner, name, { description: typeof body.description === 'string' ? body.description : '', private: body.private === true });
  if (body.git_content === true) {
    made.branches.push(...template.branches);
    extraOf(c.state, made).default_branch = extraOf(c.state, template).default_branch;
    const data = repoData(c.state);
    const from = ensureBare(c.state, template);
    const to = gitDirOf(data, made);
    if (from !== undefined && to !== undefined && existsSync(from)) cpSync(from, to, { recursive: true });
  }
  // The answer is made before the topics are copied (recorded: none). Before Gitea 1.27 (and in Forgejo) the
  // record answered is the one made before the git content, its default branch still "" (services/repository
  // generate.go; recorded from real Gitea 1.23.8 and Forgejo 11.0.1); 1.27 sets it first (util.IfZero).
  const record = c.state.repoJson(made, c.user.login);
  if (c.flavor.forgejo || !flavorAtLeast(c.flavor, '1.27')) record.default_branch = '';
  if (body.topics === true) {
    const topics = settingsData(c.state).topics.get(template.id);
    if (topics) settingsData(c.state).topics.set(made.id, [...topics]);
  }
  if (body.labels === true) for (const l of c.state.labels.filter((x) => x.repoId === template.id)) c.state.addLabel(made, l.name, l.color, l.description);
  return { status: 201, body: record };
};

export const MOVE_ROUTES: Array<[string, string, Handler]> = [
  ['POST', '/repos/:owner/:repo/transfer', transfer],
  ['POST', '/repos/:owner/:repo/generate', generate],
];
