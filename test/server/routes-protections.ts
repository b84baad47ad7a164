// Branch protection rules: /repos/{owner}/{repo}/branch_protections, as
// routers/api/v1/repo/branch.go (ListBranchProtections, GetBranchProtection,
// CreateBranchProtection, EditBranchProtection, DeleteBranchProtection) and
// services/convert ToBranchProtection answer, read at Gitea v1.23.8 and
// v1.27.0 and Forgejo v11.0.1 and v15.0.3; the rules are kept in routes-ci.ts
// (the branch record and pr checks read them). Recorded from real Gitea
// 1.23.8, 1.27.0 and Forgejo 11.0.1 (with curl): the fields each release
// answers, that an edit keeps what it is not sent, the 400, 403, 404 and 422
// answers and their wording, and the users and teams left out in silence.
import { forbidden, HttpError, notFound } from './http.js';
import { type Call, flavorAtLeast, type Handler, obj, visibleRepo } from './routes.js';
import { addRule, ciData, isPattern, type ProtectionRule } from './routes-ci.js';
import type { Json, Repo } from './state.js';
import { tick } from './state.js';

/** Gitea 1.27 added the bypass allowlist (api.BranchProtection); Forgejo has none. */
const hasBypass = (c: Call) => !c.flavor.forgejo && flavorAtLeast(c.flavor, '1.27');

/** services/convert ToBranchProtection; Forgejo's has no priority, force-push lists or admin merge override, but apply_to_admins. */
function ruleJson(c: Call, r: ProtectionRule): Json {
  const gitea = !c.flavor.forgejo;
  return {
    branch_name: isPattern(r.rule_name) ? '' : r.rule_name,
    rule_name: r.rule_name,
    ...(gitea ? { priority: r.priority } : {}),
    enable_push: r.enable_push,
    enable_push_whitelist: r.enable_push_whitelist,
    push_whitelist_usernames: r.push_whitelist_usernames,
    push_whitelist_teams: r.push_whitelist_teams,
    push_whitelist_deploy_keys: r.push_whitelist_deploy_keys,
    ...(gitea
      ? {
          enable_force_push: r.enable_force_push,
          enable_force_push_allowlist: r.enable_force_push_allowlist,
          force_push_allowlist_usernames: r.force_push_allowlist_usernames,
          force_push_allowlist_teams: r.force_push_allowlist_teams,
          force_push_allowlist_deploy_keys: r.force_push_allowlist_deploy_keys,
        }
      : {}),
    enable_merge_whitelist: r.enable_merge_whitelist,
    merge_whitelist_usernames: r.merge_whitelist_usernames,
    merge_whitelist_teams: r.merge_whitelist_teams,
    ...(hasBypass(c) ? { enable_bypass_allowlist: r.enable_bypass_allowlist, bypass_allowlist_usernames: r.bypass_allowlist_usernames, bypass_allowlist_teams: r.bypass_allowlist_teams } : {}),
    enable_status_check: r.enable_status_check,
    status_check_contexts: r.status_check_contexts,
    required_approvals: r.required_approvals,
    enable_approvals_whitelist: r.enable_approvals_whitelist,
    approvals_whitelist_username: r.approvals_whitelist_username,
    approvals_whitelist_teams: r.approvals_whitelist_teams,
    block_on_rejected_reviews: r.block_on_rejected_reviews,
    block_on_official_review_requests: r.block_on_official_review_requests,
    block_on_outdated_branch: r.block_on_outdated_branch,
    dismiss_stale_approvals: r.dismiss_stale_approvals,
    ignore_stale_approvals: r.ignore_stale_approvals,
    require_signed_commits: r.require_signed_commits,
    protected_file_patterns: r.protected_file_patterns,
    unprotected_file_patterns: r.unprotected_file_patterns,
    ...(gitea ? { block_admin_merge_override: r.block_admin_merge_override } : { apply_to_admins: r.apply_to_admins }),
    created_at: r.created_at,
    updated_at: r.updated_at,
  };
}

/** api.go: the /branch_protections group is for repository admins only (reqAdmin). */
function adminRepo(c: Call): Repo {
  const repo = visibleRepo(c);
  if (!c.state.canAdmin(c.user.login, repo)) throw forbidden('user should be an owner or a collaborator with admin write of a repository');
  return repo;
}

