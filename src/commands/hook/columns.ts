// How webhooks are shown (never with their secret).
import { createdAt, updatedAt } from '../../api/response.js';
import type { Column, Row } from '../../output/printer.js';

// In a window too narrow for every column, the `drop` ranks say which go first.
export const hookColumns: Column[] = [
  { key: 'id', header: 'ID' },
  { key: 'type', header: 'TYPE', drop: 2 },
  { key: 'url', header: 'URL', flex: true, get: (r) => (r.config as Row | undefined)?.url },
  { key: 'events', header: 'EVENTS', drop: 1 },
  { key: 'active', header: 'ACTIVE', drop: 3 },
];

export const hookViewColumns: Column[] = [
  { key: 'id', header: 'ID' },
  { key: 'type', header: 'TYPE' },
  { key: 'url', header: 'URL', get: (r) => (r.config as Row | undefined)?.url },
  { key: 'content_type', header: 'CONTENT TYPE', get: (r) => (r.config as Row | undefined)?.content_type },
  { key: 'events', header: 'EVENTS' },
  { key: 'active', header: 'ACTIVE' },
  { key: 'created_at', header: 'CREATED', kind: 'time', get: createdAt },
  { key: 'updated_at', header: 'UPDATED', kind: 'time', get: updatedAt },
];
