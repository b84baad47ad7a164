// Checks and the git side of pull requests, as Gitea 1.23 answers them:
// commit statuses (reported, listed, combined), branch protection rules with
// the status checks they require, the branch record that shows the rule that
// applies, and what the AGit receive does with a push to refs/for/<base>/<topic>.
// These routes come before the pull-request ones (all-routes.ts), so the
// branch and combined-status routes here answer with the fuller record.
import { createHash } from 'node:crypto';
import { forbidden, HttpError, invalid, paginate } from './http.js';
import { type Call, flavorAtLeast, type Handler, obj, visibleRepo } from './routes.js';
import { extraOf, headSha, PULL_ROUTES, pullsData, type StatusRecord } from './routes-pulls.js';
import type { Issue, Json, Repo, State } from './state.js';
import { tick } from './state.js';

/**
 * A branch protection rule as models/git/protected_branch.go ProtectedBranch
 * keeps it; the lists hold user logins and team names (the servers keep ids).
 * routes-protections.ts answers for them.
 */
export interface ProtectionRule {
  id: number;
  repoId: number;
  rule_name: string;
  priority: number;
  enable_push: boolean;
  enable_push_whitelist: boolean;
  push_whitelist_usernames: string[];
  push_whitelist_teams: string[];
  push_whitelist_deploy_keys: boolean;
  enable_force_push: boolean;
  enable_force_push_allowlist: boolean;
  force_push_allowlist_usernames: string[];
  force_push_allowlist_teams: string[];
  force_push_allowlist_deploy_keys: boolean;
  enable_merge_whitelist: boolean;
  merge_whitelist_usernames: string[];
  merge_whitelist_teams: string[];
  enable_bypass_allowlist: boolean;
  bypass_allowlist_usernames: string[];
  bypass_allowlist_teams: string[];
  enable_status_check: boolean;
  /** As stored: none sent is Go's nil slice (null in answers), [] sent stays []. */
  status_check_contexts: string[] | null;
  required_approvals: number;
  enable_approvals_whitelist: boolean;
  approvals_whitelist_username: string[];
  approvals_whitelist_teams: string[];
  block_on_rejected_reviews: boolean;
  block_on_official_review_requests: boolean;
  block_on_outdated_branch: boolean;
  dismiss_stale_approvals: boolean;
  ignore_stale_approvals: boolean;
  require_signed_commits: boolean;
  protected_file_patterns: string;
  unprotected_file_patterns: string;
  block_admin_merge_override: boolean;
  apply_to_admins: boolean;
  created_at: string;
  updated_at: string;
}

/** What one AGit push did, for tests to check: the push options the receive saw. */
export interface AgitPush {
  ref: string;
  options: Record<string, string>;
  result: { number: number; created: boolean } | { error: string };
}

export interface CiData {
  rules: ProtectionRule[];
  pushes: AgitPush[];
}

export function ciData(state: State): CiData {
  return state.extension<CiData>('ci', () => ({ rules: [], pushes: [] }));
}

const STATES = ['pending', 'success', 'error', 'failure', 'warning'];
/** Gitea 1.25 added `skipped` (modules/commitstatus/commit_status.go), posted by Actions for skipped jobs. */
const statesOf = (c: Call): string[] => (!c.flavor.forgejo && flavorAtLeast(c.flavor, '1.25') ? [...STATES, 'skipped'] : STATES);

// Seeding helpers ---------------------------------------------------------

