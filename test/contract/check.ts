// Does a request kettle sent fit what a real Gitea server accepts, and a real
// Forgejo server? Checked against the facts derived from each one's OpenAPI
// description (test/fixtures/gitea-endpoints.json, forgejo-endpoints.json): a
// known method and path, typed path parameters, known query parameters with
// allowed values, a JSON body with the required fields, allowed values and no
// field the server does not read.
import { readFileSync } from 'node:fs';
import { segments } from '../server/http.js';
import { type EndpointFact, type FieldFact, type GiteaFixture, SERVERS, type ServerName } from '../tools/derive-gitea-fixture.js';

/** What the check needs of a recorded request. */
export interface SentRequest {
  method: string;
  /** Relative to the API root, percent-encoded, no query. */
  path: string;
  query: Record<string, string>;
  headers: Record<string, string | string[] | undefined>;
  bodyText: string;
  /** The release that answered it ("Gitea 1.26.4"), when known. */
  release?: string;
  /** A body the server read as a stream (an asset upload), which bodyText leaves out: its size. */
  bodyBytes?: number;
  /** The flavour of the server that answered, where known. */
  flavour?: 'gitea' | 'forgejo';
}

/**
 * Endpoints of the API spec that Gitea and Forgejo lack, which kettle calls on purpose.
 * Each carries why it is fine.
 */
export const SPEC_ONLY: Array<{ method: string; path: string; why: string }> = [
  { method: 'GET', path: '/issues', why: "issue list --all-repos tries the spec's GET /issues first and falls back to /repos/issues/search on 404" },
];

/**
 * Query parameters a server reads though its description does not name them,
 * which kettle sends on purpose. Each carries why it is fine.
 */
export const UNDESCRIBED_QUERY: Array<{ method: string; path: string; names: string[]; why: string }> = [
  ...['/repos/{owner}/{repo}/actions/runners', '/orgs/{org}/actions/runners', '/user/actions/runners', '/admin/actions/runners'].map((path) => ({
    method: 'GET',
    path,
    names: ['page', 'limit'],
    why: "Gitea's ListRunners (routers/api/v1/shared/runners.go) reads them through utils.GetListOptions, though its description names neither; without them a list stops at the first page",
  })),
];

/**
 * The query-string credentials (`--auth query`). Forgejo 15's description no
 * longer lists them, but the server still reads them unless its
 * administrator turned them off (services/auth/method/oauth2.go in Forgejo 15, the
 * DisableQueryAuthToken setting); kettle warns there (contract, "Knowing the
 * server").
 */
const QUERY_CREDENTIALS = ['token', 'access_token'];

export function loadFixture(name: ServerName = 'gitea'): GiteaFixture {
  const server = SERVERS.find((s) => s.name === name) as (typeof SERVERS)[number];
  return JSON.parse(readFileSync(new URL(`../../${server.fixture}`, import.meta.url), 'utf8')) as GiteaFixture;
}

/** The fixtures of every server family kettle must satisfy. */
export function loadFixtures(): GiteaFixture[] {
  return SERVERS.map((s) => loadFixture(s.name));
}

/**
 * How well a template matches: undefined when it does not; more literal
 * segments win. A segment may mix literals and parameters, as
 * `{index}.{diffType}` does; it counts as literal, being the more specific.
 */
function matchTemplate(template: string, segs: string[]): { params: Record<string, string>; literals: number } | undefined {
  const want = template.split('/').slice(1);
  if (want.length !== segs.length) return undefined;
  const params: Record<string, string> = {};
  let literals = 0;
  for (let i = 0; i < want.length; i++) {
    const w = want[i] as string;
    const s = segs[i] as string;
    const param = /^\{([^}]+)\}$/.exec(w)?.[1];
    if (param !== undefined) {
      if (s === '') return undefined;
      params[param] = s;
    } else if (w.includes('{')) {
      const names: string[] = [];
      const source = w.replace(/\{([^}]+)\}|[^{]+/g, (part, name: string | undefined) => {
        if (name === undefined) return part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
        names.push(name);
        return '([^/]+?)';
      });
      const m = new RegExp(`^${source}$`).exec(s);
      if (!m) return undefined;
      names.forEach((name, j) => {
        params[name] = m[j + 1] as string;
      });
      literals++;
    } else if (w === s) {
      literals++;
    } else {
      return undefined;
    }
  }
  return { params, literals };
}

