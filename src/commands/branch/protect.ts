// kettle branch protect RULE [--required-approvals N] [--status-check CONTEXT]... [--push USER|TEAM|none|all]...
//   [--merge USER|TEAM]... [--[no-]dismiss-stale-approvals] [--[no-]block-on-rejected-reviews]
//   [--[no-]block-on-outdated-branch] [--[no-]require-signed-commits] [--protected-files GLOB]... [--unprotected-files GLOB]...
// kettle branch unprotect RULE [--yes]
//
// A new rule is created (POST) with what was asked, the servers' defaults for
// the rest. An existing rule is read first and edited (PATCH) with every
// setting it has, the ones asked for changed: the servers' edit replaces each
// list it is sent (routers/api/v1/repo/branch.go EditBranchProtection; Gitea
// 1.27 also empties the bypass allowlist whenever the rule does not enable
// it), so the rule sent back whole comes out as read but for what was asked,
// whatever the release. The answer is then compared with what was asked: the
// servers keep, in silence, only the users and teams with write access to the
// repository in a list (models/git/protected_branch.go updateUserWhitelist,
// updateTeamWhitelist).
import { target } from '../../context/target.js';
import * as branches from '../../api/gitea/branches.js';
import { EDITABLE, type Protection, type ProtectionEdit } from '../../api/gitea/branch-protections.js';
import * as protections from '../../api/gitea/branch-protections.js';
import * as orgs from '../../api/gitea/orgs.js';
import * as teamsApi from '../../api/gitea/teams.js';
import * as repos from '../../api/gitea/repos.js';
import * as settings from '../../api/gitea/repo-settings.js';
import type { ApiClient } from '../../api/client.js';
import type { Context } from '../../context/context.js';
import { canPrompt } from '../../io.js';
import { ask } from '../../context/prompt.js';
import { fullName, type RepoRef } from '../../context/repo.js';
import { ApiError, KettleError, UsageError } from '../../errors.js';
import { printRecord } from '../../output/printer.js';
import { failure } from '../failure.js';
import { isGlob, serverGlob } from '../glob.js';
import { protectionViewColumns, ruleAttempt, ruleName } from './shared.js';
import type { OptionsOf } from '../../spec/spec.js';
import type * as definition from './defs/protection.js';

export type ProtectOptions = OptionsOf<typeof definition.protect>;
export type UnprotectOptions = OptionsOf<typeof definition.unprotect>;

/** Users and teams named in --push or --merge, before they are told apart. */
interface Who {
  flag: '--push' | '--merge';
  names: string[];
}

/** What the flags ask for, checked before any request; the names in --push and --merge still to be resolved. */
interface Asked {
  fields: ProtectionEdit;
  push?: Who;
  merge?: Who;
}

const FLAGS =
  '--required-approvals, --status-check, --push, --merge, --[no-]dismiss-stale-approvals, --[no-]block-on-rejected-reviews, ' +
  '--[no-]block-on-outdated-branch, --[no-]require-signed-commits, --protected-files or --unprotected-files';

/** The values of a repeated glob flag: "" alone means none. */
function globs(values: string[]): string[] {
  return values.map((v) => v.trim()).filter((v) => v !== '');
}

function whoList(flag: '--push' | '--merge', values: string[]): { word?: 'none' | 'all'; names: string[] } {
  const words = values.map((v) => v.trim());
  if (words.some((w) => w === '')) throw new UsageError(`${flag} takes a user or team name${flag === '--push' ? ', none or all' : ' or all'}, not ""`);
  const special = words.filter((w) => w === 'none' || w === 'all');
  if (flag === '--merge' && special.includes('none')) throw new UsageError('--merge takes users or teams, or all for anyone with write access; none would leave the rule with nobody to merge');
  if (special.length > 0 && words.length > 1) throw new UsageError(`${flag} ${special[0]} cannot be combined with other ${flag} values`);
  return special.length > 0 ? { word: special[0] as 'none' | 'all', names: [] } : { names: [...new Set(words)] };
}

