// How variables are shown.
import type { Column } from '../../output/printer.js';

export const variableColumns: Column[] = [
  { key: 'name', header: 'NAME' },
  { key: 'data', header: 'VALUE', flex: true },
  { key: 'description', header: 'DESCRIPTION', flex: true, drop: 1 },
];