/** A protection rule, as POST …/branch_protections makes one (tests seed it directly too). */
export function addRule(state: State, repo: Repo, rule: Partial<Omit<ProtectionRule, 'id' | 'repoId'>> & { rule_name: string }): ProtectionRule {
  const now = tick();
  const made: ProtectionRule = {
    id: state.id(),
    repoId: repo.id,
    priority: 0,
    enable_push: false,
    enable_push_whitelist: false,
    push_whitelist_usernames: [],
    push_whitelist_teams: [],
    push_whitelist_deploy_keys: false,
    enable_force_push: false,
    enable_force_push_allowlist: false,
    force_push_allowlist_usernames: [],
    force_push_allowlist_teams: [],
    force_push_allowlist_deploy_keys: false,
    enable_merge_whitelist: false,
    merge_whitelist_usernames: [],
    merge_whitelist_teams: [],
    enable_bypass_allowlist: false,
    bypass_allowlist_usernames: [],
    bypass_allowlist_teams: [],
    enable_status_check: false,
    status_check_contexts: null,
    required_approvals: 0,
    enable_approvals_whitelist: false,
    approvals_whitelist_username: [],
    approvals_whitelist_teams: [],
    block_on_rejected_reviews: false,
    block_on_official_review_requests: false,
    block_on_outdated_branch: false,
    dismiss_stale_approvals: false,
    ignore_stale_approvals: false,
    require_signed_commits: false,
    protected_file_patterns: '',
    unprotected_file_patterns: '',
    block_admin_merge_override: false,
    apply_to_admins: false,
    created_at: now,
    updated_at: now,
    ...rule,
  };
  ciData(state).rules.push(made);
  return made;
}

/** A status with its target URL and creator, as POST …/statuses/{sha} stores it. */
export function reportStatus(state: State, sha: string, init: { context: string; state: StatusRecord['state']; description?: string; target_url?: string; creator?: string }): StatusRecord {
  const record: StatusRecord = {
    id: state.id(),
    sha,
    context: init.context,
    state: init.state,
    description: init.description ?? '',
    created_at: tick(),
    ...(init.target_url !== undefined ? { target_url: init.target_url } : {}),
    ...(init.creator !== undefined ? { creator: init.creator } : {}),
  };
  pullsData(state).statuses.push(record);
  return record;
}

// Globs -------------------------------------------------------------------

/**
 * gobwas/glob as the servers use it: with '/' as separator for branch rule
 * names (models/git/protected_branch.go loadGlob: `*` stops at '/', `**` does
 * not), without one for status contexts (services/pull/commit_status.go).
 */
export function globRegExp(pattern: string, separator?: string): RegExp {
  const any = separator ? `[^${separator}]` : '.';
  let out = '';
  let depth = 0;
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i] as string;
    if (c === '\\' && i + 1 < pattern.length) out += escapeRe(pattern[++i] as string);
    else if (c === '*' && pattern[i + 1] === '*') {
      while (pattern[i + 1] === '*') i++;
      out += '.*';
    } else if (c === '*') out += `${any}*`;
    else if (c === '?') out += any;
    else if (c === '[') {
      const end = pattern.indexOf(']', i + 1);
      if (end < 0) out += '\\[';
      else {
        const body = pattern.slice(i + 1, end);
        out += body.startsWith('!') ? `[^${body.slice(1)}]` : `[${body}]`;
        i = end;
      }
    } else if (c === '{') {
      depth++;
      out += '(?:';
    } else if (c === '}' && depth > 0) {
      depth--;
      out += ')';
    } else if (c === ',' && depth > 0) out += '|';
    else out += escapeRe(c);
  }
  return new RegExp(`^${out}$`, 's');
}

function escapeRe(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\/-]/g, '\\$&');
}

/** models/git/protected_branch.go IsRuleNameSpecial: a rule name with glob characters is a pattern. */
export function isPattern(name: string): boolean {
  return /[*?[\]{}\\]/.test(name);
}

/**
 * The rule that applies to a branch (models/git/protected_branch_list.go
 * GetFirstMatched after sort): lower priority first, then plain names before
 * patterns, then the older rule; a plain name matches case-insensitively.
 */
/**
 * models/git/protected_branch.go CanUserPush: nobody when the rule disables
 * pushing; anyone with write access without a whitelist; else the users
 * listed and the members of the teams listed (the in-memory organizations'
 * only team, Owners, is their members).
 */
export function canUserPush(state: State, login: string, repo: Repo, rule: ProtectionRule): boolean {
  if (!rule.enable_push) return false;
  if (!rule.enable_push_whitelist) return state.canWrite(login, repo);
  if (rule.push_whitelist_usernames.some((u) => u.toLowerCase() === login.toLowerCase())) return true;
  const org = state.org(repo.owner);
  return rule.push_whitelist_teams.length > 0 && org !== undefined && org.members.some((m) => m.toLowerCase() === login.toLowerCase());
}