export function findEndpoint(fixture: GiteaFixture, method: string, path: string): { endpoint: EndpointFact; params: Record<string, string> } | undefined {
  const segs = segments(path);
  if (!segs) return undefined;
  let best: { endpoint: EndpointFact; params: Record<string, string>; literals: number } | undefined;
  for (const endpoint of fixture.endpoints) {
    if (endpoint.method !== method) continue;
    const m = matchTemplate(endpoint.path, segs);
    if (m && (!best || m.literals > best.literals)) best = { endpoint, ...m };
  }
  return best && { endpoint: best.endpoint, params: best.params };
}

function typeProblem(value: unknown, fact: FieldFact, where: string, server: string): string[] {
  const problems: string[] = [];
  switch (fact.type) {
    case 'string':
      if (typeof value !== 'string') problems.push(`${where} must be a string, not ${JSON.stringify(value)}`);
      break;
    case 'boolean':
      if (typeof value !== 'boolean') problems.push(`${where} must be a boolean, not ${JSON.stringify(value)}`);
      break;
    case 'integer':
      if (!Number.isInteger(value)) problems.push(`${where} must be an integer, not ${JSON.stringify(value)}`);
      break;
    case 'array':
      if (!Array.isArray(value)) problems.push(`${where} must be an array, not ${JSON.stringify(value)}`);
      else if (fact.items) value.forEach((v, i) => problems.push(...checkValue(v, fact.items as FieldFact, `${where}[${i}]`, server)));
      return problems;
    case 'object':
      if (typeof value !== 'object' || value === null || Array.isArray(value)) problems.push(`${where} must be an object, not ${JSON.stringify(value)}`);
      else problems.push(...checkObject(value as Record<string, unknown>, fact, where, server));
      return problems;
  }
  return problems;
}

function checkValue(value: unknown, fact: FieldFact, where: string, server: string): string[] {
  const problems = typeProblem(value, fact, where, server);
  if (problems.length === 0 && fact.enum && !fact.enum.includes(String(value))) {
    problems.push(`${where} is ${JSON.stringify(value)}; ${server} accepts ${fact.enum.join(', ')}`);
  }
  return problems;
}

function checkObject(value: Record<string, unknown>, fact: FieldFact, where: string, server: string): string[] {
  const problems: string[] = [];
  for (const key of fact.required ?? []) {
    if (value[key] === undefined) problems.push(`${where} lacks the required field ${key}`);
  }
  for (const [key, v] of Object.entries(value)) {
    const known = fact.properties?.[key];
    if (known) problems.push(...checkValue(v, known, `${where}.${key}`, server));
    else if (fact.additional) problems.push(...checkValue(v, fact.additional, `${where}.${key}`, server));
    else if (fact.additional === false && !spelledTwice(key, value, fact)) problems.push(`${where}.${key} is not a field ${server} reads`);
  }
  return problems;
}

/** A field's name with case and underscores ignored: `MergeMessageField` and `merge_message_field` alike. */
const spelling = (key: string): string => key.toLowerCase().replaceAll('_', '');

/**
 * A field this description names another way, sent beside the spelling it
 * does name (`merge_message_field` with `MergeMessageField`): servers of
 * different versions describe different spellings, each ignores a field it
 * does not know (Go's JSON decoding), and Gitea 1.26 reads both
 * (services/forms/repo_form.go, MergePullRequestForm.UnmarshalJSON). kettle
 * sends the pair so that every server reads one.
 */
