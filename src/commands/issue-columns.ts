// How issues are shown.
import type { Column, Row } from '../output/printer.js';
import { createdAt as created, updatedAt as updated } from '../api/response.js';
import { assigneeLogins, author, labelNames } from './records.js';

// In a window too narrow for every column, the `drop` ranks say which go first.
export const issueColumns: Column[] = [
  { key: 'number', header: 'NUMBER' },
  { key: 'title', header: 'TITLE', flex: true },
  { key: 'state', header: 'STATE', kind: 'state', drop: 3 },
  { key: 'labels', header: 'LABELS', get: labelNames, drop: 1 },
  { key: 'updated_at', header: 'UPDATED', kind: 'time', get: updated, drop: 2 },
];

export const crossRepoIssueColumns: Column[] = [{ key: 'repository', header: 'REPOSITORY', get: (r) => (r.repository as Row | undefined)?.full_name, drop: 4 }, ...issueColumns];

export const issueViewColumns: Column[] = [
  { key: 'number', header: 'NUMBER' },
  { key: 'title', header: 'TITLE' },
  { key: 'state', header: 'STATE', kind: 'state' },
  { key: 'author', header: 'AUTHOR', get: author },
  { key: 'labels', header: 'LABELS', get: labelNames },
  { key: 'assignees', header: 'ASSIGNEES', get: assigneeLogins },
  { key: 'milestone', header: 'MILESTONE', get: (r) => (r.milestone as Row | null | undefined)?.title },
  { key: 'due_date', header: 'DUE', kind: 'time' },
  { key: 'comments', header: 'COMMENTS' },
  { key: 'created_at', header: 'CREATED', kind: 'time', get: created },
  { key: 'updated_at', header: 'UPDATED', kind: 'time', get: updated },
  { key: 'html_url', header: 'URL' },
  { key: 'body', header: 'BODY' },
];

export const commentColumns: Column[] = [
  { key: 'id', header: 'ID' },
  { key: 'author', header: 'AUTHOR', get: author },
  { key: 'created_at', header: 'CREATED', kind: 'time', get: created },
  { key: 'html_url', header: 'URL', drop: 1 },
  { key: 'body', header: 'BODY', flex: true },
];
