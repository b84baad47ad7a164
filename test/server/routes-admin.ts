// Site administration: users, organizations and scheduled tasks. Read at
// Gitea v1.23.8 and v1.27.0, Forgejo v11.0.1 and v15.0.3,
// routers/api/v1/admin/user.go, org.go and cron.go; who may, api.go
// reqSiteAdmin.
import { forbidden, HttpError, invalid, notFound, paginate } from './http.js';
import { type Call, flavorAtLeast, type Handler, list, obj } from './routes.js';
import { tick, type User } from './state.js';

/** api.go reqSiteAdmin: 403 "user should be the site admin". */
function siteAdmin(c: Call): void {
  if (c.user.admin !== true) throw forbidden('user should be the site admin');
}

const VISIBILITIES = ['public', 'limited', 'private'] as const;
type Visibility = (typeof VISIBILITIES)[number];

/** The binding's `In(,public,limited,private)` on CreateUserOption and EditUserOption: 422 for anything else. */
function visibilityOf(body: Record<string, unknown>): Visibility | undefined {
  const v = body.visibility;
  if (v === undefined || v === null || v === '') return undefined;
  if (typeof v !== 'string' || !(VISIBILITIES as readonly string[]).includes(v)) throw invalid('', [{ field: 'Visibility', code: 'In' }], '[Visibility]: In');
  return v as Visibility;
}

/** A pointer field (`*bool`): its value when sent, else undefined (left as it is). */
function flag(body: Record<string, unknown>, key: string): boolean | undefined {
  return typeof body[key] === 'boolean' ? body[key] : undefined;
}

/** setting.MinPasswordLength: 8 unless MIN_PASSWORD_LENGTH says otherwise (PASSWORD_COMPLEXITY and PASSWORD_CHECK_PWN are off by default). */
const MIN_PASSWORD_LENGTH = 8;

/** The binding's Email rule (a plausible address); the servers' check is stricter (user_model ValidateEmail). */
const EMAIL = /^[^\s@]+@[^\s@]+$/;

function emailTaken(c: Call, email: string, except?: User): boolean {
  return c.state.users.some((u) => u !== except && u.email.toLowerCase() === email.toLowerCase());
}

/** models ErrDeleteLastAdminUser: "can not delete the last admin user [uid: N]". */
function lastAdmin(c: Call, user: User): boolean {
  return user.admin === true && c.state.users.filter((u) => u.admin === true).length === 1;
}

/**
 * SearchUsers (GET /admin/users): individual accounts only, alphabetically
 * by lower name (db.SearchOrderByAlphabetically), paged with Link and X-Total-Count.
 */
const searchUsers: Handler = (c) => {
  siteAdmin(c);
  const sorted = [...c.state.users].sort((a, b) => a.login.toLowerCase().localeCompare(b.login.toLowerCase()));
  return list(c, sorted, (u) => c.state.userJson(u));
};

/**
 * CreateUser: `username`, `email` and (for a local account) `password`
 * required by the binding (422); a password shorter than MIN_PASSWORD_LENGTH
 * (8) 400 PasswordIsRequired; a name or e-mail address that is taken 422.
 * The user is active at once (IsActive: optional.Some(true));
 * must_change_password is true unless the body says false (`MustChangePassword:
 * true` then `*form.MustChangePassword`, in all four releases read);
 * `restricted` and `visibility` as sent.
 */
