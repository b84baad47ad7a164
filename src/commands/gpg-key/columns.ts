// How GPG keys are shown.
import { createdAt } from '../../api/response.js';
import type { Column, Row } from '../../output/printer.js';

export const gpgKeyColumns: Column[] = [
  { key: 'id', header: 'ID' },
  { key: 'key_id', header: 'KEY ID' },
  { key: 'emails', header: 'E-MAILS', flex: true, get: (r) => ((r.emails as Row[] | null | undefined) ?? []).map((e) => e.email).join(', ') },
  { key: 'created_at', header: 'ADDED', kind: 'time', get: createdAt, drop: 1 },
];
