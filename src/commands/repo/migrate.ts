// kettle repo migrate CLONE-URL [NAME] [--org ORG] [--mirror [--interval D]] [--private]
//   [--service S] [--auth-token-stdin] [--with ITEMS]
import type { MigrateRepoOptions } from '../../api/gitea/repo-settings.js';
import * as settings from '../../api/gitea/repo-settings.js';
import { stoppedMidAnswer } from '../../api/network-errors.js';
import type { Context } from '../../context/context.js';
import { canPrompt, readAll } from '../../io.js';
import { ask } from '../../context/prompt.js';
import { ApiError, KettleError, UsageError } from '../../errors.js';
import { redactUrl } from '../../api/redact.js';
import { hostOf } from '../../api/url.js';
import { Elapsed } from '../../output/elapsed.js';
import { printRecord } from '../../output/printer.js';
import { reword } from '../failure.js';
import { webUrl } from '../records.js';
import { repoViewColumns } from '../repo-columns.js';
import { checkName, defaultName, parseInterval, parseItems, parseSource } from './migrate-input.js';
import type { OptionsOf } from '../../spec/spec.js';
import type * as definition from './defs/migrate.js';

export type MigrateOptions = OptionsOf<typeof definition.migrate>;

/** How long kettle waits for the server to finish (unless --timeout allows longer). */
export const MIGRATE_WAIT_MS = 10 * 60_000;

/** The fields --with turns on, by item. */
const FIELDS = { issues: 'issues', labels: 'labels', milestones: 'milestones', releases: 'releases', 'pull-requests': 'pull_requests', wiki: 'wiki', lfs: 'lfs' } as const;
/** What the servers drop from a mirror (routers/api/v1/repo/migrate.go Migrate: a mirror keeps only code, wiki and LFS). */
const NOT_MIRRORED = ['issues', 'labels', 'milestones', 'releases', 'pull-requests'];

async function tokenOf(ctx: Context, opts: MigrateOptions, hasPassword: boolean): Promise<string | undefined> {
  if (opts.authTokenStdin) {
    const token = (await readAll(ctx.io.stdin)).trim();
    if (token === '') throw new UsageError('--auth-token-stdin: standard input was empty');
    return token;
  }
  if (hasPassword || !canPrompt(ctx.io)) return undefined;
  const token = await ask(ctx.io, '--auth-token-stdin', { message: "The source's access token (empty: none)", secret: true, required: false });
  return token === '' ? undefined : token;
}

