// How webhooks are shown (never with their secret).
import type { Column, Row } from '../../output/printer.js';

export const hookColumns: Column[] = [
  { key: 'id', header: 'ID' },
  { key: 'type', header: 'TYPE' },
  { key: 'url', header: 'URL', flex: true, get: (r) => (r.config as Row | undefined)?.url },
  { key: 'events', header: 'EVENTS' },
  { key: 'active', header: 'ACTIVE' },
];