export function asked(opts: ProtectOptions): Asked {
  const fields: ProtectionEdit = {};
  const out: Asked = { fields };
  if (opts.requiredApprovals !== undefined) fields.required_approvals = opts.requiredApprovals;
  if (opts.statusCheck.length > 0) {
    const contexts = [...new Set(globs(opts.statusCheck))];
    fields.enable_status_check = contexts.length > 0;
    fields.status_check_contexts = contexts;
  }
  if (opts.push.length > 0) {
    const push = whoList('--push', opts.push);
    if (push.word === 'none') fields.enable_push = false;
    else if (push.word === 'all') Object.assign(fields, { enable_push: true, enable_push_whitelist: false });
    else {
      Object.assign(fields, { enable_push: true, enable_push_whitelist: true });
      out.push = { flag: '--push', names: push.names };
    }
  }
  if (opts.merge.length > 0) {
    const merge = whoList('--merge', opts.merge);
    if (merge.word === 'all') fields.enable_merge_whitelist = false;
    else {
      fields.enable_merge_whitelist = true;
      out.merge = { flag: '--merge', names: merge.names };
    }
  }
  if (opts.dismissStaleApprovals !== undefined) fields.dismiss_stale_approvals = opts.dismissStaleApprovals;
  if (opts.blockOnRejectedReviews !== undefined) fields.block_on_rejected_reviews = opts.blockOnRejectedReviews;
  if (opts.blockOnOutdatedBranch !== undefined) fields.block_on_outdated_branch = opts.blockOnOutdatedBranch;
  if (opts.requireSignedCommits !== undefined) fields.require_signed_commits = opts.requireSignedCommits;
  // The servers keep the patterns as one text, split at ';' (models/git/protected_branch.go GetProtectedFilePatterns).
  if (opts.protectedFiles.length > 0) fields.protected_file_patterns = globs(opts.protectedFiles).join(';');
  if (opts.unprotectedFiles.length > 0) fields.unprotected_file_patterns = globs(opts.unprotectedFiles).join(';');
  return out;
}

const lower = (s: string) => s.toLowerCase();

/** The permissions whose holders the servers keep in a push or merge list (updateUserWhitelist: write access to the code). */
const WRITERS = ['write', 'admin', 'owner'];

/**
 * The names of --push and --merge told apart: ORG/TEAM is a team of the
 * repository's organization; a bare name a user when one exists, else one of
 * its teams. One that is neither is refused before anything is sent (the
 * servers answer 422 "user does not exist" or "team does not exist"), and so
 * is a user without write access, whom the servers would leave out in silence.
 */
async function resolve(api: ApiClient, repo: RepoRef, lists: Who[]): Promise<Map<string, { users: string[]; teams: string[] }>> {
  const out = new Map<string, { users: string[]; teams: string[] }>();
  if (lists.length === 0) return out;
  const where = fullName(repo);
  const all = [...new Set(lists.flatMap((l) => l.names))];
  const org = await orgs.isOrganization(api, repo.owner);
  // The organization's teams, read once when first needed; undefined when the login cannot list them (the server then judges the names).
  let teams: Promise<string[] | undefined> | undefined;
  const readTeams = async (): Promise<string[] | undefined> => {
    const names: string[] = [];
    try {
      for (const t of await teamsApi.all(api, repo.owner)) names.push(t.name ?? '');
      return names;
    } catch (err) {
      if (err instanceof ApiError && (err.status === 403 || err.status === 404)) return undefined;
      throw err;
    }
  };
  const teamNames = (): Promise<string[] | undefined> => {
    if (!org) return Promise.resolve(undefined);
    teams ??= readTeams();
    return teams;
  };
  const kind = new Map<string, 'user' | string>();
  for (const name of all) {
    const slash = name.indexOf('/');
    if (slash >= 0) {
      const [owner, team] = [name.slice(0, slash), name.slice(slash + 1)];
      if (!org) throw new UsageError(`${name}: teams are for an organization's repositories, and ${where} belongs to the user ${repo.owner}`);
      if (lower(owner) !== lower(repo.owner) || team === '' || team.includes('/')) throw new UsageError(`${name}: a team is written ${repo.owner}/TEAM, a team of the organization that owns ${where}`);
      const known = await teamNames();
      const found = known?.find((t) => lower(t) === lower(team));
      if (known !== undefined && found === undefined) throw new KettleError(`${repo.owner} has no team "${team}"; nothing was changed`);
      kind.set(name, `team:${found ?? team}`);
      continue;
    }
    // One read tells whether the user exists and whether the server would keep them.
    const permission = await settings.permissionOf(api, repo, name);
    if (permission !== undefined) {
      if (!WRITERS.includes(permission)) {
        const flags = lists.filter((l) => l.names.includes(name)).map((l) => (l.flag === '--push' ? 'push' : 'merge'));
        const team = (await teamNames())?.find((t) => lower(t) === lower(name));
        throw new KettleError(
          `${name} has ${permission === '' || permission === 'none' ? 'no' : permission} access to ${where}, and the server keeps only users with write access among those who may ${flags.join(' or ')}; ` +
            `nothing was changed (kettle repo collaborator add ${name} --permission write -R ${where} gives it${team !== undefined ? `; for the team, write ${repo.owner}/${team}` : ''})`,
        );
      }
      kind.set(name, 'user');
      continue;
    }
    const known = await teamNames();
    const found = known?.find((t) => lower(t) === lower(name));
    if (found !== undefined || (org && known === undefined)) kind.set(name, `team:${found ?? name}`);
    else throw new KettleError(org ? `no user or team of ${repo.owner} is called "${name}"; nothing was changed` : `no user is called "${name}"; nothing was changed`);
  }
  for (const l of lists) {
    const usersOf = l.names.filter((n) => kind.get(n) === 'user');
    const teamsOf = l.names
      .map((n) => kind.get(n) ?? '')
      .filter((k) => k.startsWith('team:'))
      .map((k) => k.slice('team:'.length));
    out.set(l.flag, { users: usersOf, teams: [...new Set(teamsOf)] });
  }
  return out;
}

