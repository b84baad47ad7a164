// The hostile server's cases of `kettle variable` (see ../hostile.test.ts).
import { secretsData, type StoredSecret, type StoredVariable } from '../../server/routes-actions-secrets.js';
import type { Kit, NounCases } from './kit.js';

/** A secret or variable of alice/teapot, made in the server, by its name. */
export function actionsName(k: Kit, kind: 'secrets' | 'variables'): string {
  const name = k.fresh('DOOMED').replace(/-/g, '_').toUpperCase();
  const data = secretsData(k.server.state)[kind];
  const key = `repo:${k.teapot().id}` as const;
  const list = (data.get(key) ?? []) as Array<StoredSecret & StoredVariable>;
  list.push({ id: k.server.state.id(), name, data: 'v', description: '', created_at: '2026-01-05T09:00:00Z', ownerId: 0, repoId: k.teapot().id });
  data.set(key, list);
  return name;
}

export default (k: Kit): NounCases => ({
  lists: [{ verb: 'variable list', args: () => ['variable', 'list', '--org', 'wonderland'] }],
  writes: [
    { verb: 'variable set', args: () => ['variable', 'set', 'HOSTILE', k.fresh('v'), '-R', 'alice/teapot'] },
    { verb: 'variable delete', args: () => ['variable', 'delete', actionsName(k, 'variables'), '-R', 'alice/teapot', '--yes'] },
  ],
  elsewhere: { 'variable get': 'reads one record' },
});
