// Generate the Gitea API types from Gitea's OpenAPI description (Swagger 2.0,
// vendored as test/fixtures/gitea-swagger.json): one interface per definition
// kettle uses, and every definition those refer to.
//   npm run types:gitea
// One file, src/api/gitea/types.ts, records the server answers with first,
// then request bodies, however long it gets: the line count hand-written
// modules keep does not apply to a generated file, which nobody reads whole.
// test/unit/gitea-types.test.ts fails when the committed file is stale.
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

/** The definitions kettle reads or sends; whatever they refer to comes along. */
export const KETTLE_TYPES = [
  // Records the server answers with.
  'AccessToken',
  'Attachment',
  'Branch',
  'BranchProtection',
  'CombinedStatus',
  'Comment',
  'Cron',
  'CommitStatus',
  'ExternalTracker',
  'ExternalWiki',
  'Hook',
  'InternalTracker',
  'Issue',
  'IssueConfig',
  'IssueTemplate',
  'Label',
  'MergeUpstreamResponse',
  'Milestone',
  'Organization',
  'Package',
  'PayloadCommit',
  'Permission',
  'PRBranchInfo',
  'PullRequest',
  'PullReview',
  'PullReviewComment',
  'Release',
  'RepoTransfer',
  'Reaction',
  'Repository',
  'StopWatch',
  'Tag',
  'Team',
  'TrackedTime',
  'User',
  'WikiCommitList',
  'WikiPage',
  'WikiPageMetaData',
  'GeneralUISettings',
  // Request bodies.
  'AddTimeOption',
  'CreateAccessTokenOption',
  'CreateBranchProtectionOption',
  'CreateBranchRepoOption',
  'CreateForkOption',
  'CreateHookOption',
  'CreateIssueCommentOption',
  'CreateIssueOption',
  'CreateLabelOption',
  'CreateMilestoneOption',
  'CreateOrgOption',
  'CreatePullRequestOption',
  'CreatePullReviewOptions',
  'CreateReleaseOption',
  'CreateRepoOption',
  'CreateTagOption',
  'CreateTeamOption',
  'CreateWikiPageOptions',
  'CreateUserOption',
  'EditBranchProtectionOption',
  'EditHookOption',
  'EditIssueCommentOption',
  'EditIssueOption',
  'EditLabelOption',
  'EditMilestoneOption',
  'EditPullRequestOption',
  'EditReactionOption',
  'EditReleaseOption',
  'EditRepoOption',
  'EditUserOption',
  'GenerateRepoOption',
  'IssueLabelsOption',
  'IssueMeta',
  'MergePullRequestOption',
  'MergeUpstreamRequest',
  'PullReviewRequestOptions',
  'SubmitPullReviewOptions',
  'TransferRepoOption',
  'UpdateBranchRepoOption',
];

/** The generated file every importer uses. */
export const TYPES_PATH = 'src/api/gitea/types.ts';
export const SWAGGER_PATH = 'test/fixtures/gitea-swagger.json';

type Json = Record<string, unknown>;

const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