const createUser: Handler = (c) => {
  siteAdmin(c);
  const body = obj(c.body);
  const problems = (['username', 'email'] as const).filter((k) => typeof body[k] !== 'string' || body[k] === '').map((field) => ({ field, code: 'Required' }));
  if (problems.length > 0) throw invalid('CreateUserOption', problems);
  if (!EMAIL.test(String(body.email))) throw invalid('', [{ field: 'Email', code: 'Email' }], '[Email]: Email');
  const visibility = visibilityOf(body);
  const login = String(body.username);
  const password = typeof body.password === 'string' ? body.password : '';
  if (password.length < MIN_PASSWORD_LENGTH) throw new HttpError(400, { message: 'PasswordIsRequired', url: '' });
  if (c.state.user(login) || c.state.org(login)) throw new HttpError(422, { message: `user already exists [name: ${login}]`, url: '' });
  if (emailTaken(c, String(body.email))) throw new HttpError(422, { message: `e-mail already in use [email: ${String(body.email)}]`, url: '' });
  const user = c.state.addUser(login, typeof body.full_name === 'string' ? body.full_name : '', password);
  user.email = String(body.email);
  user.mustChangePassword = flag(body, 'must_change_password') ?? true;
  if (flag(body, 'restricted') === true) user.restricted = true;
  if (visibility !== undefined) user.visibility = visibility;
  if (typeof body.login_name === 'string' && body.login_name !== '') user.loginName = body.login_name;
  return { status: 201, body: c.state.userJson(user) };
};

/** user_model.GetUserByName through GetUserByParams: a name no user has is ErrUserRedirectNotExist (recorded from real Gitea 1.23.8, 1.27.0 and Forgejo 11.0.1). */
function noSuchUser(name: string): HttpError {
  return new HttpError(404, { message: `user redirect does not exist [name: ${name}]`, url: '' });
}

/**
 * EditUser: only the fields sent change (pointers: optional.FromPtr), with
 * these exceptions. Gitea binds `login_name` Required (422 "[LoginName]:
 * Required" without it) and always writes it (optional.Some); `source_id`
 * 0 leaves the source. Forgejo takes `source_id` and `login_name` together or
 * not at all (422 "source_id and login_name must be specified together").
 * `password` empty is no change (FromNonDefault); shorter than 8: 400.
 * `visibility` "public" is the zero value and is ignored (FromNonDefault) on
 * Forgejo and on Gitea before 1.25 (fixed by #35036, FromMapLookup). An e-mail
 * address in use by another: 400. Taking the last administrator's rights: 400 LastAdmin.
 */
const editUser: Handler = (c) => {
  siteAdmin(c);
  const body = obj(c.body);
  const user = c.state.user(c.params.username ?? '');
  if (!user) throw noSuchUser(c.params.username ?? '');
  const visibility = visibilityOf(body);
  const hasSource = body.source_id !== undefined && body.source_id !== null;
  const hasLoginName = body.login_name !== undefined && body.login_name !== null;
  if (c.flavor.forgejo) {
    if ((hasSource || hasLoginName) && !(hasSource && hasLoginName)) {
      throw new HttpError(422, { message: 'source_id and login_name must be specified together', url: '' });
    }
  } else if (typeof body.login_name !== 'string' || body.login_name === '') {
    throw invalid('', [{ field: 'LoginName', code: 'Required' }], '[LoginName]: Required');
  }
  const password = typeof body.password === 'string' ? body.password : '';
  if (password !== '' && password.length < MIN_PASSWORD_LENGTH) {
    throw new HttpError(400, { message: `password must be at least ${MIN_PASSWORD_LENGTH} characters`, url: '' });
  }
  if (typeof body.email === 'string') {
    if (!EMAIL.test(body.email)) throw new HttpError(400, { message: `e-mail invalid [email: ${body.email}]`, url: '' });
    if (emailTaken(c, body.email, user)) throw new HttpError(400, { message: `e-mail already in use [email: ${body.email}]`, url: '' });
  }
  const admin = flag(body, 'admin');
  if (admin === false && lastAdmin(c, user)) throw new HttpError(400, { message: `can not delete the last admin user [uid: ${user.id}]`, url: '' });
  // UpdateAuth runs (and writes) before the e-mail address and UpdateUser; the checks above come first here, so a refused request changes nothing.
  if (typeof body.login_name === 'string') user.loginName = body.login_name;
  if (password !== '') user.password = password;
  const must = flag(body, 'must_change_password');
  if (must !== undefined) user.mustChangePassword = must;
  const prohibit = flag(body, 'prohibit_login');
  if (prohibit !== undefined) user.prohibitLogin = prohibit;
  if (typeof body.email === 'string') user.email = body.email;
  if (typeof body.full_name === 'string') user.full_name = body.full_name;
  const active = flag(body, 'active');
  if (active !== undefined) user.active = active;
  if (admin !== undefined) user.admin = admin;
  const restricted = flag(body, 'restricted');
  if (restricted !== undefined) user.restricted = restricted;
  const publicIgnored = c.flavor.forgejo || !flavorAtLeast(c.flavor, '1.25');
  if (visibility !== undefined && !(visibility === 'public' && publicIgnored)) user.visibility = visibility;
  return { status: 200, body: c.state.userJson(user) };
};