function spelledTwice(key: string, value: Record<string, unknown>, fact: FieldFact): boolean {
  const known = Object.keys(fact.properties ?? {}).find((k) => k !== key && spelling(k) === spelling(key));
  return known !== undefined && value[known] !== undefined;
}

/** A query value as the server parses it. */
function checkQueryValue(value: string, fact: FieldFact, where: string, server: string): string[] {
  if (fact.type === 'integer' && !/^-?\d+$/.test(value)) return [`${where} must be an integer, not ${JSON.stringify(value)}`];
  if (fact.type === 'boolean' && value !== 'true' && value !== 'false') return [`${where} must be true or false, not ${JSON.stringify(value)}`];
  if (fact.type === 'array' && fact.items) return value.split(',').flatMap((v) => checkQueryValue(v, fact.items as FieldFact, where, server));
  if (fact.enum && !fact.enum.includes(value)) return [`${where} is ${JSON.stringify(value)}; ${server} accepts ${fact.enum.join(', ')}`];
  return [];
}

/**
 * Addresses a server sends kettle to (a redirect it follows) that its description leaves out. Each carries
 * why it is fine.
 */
export const REDIRECT_TARGETS: Array<{ method: string; path: RegExp; why: string }> = [
  {
    method: 'GET',
    path: /^\/repos\/[^/]+\/[^/]+\/actions\/artifacts\/\d+\/zip\/raw$/,
    why: "DownloadArtifact answers 302 to this signed address (routers/api/v1/api.go routes DownloadArtifactRaw outside the description); kettle only follows the server's own redirect",
  },
];

/** What is wrong with a request, as the fixture's server would see it; [] when it fits. */
export function checkRequest(fixture: GiteaFixture, req: SentRequest): string[] {
  if (SPEC_ONLY.some((e) => e.method === req.method && e.path === req.path)) return [];
  if (REDIRECT_TARGETS.some((e) => e.method === req.method && e.path.test(req.path))) return [];
  const server = fixture.server;
  const found = findEndpoint(fixture, req.method, req.path);
  if (!found) return [`${req.method} ${req.path} is not an endpoint ${server} has`];
  const { endpoint, params } = found;
  const problems: string[] = [];
  for (const [name, type] of Object.entries(endpoint.params)) {
    if (type === 'integer' && !/^\d+$/.test(params[name] ?? '')) problems.push(`path parameter ${name} must be an integer, not ${JSON.stringify(params[name])}`);
  }
  for (const name of endpoint.requiredQuery) {
    if (req.query[name] === undefined) problems.push(`query lacks the required parameter ${name}`);
  }
  for (const [name, value] of Object.entries(req.query)) {
    if (fixture.authQuery.includes(name) || QUERY_CREDENTIALS.includes(name)) continue;
    if (UNDESCRIBED_QUERY.some((u) => u.method === endpoint.method && u.path === endpoint.path && u.names.includes(name))) continue;
    const fact = endpoint.query[name];
    if (!fact) problems.push(`query parameter ${name} is not one ${server} reads on ${endpoint.method} ${endpoint.path}`);
    else problems.push(...checkQueryValue(value, fact, `query ${name}`, server));
  }
  if (req.bodyBytes !== undefined) {
    problems.push(...checkStreamedBody(endpoint, req, server));
  } else if (req.bodyText !== '') {
    const type = String(req.headers['content-type'] ?? '');
    if (!/^application\/json\b/i.test(type)) problems.push(`a body sent as ${type || 'no content type'}, not application/json`);
    let body: unknown;
    try {
      body = JSON.parse(req.bodyText);
    } catch {
      problems.push('the body is not JSON');
    }
    if (!endpoint.body) problems.push(`${endpoint.method} ${endpoint.path} takes no body`);
    else if (body !== undefined) problems.push(...checkValue(body, endpoint.body, 'body', server));
  } else if (endpoint.body?.requiredBody) {
    problems.push(`${endpoint.method} ${endpoint.path} needs a body`);
  }
  return problems.map((p) => `${req.method} ${req.path}: ${p}`);
}