/** The changes as the request fields: the lists of --push and --merge filled in. */
function fieldsOf(a: Asked, resolved: Map<string, { users: string[]; teams: string[] }>): ProtectionEdit {
  const fields: ProtectionEdit = { ...a.fields };
  const push = resolved.get('--push');
  if (push) Object.assign(fields, { push_whitelist_usernames: push.users, push_whitelist_teams: push.teams });
  const merge = resolved.get('--merge');
  if (merge) Object.assign(fields, { merge_whitelist_usernames: merge.users, merge_whitelist_teams: merge.teams });
  return fields;
}

const LISTS = new Set<string>(['status_check_contexts', 'push_whitelist_usernames', 'push_whitelist_teams', 'merge_whitelist_usernames', 'merge_whitelist_teams']);

const asList = (v: unknown): string[] => (Array.isArray(v) ? v.map(String) : []);
const sameList = (a: unknown, b: unknown) => {
  const x = new Set(asList(a).map(lower));
  const y = new Set(asList(b).map(lower));
  return x.size === y.size && [...x].every((v) => y.has(v));
};

/** The fields asked for that the rule does not have yet. */
function changed(fields: ProtectionEdit, rule: Protection): string[] {
  const has = rule as Record<string, unknown>;
  return Object.entries(fields)
    .filter(([key, value]) => (LISTS.has(key) ? !sameList(value, has[key]) : (has[key] ?? defaultOf(key)) !== value))
    .map(([key]) => key);
}

const defaultOf = (key: string): unknown => (key === 'required_approvals' ? 0 : key.endsWith('_patterns') ? '' : false);

/** Every editable setting of the rule as read (only those it carries: each release reads its own), then the changes. */
function wholeRule(rule: Protection, fields: ProtectionEdit): ProtectionEdit {
  const body: Record<string, unknown> = {};
  const has = rule as Record<string, unknown>;
  for (const key of EDITABLE) {
    // A list the rule has none of (null) stays unsent, and so stays as it is.
    if (has[key] === undefined || has[key] === null) continue;
    body[key] = has[key];
  }
  return { ...(body as ProtectionEdit), ...fields };
}

/** What the answer shows was not done, in words. */
export function notTaken(fields: ProtectionEdit, answer: Protection, where: string): string[] {
  const out: string[] = [];
  const has = answer as Record<string, unknown>;
  for (const [key, value] of Object.entries(fields)) {
    if (LISTS.has(key)) {
      const kept = new Set(asList(has[key]).map(lower));
      const missing = asList(value).filter((v) => !kept.has(lower(v)));
      if (missing.length === 0) continue;
      if (key === 'status_check_contexts') out.push(`the required checks ${missing.join(', ')} were not kept`);
      else {
        const who = key.endsWith('teams') ? 'teams' : 'users';
        out.push(`the server left ${missing.join(', ')} out of those who may ${key.startsWith('push') ? 'push' : 'merge'} (it keeps only ${who} with write access to ${where})`);
      }
    } else if (has[key] !== undefined && has[key] !== value) out.push(`${key} is ${JSON.stringify(has[key])}, not ${JSON.stringify(value)}`);
  }
  return out;
}

