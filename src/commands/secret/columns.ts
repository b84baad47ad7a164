// How secrets are shown: names and dates, as the servers never send a value.
import { createdAt } from '../../api/response.js';
import type { Column } from '../../output/printer.js';

export const secretColumns: Column[] = [
  { key: 'name', header: 'NAME' },
  { key: 'created_at', header: 'CREATED', kind: 'time', get: createdAt },
];
