// How pull requests are shown.
import type { Column, Row } from '../../output/printer.js';
import { createdAt as created, updatedAt as updated } from '../../api/response.js';
import { author } from '../records.js';

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
