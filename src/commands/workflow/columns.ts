// How workflows are shown.
import type { Column } from '../../output/printer.js';

export const workflowColumns: Column[] = [
  { key: 'id', header: 'FILE' },
  { key: 'name', header: 'NAME', flex: true },
  { key: 'state', header: 'STATE', kind: 'state' },
  { key: 'path', header: 'PATH', drop: 1 },
];