/** Whether any branch of the repository falls under the rule (a plain name matches regardless of case, as the servers match it). */
async function matchesABranch(api: ApiClient, repo: RepoRef, rule: string): Promise<boolean> {
  if (!isGlob(rule)) {
    return branches.getBranch(api, repo, rule).then(
      () => true,
      (err: unknown) => {
        if (err instanceof ApiError && err.status === 404) return false;
        throw err;
      },
    );
  }
  const re = serverGlob(rule, '/');
  for await (const page of branches.listBranches(api, repo, { count: Number.POSITIVE_INFINITY, offset: 0, pageSize: 50 })) {
    if (page.some((b) => re.test(b.name ?? ''))) return true;
  }
  return false;
}

export async function run(ctx: Context, opts: ProtectOptions): Promise<void> {
  const name = ruleName(opts.rule);
  const wanted = asked(opts);
  const at = await target(ctx, { repo: opts.repo });
  const { repo } = at;
  const where = fullName(repo);
  const api = await at.api();
  const current = await protections.getProtection(api, repo, name).then(
    (r) => r,
    async (err: unknown) => {
      // A 404 is no such rule, or no such repository: the latter is said now, before names are looked up in it.
      if (err instanceof ApiError && err.status === 404) {
        if (await repos.exists(api, repo)) return undefined;
        throw err.withMessage(`repository ${where} not found`);
      }
      return failure(ruleAttempt('read', repo, name))(err);
    },
  );
  if (current !== undefined && Object.keys(wanted.fields).length === 0) {
    throw new UsageError(`the rule "${name}" of ${where} exists; nothing to change: pass ${FLAGS}`);
  }
  const lists = [wanted.push, wanted.merge].filter((w): w is Who => w !== undefined);
  const fields = fieldsOf(wanted, await resolve(api, repo, lists));
  let answer: Protection;
  if (current === undefined) {
    if (!(await matchesABranch(api, repo, name))) {
      ctx.term.info(`kettle: no branch of ${where} ${isGlob(name) ? 'matches' : 'is called'} "${name}" yet; the rule will apply to ${isGlob(name) ? 'those' : 'it'} when made`);
    }
    answer = await protections.createProtection(api, repo, { ...fields, rule_name: name }).catch(failure(ruleAttempt('create', repo, name)));
  } else {
    const differs = changed(fields, current);
    if (differs.length === 0) {
      ctx.term.info(`kettle: the rule "${name}" of ${where} already has those settings; nothing was changed`);
      await printRecord(ctx.io, ctx.output, current, protectionViewColumns);
      return;
    }
    answer = await protections.editProtection(api, repo, name, wholeRule(current, fields)).catch(failure(ruleAttempt('edit', repo, name)));
  }
  const lost = notTaken(fields, answer, where);
  const verb = current === undefined ? 'Created' : 'Changed';
  if (lost.length === 0) ctx.term.success(`${verb} the protection rule "${name}" of ${where}`);
  else ctx.term.info(`kettle: ${verb.toLowerCase()} the protection rule "${name}" of ${where}, not all as asked`);
  await printRecord(ctx.io, ctx.output, answer, protectionViewColumns);
  if (lost.length > 0) throw new KettleError(`the protection rule "${name}" of ${where} is not as asked: ${lost.join('; ')}`);
}

export async function runUnprotect(ctx: Context, opts: UnprotectOptions): Promise<void> {
  const name = ruleName(opts.rule);
  const at = await target(ctx, { repo: opts.repo });
  const where = fullName(at.repo);
  if (!opts.yes) {
    if (!canPrompt(ctx.io)) throw new UsageError(`refusing to delete the protection rule "${name}" of ${where} without confirmation; pass --yes`);
    const typed = await ask(ctx.io, '--yes', { message: `Type ${name} to delete the protection rule from ${where}`, required: false });
    if (typed !== name) throw new UsageError(`confirmation did not match ${name}; nothing was deleted`);
  }
  const api = await at.api();
  await protections.deleteProtection(api, at.repo, name).catch(failure({ ...ruleAttempt('delete', at.repo, name), within: { api, repo: at.repo } }));
  ctx.term.success(`Deleted the protection rule "${name}" of ${where}`);
}
