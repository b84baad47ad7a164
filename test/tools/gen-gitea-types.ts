// Generate the Gitea API types from Gitea's OpenAPI description (Swagger 2.0,
// vendored as test/fixtures/gitea-swagger.json): one interface per definition
// kettle uses, and every definition those refer to.
//   npm run types:gitea
// No file in src/ may reach 400 lines, so the types are spread over
// src/api/gitea/types/*.ts (records the server answers with, request bodies,
// each cut into parts when too long), and src/api/gitea/types.ts re-exports
// them all so importers need not know the layout.
// test/unit/gitea-types.test.ts fails when a committed file is stale.
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

/** The definitions kettle reads or sends; whatever they refer to comes along. */
export const KETTLE_TYPES = [
  // Records the server answers with.
  'AccessToken',
  'Attachment',
  'Branch',
  'CombinedStatus',
  'Comment',
  'CommitStatus',
  'ExternalTracker',
  'ExternalWiki',
  'Hook',
  'InternalTracker',
  'Issue',
  'Label',
  'Milestone',
  'Organization',
  'PayloadCommit',
  'Permission',
  'PRBranchInfo',
  'PullRequest',
  'PullReview',
  'Release',
  'RepoTransfer',
  'Repository',
  'Team',
  'User',
  // Request bodies.
  'CreateAccessTokenOption',
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
  'EditHookOption',
  'EditIssueCommentOption',
  'EditIssueOption',
  'EditLabelOption',
  'EditMilestoneOption',
  'EditPullRequestOption',
  'EditReleaseOption',
  'EditRepoOption',
  'IssueLabelsOption',
  'MergePullRequestOption',
  'PullReviewRequestOptions',
];

/** The barrel every importer uses. */
export const TYPES_PATH = 'src/api/gitea/types.ts';
/** Where the generated files the barrel re-exports live. */
export const TYPES_DIR = 'src/api/gitea/types';
/** The project's rule: every file in src/ stays under this many lines. */
export const LINE_LIMIT = 400;
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

/** The number of lines in a text that ends with a newline. */
export function lineCount(text: string): number {
  return text.endsWith('\n') ? text.split('\n').length - 1 : text.split('\n').length;
}

const RECORDS_NOTE = [
  '// Records servers answer with, and what they refer to. Every property is',
  '// optional (real servers leave fields out, older ones lack newer fields), and',
  '// objects, lists and times may be null (Go encodes an unset pointer, slice or',
  '// map so).',
];
const OPTIONS_NOTE = ['// Request bodies (*Option, *Options), and what only they refer to. They keep', '// the fields the server requires.'];

/** A set of definitions meant for one file, or for consecutive parts when too long. */
interface Group {
  name: string;
  note: string[];
  members: string[];
}

/**
 * Records and request bodies go to separate files. A definition both refer to
 * (StateType, User) goes with the records, so what a request body needs from
 * the answers is imported, never written twice.
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

/**
 * The order parts are cut in: every definition before the ones it refers to,
 * so a part imports only from the parts after it and no two parts import each
 * other. Definitions that refer to each other in a ring form one unit, never
 * cut apart. Among units free to go next, the one whose first name sorts first
 * goes, so the order (and the cut) stays stable as definitions come and go.
 */