export function ruleFor(state: State, repo: Repo, branch: string): ProtectionRule | undefined {
  const rules = ciData(state)
    .rules.filter((r) => r.repoId === repo.id)
    .sort((a, b) => a.priority - b.priority || Number(isPattern(a.rule_name)) - Number(isPattern(b.rule_name)) || a.created_at.localeCompare(b.created_at) || a.id - b.id);
  return rules.find((r) => (isPattern(r.rule_name) ? globRegExp(r.rule_name, '/').test(branch) : r.rule_name.toLowerCase() === branch.toLowerCase()));
}

// Statuses ----------------------------------------------------------------

/** A branch's commit as the pull-request routes make it up; a pull request's head branch is its head commit. */
function branchSha(state: State, repo: Repo, branch: string): string {
  const pr = state.issuesOf(repo).find((i) => i.pull && i.pull.head === branch && i.state === 'open');
  return pr ? headSha(state, pr) : createHash('sha1').update(`${repo.id}:${branch}`).digest('hex');
}

/** routers/api/v1/utils/git.go ResolveRefOrSha: a branch (or tag) name is its commit; anything else is taken as a SHA. */
function resolveRef(c: Call, repo: Repo, ref: string): string {
  if (ref === '') throw new HttpError(400, { message: 'ref/sha not given', url: '' });
  return repo.branches.includes(ref) ? branchSha(c.state, repo, ref) : ref;
}

function statusJson(c: Call, repo: Repo, s: StatusRecord): Json {
  const creator = s.creator ? c.state.user(s.creator) : undefined;
  return {
    id: s.id,
    status: s.state,
    target_url: s.target_url ?? '',
    description: s.description,
    url: `${c.state.apiRoot}/repos/${repo.owner}/${repo.name}/statuses/${s.sha}`,
    context: s.context,
    creator: creator ? c.state.userJson(creator as never) : null,
    created_at: s.created_at,
    updated_at: s.created_at,
  };
}

/** models/git/commit_status.go CommitStatusOptions.ToOrders: newest first unless `sort` says otherwise. */
function sorted(list: StatusRecord[], sort: string | null): StatusRecord[] {
  const byAge = [...list].sort((a, b) => a.created_at.localeCompare(b.created_at) || a.id - b.id);
  return sort === 'oldest' || sort === 'leastupdate' || sort === 'highestindex' ? byAge : byAge.reverse();
}

/** routers/api/v1/repo/status.go getCommitStatuses: every report for the commit, paginated, filtered by `state`. */
function listStatuses(c: Call, repo: Repo, sha: string) {
  const wanted = c.query.get('state');
  const all = pullsData(c.state).statuses.filter((s) => s.sha === sha && (wanted === null || wanted === '' || s.state === wanted));
  const page = paginate(sorted(all, c.query.get('sort')), c.query, c.url, c.paging);
  return { status: 200, body: page.items.map((s) => statusJson(c, repo, s)), headers: page.headers };
}

const statusesBySha: Handler = (c) => {
  const repo = visibleRepo(c);
  return listStatuses(c, repo, c.params.sha ?? '');
};

const statusesByRef: Handler = (c) => {
  const repo = visibleRepo(c);
  return listStatuses(c, repo, resolveRef(c, repo, c.params.ref ?? ''));
};

/**
 * routers/api/v1/repo/status.go GetCombinedCommitStatusByRef: the newest status
 * of each context (models/git GetLatestCommitStatus), a page of them, and the
 * worst state of that page (CalcCommitStatus); no statuses at all is an empty record.
 */
/**
 * The combined state. Gitea 1.26 and later (modules/commitstatus
 * CommitStatusStates.Combine): an error, failure or warning is failure, else
 * success when every state is success or skipped, else pending (recorded from
 * real 1.27.0: warning+success+skipped is failure). Before, and in Forgejo
 * (models/git CalcCommitStatus): the worst state, error, failure, warning,
 * pending, success in that order (recorded from real 1.23.8: warning).
 */
function combined(combines: boolean, states: string[]): string {
  if (combines) {
    if (states.some((s) => s === 'error' || s === 'failure' || s === 'warning')) return 'failure';
    return states.every((s) => s === 'success' || s === 'skipped') ? 'success' : 'pending';
  }
  const rank = ['error', 'failure', 'warning', 'pending', 'success'];
  return [...states].sort((a, b) => rank.indexOf(a) - rank.indexOf(b))[0] ?? '';
}