export async function run(ctx: Context, opts: MigrateOptions): Promise<void> {
  const source = parseSource(opts.cloneUrl);
  const name = checkName(opts.name ?? defaultName(source.url), opts.name !== undefined);
  if (opts.interval !== undefined && !opts.mirror) throw new UsageError('--interval applies to mirrors: add --mirror');
  const interval = opts.interval === undefined ? undefined : parseInterval(opts.interval);
  const items = parseItems(opts.with);
  const dropped = opts.mirror ? items.filter((i) => NOT_MIRRORED.includes(i)) : [];
  if (dropped.length > 0) throw new UsageError(`--with ${dropped.join(',')}: a mirror copies only the code, wiki and LFS; leave out --mirror to copy them`);
  if (opts.authTokenStdin && source.password !== undefined) throw new UsageError("give the source's credentials once: in the address or with --auth-token-stdin");
  // A plain git source has no issues, labels, milestones, releases or pull requests to copy: the servers migrate it
  // with a git downloader that drops them in silence (services/migrations/migrate.go newDownloader) (D27).
  const gitOnly = opts.service === 'git' ? items.filter((i) => i !== 'wiki' && i !== 'lfs') : [];
  if (gitOnly.length > 0) throw new UsageError(`--with ${gitOnly.join(',')}: a plain git source has only the code and its wiki; name the source's kind with --service (github, gitlab, gitea, …)`);

  const token = await tokenOf(ctx, opts, source.password !== undefined);
  // No description lists "forgejo" (only Forgejo's code reads it, and Gitea would take it for plain git):
  // a Forgejo source speaks Gitea's API, and every server migrates from it as "gitea".
  const service = opts.service === 'forgejo' ? 'gitea' : opts.service;
  const body: MigrateRepoOptions = { clone_addr: source.url, repo_name: name, service, mirror: opts.mirror, private: opts.private };
  if (opts.org !== undefined) body.repo_owner = opts.org;
  if (interval !== undefined) body.mirror_interval = interval;
  if (opts.description !== undefined) body.description = opts.description;
  for (const item of items) body[FIELDS[item]] = true;
  if (source.username !== undefined) body.auth_username = source.username;
  if (source.password !== undefined) body.auth_password = source.password;
  if (token !== undefined) {
    // A plain git source takes the token as the password; the others read auth_token.
    if (opts.service === 'git') {
      body.auth_username = source.username ?? 'oauth2';
      body.auth_password = token;
    } else body.auth_token = token;
  }
  // What is shown of the source: a token in its query hidden (the client hides what the request carried in the server's messages).
  const shown = redactUrl(source.url);

  const target = opts.org === undefined ? name : `${opts.org}/${name}`;
  if (items.includes('lfs')) {
    // The servers drop LFS in silence when their own LFS is off (routers/api/v1/repo/migrate.go: form.LFS &&
    // setting.LFS.StartServer): said before anything is copied (D27).
    const on = await settings.lfsEnabled(await ctx.api()).catch(() => true);
    if (!on) throw new KettleError(`cannot migrate ${shown} --with lfs: ${hostOf((await ctx.api()).root)} keeps no LFS objects (its LFS is off); leave out lfs to copy the rest`);
  }
  const login = ctx.logins.resolve();
  // The servers migrate within the request: allow it the time a large repository takes.
  const wait = Math.max(MIGRATE_WAIT_MS, ctx.clients.timeoutMs() ?? 0);
  const api = await ctx.clients.clientFor(login.root, login.credentials, {
    timeoutMs: wait,
    ...(login.insecure ? { insecure: true } : {}),
    ...(login.name !== undefined ? { name: login.name } : {}),
  });
  const elapsed = new Elapsed(ctx.io, (s) => `Migrating ${shown} into ${target}… ${s} s`);
  const repo = await settings
    .migrate(api, body)
    .catch((err: unknown) => {
      if (err instanceof ApiError) {
        if (err.status === 409) throw err.withMessage(`cannot migrate ${shown}: a repository named ${target} already exists`);
        // routers/api/v1/repo/migrate.go: an owner that does not exist is a 422 "user redirect does not exist".
        if (opts.org !== undefined && (err.status === 404 || (err.status === 422 && /does not exist/.test(err.serverMessage ?? '')))) {
          throw err.withMessage(`cannot migrate ${shown}: organization ${opts.org} not found`);
        }
        const why = err.serverMessage;
        if (why !== undefined && err.status !== 403) throw err.withMessage(`cannot migrate ${shown} into ${target}: ${why}`);
        throw reword(err, { action: `migrate ${shown} into ${target}` });
      }
      if (err instanceof KettleError && err.uncertainPath !== undefined) {
        // An answer that began and then stopped coming (its pieces further apart than the timeout) may tell of a finished migration.
        const what = stoppedMidAnswer(err.message)
          ? `the server stopped sending its answer to the migration of ${shown} into ${target}`
          : `no answer within ${Math.round(wait / 60_000)} min while the server migrated ${shown} into ${target}`;
        const left = new KettleError(`${what}; it may still finish: see kettle repo view ${target.includes('/') ? target : `OWNER/${target}`}`);
        throw left;
      }
      throw err;
    })
    .finally(() => elapsed.done());
  ctx.term.success(`Migrated ${shown} into ${String(repo.full_name ?? target)}${opts.mirror ? ' as a mirror' : ''}${webUrl(repo)}`);
  // The servers keep the address's query in the record (models/repo/repo.go SanitizedOriginalURL removes only the user part).
  const original = (repo as { original_url?: unknown }).original_url;
  await printRecord(ctx.io, ctx.output, typeof original === 'string' && original !== '' ? { ...repo, original_url: redactUrl(original) } : repo, repoViewColumns);
}