/**
 * DeleteUser: an organization, oneself, or a user who still owns
 * repositories or belongs to organizations is refused with 422 (without
 * `purge`; with it, what they own goes too); otherwise 204.
 */
const deleteUser: Handler = (c) => {
  siteAdmin(c);
  const name = c.params.username ?? '';
  if (c.state.org(name)) {
    // Gitea 1.27.0 (ctx.APIError) words it anew; 1.23.8 and Forgejo as before. Between them: not read.
    const message = !c.flavor.forgejo && flavorAtLeast(c.flavor, '1.27') ? 'target is an organization but not user' : `${name} is an organization not a user`;
    throw new HttpError(422, { message, url: '' });
  }
  const user = c.state.user(name);
  if (!user) throw noSuchUser(name);
  if (user.login === c.user.login) throw new HttpError(422, { message: 'you cannot delete yourself', url: '' });
  const purge = c.query.get('purge') === 'true';
  const lower = user.login.toLowerCase();
  const owned = c.state.repos.filter((r) => r.owner.toLowerCase() === lower);
  if (!purge && owned.length > 0) {
    throw new HttpError(422, { message: `user still has ownership of repositories [uid: ${user.id}, count: ${owned.length}]`, url: '' });
  }
  if (!purge && c.state.orgs.some((o) => o.members.some((m) => m.toLowerCase() === lower))) {
    throw new HttpError(422, { message: `user still has membership of organizations [uid: ${user.id}]`, url: '' });
  }
  if (lastAdmin(c, user)) throw new HttpError(422, { message: `can not delete the last admin user [uid: ${user.id}]`, url: '' });
  if (purge) {
    // services/user DeleteUser with purge: the user's repositories deleted and memberships left first.
    c.state.repos = c.state.repos.filter((r) => r.owner.toLowerCase() !== lower);
    for (const o of c.state.orgs) o.members = o.members.filter((m) => m.toLowerCase() !== lower);
  }
  c.state.users.splice(c.state.users.indexOf(user), 1);
  c.state.tokens = c.state.tokens.filter((t) => t.login !== user.login);
  return { status: 204 };
};

/**
 * GetAllOrgs (GET /admin/orgs): every organization, public, limited and
 * private, alphabetically, paged with Link and X-Total-Count.
 */
const allOrgs: Handler = (c) => {
  siteAdmin(c);
  const sorted = [...c.state.orgs].sort((a, b) => a.login.toLowerCase().localeCompare(b.login.toLowerCase()));
  return list(c, sorted, (o) => c.state.orgJson(o));
};

interface CronTask {
  name: string;
  schedule: string;
  next: string;
  prev: string;
  exec_times: number;
}

/**
 * The tasks services/cron registers (tasks_basic.go, tasks_extended.go,
 * actions), in the order ListCronTasks lists them, with the schedules of the
 * configuration the recordings ran with (mirrors on, the update checker off):
 * recorded from real Gitea 1.23.8 and 1.27.0 (the same 29) and Forgejo 11.0.1
 * (the same less sync_repo_licenses, which Forgejo does not have). "-": not
 * scheduled; "at start": run once when the server started (RunAtStart).
 */