const combinedStatus: Handler = (c) => {
  const repo = visibleRepo(c);
  const sha = resolveRef(c, repo, c.params.ref ?? '');
  const latest = new Map<string, StatusRecord>();
  for (const s of sorted(
    pullsData(c.state).statuses.filter((x) => x.sha === sha),
    'oldest',
  ))
    latest.set(s.context, s);
  const all = [...latest.values()];
  if (all.length === 0) {
    return { status: 200, body: { state: '', sha: '', total_count: 0, statuses: null, repository: null, commit_url: '', url: '' } };
  }
  const page = paginate(all, c.query, c.url, c.paging);
  const full = `${repo.owner}/${repo.name}`;
  const combines = !c.flavor.forgejo && flavorAtLeast(c.flavor, '1.26');
  return {
    status: 200,
    headers: { 'x-total-count': String(all.length) },
    body: {
      state: combined(
        combines,
        page.items.map((s) => s.state),
      ),
      sha,
      total_count: page.items.length,
      statuses: page.items.map((s) => statusJson(c, repo, s)),
      repository: c.state.repoJson(repo, c.user.login),
      commit_url: `${c.state.apiRoot}/repos/${full}/git/commits/${sha}`,
      // Gitea 1.23 leaves the combined record's url empty; 1.27 fills it (both recorded; the releases between unread).
      url: !c.flavor.forgejo && flavorAtLeast(c.flavor, '1.27') ? `${c.state.apiRoot}/repos/${full}/commits/${sha}/status` : '',
    },
  };
};

/**
 * routers/api/v1/repo/status.go NewCommitStatus: writers only (api.go
 * reqRepoWriter); the commit must exist (services/repository/commitstatus
 * CreateCommitStatus answers 500 when it does not); an unknown state is refused.
 */
const createStatus: Handler = (c) => {
  const repo = visibleRepo(c);
  if (!c.state.canWrite(c.user.login, repo)) throw forbidden('user should have a permission to write to a repo');
  const sha = c.params.sha ?? '';
  if (!/^[0-9a-f]{40}$|^[0-9a-f]{64}$/.test(sha)) throw new HttpError(500, { message: `GetCommit[${sha}]: object does not exist [id: ${sha}, rel_path: ]`, url: '' });
  const body = obj(c.body);
  if (typeof body.state !== 'string' || !statesOf(c).includes(body.state)) throw invalid('CreateStatusOption', [{ field: 'state' }]);
  const record = reportStatus(c.state, sha, {
    context: typeof body.context === 'string' && body.context !== '' ? body.context : 'default',
    state: body.state as StatusRecord['state'],
    description: typeof body.description === 'string' ? body.description : '',
    ...(typeof body.target_url === 'string' ? { target_url: body.target_url } : {}),
    creator: c.user.login,
  });
  return { status: 201, body: statusJson(c, repo, record) };
};

// Branches and their protection -------------------------------------------

const pullRoute = (method: string, path: string) => (PULL_ROUTES.find(([m, p]) => m === method && p === path) as [string, string, Handler])[2];

/**
 * services/convert/convert.go ToBranch: a protected branch carries its rule's
 * required approvals and status checks for every reader (the rule's name only
 * for admins); an unprotected one an empty list.
 */
const getBranch: Handler = async (c) => {
  const reply = await pullRoute('GET', '/repos/:owner/:repo/branches/:branch')(c);
  const repo = visibleRepo(c);
  const rule = ruleFor(c.state, repo, c.params.branch ?? '');
  const body = reply.body as Json;
  const admin = c.state.canWrite(c.user.login, repo);
  return {
    ...reply,
    body: {
      ...body,
      commit: { ...(body.commit as Json), id: branchSha(c.state, repo, c.params.branch ?? '') },
      protected: rule !== undefined,
      required_approvals: rule?.required_approvals ?? 0,
      enable_status_check: rule?.enable_status_check ?? false,
      status_check_contexts: rule ? rule.status_check_contexts : [],
      // convert.go ToBranch: with a rule, ProtectedBranch.CanUserPush.
      ...(rule ? { user_can_push: canUserPush(c.state, c.user.login, repo, rule) } : {}),
      ...(rule && admin ? { effective_branch_protection_name: rule.rule_name } : { effective_branch_protection_name: '' }),
    },
  };
};

