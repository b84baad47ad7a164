// Issues the size of a real Gitea's (for the bench: `--full-records`). The
// test server's issues carry only the fields kettle's tests need, about 1 KB
// each; a Gitea issue has every field of its OpenAPI description filled in,
// with full user, repository, label and milestone records inside, about 3 KB.
// Parsing, de-duplicating and serialising lists is measured on records like
// that, so this fills every field the description lists (following $ref, one
// item per array) and keeps the values the server has for its own fields.
import { readFileSync } from 'node:fs';
import type { Json } from './state.js';

interface Schema {
  $ref?: string;
  type?: string;
  format?: string;
  items?: Schema;
  properties?: Record<string, Schema>;
  enum?: unknown[];
  additionalProperties?: Schema | boolean;
}

/** A value for schema with every field present; depth keeps self-references (Repository.parent) finite. */
function sample(defs: Record<string, Schema>, schema: Schema, name: string, depth: number): unknown {
  if (schema.$ref) {
    const def = defs[schema.$ref.replace('#/definitions/', '')] ?? {};
    return depth > 3 ? null : sample(defs, def, name, depth + 1);
  }
  if (schema.enum) return schema.enum[0];
  switch (schema.type) {
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const [key, sub] of Object.entries(schema.properties ?? {})) out[key] = sample(defs, sub, key, depth);
      return out;
    }
    case 'array':
      return schema.items ? [sample(defs, schema.items, name, depth)] : [];
    case 'integer':
      return 1234;
    case 'number':
      return 12.5;
    case 'boolean':
      return false;
    case 'string':
      if (schema.format === 'date-time') return '2026-01-05T09:00:01+01:00';
      if (name.endsWith('url') || name === 'website') return `https://git.example.com/${name.replace(/_/g, '-')}/alice/bulk`;
      if (name === 'email') return 'alice@example.com';
      return `${name.replace(/_/g, ' ')} of the record`;
    default:
      return schema.properties ? sample(defs, { ...schema, type: 'object' }, name, depth) : null;
  }
}

/**
 * A function that turns an issue record of the test server into one with
 * every field of Gitea's Issue present. `pull_request` stays as the server
 * has it: an issue's is null on Gitea too, and filling it would make the
 * issue a pull request.
 */
export function fullIssues(swaggerFile: string): (json: Json) => Json {
  const defs = (JSON.parse(readFileSync(swaggerFile, 'utf8')) as { definitions: Record<string, Schema> }).definitions;
  const template = sample(defs, defs.Issue as Schema, 'issue', 0) as Record<string, unknown>;
  return (json) => {
    const out: Record<string, unknown> = { ...template };
    for (const [key, value] of Object.entries(json)) {
      const empty = value === null || value === '' || (Array.isArray(value) && value.length === 0);
      if (!empty || key === 'pull_request' || !(key in template)) out[key] = value;
    }
    // The server's own smaller records (user, repository) take the full shape, keeping their values.
    for (const key of ['user', 'repository'] as const) {
      if (json[key] && typeof json[key] === 'object') out[key] = { ...(template[key] as object), ...(json[key] as object) };
    }
    return out as Json;
  };
}
