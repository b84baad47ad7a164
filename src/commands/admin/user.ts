// kettle admin user list / create LOGIN --email ADDRESS / edit LOGIN … / delete LOGIN... [--purge]
import * as admin from '../../api/gitea/admin.js';
import * as users from '../../api/gitea/users.js';
import type { CreateUserOption } from '../../api/gitea/types.js';
import type { Context } from '../../context/context.js';
import { ask } from '../../context/prompt.js';
import { isSafeSegment } from '../../context/repo.js';
import { ApiError, report, SeveralFailed, UsageError } from '../../errors.js';
import { canPrompt } from '../../io.js';
import { type Column, printRecord } from '../../output/printer.js';
import { printListing } from '../listing.js';
import type { OptionsOf } from '../../spec/spec.js';
import type * as definitions from './index.js';
import { adminFailure, adminPages, password, passwordProblem } from './shared.js';

export type UserListOptions = OptionsOf<typeof definitions.userList>;
export type UserCreateOptions = OptionsOf<typeof definitions.userCreate>;
export type UserEditOptions = OptionsOf<typeof definitions.userEdit>;
export type UserDeleteOptions = OptionsOf<typeof definitions.userDelete>;

const columns: Column[] = [
  { key: 'login', header: 'LOGIN' },
  { key: 'full_name', header: 'NAME', flex: true, drop: 3 },
  { key: 'email', header: 'EMAIL', drop: 2 },
  { key: 'is_admin', header: 'ADMIN', get: (r) => (r.is_admin === true ? 'admin' : ''), drop: 1 },
  { key: 'active', header: 'STATE', get: (r) => (r.prohibit_login === true ? 'prohibited' : r.active === false ? 'inactive' : 'active'), drop: 4 },
];
const viewColumns: Column[] = [...columns, { key: 'restricted', header: 'RESTRICTED' }, { key: 'visibility', header: 'VISIBILITY' }, { key: 'id', header: 'ID' }];

function checkLogin(login: string): void {
  if (!isSafeSegment(login)) throw new UsageError(`invalid user name "${login}"`);
}

export async function runList(ctx: Context, opts: UserListOptions): Promise<void> {
  await printListing(ctx, opts, {
    noun: 'users',
    pages: (api, window, options) => adminPages(admin.listUsers(api, window, options), 'list users'),
    columns,
    empty: 'No users',
  });
}

/** A boolean pair of two separate flags (`--active` / `--inactive`): true, false, or undefined; both a usage error. */
function pair(on: boolean, off: boolean, onFlag: string, offFlag: string): boolean | undefined {
  if (on && off) throw new UsageError(`use either ${onFlag} or ${offFlag}, not both`);
  return on ? true : off ? false : undefined;
}

/**
 * The servers set must_change_password to true when the body leaves it out
 * (admin/user.go CreateUser, Gitea 1.23.8 and 1.27.0, Forgejo 11.0.1 and
 * 15.0.3 alike): kettle sends it only when asked.
 */
export async function runCreate(ctx: Context, opts: UserCreateOptions): Promise<void> {
  const { login } = opts;
  checkLogin(login);
  if (opts.email === undefined || opts.email.trim() === '') throw new UsageError('--email is required');
  const action = `create user ${login}`;
  const body: CreateUserOption = { username: login, email: opts.email.trim(), password: await password(ctx, login, opts.passwordStdin) };
  if (opts.fullName !== undefined) body.full_name = opts.fullName;
  if (opts.mustChangePassword !== undefined) body.must_change_password = opts.mustChangePassword;
  if (opts.restricted) body.restricted = true;
  if (opts.visibility !== undefined) body.visibility = opts.visibility;
  if (opts.sendNotify) body.send_notify = true;
  const api = await ctx.api();
  const created = await admin.createUser(api, body).catch((err: unknown) => {
    const problem = passwordProblem(err);
    if (problem !== undefined && err instanceof ApiError) throw err.withMessage(`cannot ${action}: ${problem}`);
    return adminFailure({ action })(err);
  });
  ctx.term.success(`Created user ${created.login ?? login}${opts.mustChangePassword === false ? '' : ' (asked to choose a new password at first sign-in)'}`);
  await printRecord(ctx.io, ctx.output, created, viewColumns);
}

const EDIT_FLAGS =
  '--email, --full-name, --password-stdin, --[no-]must-change-password, --[no-]admin, --active/--inactive, --prohibit-login/--allow-login, --restricted/--unrestricted or --visibility';