// AGit --------------------------------------------------------------------

/**
 * services/agit/agit.go ProcReceive, for one pushed ref: refs/for/<base> with
 * the topic as push option, or refs/for/<base>/<topic>; the head branch is
 * <pusher>/<topic> (lower-cased user name, unless the topic starts with it).
 * A new topic opens a pull request (title and description from the push
 * options, else from the commit's message); a known one moves its head, and a
 * head that is not a fast-forward needs the force-push option. The caller (the
 * git side of a test) updates refs/pull/N/head to what is returned.
 */
export function agitReceive(
  state: State,
  pusher: string,
  repo: Repo,
  push: { ref: string; oldSha: string; newSha: string; options: Record<string, string>; commitMessage: string; isAncestor: (older: string, newer: string) => boolean },
): { number: number; created: boolean; url: string } | { error: string } {
  type Result = { number: number; created: boolean; url: string } | { error: string };
  const answer = (result: Result): Result => {
    ciData(state).pushes.push({ ref: push.ref, options: { ...push.options }, result: 'error' in result ? result : { number: result.number, created: result.created } });
    return result;
  };
  if (/^0+$/.test(push.newSha)) return answer({ error: "Can't delete not exist branch" });
  if (!push.ref.startsWith('refs/for/')) return answer({ error: 'not an AGit ref' });
  let base = push.ref.slice('refs/for/'.length);
  let topic = '';
  if (!repo.branches.includes(base)) {
    for (let i = 0; i < base.length - 1; i++) {
      if (base[i] === '/' && repo.branches.includes(base.slice(0, i))) {
        topic = base.slice(i + 1);
        base = base.slice(0, i);
        break;
      }
    }
  }
  topic ||= push.options.topic ?? '';
  if (topic === '') return answer({ error: 'topic-branch is not set' });
  const user = pusher.toLowerCase();
  const head = topic.startsWith(`${user}/`) ? topic : `${user}/${topic}`;
  const open = state.issuesOf(repo).find((i) => i.pull && !i.pull.merged && i.state === 'open' && extraOf(state, i).agit === true && i.pull.head === head && i.pull.base === base);
  if (!open) {
    const [subject = '', ...rest] = push.commitMessage.split('\n');
    const title = (push.options.title ?? '').trim() || subject;
    const description = (push.options.description ?? '').trim() || rest.join('\n').replace(/^\n/, '').trim() || title;
    const pr = state.addIssue(repo, pusher, { title, body: description, pull: { head, base } });
    const extra = extraOf(state, pr);
    extra.agit = true;
    extra.headSha = push.newSha;
    return answer({ number: pr.number, created: true, url: `${state.webRoot}/${repo.owner}/${repo.name}/pulls/${pr.number}` });
  }
  const extra = extraOf(state, open);
  const old = extra.headSha ?? headSha(state, open);
  if (old === push.newSha) return answer({ error: 'new commit is same with old commit' });
  const force = push.options['force-push'];
  if (!(force !== undefined && force !== 'false') && !push.isAncestor(old, push.newSha)) return answer({ error: 'request `force-push` push option' });
  extra.headSha = push.newSha;
  open.updated_at = tick();
  return answer({ number: open.number, created: false, url: `${state.webRoot}/${repo.owner}/${repo.name}/pulls/${open.number}` });
}

/** Whether a pull request came from an AGit push: its head is refs/pull/N/head with no branch label (services/convert/pull.go). */
export function isAgit(state: State, pr: Issue): boolean {
  return extraOf(state, pr).agit === true;
}

export const CI_ROUTES: Array<[string, string, Handler]> = [
  ['GET', '/repos/:owner/:repo/statuses/:sha', statusesBySha],
  ['POST', '/repos/:owner/:repo/statuses/:sha', createStatus],
  ['GET', '/repos/:owner/:repo/commits/:ref/statuses', statusesByRef],
  ['GET', '/repos/:owner/:repo/commits/:ref/status', combinedStatus],
  ['GET', '/repos/:owner/:repo/branches/:branch', getBranch],
];
