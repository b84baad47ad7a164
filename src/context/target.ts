// What a command acts on, resolved in one step: the repository (or the
// organization, or the user's own account), then the login that place chooses
// and that login's client. The client is reached only through the answer, so it
// cannot be made before the place has chosen its login.
import type { ApiClient } from '../api/client.js';
import * as repos from '../api/gitea/repos.js';
import { UsageError } from '../errors.js';
import type { Context } from './context.js';
import { isWebUrl } from './locate.js';
import type { ResolvedLogin } from './logins.js';
import { fullName, type RepoRef } from './repo.js';
import type { ServerInfo } from './server.js';

/** What the command line says about the place: each field as the flag or argument gave it. */
export interface Where {
  /** -R. */
  repo?: string | undefined;
  /** OWNER/NAME as an argument (repo view, edit, fork…): with -R too, a usage error. */
  ownerName?: string | undefined;
  /** OWNER/NAME as an argument the verb requires (repo delete, clone): taken as given. */
  named?: string | undefined;
  /** NUMBER arguments: one given as a web address names the repository (and its server). */
  numbers?: string | readonly string[] | undefined;
  /** --org: an organization instead of a repository. */
  org?: string | undefined;
  /** --user: the user's own account. */
  user?: boolean | undefined;
  /** How an --org value is checked and written (default: trimmed, not empty). */
  orgName?: (org: string) => string;
  /** A clone of a fork acts on the fork's parent (the pr verbs): unless -R or a URL names the repository. */
  parentOfFork?: boolean;
}

/** A repository's place alone: what the verbs that take no --org or --user pass. */
export type RepoWhere = Omit<Where, 'org' | 'user'> & { org?: undefined; user?: undefined | false };

/** The login the place chose, its client and what is known of its server: each made on first use. */
export interface Reach {
  login(): ResolvedLogin;
  api(): Promise<ApiClient>;
  server(): Promise<ServerInfo>;
  /** How messages name the place: `alice/teapot`, `organization acme`, `your account`. */
  where: string;
  /** What a 404 on the place itself means is missing: `repository alice/teapot`, `organization acme`, `your account`. */
  missing: string;
}

export type RepoTarget = {
  kind: 'repo';
  repo: RepoRef;
  /** OWNER/NAME. */
  name: string;
  /** The repository of the clone when it is a fork of `repo` (parentOfFork): heads are OWNER:BRANCH. */
  fork?: RepoRef;
} & Reach;
export type OrgTarget = { kind: 'org'; org: string; name: string } & Reach;
export type UserTarget = { kind: 'user' } & Reach;
export type Target = RepoTarget | OrgTarget | UserTarget;

/**
 * The place a command acts on, then the login it chooses: --user; --org; else
 * the repository from OWNER/NAME, -R, a web address among the NUMBERs, or the
 * git remotes (Repositories.repo), whose host chooses the login unless --login or
 * KETTLE_LOGIN says which.
 */
export async function target(ctx: Context, where: RepoWhere): Promise<RepoTarget>;
export async function target(ctx: Context, where: Where & { user?: undefined | false }): Promise<RepoTarget | OrgTarget>;
export async function target(ctx: Context, where: Where): Promise<Target>;
export async function target(ctx: Context, where: Where): Promise<Target> {
  const { org, user = false } = where;
  if (org !== undefined && user) throw new UsageError('use either --org or --user, not both');
  if (where.repo !== undefined && (org !== undefined || user)) throw new UsageError(`use either -R or ${user ? '--user' : '--org'}, not both`);
  if (user) return { kind: 'user', where: 'your account', missing: 'your account', ...reach(ctx) };
  if (org !== undefined) {
    const name = (where.orgName ?? orgName)(org);
    return { kind: 'org', org: name, name, where: `organization ${name}`, missing: `organization ${name}`, ...reach(ctx) };
  }
  const { repo, fork } = await repository(ctx, where);
  const name = fullName(repo);
  return { kind: 'repo', repo, name, ...(fork ? { fork } : {}), where: name, missing: `repository ${name}`, ...reach(ctx) };
}

function orgName(org: string): string {
  const name = org.trim();
  if (name === '') throw new UsageError('--org needs an organization name');
  return name;
}

async function repository(ctx: Context, where: Where): Promise<{ repo: RepoRef; fork?: RepoRef }> {
  const { ownerName, repo: flag, numbers } = where;
  if (where.named !== undefined) return { repo: ctx.repos.arg(where.named, 'repository') };
  if (ownerName && flag !== undefined) throw new UsageError('name the repository once: either OWNER/NAME or -R');
  if (ownerName) return { repo: ctx.repos.arg(ownerName, 'repository') };
  const urls = (typeof numbers === 'string' ? [numbers] : (numbers ?? [])).some(isWebUrl);
  if (!where.parentOfFork || flag !== undefined || urls) return { repo: await ctx.repos.repo(flag, numbers) };
  // In a clone of a fork (the server says it is one, with its parent), pull requests live in the parent.
  const clone = await ctx.repos.repo(undefined);
  const api = await ctx.clients.api();
  // A failure to read the repository is not fatal here: the verb's own request names it.
  const record = await repos.get(api, clone).catch(() => undefined);
  const parent = record?.fork ? record.parent : undefined;
  const owner = parent?.owner?.login;
  if (parent && owner && parent.name) return { repo: { owner, name: parent.name }, fork: clone };
  return { repo: clone };
}

/** The login, client and server of the place now settled. */
function reach(ctx: Context): Pick<Reach, 'login' | 'api' | 'server'> {
  return { login: () => ctx.logins.resolve(), api: () => ctx.clients.api(), server: () => ctx.servers.server() };
}