/**
 * admin/user.go EditUser changes only the fields sent (each a pointer, or
 * "not empty"), with one exception on Gitea: login_name is required
 * (EditUserOption binds it Required, 422 without it) and always written, so
 * kettle sends the user's own (or, for a local account, which has none, the
 * user name) with its source_id, which 0 leaves as it is. Forgejo takes both
 * or neither (11.0.1: "source_id and login_name must be specified together"):
 * kettle sends both there too, the user's own, so the request is one every
 * server's description accepts and changes nothing it was not asked to.
 */
export async function runEdit(ctx: Context, opts: UserEditOptions): Promise<void> {
  const { login } = opts;
  checkLogin(login);
  const action = `edit user ${login}`;
  const body: admin.EditUser = {};
  const active = pair(opts.active, opts.inactive, '--active', '--inactive');
  const prohibit = pair(opts.prohibitLogin, opts.allowLogin, '--prohibit-login', '--allow-login');
  const restricted = pair(opts.restricted, opts.unrestricted, '--restricted', '--unrestricted');
  if (opts.email !== undefined) {
    if (opts.email.trim() === '') throw new UsageError('--email cannot be empty: a user keeps a primary address');
    body.email = opts.email.trim();
  }
  if (opts.fullName !== undefined) body.full_name = opts.fullName;
  if (opts.mustChangePassword !== undefined) body.must_change_password = opts.mustChangePassword;
  if (opts.admin !== undefined) body.admin = opts.admin;
  if (active !== undefined) body.active = active;
  if (prohibit !== undefined) body.prohibit_login = prohibit;
  if (restricted !== undefined) body.restricted = restricted;
  if (opts.visibility !== undefined) body.visibility = opts.visibility;
  if (Object.keys(body).length === 0 && !opts.passwordStdin) throw new UsageError(`nothing to change: pass ${EDIT_FLAGS}`);
  if (opts.passwordStdin) body.password = await password(ctx, login, true);
  const api = await ctx.api();
  const current = await users.get(api, login).catch(adminFailure({ action, missing: `user ${login}` }));
  body.login_name = current.login_name !== undefined && current.login_name !== '' ? current.login_name : (current.login ?? login);
  body.source_id = current.source_id ?? 0;
  const edited = await admin.editUser(api, login, body).catch((err: unknown) => {
    const problem = passwordProblem(err);
    if (problem !== undefined && err instanceof ApiError) throw err.withMessage(`cannot ${action}: ${problem}`);
    return adminFailure({ action, missing: `user ${login}` })(err);
  });
  ctx.term.success(`Edited user ${edited.login ?? login}`);
  // Forgejo, and Gitea before 1.25, ignore "public" here (admin/user.go EditUser: optional.FromNonDefault of the zero value).
  if (opts.visibility !== undefined && typeof edited.visibility === 'string' && edited.visibility !== opts.visibility) {
    ctx.term.warn(`the server kept ${login}'s visibility ${edited.visibility}: it ignores "${opts.visibility}" in this request`);
  }
  await printRecord(ctx.io, ctx.output, edited, viewColumns);
}

/** Each user in turn; one failure does not stop the rest, and the exit names those that failed. */
export async function runDelete(ctx: Context, opts: UserDeleteOptions): Promise<void> {
  const logins = [...new Set(opts.logins)];
  for (const login of logins) checkLogin(login);
  if (!opts.yes) {
    if (!canPrompt(ctx.io)) throw new UsageError(`refusing to delete ${logins.length === 1 ? `user ${logins[0]}` : `${logins.length} users`} without confirmation; pass --yes`);
    for (const login of logins) {
      const typed = await ask(ctx.io, '--yes', { message: `Type ${login} to delete the user ${login}${opts.purge ? ' and all they own' : ''} for good`, required: false });
      if (typed !== login) throw new UsageError(`confirmation did not match ${login}; nothing was deleted`);
    }
  }
  const api = await ctx.api();
  const failed: Array<{ login: string; err: unknown }> = [];
  for (const login of logins) {
    try {
      await admin.deleteUser(api, login, opts.purge).catch(adminFailure({ action: `delete user ${login}`, missing: `user ${login}` }));
      ctx.term.success(`Deleted user ${login}`);
    } catch (err) {
      if (logins.length === 1) throw err;
      failed.push({ login, err });
      for (const line of report(err, { debug: ctx.flags.debug }).lines) ctx.io.stderr.write(`${line}\n`);
    }
  }
  if (failed.length === 0) return;
  throw new SeveralFailed(
    `${failed.length} of ${logins.length} failed: ${failed.map((f) => f.login).join(', ')}`,
    failed.map((f) => f.err),
    logins.length,
  );
}