const rulesOf = (c: Call, repo: Repo) => ciData(c.state).rules.filter((r) => r.repoId === repo.id);

/** models/git/protected_branch.go GetProtectedBranchRuleByName: the name exactly as stored. */
function findRule(c: Call, repo: Repo): ProtectionRule {
  const rule = rulesOf(c, repo).find((r) => r.rule_name === (c.params.name ?? ''));
  if (!rule) throw notFound(c.state.apiRoot);
  return rule;
}

/** ListBranchProtections: every rule, in the order they apply (priority, then plain names before patterns), not paginated. */
const listRules: Handler = (c) => {
  const repo = adminRepo(c);
  const rules = rulesOf(c, repo).sort((a, b) => a.priority - b.priority || Number(isPattern(a.rule_name)) - Number(isPattern(b.rule_name)) || a.id - b.id);
  return { status: 200, body: rules.map((r) => ruleJson(c, r)) };
};

const getRule: Handler = (c) => {
  const repo = adminRepo(c);
  return { status: 200, body: ruleJson(c, findRule(c, repo)) };
};

const strings = (v: unknown): string[] | undefined => (Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : undefined);
const flag = (v: unknown): boolean | undefined => (typeof v === 'boolean' ? v : undefined);

/** user_model.GetUserIDsByNames: every name a user, else 422 naming the first that is not (the same words on every release). */
function usersNamed(c: Call, names: string[] | undefined): string[] | undefined {
  if (names === undefined) return undefined;
  return names.map((n) => {
    const user = c.state.user(n);
    if (!user) throw new HttpError(422, { message: `user does not exist [uid: 0, name: ${n}]`, url: '' });
    return user.login;
  });
}

/**
 * organization.GetTeamIDsByNames, only for an organization's repository (a
 * user's ignores the teams sent): 422 for a name that is no team. The
 * in-memory organizations keep one team, Owners (routes-teams.ts).
 */
function teamsNamed(c: Call, repo: Repo, names: string[] | undefined): string[] | undefined {
  const org = c.state.org(repo.owner);
  if (!org) return undefined;
  if (names === undefined) return undefined;
  return names.map((n) => {
    if (n.toLowerCase() !== 'owners') throw new HttpError(422, { message: `team does not exist [org_id ${org.id}, team_id 0, name: ${n}]`, url: '' });
    return 'Owners';
  });
}

/**
 * models/git/protected_branch.go updateUserWhitelist and updateApprovalWhitelist:
 * a changed list keeps, in silence, only the users with write access (for
 * approvals: read access to pull requests); an unchanged one stays as it is.
 */
function writers(c: Call, repo: Repo, current: string[], next: string[], approvals = false): string[] {
  const same = current.length === next.length && current.every((u) => next.some((n) => n.toLowerCase() === u.toLowerCase()));
  if (same) return current;
  return [...new Set(next.filter((u) => (approvals ? c.state.canSee(u, repo) : c.state.canWrite(u, repo))))];
}

const LISTS = [
  ['push_whitelist_usernames', 'push_whitelist_teams', false],
  ['force_push_allowlist_usernames', 'force_push_allowlist_teams', false],
  ['merge_whitelist_usernames', 'merge_whitelist_teams', false],
  ['approvals_whitelist_username', 'approvals_whitelist_teams', true],
  ['bypass_allowlist_usernames', 'bypass_allowlist_teams', false],
] as const;

/**
 * The lists of a create or an edit: users first, in the handler's order, then
 * teams; a list not sent keeps the rule's (an edit) or is empty (a create).
 * Forgejo has no force-push or bypass lists; Gitea before 1.27 no bypass list.
 */
