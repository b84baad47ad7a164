// Actions secrets and variables of a repository, an organization and a user,
// as Gitea and Forgejo answer them (routers/api/v1/repo/action.go,
// org/action.go, user/action.go; services/secrets, services/actions/variables.go;
// models/secret/secret.go, models/actions/variable.go). Secrets are kept with
// their values, for the tests to read (secretsData), and never sent back.
import { forbidden, HttpError, invalid, notFound } from './http.js';
import { type Call, flavorAtLeast, type Flavor, type Handler, list, obj, visibleRepo } from './routes.js';
import type { State } from './state.js';
import { tick } from './state.js';

/** Whose: `repo:ID`, `owner:ID` (an organization's or a user's). */
type ScopeKey = `repo:${number}` | `owner:${number}`;

export interface StoredSecret {
  id: number;
  name: string;
  data: string;
  description: string;
  created_at: string;
}

export interface StoredVariable {
  id: number;
  ownerId: number;
  repoId: number;
  name: string;
  data: string;
  description: string;
}

export interface SecretsData {
  secrets: Map<ScopeKey, StoredSecret[]>;
  variables: Map<ScopeKey, StoredVariable[]>;
}

export function secretsData(state: State): SecretsData {
  return state.extension('actions-secrets', () => ({ secrets: new Map(), variables: new Map() }));
}

function gitea(f: Flavor, version: string): boolean {
  return !f.forgejo && flavorAtLeast(f, version);
}

/** Gitea 1.24 and later: secrets and variables carry a description (modules/structs/secret.go, variable.go). */
const described = (f: Flavor): boolean => gitea(f, '1.24');

interface Place {
  key: ScopeKey;
  ownerId: number;
  repoId: number;
}

/**
 * Who may: the repository's owner (api.go addActionsRoutes with reqOwner), an
 * organization's owner (reqOrgOwnership), or the user for their own.
 */
function placeOf(c: Call): Place {
  if (c.params.repo !== undefined) {
    const repo = visibleRepo(c);
    if (!c.state.owns(c.user.login, repo)) throw forbidden('user should be the owner of the repository');
    return { key: `repo:${repo.id}`, ownerId: 0, repoId: repo.id };
  }
  if (c.params.org !== undefined) {
    const org = c.state.org(c.params.org);
    if (!org) throw notFound(c.state.apiRoot);
    if (!org.members.some((m) => m.toLowerCase() === c.user.login.toLowerCase())) throw forbidden('Must be an organization owner');
    return { key: `owner:${org.id}`, ownerId: org.id, repoId: 0 };
  }
  return { key: `owner:${c.user.id}`, ownerId: c.user.id, repoId: 0 };
}

function badRequest(message: string): HttpError {
  return new HttpError(400, { message, url: '' });
}

/**
 * The names each server takes (400 otherwise), for secrets and variables alike:
 * `^[A-Z_][A-Z0-9_]*$` ignoring case, and not starting with GITEA_ or GITHUB_
 * (services/secrets/validation.go ValidateName), nor FORGEJO_ or a digit on
 * Forgejo 15 (models/secret/secret.go). CI: Gitea 1.25 and later refuse the name
 * CI for both (ValidateName); for variables, Gitea before 1.25 and Forgejo 11
 * refuse every name starting with CI, Forgejo 15 only CI itself
 * (services/actions/variables.go envNameCIRegexMatch).
 */
function checkName(f: Flavor, name: string, variable: boolean): void {
  const reserved = f.forgejo && flavorAtLeast(f, '15') ? /^(FORGEJO_|GITEA_|GITHUB_|[0-9])/i : /^GIT(EA|HUB)_/i;
  if (!/^[A-Z_][A-Z0-9_]*$/i.test(name) || reserved.test(name)) throw badRequest(f.forgejo ? 'invalid secret name' : 'invalid variable or secret name');
  if (gitea(f, '1.25')) {
    if (name.toUpperCase() === 'CI') throw badRequest('invalid variable or secret name');
    return;
  }
  if (!variable) return;
  const ci = f.forgejo && flavorAtLeast(f, '15') ? /^CI$/i : /^CI/i;
  if (ci.test(name)) throw badRequest('env name cannot be ci');
}

