// Site administration as the end-to-end scenario uses it (test/real/scenario.ts):
// creating and deleting a user. Read at Gitea v1.23.8 and v1.27.0, Forgejo
// v11.0.1 and v15.0.3, routers/api/v1/admin/user.go; who may, api.go
// reqSiteAdmin.
import { forbidden, HttpError, invalid, notFound } from './http.js';
import { type Call, type Handler, obj } from './routes.js';

/** api.go reqSiteAdmin: 403 "user should be the site admin". */
function siteAdmin(c: Call): void {
  if (c.user.admin !== true) throw forbidden('user should be the site admin');
}

/**
 * CreateUser: `username`, `email` and (for a local account) `password`
 * required by the binding (422); a password shorter than MIN_PASSWORD_LENGTH
 * (8) 400 PasswordIsRequired; a name or e-mail address that is taken 422.
 * The user is active at once.
 */
const createUser: Handler = (c) => {
  siteAdmin(c);
  const body = obj(c.body);
  const problems = (['username', 'email'] as const).filter((k) => typeof body[k] !== 'string' || body[k] === '').map((field) => ({ field, code: 'Required' }));
  if (problems.length > 0) throw invalid('CreateUserOption', problems);
  const login = String(body.username);
  const password = typeof body.password === 'string' ? body.password : '';
  if (password.length < 8) throw new HttpError(400, { message: 'PasswordIsRequired', url: '' });
  if (c.state.user(login) || c.state.org(login)) throw new HttpError(422, { message: `user already exists [name: ${login}]`, url: '' });
  const user = c.state.addUser(login, typeof body.full_name === 'string' ? body.full_name : '', password);
  user.email = String(body.email);
  return { status: 201, body: c.state.userJson(user) };
};

/**
 * DeleteUser: an organization, oneself, or a user who still owns
 * repositories or belongs to organizations is refused with 422 (without
 * `purge`); otherwise 204.
 */
const deleteUser: Handler = (c) => {
  siteAdmin(c);
  const name = c.params.username ?? '';
  if (c.state.org(name)) throw new HttpError(422, { message: `${name} is an organization not a user`, url: '' });
  const user = c.state.user(name);
  if (!user) throw notFound(c.state.apiRoot);
  if (user.login === c.user.login) throw new HttpError(422, { message: 'you cannot delete yourself', url: '' });
  const purge = c.query.get('purge') === 'true';
  if (!purge && c.state.repos.some((r) => r.owner.toLowerCase() === user.login.toLowerCase())) {
    throw new HttpError(422, { message: `user still has ownership of repositories [uid: ${user.id}, count: 1]`, url: '' });
  }
  if (!purge && c.state.orgs.some((o) => o.members.some((m) => m.toLowerCase() === user.login.toLowerCase()))) {
    throw new HttpError(422, { message: `user still has membership of organizations [uid: ${user.id}]`, url: '' });
  }
  c.state.users.splice(c.state.users.indexOf(user), 1);
  c.state.tokens = c.state.tokens.filter((t) => t.login !== user.login);
  return { status: 204 };
};

export const ADMIN_ROUTES: Array<[string, string, Handler]> = [
  ['POST', '/admin/users', createUser],
  ['DELETE', '/admin/users/:username', deleteUser],
];
