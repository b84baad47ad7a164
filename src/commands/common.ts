// Small pieces shared by the verbs.
import { ApiError } from '../errors.js';
import type { Column, Row } from '../output/printer.js';

/** Re-word a 404 as "<what> not found"; other errors pass through unchanged. */
export function notFoundAs(err: unknown, what: string): unknown {
  if (err instanceof ApiError && err.status === 404) return err.withMessage(`${what} not found`);
  return err;
}

/** Creation time: the spec's created_at, or the `created` some servers send. */
export function createdAt(r: Row): unknown {
  return r.created_at ?? r.created;
}

export const userColumns: Column[] = [
  { key: 'login', header: 'LOGIN' },
  { key: 'full_name', header: 'NAME' },
  { key: 'email', header: 'EMAIL' },
  { key: 'id', header: 'ID' },
  { key: 'created_at', header: 'CREATED', kind: 'time', get: createdAt },
];
