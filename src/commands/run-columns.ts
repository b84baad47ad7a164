// How runs are shown: columns read from any of the servers' records (see runOf).
import { runOf } from '../api/gitea/actions.js';
import type { Column } from '../output/printer.js';

const r = (record: object) => runOf(record);

export const runColumns: Column[] = [
  { key: 'id', header: 'ID', get: (x) => r(x).id },
  { key: 'workflow', header: 'WORKFLOW', get: (x) => r(x).workflow, drop: 2 },
  { key: 'title', header: 'TITLE', get: (x) => r(x).title, flex: true },
  { key: 'branch', header: 'BRANCH', get: (x) => r(x).branch, drop: 3 },
  { key: 'event', header: 'EVENT', get: (x) => r(x).event, drop: 1 },
  { key: 'status', header: 'STATUS', get: (x) => r(x).status, kind: 'state' },
  { key: 'created', header: 'AGE', get: (x) => r(x).created || undefined, kind: 'time', drop: 4 },
];

/** run view: the list's columns, then the run's number and web page. */
export const runViewColumns: Column[] = [
  ...runColumns.map((c) => (c.key === 'created' ? { ...c, header: 'STARTED' } : c)),
  { key: 'number', header: 'NUMBER', get: (x) => r(x).number },
  { key: 'url', header: 'URL', get: (x) => r(x).url },
];
