// How pull requests are shown.
import type { Column, Row } from '../../output/printer.js';
import { createdAt as created, updatedAt as updated } from '../../api/response.js';
import type { PullRequest } from '../../api/gitea/types.js';
import { assigneeLogins, author, labelNames, names } from '../records.js';
import { mergeability, stateOf } from './show.js';

/** A pull request's state, with "merged" told apart from "closed". */
export const prState = (r: Row): unknown => (r.merged === true || r.merged_at ? 'merged' : r.state);

const branches = (r: Row): string => `${String((r.head as Row | undefined)?.ref ?? '')} -> ${String((r.base as Row | undefined)?.ref ?? '')}`;

// In a window too narrow for every column, the `drop` ranks say which go
// first: the branches (cut, "feature -> m…" names neither), then the date and
// the author; the state last.
export const prColumns: Column[] = [
  { key: 'number', header: 'NUMBER' },
  { key: 'title', header: 'TITLE', flex: true },
  { key: 'branches', header: 'BRANCHES', get: branches, drop: 1, narrowest: 20 },
  { key: 'state', header: 'STATE', kind: 'state', get: prState, drop: 4 },
  { key: 'author', header: 'AUTHOR', get: author, drop: 3 },
  { key: 'updated_at', header: 'UPDATED', kind: 'time', get: updated, drop: 2 },
];

/**
 * A pull request as every pr verb prints one (view, create, edit, close,
 * reopen, ready, merge): the same keys in the same order, so a script reads
 * them alike whichever verb it ran. `pr view` adds what only it reads
 * (reviews, checks, comments) after these.
 */
export const prViewColumns: Column[] = [
  { key: 'number', header: 'NUMBER' },
  { key: 'title', header: 'TITLE' },
  { key: 'state', header: 'STATE', kind: 'state', get: (r) => stateOf(r as PullRequest) },
  { key: 'author', header: 'AUTHOR', get: author },
  { key: 'head', header: 'HEAD', get: (r) => (r.head as Row | undefined)?.label ?? (r.head as Row | undefined)?.ref },
  { key: 'base', header: 'BASE', get: (r) => (r.base as Row | undefined)?.ref },
  { key: 'mergeable', header: 'MERGEABLE', get: (r) => mergeability(r as PullRequest) },
  { key: 'labels', header: 'LABELS', get: labelNames },
  { key: 'assignees', header: 'ASSIGNEES', get: assigneeLogins },
  { key: 'reviewers', header: 'REVIEWERS', get: (r) => names(r.requested_reviewers, 'login') },
  { key: 'created_at', header: 'CREATED', kind: 'time', get: created },
  { key: 'merged_at', header: 'MERGED', kind: 'time' },
  { key: 'html_url', header: 'URL' },
  { key: 'body', header: 'BODY' },
];