function refName(ref: string): string {
  return ref.replace(/^#\/definitions\//, '');
}

/** The names a schema refers to, directly or through arrays and maps. */
function refsOf(node: unknown, out: Set<string>): void {
  if (Array.isArray(node)) node.forEach((n) => refsOf(n, out));
  else if (typeof node === 'object' && node !== null) {
    for (const [key, value] of Object.entries(node)) {
      if (key === '$ref' && typeof value === 'string') out.add(refName(value));
      else if (key !== 'example') refsOf(value, out);
    }
  }
}

/** The wanted definitions and everything they refer to, sorted. */
export function closure(definitions: Record<string, Json>, roots: readonly string[]): string[] {
  const seen = new Set<string>();
  const queue = [...roots];
  while (queue.length > 0) {
    const name = queue.shift() as string;
    if (seen.has(name)) continue;
    const def = definitions[name];
    if (!def) throw new Error(`Gitea's description has no definition ${name}`);
    seen.add(name);
    const refs = new Set<string>();
    refsOf(def, refs);
    queue.push(...refs);
  }
  return [...seen].sort();
}

function literal(value: unknown): string {
  if (typeof value !== 'string') return JSON.stringify(value);
  return `'${value.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;
}

/**
 * The TypeScript type of a schema. In answers (`nullable`), what Go encodes
 * from a pointer, slice or map may be null; request bodies never send null.
 * `records` names the definitions that are objects (a reference to a string
 * type such as StateType is a plain Go string, never null).
 */
export function typeOf(node: Json, nullable: boolean, records: ReadonlySet<string>): string {
  const orNull = (t: string) => (nullable ? `${t} | null` : t);
  if (typeof node.$ref === 'string') {
    const name = refName(node.$ref);
    return records.has(name) ? orNull(name) : name;
  }
  switch (node.type) {
    case 'string':
      if (Array.isArray(node.enum) && node.enum.length > 0) return node.enum.map(literal).join(' | ');
      return node.format === 'date-time' ? orNull('string') : 'string';
    case 'integer':
    case 'number':
      return 'number';
    case 'boolean':
      return 'boolean';
    case 'array': {
      const item = typeOf((node.items ?? {}) as Json, false, records);
      return orNull(/[ |]/.test(item) ? `Array<${item}>` : `${item}[]`);
    }
    case 'object': {
      const extra = node.additionalProperties;
      const value = typeof extra === 'object' && extra !== null ? typeOf(extra as Json, false, records) : 'unknown';
      return orNull(`Record<string, ${value}>`);
    }
    default:
      return 'unknown';
  }
}

function docComment(text: unknown, indent: string): string[] {
  if (typeof text !== 'string' || text.trim() === '') return [];
  return [`${indent}/** ${text.trim().replace(/\s+/g, ' ').replace(/\*\//g, '*\\/')} */`];
}

/** Request bodies are the *Option and *Options definitions. */
function isRequestBody(name: string): boolean {
  return /Options?$/.test(name);
}

/**
 * One definition. Answers have every property optional; a request body keeps
 * the fields the description requires, as the server refuses it without them.
 */
function definition(name: string, def: Json, records: ReadonlySet<string>): string[] {
  const lines = docComment(def.description ?? def.title, '');
  const props = def.properties as Record<string, Json> | undefined;
  if (def.type !== 'object' || !props) {
    lines.push(`export type ${name} = ${typeOf(def, false, records)};`);
    return lines;
  }
  const request = isRequestBody(name);
  const required = new Set(request && Array.isArray(def.required) ? def.required.map(String) : []);
  lines.push(`export interface ${name} {`);
  for (const key of Object.keys(props).sort()) {
    const prop = props[key] as Json;
    lines.push(...docComment(prop.description ?? prop.title, '  '));
    lines.push(`  ${IDENTIFIER.test(key) ? key : literal(key)}${required.has(key) ? '' : '?'}: ${typeOf(prop, !request, records)};`);
  }
  lines.push('}');
  return lines;
}

/** One file the generator writes: repository-relative path and text. */
export interface GeneratedFile {
  path: string;
  text: string;
}

const RECORDS_NOTE = [
  '// Records servers answer with, and what they refer to. Every property is',
  '// optional (real servers leave fields out, older ones lack newer fields), and',
  '// objects, lists and times may be null (Go encodes an unset pointer, slice or',
  '// map so).',
];
const OPTIONS_NOTE = ['// Request bodies (*Option, *Options), and what only they refer to. They keep', '// the fields the server requires.'];

/** A section of the file: its note and its definitions. */
interface Group {
  name: string;
  note: string[];
  members: string[];
}

/**
 * Records and request bodies go to sections of their own. A definition both
 * refer to (StateType, User) goes with the records, written once.
 */
function groupsOf(definitions: Record<string, Json>, roots: readonly string[]): Group[] {
  const all = closure(definitions, roots);
  const answered = new Set(
    closure(
      definitions,
      roots.filter((name) => !isRequestBody(name)),
    ),
  );
  const groups: Group[] = [
    { name: 'records', note: RECORDS_NOTE, members: all.filter((name) => answered.has(name)) },
    { name: 'options', note: OPTIONS_NOTE, members: all.filter((name) => !answered.has(name)) },
  ];
  return groups.filter((group) => group.members.length > 0);
}

/** The file: a header, then each section's definitions in name order. */
export function generateTypes(swagger: Json, roots: readonly string[] = KETTLE_TYPES): GeneratedFile {
  const definitions = swagger.definitions as Record<string, Json>;
  const records = new Set(Object.keys(definitions).filter((name) => definitions[name]?.type === 'object'));
  const info = swagger.info as Json;
  const lines = [
    `// Generated by test/tools/gen-gitea-types.ts from ${SWAGGER_PATH}`,
    `// (${String(info.title)} ${String(info.version)}): do not edit; run \`npm run types:gitea\`.`,
    '//',
    '// The Gitea API types kettle uses. Import them only as types (`import type`):',
    '// they cost nothing at run time.',
  ];
  for (const group of groupsOf(definitions, roots)) {
    lines.push('', ...group.note);
    for (const name of [...group.members].sort()) lines.push('', ...definition(name, definitions[name] as Json, records));
  }
  return { path: TYPES_PATH, text: `${lines.join('\n')}\n` };
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  // Run from the bundle in dist/dev/tools: the repository root is three levels up.
  const root = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
  const file = generateTypes(JSON.parse(readFileSync(join(root, SWAGGER_PATH), 'utf8')) as Json);
  writeFileSync(join(root, file.path), file.text);
  process.stdout.write(`wrote ${file.path} from ${SWAGGER_PATH}\n`);
}