function applyLists(c: Call, repo: Repo, rule: ProtectionRule, body: Json): void {
  const known = LISTS.filter(([users]) => (c.flavor.forgejo ? !users.startsWith('force') && !users.startsWith('bypass') : !users.startsWith('bypass') || hasBypass(c)));
  const userLists = known.map(([users]) => usersNamed(c, strings(body[users])));
  const teamLists = known.map(([, teams]) => teamsNamed(c, repo, strings(body[teams])));
  const isOrg = c.state.org(repo.owner) !== undefined;
  known.forEach(([users, teams, approvals], i) => {
    rule[users] = writers(c, repo, rule[users], userLists[i] ?? rule[users], approvals);
    // A user's repository sends no teams on: updateTeamWhitelist then empties the list.
    rule[teams] = isOrg ? (teamLists[i] ?? rule[teams]) : [];
  });
}

/** CreateBranchProtection: rule_name (or the older branch_name); 400 without either; one rule per name (403). */
const createRule: Handler = (c) => {
  const repo = adminRepo(c);
  const body = obj(c.body);
  const name = typeof body.rule_name === 'string' && body.rule_name !== '' ? body.rule_name : typeof body.branch_name === 'string' ? body.branch_name : '';
  if (name === '') throw new HttpError(400, { message: 'both rule_name and branch_name are empty', url: '' });
  if (rulesOf(c, repo).some((r) => r.rule_name === name)) throw forbidden('Branch protection already exist');
  const draft = addRule(c.state, repo, { rule_name: name });
  ciData(c.state).rules.pop();
  // Every name is looked up before the rule is stored: a 422 leaves nothing behind.
  applyLists(c, repo, draft, body);
  const push = body.enable_push === true;
  const whitelist = push && body.enable_push_whitelist === true;
  const forcePush = !c.flavor.forgejo && push && body.enable_force_push === true;
  Object.assign(draft, {
    enable_push: push,
    enable_push_whitelist: whitelist,
    push_whitelist_deploy_keys: whitelist && body.push_whitelist_deploy_keys === true,
    enable_force_push: forcePush,
    enable_force_push_allowlist: forcePush && body.enable_force_push_allowlist === true,
    force_push_allowlist_deploy_keys: forcePush && body.enable_force_push_allowlist === true && body.force_push_allowlist_deploy_keys === true,
    enable_merge_whitelist: body.enable_merge_whitelist === true,
    enable_bypass_allowlist: hasBypass(c) && body.enable_bypass_allowlist === true,
    enable_status_check: body.enable_status_check === true,
    status_check_contexts: strings(body.status_check_contexts) ?? null,
    // A negative number of approvals is taken as none.
    required_approvals: typeof body.required_approvals === 'number' && body.required_approvals > 0 ? body.required_approvals : 0,
    enable_approvals_whitelist: body.enable_approvals_whitelist === true,
    block_on_rejected_reviews: body.block_on_rejected_reviews === true,
    block_on_official_review_requests: body.block_on_official_review_requests === true,
    block_on_outdated_branch: body.block_on_outdated_branch === true,
    dismiss_stale_approvals: body.dismiss_stale_approvals === true,
    ignore_stale_approvals: body.ignore_stale_approvals === true,
    require_signed_commits: body.require_signed_commits === true,
    protected_file_patterns: typeof body.protected_file_patterns === 'string' ? body.protected_file_patterns : '',
    unprotected_file_patterns: typeof body.unprotected_file_patterns === 'string' ? body.unprotected_file_patterns : '',
    block_admin_merge_override: !c.flavor.forgejo && body.block_admin_merge_override === true,
    apply_to_admins: c.flavor.forgejo === true && body.apply_to_admins === true,
    // models/git/protected_branch.go UpdateProtectBranch: a new rule without a priority comes after the others (Gitea).
    priority: !c.flavor.forgejo && typeof body.priority === 'number' && body.priority > 0 ? body.priority : Math.max(0, ...rulesOf(c, repo).map((r) => r.priority)) + 1,
  });
  if (!hasBypass(c) || !draft.enable_bypass_allowlist) Object.assign(draft, { bypass_allowlist_usernames: [], bypass_allowlist_teams: [] });
  ciData(c.state).rules.push(draft);
  return { status: 201, body: ruleJson(c, draft) };
};

/**
 * EditBranchProtection: only the fields sent change (a null one is not sent);
 * enable_push false also turns the whitelist and its deploy keys off, and
 * enable_push_whitelist counts only beside enable_push true; required_approvals
 * below 0 is ignored; a list sent replaces the rule's. Gitea 1.27 empties the
 * bypass allowlist whenever the rule does not enable it.
 */
