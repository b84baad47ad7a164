// What the label verbs share: colours checked before sending, and a label found by name.
import type { ApiClient } from '../../api/client.js';
import type { Label } from '../../api/gitea/types.js';
import * as labels from '../../api/gitea/labels.js';
import { pageWindow } from '../../api/paginate.js';
import { fullName, type RepoRef } from '../../context/repo.js';
import { UsageError } from '../../errors.js';
import { failure } from '../failure.js';
import { pickByName } from '../names.js';

/** `#rrggbb` or `rrggbb`, sent as `#rrggbb` (lower case), as Gitea's own forms send it. */
export function parseColor(value: string, flag = '--color'): string {
  const m = /^#?([0-9a-fA-F]{6})$/.exec(value.trim());
  if (!m) throw new UsageError(`invalid ${flag} "${value}": expected six hex digits such as d73a4a or #d73a4a`);
  return `#${(m[1] as string).toLowerCase()}`;
}

/** Every label of the repository itself (not its organization's), every page. */
export async function repoLabels(api: ApiClient, repo: RepoRef): Promise<Array<Label & { id: number; name: string }>> {
  const where = fullName(repo);
  const all: Array<Label & { id: number; name: string }> = [];
  const fail = failure({ action: `read the labels of ${where}`, missing: `repository ${where}` });
  try {
    for await (const page of labels.list(api, repo, pageWindow({ all: true }))) {
      for (const l of page) if (typeof l.id === 'number' && typeof l.name === 'string') all.push(l as Label & { id: number; name: string });
    }
  } catch (err) {
    return fail(err);
  }
  return all;
}

/** The repository's own label a name (or id) means; organization labels are edited on the organization. */
export async function findLabel(api: ApiClient, repo: RepoRef, value: string, known?: Array<Label & { id: number; name: string }>): Promise<Label & { id: number; name: string }> {
  const where = fullName(repo);
  const all = known ?? (await repoLabels(api, repo));
  const wanted = value.trim();
  if (/^\d+$/.test(wanted) && !all.some((l) => l.name === wanted)) {
    const byId = all.find((l) => l.id === Number(wanted));
    if (byId) return byId;
  }
  return pickByName(
    wanted,
    all,
    (l) => l.name,
    'label',
    where,
    (l) => `${l.name} (id ${l.id})`,
  );
}
