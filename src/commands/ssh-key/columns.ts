// How SSH keys and deploy keys are shown.
import { createdAt } from '../../api/response.js';
import type { Column } from '../../output/printer.js';

export const sshKeyColumns: Column[] = [
  { key: 'id', header: 'ID' },
  { key: 'title', header: 'TITLE', flex: true },
  { key: 'fingerprint', header: 'FINGERPRINT', drop: 2 },
  { key: 'created_at', header: 'ADDED', kind: 'time', get: createdAt, drop: 1 },
];

export const deployKeyColumns: Column[] = [
  { key: 'id', header: 'ID' },
  { key: 'title', header: 'TITLE', flex: true },
  { key: 'fingerprint', header: 'FINGERPRINT', drop: 2 },
  { key: 'read_only', header: 'READ-ONLY' },
  { key: 'created_at', header: 'ADDED', kind: 'time', get: createdAt, drop: 1 },
];
