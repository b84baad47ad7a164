// Derive test/fixtures/*-endpoints.json from the OpenAPI descriptions vendored
// beside them (Gitea 1.23.8, 1.26.4 and 1.27.0, Forgejo 11.0.1 and 15.0.3): for every
// endpoint a description has, the facts a real server enforces (method, path,
// parameters, required body fields, allowed values). The suite checks every
// request kettle sends against each description that has its endpoint
// (test/contract/), so a new command needs no list kept by hand.
//   npm run fixture:gitea
// To follow a newer server, replace its vendored description and run it again;
// test/contract/gitea-fixture.test.ts fails when a committed fixture is stale.
import { readFileSync, writeFileSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

export interface FieldFact {
  type?: string;
  enum?: string[];
  /** For arrays: the type of the items. */
  items?: FieldFact;
  /** For objects: known properties, required ones, and whether others are allowed. */
  properties?: Record<string, FieldFact>;
  required?: string[];
  additional?: FieldFact | false;
}

export interface EndpointFact {
  method: string;
  path: string;
  /** Path parameters and their types. */
  params: Record<string, string>;
  /** Query parameters Gitea reads, with types and allowed values; `required` lists the mandatory ones. */
  query: Record<string, FieldFact>;
  requiredQuery: string[];
  body?: FieldFact & { requiredBody: boolean };
  /**
   * For an endpoint that takes something besides JSON (an asset upload): the
   * media types it consumes, and its form fields with their types (`file`
   * for the bytes; Gitea takes them whole as any other body too).
   */
  consumes?: string[];
  form?: Record<string, string>;
}

export interface GiteaFixture {
  /** The server family the facts are about: Gitea or Forgejo (for messages). */
  server: string;
  source: string;
  /** Query parameters any endpoint accepts (the query-string credentials). */
  authQuery: string[];
  endpoints: EndpointFact[];
}

type Json = Record<string, unknown>;

function resolveRef(swagger: Json, node: Json): Json {
  const ref = node.$ref;
  if (typeof ref !== 'string') return node;
  const name = ref.replace('#/definitions/', '');
  const def = (swagger.definitions as Record<string, Json>)[name];
  if (!def) throw new Error(`unknown definition ${ref}`);
  return def;
}

/**
 * Gitea describes the required keys of a free-form object only in prose:
 * `required are "content_type" and "url" Required`.
 */
function requiredFromProse(description: unknown): string[] {
  if (typeof description !== 'string') return [];
  const m = /required are ((?:"[^"]+"(?:,\s*|\s+and\s+)?)+)/i.exec(description);
  return m?.[1] ? [...m[1].matchAll(/"([^"]+)"/g)].map((x) => x[1] as string).sort() : [];
}

function fieldFact(swagger: Json, raw: Json, depth = 0): FieldFact {
  const node = resolveRef(swagger, raw);
  const fact: FieldFact = {};
  const type = typeof node.type === 'string' ? node.type : node.properties ? 'object' : undefined;
  if (type) fact.type = type;
  if (Array.isArray(node.enum)) fact.enum = node.enum.map(String);
  if (type === 'array' && node.items && typeof node.items === 'object') fact.items = fieldFact(swagger, node.items as Json, depth + 1);
  if (type === 'object' && depth < 2) {
    const props = node.properties as Record<string, Json> | undefined;
    if (props) {
      fact.properties = Object.fromEntries(
        Object.keys(props)
          .sort()
          .map((k) => [k, fieldFact(swagger, props[k] as Json, depth + 1)]),
      );
    }
    const required = Array.isArray(node.required) ? node.required.map(String).sort() : requiredFromProse(node.description);
    if (required.length > 0) fact.required = required;
    const extra = node.additionalProperties;
    if (extra && typeof extra === 'object') fact.additional = fieldFact(swagger, extra as Json, depth + 1);
    else if (props) fact.additional = false;
  }
  return fact;
}

const METHODS = ['get', 'put', 'post', 'patch', 'delete', 'head', 'options'];

/**
 * Every endpoint a description has, so that a new command's requests are
 * checked without a list kept by hand.
 */
export function allEndpoints(swagger: Json): Array<[method: string, path: string]> {
  const paths = swagger.paths as Record<string, Record<string, Json>>;
  return Object.keys(paths)
    .sort()
    .flatMap((path) => METHODS.filter((m) => paths[path]?.[m]).map((m): [string, string] => [m.toUpperCase(), path]));
}

/** The facts of the given endpoints (by default, those kettle calls) in one server's description. */
export function deriveFixture(swagger: Json, file: string, wanted: ReadonlyArray<readonly [string, string]> = allEndpoints(swagger)): GiteaFixture {
  const paths = swagger.paths as Record<string, Record<string, Json>>;
  const info = swagger.info as Json;
  const server = String(info.title).replace(/ API$/, '');
  const endpoints = wanted.map(([method, path]): EndpointFact => {
    const op = paths[path]?.[method.toLowerCase()];
    if (!op) throw new Error(`${server}'s description has no ${method} ${path}`);
    const params = (Array.isArray(op.parameters) ? op.parameters : []) as Json[];
    const fact: EndpointFact = { method, path, params: {}, query: {}, requiredQuery: [] };
    for (const p of params) {
      const name = String(p.name);
      if (p.in === 'path') fact.params[name] = String(p.type);
      if (p.in === 'query') {
        fact.query[name] = fieldFact(swagger, p);
        if (p.required === true) fact.requiredQuery.push(name);
      }
      if (p.in === 'formData') fact.form = { ...fact.form, [name]: String(p.type) };
      if (p.in === 'body' && p.schema && typeof p.schema === 'object') {
        fact.body = { ...fieldFact(swagger, p.schema as Json), requiredBody: p.required === true };
      }
    }
    const consumes = Array.isArray(op.consumes) ? op.consumes.map(String) : [];
    if (consumes.some((type) => type !== 'application/json')) fact.consumes = consumes;
    return fact;
  });
  const security = swagger.securityDefinitions as Record<string, Json>;
  const authQuery = Object.values(security)
    .filter((d) => d.in === 'query')
    .map((d) => String(d.name))
    .sort();
  const version = String(info.version).replace(/\+.*$/, '');
  return { server: `${server} ${version}`, source: `${String(info.title)} ${String(info.version)} (${file})`, authQuery, endpoints };
}

/** The fixture as committed: stable key order, two-space indent, final newline. */
export function fixtureText(fixture: GiteaFixture): string {
  return `${JSON.stringify(fixture, null, 2)}\n`;
}

/** Each server family kettle is checked against: its vendored description and the fixture derived from it. */
export const SERVERS = [
  { name: 'gitea', swagger: 'test/fixtures/gitea-swagger.json', fixture: 'test/fixtures/gitea-endpoints.json' },
  { name: 'forgejo', swagger: 'test/fixtures/forgejo-swagger.json', fixture: 'test/fixtures/forgejo-endpoints.json' },
  { name: 'gitea-1.26', swagger: 'test/fixtures/gitea-swagger-1.26.4.json', fixture: 'test/fixtures/gitea-1.26-endpoints.json' },
  { name: 'forgejo-15', swagger: 'test/fixtures/forgejo-swagger-15.0.3.json', fixture: 'test/fixtures/forgejo-15-endpoints.json' },
  { name: 'gitea-1.27', swagger: 'test/fixtures/gitea-swagger-1.27.0.json', fixture: 'test/fixtures/gitea-1.27-endpoints.json' },
] as const;

export type ServerName = (typeof SERVERS)[number]['name'];

/** The fixture a server's vendored description gives, as text (root: the repository). */
export function freshFixtureText(root: string, server: (typeof SERVERS)[number]): string {
  const swagger = JSON.parse(readFileSync(join(root, server.swagger), 'utf8')) as Json;
  return fixtureText(deriveFixture(swagger, basename(server.swagger)));
}

// Run as its own bundle only: a tool that bundles this module in (test/tools/coverage.ts) shares its import.meta.url.
if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href && basename(process.argv[1]).startsWith('derive-gitea-fixture')) {
  // Run from the bundle in dist/dev/tools: the repository root is three levels up.
  const root = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
  for (const server of SERVERS) {
    writeFileSync(join(root, server.fixture), freshFixtureText(root, server));
    process.stdout.write(`wrote ${server.fixture} from ${server.swagger}\n`);
  }
}
