// Field selection for --json and --fields: dotted paths keep their nesting.
import { UsageError } from '../errors.js';

/** Split a --fields value ("a,b.c, d") into paths; empty entries are an error. */
export function parseFieldList(value: string): string[] {
  const paths = value.split(',').map((s) => s.trim());
  if (paths.length === 0 || paths.some((s) => s === '' || /(^\.)|(\.$)|\.\./.test(s))) {
    throw new UsageError(`invalid --fields value "${value}": expected comma-separated names such as number,title,user.login`);
  }
  return paths;
}

/** Follow a dotted path; `found` tells a missing key from a null value. */
function walk(value: unknown, path: string): { found: boolean; value: unknown } {
  let cur: unknown = value;
  for (const key of path.split('.')) {
    if (typeof cur !== 'object' || cur === null || !Object.hasOwn(cur, key)) return { found: false, value: undefined };
    cur = (cur as Record<string, unknown>)[key];
  }
  return { found: true, value: cur };
}

export function getPath(value: unknown, path: string): unknown {
  return walk(value, path).value;
}

/**
 * Whether a record has a dotted path (a null value counts), looking into the
 * elements of arrays along the way as pickFields does (`labels.name`).
 */
export function hasPath(value: unknown, path: string): boolean {
  const dot = path.indexOf('.');
  const head = dot < 0 ? path : path.slice(0, dot);
  if (Array.isArray(value)) return value.some((v) => hasPath(v, path));
  if (typeof value !== 'object' || value === null || !Object.hasOwn(value, head)) return false;
  return dot < 0 || hasPath((value as Record<string, unknown>)[head], path.slice(dot + 1));
}

/**
 * Keep only the given paths of a record: `user.login` yields
 * `{"user":{"login":…}}`. Paths a record lacks are left out. Arrays along the
 * way are kept as arrays with the rest of the path applied to each element.
 */
export function pickFields(value: unknown, paths: string[]): unknown {
  if (Array.isArray(value)) return value.map((v) => pickFields(v, paths));
  if (typeof value !== 'object' || value === null) return value;
  const out: Record<string, unknown> = {};
  for (const path of paths) {
    const [head, ...rest] = path.split('.') as [string, ...string[]];
    if (!Object.hasOwn(value, head)) continue;
    const child = (value as Record<string, unknown>)[head];
    if (rest.length === 0) {
      out[head] = child;
      continue;
    }
    const picked = pickFields(child, [rest.join('.')]);
    if (typeof picked !== 'object' || picked === null) continue;
    if (!Array.isArray(picked) && Object.keys(picked).length === 0) continue;
    const existing = out[head];
    out[head] = merge(existing, picked);
  }
  return out;
}

/** Merge picked values: objects key by key, arrays element by element; otherwise b. */
export function merge(a: unknown, b: unknown): unknown {
  if (Array.isArray(a) && Array.isArray(b)) return b.map((item, i) => merge(a[i], item));
  if (typeof a === 'object' && a !== null && typeof b === 'object' && b !== null && !Array.isArray(a) && !Array.isArray(b)) {
    const out: Record<string, unknown> = { ...(a as Record<string, unknown>) };
    for (const [k, v] of Object.entries(b as Record<string, unknown>)) out[k] = merge(out[k], v);
    return out;
  }
  return b;
}
