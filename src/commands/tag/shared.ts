// What the tag verbs share: how a tag is shown.
import type { Column, Row } from '../../output/printer.js';

function commitOf(r: Row): Row {
  return typeof r.commit === 'object' && r.commit !== null ? (r.commit as Row) : {};
}

export const tagColumns: Column[] = [
  { key: 'name', header: 'TAG' },
  { key: 'commit', header: 'COMMIT', get: (r) => String(commitOf(r).sha ?? '').slice(0, 10), drop: 2 },
  { key: 'message', header: 'MESSAGE', get: (r) => (typeof r.message === 'string' ? (r.message.split('\n')[0] ?? '') : ''), flex: true, drop: 1 },
];

export const tagViewColumns: Column[] = [
  { key: 'name', header: 'TAG' },
  { key: 'commit', header: 'COMMIT', get: (r) => String(commitOf(r).sha ?? '') },
  { key: 'created', header: 'DATE', kind: 'time', get: (r) => commitOf(r).created },
  { key: 'message', header: 'MESSAGE' },
  { key: 'id', header: 'ID' },
  { key: 'tarball_url', header: 'TARBALL' },
  { key: 'zipball_url', header: 'ZIPBALL' },
];