/**
 * A body sent as bytes rather than JSON: the endpoint must consume its media
 * type and take a file. A raw body (application/octet-stream) is the file
 * itself, so the name comes from the query; a multipart form's parts are not
 * kept by the server, so only its type is checked.
 */
function checkStreamedBody(endpoint: EndpointFact, req: SentRequest, server: string): string[] {
  const type =
    String(req.headers['content-type'] ?? '')
      .split(';')[0]
      ?.trim()
      .toLowerCase() ?? '';
  const consumes = endpoint.consumes ?? ['application/json'];
  if (!consumes.includes(type)) return [`a body sent as ${type || 'no content type'}; ${server} takes ${consumes.join(' or ')} here`];
  if (!Object.values(endpoint.form ?? {}).includes('file')) return [`${endpoint.method} ${endpoint.path} takes no file`];
  if (type === 'application/octet-stream' && req.query.name === undefined) return ['a raw upload needs ?name= (the server has no other way to name the file)'];
  return [];
}

/**
 * What is wrong with a request for any of the servers, each problem tagged
 * with the server it is about.
 *
 * `chosen` are the values the user typed on kettle's command line. A value one
 * server's description lists and the other's does not (`hook add --type
 * forgejo`) is the user's choice of server, not kettle's mistake: a request
 * that one server accepts in full is not blamed for such a value on the other.
 * Only that: a value kettle chose itself, or any other problem, still counts
 * for every server, so kettle's own requests stay valid for both.
 */
export function checkRequestAll(fixtures: GiteaFixture[], req: SentRequest, chosen: readonly string[] = []): string[] {
  // Each request against each description that has its endpoint: newer
  // servers add routes (Actions runs, workflows) that older ones lack, and
  // kettle only calls those where the server has them.
  const all = fixtures.map((f) => ({ server: f.server, problems: checkRequest(f, req) }));
  const absent = (e: { problems: string[] }) => e.problems.length === 1 && / is not an endpoint \S+ [\d.]+ has$/.test(e.problems[0] as string);
  const each = all.every(absent) ? all : all.filter((e) => !absent(e));
  const acceptedSomewhere = each.some((e) => e.problems.length === 0);
  // A field or query parameter only some servers read, sent to one that reads it
  // (kettle chose it from the server's version: a variable's description on Gitea
  // 1.24 and later; dispatch's return_run_info on Forgejo 15, return_run_details
  // on Gitea 1.26) is let off on the descriptions that do not read it, when the
  // answering server's own descriptions (its release's, else its flavour's)
  // accept the request whole: Go's decoders ignore what they do not read, and
  // the tests against the other servers check what those were sent.
  const flavour = req.flavour === undefined ? req.release?.split(' ')[0] : req.flavour === 'forgejo' ? 'Forgejo' : 'Gitea';
  const release = each.filter((e) => e.server === req.release);
  const own = release.length > 0 ? release : flavour === undefined ? [] : each.filter((e) => e.server.startsWith(flavour));
  const ownAccepts = own.some((e) => e.problems.length === 0);
  const unread = (p: string) => / is not a field \S+ [\d.]+ reads$| is not one \S+ [\d.]+ reads on /.test(p);
  const userChoice = (problem: string): boolean => {
    const value = / is ("(?:[^"\\]|\\.)*"); [^;]+ accepts /.exec(problem)?.[1];
    return value !== undefined && chosen.includes(JSON.parse(value) as string);
  };
  return each.flatMap((e) => e.problems.filter((p) => !(acceptedSomewhere && userChoice(p)) && !(ownAccepts && !own.includes(e) && unread(p))).map((p) => `${p} [${e.server}]`));
}
