// How workflows are shown.
import type { Column } from '../../output/printer.js';

/**
 * A workflow's state in kettle's words: the servers say `active`,
 * `disabled_manually` (disabled by someone) or, in the GitHub words they copy,
 * `disabled_inactivity`; `--json` keeps the server's.
 */
export function workflowState(state: unknown): string {
  if (state === 'active') return 'active';
  if (typeof state === 'string' && state.startsWith('disabled')) return 'disabled';
  return typeof state === 'string' && state !== '' ? state : 'unknown';
}

export const workflowColumns: Column[] = [
  { key: 'id', header: 'FILE' },
  { key: 'name', header: 'NAME', flex: true },
  { key: 'state', header: 'STATE', kind: 'state', get: (r) => workflowState(r.state) },
  { key: 'path', header: 'PATH', drop: 1 },
];
