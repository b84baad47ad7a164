// Reading the fields of the server's records that several resources share,
// tolerating what real servers send (created instead of created_at, a single
// assignee instead of a list).
import { createdAt } from '../api/response.js';
import type { Column, Row } from '../output/printer.js';

export function names(list: unknown, key: string): string[] {
  if (!Array.isArray(list)) return [];
  return list.map((item) => (typeof item === 'object' && item !== null ? (item as Row)[key] : undefined)).filter((v): v is string => typeof v === 'string');
}

export const labelNames = (r: Row): string[] => names(r.labels, 'name');

export function assigneeLogins(r: Row): string[] {
  const list = names(r.assignees, 'login');
  const single = (r.assignee as Row | null | undefined)?.login;
  if (list.length === 0 && typeof single === 'string') list.push(single);
  return list;
}

export const author = (r: Row): unknown => (r.user as Row | undefined)?.login;

export const userColumns: Column[] = [
  { key: 'login', header: 'LOGIN' },
  { key: 'full_name', header: 'NAME' },
  { key: 'email', header: 'EMAIL' },
  { key: 'id', header: 'ID' },
  { key: 'created_at', header: 'CREATED', kind: 'time', get: createdAt },
];

/** The web address a server sent with a record, for confirmations. */
export function webUrl(record: object | undefined): string {
  const url = (record as Row | undefined)?.html_url;
  return typeof url === 'string' && url !== '' ? ` ${url}` : '';
}
