// `kettle api` fields: -f KEY=STRING and -F KEY=TYPED, with nested keys
// (config[url]=…) and arrays (events[]=push). Pure, apart from the file reader
// passed in for @FILE values.
import { UsageError } from '../../errors.js';

export interface Field {
  key: string;
  /** config[url] -> ['config', 'url']; events[] -> ['events', '']. */
  path: string[];
  value: unknown;
}

export function parseKeyPath(key: string): string[] {
  const m = /^([^[\]]+)((?:\[[^[\]]*\])*)$/.exec(key);
  if (!m || m[1] === undefined) throw new UsageError(`invalid field name "${key}": use name, name[key] or name[]`);
  const rest = [...(m[2] ?? '').matchAll(/\[([^[\]]*)\]/g)].map((x) => x[1] ?? '');
  if (rest.slice(0, -1).includes('')) throw new UsageError(`invalid field name "${key}": [] may only come last`);
  return [m[1], ...rest];
}

/** -F values: integers, true, false and null become JSON values; the rest stay strings. */
export function typedValue(raw: string): unknown {
  if (/^-?(0|[1-9]\d{0,15})$/.test(raw)) return Number(raw);
  if (raw === 'true') return true;
  if (raw === 'false') return false;
  if (raw === 'null') return null;
  return raw;
}

export async function parseField(arg: string, typed: boolean, readText: (file: string) => Promise<string>): Promise<Field> {
  const eq = arg.indexOf('=');
  const flag = typed ? '-F' : '-f';
  if (eq <= 0) throw new UsageError(`invalid ${flag} "${arg}": expected KEY=VALUE`);
  const key = arg.slice(0, eq);
  const raw = arg.slice(eq + 1);
  let value: unknown = raw;
  if (typed) value = raw.startsWith('@') ? (await readText(raw.slice(1))).replace(/\r?\n$/, '') : typedValue(raw);
  return { key, path: parseKeyPath(key), value };
}

/** Build the JSON body from fields, nesting objects and appending to arrays. */
export function fieldsToBody(fields: Field[]): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const field of fields) {
    let target: Record<string, unknown> | unknown[] = body;
    const path = field.path;
    for (let i = 0; i < path.length; i++) {
      const key = path[i] as string;
      const last = i === path.length - 1;
      const nextIsArray = path[i + 1] === '';
      if (Array.isArray(target)) {
        // Only a trailing [] reaches here: append.
        target.push(field.value);
        break;
      }
      if (last) {
        target[key] = field.value;
        break;
      }
      const existing: unknown = target[key];
      if (nextIsArray) {
        if (existing !== undefined && !Array.isArray(existing)) throw new UsageError(`field ${field.key} mixes a list and a value`);
        target[key] = existing ?? [];
      } else if (existing === undefined) {
        target[key] = {};
      } else if (typeof existing !== 'object' || existing === null || Array.isArray(existing)) {
        throw new UsageError(`field ${field.key} mixes an object and a value`);
      }
      target = target[key] as Record<string, unknown> | unknown[];
    }
  }
  return body;
}

/** Fields as query parameters (for GET): a[]=x repeats a=x; nested keys are sent as written. */
export function fieldsToQuery(fields: Field[]): Record<string, Array<string | number>> {
  const query: Record<string, Array<string | number>> = {};
  for (const field of fields) {
    const key = field.key.endsWith('[]') ? field.key.slice(0, -2) : field.key;
    const value = field.value === null ? '' : typeof field.value === 'object' ? JSON.stringify(field.value) : String(field.value);
    query[key] = [...(query[key] ?? []), value];
  }
  return query;
}

/** -H 'Name: value' into a header pair. */
export function parseHeader(arg: string): [string, string] {
  const colon = arg.indexOf(':');
  const name = colon > 0 ? arg.slice(0, colon).trim() : '';
  if (!/^[A-Za-z0-9!#$%&'*+.^_`|~-]+$/.test(name)) throw new UsageError(`invalid -H "${arg}": expected 'Name: value'`);
  return [name.toLowerCase(), arg.slice(colon + 1).trim()];
}