export function unitsInOrder(members: readonly string[], refs: (name: string) => Set<string>): string[][] {
  const inGroup = new Set(members);
  const edges = new Map(members.map((name) => [name, [...refs(name)].filter((ref) => inGroup.has(ref) && ref !== name).sort()]));
  // Rings (strongly connected components, Tarjan), each sorted by name.
  let index = 0;
  const stack: string[] = [];
  const idx = new Map<string, number>();
  const low = new Map<string, number>();
  const unitOf = new Map<string, number>();
  const units: string[][] = [];
  const visit = (v: string): void => {
    idx.set(v, index);
    low.set(v, index++);
    stack.push(v);
    for (const w of edges.get(v) as string[]) {
      if (!idx.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v) as number, low.get(w) as number));
      } else if (!unitOf.has(w)) low.set(v, Math.min(low.get(v) as number, idx.get(w) as number));
    }
    if (low.get(v) !== idx.get(v)) return;
    const unit: string[] = [];
    let w: string;
    do {
      w = stack.pop() as string;
      unitOf.set(w, units.length);
      unit.push(w);
    } while (w !== v);
    units.push(unit.sort());
  };
  for (const name of [...members].sort()) if (!idx.has(name)) visit(name);
  // A unit goes once every unit referring to it has gone.
  const waiting = units.map(() => 0);
  const targets = units.map((unit, i) => new Set(unit.flatMap((name) => (edges.get(name) as string[]).map((ref) => unitOf.get(ref) as number)).filter((u) => u !== i)));
  for (const set of targets) for (const u of set) waiting[u] = (waiting[u] as number) + 1;
  const ready = units.map((_, i) => i).filter((i) => waiting[i] === 0);
  const order: string[][] = [];
  while (ready.length > 0) {
    ready.sort((a, b) => ((units[a] as string[])[0] as string).localeCompare((units[b] as string[])[0] as string));
    const next = ready.shift() as number;
    order.push(units[next] as string[]);
    for (const u of targets[next] as Set<number>) {
      waiting[u] = (waiting[u] as number) - 1;
      if (waiting[u] === 0) ready.push(u);
    }
  }
  return order;
}

/**
 * Cut a group's units, in that order, into the fewest consecutive runs whose
 * size stays within the budget, filling each run before the next. A run lists
 * its definitions in name order.
 */
function cut(units: readonly string[][], budget: number, sizeOf: (names: readonly string[]) => number): { names: string[]; units: number }[] {
  const runs: { names: string[]; units: number }[] = [];
  let run: string[] = [];
  let count = 0;
  for (const unit of units) {
    if (run.length > 0 && sizeOf([...run, ...unit]) > budget) {
      runs.push({ names: run.sort(), units: count });
      run = [];
      count = 0;
    }
    run.push(...unit);
    count++;
  }
  if (run.length > 0) runs.push({ names: run.sort(), units: count });
  return runs;
}

/** `import type { … } from '…';`, wrapped so no line gets much past 100 characters. */
function importLines(names: readonly string[], from: string): string[] {
  const single = `import type { ${names.join(', ')} } from '${from}';`;
  if (single.length <= 100) return [single];
  const lines = ['import type {'];
  let line = '';
  for (const name of names) {
    if (line !== '' && line.length + name.length > 96) {
      lines.push(`  ${line.trimEnd()}`);
      line = '';
    }
    line += `${name}, `;
  }
  lines.push(`  ${line.trimEnd().replace(/,$/, '')}`, `} from '${from}';`);
  return lines;
}

/**
 * Every file: the barrel first, then the parts in group order. `limit` is the
 * line count no file may reach (tests pass a small one to see the cutting).
 */
