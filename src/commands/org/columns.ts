// How organizations are shown.
import type { Column } from '../../output/printer.js';

export const orgColumns: Column[] = [
  { key: 'name', header: 'NAME', get: (r) => r.username ?? r.name },
  { key: 'full_name', header: 'FULL NAME' },
  { key: 'description', header: 'DESCRIPTION', flex: true },
  { key: 'visibility', header: 'VISIBILITY' },
];

export const orgViewColumns: Column[] = [
  ...orgColumns,
  { key: 'website', header: 'WEBSITE' },
  { key: 'location', header: 'LOCATION' },
  { key: 'id', header: 'ID' },
];