/** CreateOrUpdateSecretOption, CreateVariableOption, UpdateVariableOption: `binding:"Required"` on the value (422 when absent or empty). */
function required(c: Call, field: 'data' | 'value'): string {
  const value = obj(c.body)[field];
  if (typeof value !== 'string' || value === '')
    throw invalid(field === 'data' ? 'CreateOrUpdateSecretOption' : 'CreateVariableOption', [{ field, code: 'required' }], `[${field[0]?.toUpperCase()}${field.slice(1)}]: Required`);
  return value;
}

function descriptionOf(c: Call): string {
  const d = obj(c.body).description;
  // models/secret/secret.go and models/actions/variable.go truncate it to 4096 characters.
  return typeof d === 'string' ? [...d].slice(0, 4096).join('') : '';
}

/** Variables' line breaks as stored: \r\n becomes \n (util.ReserveLineBreakForTextarea); Gitea 1.26 also a lone \r (util.NormalizeStringEOL). */
function storedValue(f: Flavor, value: string): string {
  const crlf = value.replace(/\r\n/g, '\n');
  return gitea(f, '1.26') ? crlf.replace(/\r/g, '\n') : crlf;
}

const MAX_DATA = 65536;

// Secrets ---------------------------------------------------------------

function secretsOf(c: Call, place: Place): StoredSecret[] {
  const data = secretsData(c.state);
  let found = data.secrets.get(place.key);
  if (!found) {
    found = [];
    data.secrets.set(place.key, found);
  }
  return found;
}

/** ListActionsSecrets: name and created_at (and description on Gitea 1.24 and later), never the value. */
const listSecrets: Handler = (c) => {
  const place = placeOf(c);
  return list(c, secretsOf(c, place), (s) => ({ name: s.name, ...(described(c.flavor) ? { description: s.description } : {}), created_at: s.created_at }));
};

/** CreateOrUpdateSecret: 201 when made, 204 when replaced; names are stored upper-cased (InsertEncryptedSecret). */
const putSecret: Handler = (c) => {
  const place = placeOf(c);
  const data = required(c, 'data');
  const name = c.params.name ?? '';
  checkName(c.flavor, name, false);
  // Gitea 1.24 and later: models/secret/secret.go SecretDataMaxLength, counted in bytes.
  if (described(c.flavor) && Buffer.byteLength(data) > MAX_DATA) throw badRequest('data too long');
  const all = secretsOf(c, place);
  const upper = name.toUpperCase();
  const existing = all.find((s) => s.name === upper);
  if (existing) {
    existing.data = data;
    // UpdateSecret on Gitea 1.24 and later writes the description sent (empty when none).
    if (described(c.flavor)) existing.description = descriptionOf(c);
    return { status: 204 };
  }
  all.push({ id: c.state.id(), name: upper, data, description: described(c.flavor) ? descriptionOf(c) : '', created_at: tick() });
  return { status: 201 };
};

/** DeleteSecret: 204, or 404 for a name not there; Gitea 1.23 and Forgejo check the name first (400). */
const deleteSecret: Handler = (c) => {
  const place = placeOf(c);
  const name = c.params.name ?? '';
  if (!gitea(c.flavor, '1.25')) checkName(c.flavor, name, false);
  const all = secretsOf(c, place);
  const at = all.findIndex((s) => s.name === name.toUpperCase());
  if (at < 0) throw notFound(c.state.apiRoot, 'secret was not found');
  all.splice(at, 1);
  return { status: 204 };
};

// Variables -------------------------------------------------------------

function variablesOf(c: Call, place: Place): StoredVariable[] {
  const data = secretsData(c.state);
  let found = data.variables.get(place.key);
  if (!found) {
    found = [];
    data.variables.set(place.key, found);
  }
  return found;
}

function showVariable(f: Flavor, v: StoredVariable): Record<string, unknown> {
  return { owner_id: v.ownerId, repo_id: v.repoId, name: v.name, data: v.data, ...(described(f) ? { description: v.description } : {}) };
}

function findVariable(c: Call, place: Place): StoredVariable {
  const upper = (c.params.name ?? '').toUpperCase();
  const found = variablesOf(c, place).find((v) => v.name === upper);
  // services/actions/variables.go GetVariable
  if (!found) throw notFound(c.state.apiRoot, 'variable not found');
  return found;
}