export function generateTypes(swagger: Json, roots: readonly string[] = KETTLE_TYPES, limit = LINE_LIMIT): GeneratedFile[] {
  const definitions = swagger.definitions as Record<string, Json>;
  const records = new Set(Object.keys(definitions).filter((name) => definitions[name]?.type === 'object'));
  const info = swagger.info as Json;
  const generated = [`// Generated by test/tools/gen-gitea-types.ts from ${SWAGGER_PATH}`, `// (${String(info.title)} ${String(info.version)}): do not edit; run \`npm run types:gitea\`.`, '//'];
  const body = new Map<string, string[]>();
  for (const name of closure(definitions, roots)) body.set(name, ['', ...definition(name, definitions[name] as Json, records)]);
  const refs = (name: string) => {
    const out = new Set<string>();
    refsOf(definitions[name], out);
    return out;
  };
  const groups = groupsOf(definitions, roots);
  const headerOf = (group: Group) => [...generated, ...group.note];
  const withoutImports = (group: Group) => (names: readonly string[]) => headerOf(group).length + names.reduce((sum, name) => sum + (body.get(name)?.length ?? 0), 0);

  // The import lines depend on where the other definitions end up, so cut
  // without them, write the files, and where a part came out too long, cut
  // its group again with that much less room.
  const budgets = new Map(groups.map((group) => [group.name, limit - 1]));
  for (;;) {
    const parts = groups.flatMap((group) => {
      const runs = cut(unitsInOrder(group.members, refs), budgets.get(group.name) as number, withoutImports(group));
      if (runs.length > 26) throw new Error(`the ${group.name} types need more than 26 files`);
      return runs.map((run, i) => ({
        group,
        file: runs.length === 1 ? group.name : `${group.name}-${'abcdefghijklmnopqrstuvwxyz'[i]}`,
        names: run.names,
        units: run.units,
      }));
    });
    const home = new Map(parts.flatMap((part) => part.names.map((name) => [name, part.file] as const)));
    const files = parts.map((part) => {
      const wanted = new Map<string, string[]>();
      for (const name of part.names) {
        for (const ref of refs(name)) {
          const file = home.get(ref) as string;
          if (file === part.file) continue;
          const names = wanted.get(file) ?? [];
          if (!names.includes(ref)) names.push(ref);
          wanted.set(file, names);
        }
      }
      const imports = [...wanted.keys()].sort().flatMap((file) => importLines((wanted.get(file) as string[]).sort(), `./${file}.js`));
      const lines = [...headerOf(part.group), ...(imports.length > 0 ? ['', ...imports] : []), ...part.names.flatMap((name) => body.get(name) as string[])];
      return { part, path: `${TYPES_DIR}/${part.file}.ts`, text: `${lines.join('\n')}\n` };
    });

    const over = files.filter((file) => lineCount(file.text) >= limit);
    if (over.length === 0) {
      const barrel = [
        ...generated,
        '// The Gitea API types, spread over types/ to keep each file short: records',
        '// servers answer with, and request bodies. Import them from here, and only',
        '// as types (`import type`): they cost nothing at run time.',
        '',
        ...files.map((file) => `export type * from './types/${file.part.file}.js';`),
      ];
      return [{ path: TYPES_PATH, text: `${barrel.join('\n')}\n` }, ...files.map(({ path, text }) => ({ path, text }))];
    }
    // Take room from each group by its longest part's excess; every round
    // shrinks a budget, so this ends (or throws on a definition too long alone).
    const excess = new Map<string, number>();
    for (const file of over) {
      const lines = lineCount(file.text);
      if (file.part.units === 1) throw new Error(`${file.part.names.join(', ')} alone take${file.part.names.length === 1 ? 's' : ''} ${lines} lines, not under ${limit}`);
      const name = file.part.group.name;
      excess.set(name, Math.max(excess.get(name) ?? 0, lines - (limit - 1)));
    }
    for (const [name, lines] of excess) budgets.set(name, (budgets.get(name) as number) - lines);
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  // Run from the bundle in dist/dev/tools: the repository root is three levels up.
  const root = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
  const files = generateTypes(JSON.parse(readFileSync(join(root, SWAGGER_PATH), 'utf8')) as Json);
  mkdirSync(join(root, TYPES_DIR), { recursive: true });
  // A part from an earlier cut that this one no longer has would linger and
  // declare its types twice: remove every .ts in the directory not written now.
  const written = new Set(files.map((file) => file.path));
  for (const entry of readdirSync(join(root, TYPES_DIR))) {
    if (entry.endsWith('.ts') && !written.has(`${TYPES_DIR}/${entry}`)) rmSync(join(root, TYPES_DIR, entry));
  }
  for (const file of files) {
    writeFileSync(join(root, file.path), file.text);
    process.stdout.write(`wrote ${file.path}\n`);
  }
  process.stdout.write(`from ${SWAGGER_PATH}\n`);
}