const editRule: Handler = (c) => {
  const repo = adminRepo(c);
  const rule = findRule(c, repo);
  const body = obj(c.body);
  const next: ProtectionRule = { ...rule, push_whitelist_usernames: [...rule.push_whitelist_usernames] };
  if (body.enable_push === false) Object.assign(next, { enable_push: false, enable_push_whitelist: false, push_whitelist_deploy_keys: false });
  else if (body.enable_push === true) {
    next.enable_push = true;
    if (body.enable_push_whitelist === false) Object.assign(next, { enable_push_whitelist: false, push_whitelist_deploy_keys: false });
    else if (body.enable_push_whitelist === true) {
      next.enable_push_whitelist = true;
      if (typeof body.push_whitelist_deploy_keys === 'boolean') next.push_whitelist_deploy_keys = body.push_whitelist_deploy_keys;
    }
  }
  if (!c.flavor.forgejo) {
    if (body.enable_force_push === false) Object.assign(next, { enable_force_push: false, enable_force_push_allowlist: false, force_push_allowlist_deploy_keys: false });
    else if (body.enable_force_push === true) {
      next.enable_force_push = true;
      if (body.enable_force_push_allowlist === false) Object.assign(next, { enable_force_push_allowlist: false, force_push_allowlist_deploy_keys: false });
      else if (body.enable_force_push_allowlist === true) {
        next.enable_force_push_allowlist = true;
        if (typeof body.force_push_allowlist_deploy_keys === 'boolean') next.force_push_allowlist_deploy_keys = body.force_push_allowlist_deploy_keys;
      }
    }
    if (typeof body.priority === 'number') next.priority = body.priority;
    if (flag(body.block_admin_merge_override) !== undefined) next.block_admin_merge_override = body.block_admin_merge_override as boolean;
  } else if (flag(body.apply_to_admins) !== undefined) next.apply_to_admins = body.apply_to_admins as boolean;
  if (hasBypass(c) && flag(body.enable_bypass_allowlist) !== undefined) next.enable_bypass_allowlist = body.enable_bypass_allowlist as boolean;
  for (const key of [
    'enable_merge_whitelist',
    'enable_status_check',
    'enable_approvals_whitelist',
    'block_on_rejected_reviews',
    'block_on_official_review_requests',
    'dismiss_stale_approvals',
    'ignore_stale_approvals',
    'require_signed_commits',
    'block_on_outdated_branch',
  ] as const) {
    const value = flag(body[key]);
    if (value !== undefined) next[key] = value;
  }
  const contexts = strings(body.status_check_contexts);
  if (contexts !== undefined) next.status_check_contexts = contexts;
  if (typeof body.required_approvals === 'number' && body.required_approvals >= 0) next.required_approvals = body.required_approvals;
  if (typeof body.protected_file_patterns === 'string') next.protected_file_patterns = body.protected_file_patterns;
  if (typeof body.unprotected_file_patterns === 'string') next.unprotected_file_patterns = body.unprotected_file_patterns;
  applyLists(c, repo, next, body);
  if (hasBypass(c) && !next.enable_bypass_allowlist) Object.assign(next, { bypass_allowlist_usernames: [], bypass_allowlist_teams: [] });
  Object.assign(rule, next, { updated_at: tick() });
  return { status: 200, body: ruleJson(c, rule) };
};

const deleteRule: Handler = (c) => {
  const repo = adminRepo(c);
  const rule = findRule(c, repo);
  const data = ciData(c.state);
  data.rules = data.rules.filter((r) => r !== rule);
  return { status: 204 };
};

export const PROTECTION_ROUTES: Array<[string, string, Handler]> = [
  ['GET', '/repos/:owner/:repo/branch_protections', listRules],
  ['POST', '/repos/:owner/:repo/branch_protections', createRule],
  ['GET', '/repos/:owner/:repo/branch_protections/:name', getRule],
  ['PATCH', '/repos/:owner/:repo/branch_protections/:name', editRule],
  ['DELETE', '/repos/:owner/:repo/branch_protections/:name', deleteRule],
];