/**
 * ListVariables. A repository's list builds each record without `Data` on
 * Gitea 1.23 and Forgejo 11 to 13 (routers/api/v1/repo/action.go; recorded
 * from a real Gitea 1.23.8): every value reads "". Organizations' and users'
 * lists carry the values.
 */
const listVariables: Handler = (c) => {
  const place = placeOf(c);
  const valueless = place.repoId !== 0 && (c.flavor.forgejo ? !flavorAtLeast(c.flavor, '14') : !flavorAtLeast(c.flavor, '1.24'));
  return list(c, variablesOf(c, place), (v) => ({ ...showVariable(c.flavor, v), ...(valueless ? { data: '' } : {}) }));
};

const getVariable: Handler = (c) => ({ status: 200, body: showVariable(c.flavor, findVariable(c, placeOf(c))) });

function checkData(f: Flavor, value: string): void {
  // Gitea 1.24 and later: models/actions/variable.go VariableDataMaxLength, counted in characters.
  if (described(f) && [...value].length > MAX_DATA) throw badRequest('data too long');
}

/** CreateVariable: 409 when the name exists; 204 when made (Gitea 1.25 and later: 201). */
const createVariable: Handler = (c) => {
  const place = placeOf(c);
  const value = required(c, 'value');
  const name = c.params.name ?? '';
  const all = variablesOf(c, place);
  if (all.some((v) => v.name === name.toUpperCase())) {
    return { status: 409, body: { message: `variable name ${name} already exists`, url: '' } };
  }
  checkName(c.flavor, name, true);
  checkData(c.flavor, value);
  all.push({ id: c.state.id(), ownerId: place.ownerId, repoId: place.repoId, name: name.toUpperCase(), data: storedValue(c.flavor, value), description: described(c.flavor) ? descriptionOf(c) : '' });
  return { status: gitea(c.flavor, '1.25') ? 201 : 204 };
};

/**
 * UpdateVariable: 404 when missing; the body's name renames it (the path's when
 * empty); on Gitea 1.24 and later the description becomes what was sent, empty
 * when nothing was (`v.Description = opt.Description`). 204.
 */
const updateVariable: Handler = (c) => {
  const place = placeOf(c);
  const value = required(c, 'value');
  const found = findVariable(c, place);
  const body = obj(c.body);
  const name = typeof body.name === 'string' && body.name !== '' ? body.name : (c.params.name ?? '');
  checkName(c.flavor, name, true);
  checkData(c.flavor, value);
  found.name = name.toUpperCase();
  found.data = storedValue(c.flavor, value);
  if (described(c.flavor)) found.description = descriptionOf(c);
  return { status: 204 };
};

/** DeleteVariable: 204, or 404; Gitea before 1.25 and Forgejo check the name first (400). */
const deleteVariable: Handler = (c) => {
  const place = placeOf(c);
  if (!gitea(c.flavor, '1.25')) checkName(c.flavor, c.params.name ?? '', true);
  const found = findVariable(c, place);
  const all = variablesOf(c, place);
  all.splice(all.indexOf(found), 1);
  return { status: 204 };
};

function routes(prefix: string, withSecretList: boolean): Array<[string, string, Handler]> {
  return [
    ...(withSecretList ? ([['GET', `${prefix}/actions/secrets`, listSecrets]] as Array<[string, string, Handler]>) : []),
    ['PUT', `${prefix}/actions/secrets/:name`, putSecret],
    ['DELETE', `${prefix}/actions/secrets/:name`, deleteSecret],
    ['GET', `${prefix}/actions/variables`, listVariables],
    ['GET', `${prefix}/actions/variables/:name`, getVariable],
    ['POST', `${prefix}/actions/variables/:name`, createVariable],
    ['PUT', `${prefix}/actions/variables/:name`, updateVariable],
    ['DELETE', `${prefix}/actions/variables/:name`, deleteVariable],
  ];
}

// No server has GET /user/actions/secrets (api.go: the user's /actions/secrets group has only /{secretname}).
export const ACTIONS_SECRETS_ROUTES: Array<[string, string, Handler]> = [...routes('/repos/:owner/:repo', true), ...routes('/orgs/:org', true), ...routes('/user', false)];
