// How organizations are shown.
import type { Column } from '../../output/printer.js';

// In a window too narrow for every column, the `drop` ranks say which go first.
export const orgColumns: Column[] = [
  { key: 'name', header: 'NAME', get: (r) => r.username ?? r.name },
  { key: 'full_name', header: 'FULL NAME', drop: 3 },
  { key: 'description', header: 'DESCRIPTION', flex: true, drop: 2 },
  { key: 'visibility', header: 'VISIBILITY', drop: 1 },
];

export const orgViewColumns: Column[] = [...orgColumns, { key: 'website', header: 'WEBSITE' }, { key: 'location', header: 'LOCATION' }, { key: 'id', header: 'ID' }];
