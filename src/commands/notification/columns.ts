// How notification threads are shown.
import type { Column, Row } from '../../output/printer.js';

const subject = (r: Row): Row | undefined => r.subject as Row | undefined;

/** What `unread`, `pinned` say together: pinned threads are not unread on the servers. */
export function threadStatus(r: Row): string {
  if (r.pinned === true) return 'pinned';
  return r.unread === true ? 'unread' : 'read';
}

export const threadColumns: Column[] = [
  { key: 'id', header: 'ID' },
  { key: 'repository', header: 'REPOSITORY', get: (r) => (r.repository as Row | undefined)?.full_name, drop: 3 },
  { key: 'type', header: 'TYPE', get: (r) => subject(r)?.type, drop: 2 },
  { key: 'title', header: 'TITLE', get: (r) => subject(r)?.title, flex: true },
  { key: 'status', header: 'STATUS', get: threadStatus, drop: 4 },
  { key: 'updated_at', header: 'UPDATED', kind: 'time', drop: 1 },
];
