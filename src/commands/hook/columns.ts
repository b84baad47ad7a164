// How webhooks are shown (never with their secret).
import type { Column, Row } from '../../output/printer.js';

// In a window too narrow for every column, the `drop` ranks say which go first.
export const hookColumns: Column[] = [
  { key: 'id', header: 'ID' },
  { key: 'type', header: 'TYPE', drop: 2 },
  { key: 'url', header: 'URL', flex: true, get: (r) => (r.config as Row | undefined)?.url },
  { key: 'events', header: 'EVENTS', drop: 1 },
  { key: 'active', header: 'ACTIVE', drop: 3 },
];
