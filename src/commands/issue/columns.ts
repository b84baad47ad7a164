// How issues and pull requests are shown.
import type { Column, Row } from '../../output/printer.js';

function names(list: unknown, key: string): string[] {
  if (!Array.isArray(list)) return [];
  return list
    .map((item) => (typeof item === 'object' && item !== null ? (item as Row)[key] : undefined))
    .filter((v): v is string => typeof v === 'string');
}

export const labelNames = (r: Row): string[] => names(r.labels, 'name');

export function assigneeLogins(r: Row): string[] {
  const list = names(r.assignees, 'login');
  const single = (r.assignee as Row | null | undefined)?.login;
  if (list.length === 0 && typeof single === 'string') list.push(single);
  return list;
}

const updated = (r: Row): unknown => r.updated_at ?? r.updated;
const created = (r: Row): unknown => r.created_at ?? r.created;
const author = (r: Row): unknown => (r.user as Row | undefined)?.login;

// In a window too narrow for every column, the `drop` ranks say which go first.
export const issueColumns: Column[] = [
  { key: 'number', header: 'NUMBER' },
  { key: 'title', header: 'TITLE', flex: true },
  { key: 'state', header: 'STATE', kind: 'state', drop: 3 },
  { key: 'labels', header: 'LABELS', get: labelNames, drop: 1 },
  { key: 'updated_at', header: 'UPDATED', kind: 'time', get: updated, drop: 2 },
];

export const crossRepoIssueColumns: Column[] = [
  { key: 'repository', header: 'REPOSITORY', get: (r) => (r.repository as Row | undefined)?.full_name, drop: 4 },
  ...issueColumns,
];

export const issueViewColumns: Column[] = [
  { key: 'number', header: 'NUMBER' },
  { key: 'title', header: 'TITLE' },
  { key: 'state', header: 'STATE', kind: 'state' },
  { key: 'author', header: 'AUTHOR', get: author },
  { key: 'labels', header: 'LABELS', get: labelNames },
  { key: 'assignees', header: 'ASSIGNEES', get: assigneeLogins },
  { key: 'comments', header: 'COMMENTS' },
  { key: 'created_at', header: 'CREATED', kind: 'time', get: created },
  { key: 'updated_at', header: 'UPDATED', kind: 'time', get: updated },
  { key: 'html_url', header: 'URL' },
  { key: 'body', header: 'BODY' },
];

/** A pull request's state, with "merged" told apart from "closed". */
export const prState = (r: Row): unknown => (r.merged === true || r.merged_at ? 'merged' : r.state);

const branches = (r: Row): string => `${String((r.head as Row | undefined)?.ref ?? '')} -> ${String((r.base as Row | undefined)?.ref ?? '')}`;

export const prColumns: Column[] = [
  { key: 'number', header: 'NUMBER' },
  { key: 'title', header: 'TITLE', flex: true },
  { key: 'branches', header: 'BRANCHES', get: branches, drop: 3 },
  { key: 'state', header: 'STATE', kind: 'state', get: prState, drop: 4 },
  { key: 'author', header: 'AUTHOR', get: author, drop: 2 },
  { key: 'updated_at', header: 'UPDATED', kind: 'time', get: updated, drop: 1 },
];

export const prViewColumns: Column[] = [
  { key: 'number', header: 'NUMBER' },
  { key: 'title', header: 'TITLE' },
  { key: 'state', header: 'STATE', kind: 'state', get: prState },
  { key: 'branches', header: 'BRANCHES', get: branches },
  { key: 'author', header: 'AUTHOR', get: author },
  { key: 'mergeable', header: 'MERGEABLE' },
  { key: 'created_at', header: 'CREATED', kind: 'time', get: created },
  { key: 'merged_at', header: 'MERGED', kind: 'time' },
  { key: 'html_url', header: 'URL' },
  { key: 'body', header: 'BODY' },
];
