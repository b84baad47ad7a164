// A workflow's `workflow_dispatch` trigger and its inputs, read from the file's
// YAML: the part of YAML workflow files use for it (block mappings by
// indentation, plain or quoted scalars, `on` as a word, a list or a mapping).
// Anything else gives `unknown`, and kettle then leaves the checking to the server.

export interface DispatchInput {
  required: boolean;
  default: string | undefined;
  description: string | undefined;
  type: string | undefined;
  options: string[] | undefined;
}

export type Dispatch = { kind: 'none' } | { kind: 'inputs'; inputs: Record<string, DispatchInput> } | { kind: 'unknown' };

interface Line {
  indent: number;
  key: string | undefined;
  value: string;
}

function scalar(raw: string): string {
  const v = raw.trim();
  if (v.startsWith('"') && v.endsWith('"') && v.length >= 2) {
    try {
      return JSON.parse(v) as string;
    } catch {
      return v.slice(1, -1);
    }
  }
  if (v.startsWith("'") && v.endsWith("'") && v.length >= 2) return v.slice(1, -1).replace(/''/g, "'");
  return v.replace(/\s+#.*$/, '');
}

function parseLines(text: string): Line[] {
  const out: Line[] = [];
  for (const raw of text.split(/\r?\n/)) {
    if (/^\s*(#.*)?$/.test(raw)) continue;
    const indent = raw.length - raw.trimStart().length;
    const body = raw.trim();
    const m = /^("[^"]*"|'[^']*'|[^:#\s][^:#]*?)\s*:(?:\s+(.*)|$)/.exec(body);
    if (m && !body.startsWith('- ')) out.push({ indent, key: scalar(m[1] as string), value: (m[2] ?? '').trim() });
    else out.push({ indent, key: undefined, value: body });
  }
  return out;
}

/** The lines nested under line `i` (more indented, up to the next at its level or less). */
function children(lines: Line[], i: number): Line[] {
  const base = (lines[i] as Line).indent;
  const out: Line[] = [];
  for (let j = i + 1; j < lines.length && (lines[j] as Line).indent > base; j++) out.push(lines[j] as Line);
  return out;
}

/** The keys directly under a block (its least-indented keyed lines), each with its own children. */
function entries(block: Line[]): Array<{ key: string; value: string; children: Line[] }> {
  if (block.length === 0) return [];
  const level = Math.min(...block.map((l) => l.indent));
  const out: Array<{ key: string; value: string; children: Line[] }> = [];
  block.forEach((l, i) => {
    if (l.indent !== level || l.key === undefined) return;
    out.push({ key: l.key, value: l.value, children: children(block, i) });
  });
  return out;
}

export function readDispatch(text: string): Dispatch {
  let lines: Line[];
  try {
    lines = parseLines(text);
  } catch {
    return { kind: 'unknown' };
  }
  const top = entries(lines);
  // `on` is also YAML 1.1's true: some files quote it.
  const on = top.find((e) => e.key === 'on' || e.key === 'true');
  if (!on) return { kind: 'unknown' };
  const v = on.value;
  if (v !== '') {
    if (v.startsWith('[')) {
      const words = v
        .replace(/^\[|\]$/g, '')
        .split(',')
        .map(scalar);
      return words.includes('workflow_dispatch') ? { kind: 'inputs', inputs: {} } : { kind: 'none' };
    }
    if (v.startsWith('{')) return { kind: 'unknown' };
    return scalar(v) === 'workflow_dispatch' ? { kind: 'inputs', inputs: {} } : { kind: 'none' };
  }
  // A block list of events, or a mapping of them.
  if (on.children.every((l) => l.key === undefined && l.value.startsWith('- '))) {
    return on.children.some((l) => scalar(l.value.slice(2)) === 'workflow_dispatch') ? { kind: 'inputs', inputs: {} } : { kind: 'none' };
  }
  const dispatch = entries(on.children).find((e) => e.key === 'workflow_dispatch');
  if (!dispatch) return { kind: 'none' };
  if (dispatch.value !== '' && dispatch.value !== '{}' && dispatch.value !== 'null' && dispatch.value !== '~') return { kind: 'unknown' };
  const inputs = entries(dispatch.children).find((e) => e.key === 'inputs');
  if (!inputs) return { kind: 'inputs', inputs: {} };
  const out: Record<string, DispatchInput> = {};
  for (const input of entries(inputs.children)) {
    const fields = new Map(entries(input.children).map((f) => [f.key, f]));
    const field = (k: string) => {
      const f = fields.get(k);
      return f && f.value !== '' ? scalar(f.value) : undefined;
    };
    const options = fields.get('options');
    out[input.key] = {
      required: field('required') === 'true',
      default: field('default'),
      description: field('description'),
      type: field('type'),
      options: options ? options.children.filter((l) => l.value.startsWith('- ')).map((l) => scalar(l.value.slice(2))) : undefined,
    };
  }
  return { kind: 'inputs', inputs: out };
}

/**
 * The jobs a workflow file declares, as a server names their tasks: the job's
 * `name:` where it has one, else its key; `matrix` when a strategy matrix
 * expands it into several tasks ("name (a, b)"). undefined when the file does
 * not parse as kettle reads it.
 */
export function readJobs(text: string): Array<{ name: string; matrix: boolean }> | undefined {
  let lines: Line[];
  try {
    lines = parseLines(text);
  } catch {
    return undefined;
  }
  const jobs = entries(lines).find((e) => e.key === 'jobs');
  if (!jobs) return undefined;
  return entries(jobs.children).map((job) => {
    const fields = entries(job.children);
    const named = fields.find((f) => f.key === 'name' && f.value !== '');
    const strategy = fields.find((f) => f.key === 'strategy');
    return { name: named ? scalar(named.value) : job.key, matrix: strategy !== undefined && entries(strategy.children).some((f) => f.key === 'matrix') };
  });
}