const CRON_TASKS: Array<[string, string, 'at start'?]> = [
  ['update_mirrors', '@every 10m'],
  ['repo_health_check', '@midnight'],
  ['check_repo_stats', '@midnight', 'at start'],
  ['archive_cleanup', '@midnight', 'at start'],
  ['sync_external_users', '@midnight'],
  ['deleted_branches_cleanup', '@midnight', 'at start'],
  ['update_migration_poster_id', '@midnight', 'at start'],
  ['cleanup_hook_task_table', '@midnight'],
  ['cleanup_packages', '@midnight', 'at start'],
  ['sync_repo_licenses', '-'],
  ['delete_inactive_accounts', '-'],
  ['delete_repo_archives', '-'],
  ['git_gc_repos', '-'],
  ['resync_all_sshkeys', '-'],
  ['resync_all_sshprincipals', '-'],
  ['resync_all_hooks', '-'],
  ['reinit_missing_repos', '-'],
  ['delete_missing_repos', '-'],
  ['delete_generated_repository_avatars', '-'],
  ['delete_old_actions', '-'],
  ['update_checker', '-'],
  ['delete_old_system_notices', '-'],
  ['gc_lfs', '-'],
  ['rebuild_issue_indexer', '-'],
  ['stop_zombie_tasks', '@every 5m', 'at start'],
  ['stop_endless_tasks', '@every 30m', 'at start'],
  ['cancel_abandoned_jobs', '@every 6h', 'at start'],
  ['start_schedule_tasks', '@every 1m'],
  ['cleanup_actions', '@midnight'],
];

function cronTasks(c: Call): CronTask[] {
  return c.state.extension(`admin-cron-${c.flavor.forgejo ? 'forgejo' : 'gitea'}`, () => {
    const zero = '0001-01-01T00:00:00Z';
    // A task that runs at start (RunAtStart) has run once; one not scheduled has no next run.
    return CRON_TASKS.filter(([name]) => !(c.flavor.forgejo && name === 'sync_repo_licenses')).map(([name, schedule, start]) => ({
      name,
      schedule,
      next: schedule === '-' ? zero : tick(),
      prev: start ? tick() : zero,
      exec_times: start ? 1 : 0,
    }));
  });
}

/**
 * ListCronTasks: util.PaginateSlice over the tasks, with X-Total-Count and no
 * Link header (the handler does not call SetLinkHeader).
 */
const listCron: Handler = (c) => {
  siteAdmin(c);
  const page = paginate(cronTasks(c), c.query, c.url, c.paging);
  const headers: Record<string, string> = {};
  if (page.headers['x-total-count'] !== undefined) headers['x-total-count'] = page.headers['x-total-count'];
  return { status: 200, body: page.items, headers };
};

/** PostCronTask: 404 for a name no task has; else the task runs and 204. */
const runCron: Handler = (c) => {
  siteAdmin(c);
  const task = cronTasks(c).find((t) => t.name === c.params.task);
  // ctx.NotFound(): Forgejo's lists its (no) errors as [] (recorded from a real 11.0.1).
  if (!task) throw c.flavor.forgejo ? new HttpError(404, { message: "The target couldn't be found.", url: '', errors: [] }) : notFound(c.state.apiRoot);
  task.exec_times += 1;
  task.prev = tick();
  return { status: 204 };
};

export const ADMIN_ROUTES: Array<[string, string, Handler]> = [
  ['GET', '/admin/users', searchUsers],
  ['POST', '/admin/users', createUser],
  ['PATCH', '/admin/users/:username', editUser],
  ['DELETE', '/admin/users/:username', deleteUser],
  ['GET', '/admin/orgs', allOrgs],
  ['GET', '/admin/cron', listCron],
  ['POST', '/admin/cron/:task', runCron],
];
