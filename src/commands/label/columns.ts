// How labels are shown.
import type { Column } from '../../output/printer.js';

export const labelColumns: Column[] = [
  { key: 'name', header: 'NAME' },
  { key: 'color', header: 'COLOR', get: (r) => (typeof r.color === 'string' && r.color !== '' ? `#${r.color.replace(/^#/, '')}` : '') },
  { key: 'description', header: 'DESCRIPTION', flex: true, drop: 2 },
  { key: 'exclusive', header: 'EXCLUSIVE', drop: 1 },
  { key: 'id', header: 'ID', drop: 3 },
];
