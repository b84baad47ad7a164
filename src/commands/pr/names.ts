// Labels and milestones given by name: looked up once per command (labels via
// GET …/labels, milestones via GET …/milestones, every page); an exact match
// wins, then a case-insensitive one; digits only is an id. An unknown name is
// a usage error (exit 2) before anything is written, listing close matches.
import type { ApiClient } from '../../api/client.js';
import * as labels from '../../api/gitea/labels.js';
import * as milestones from '../../api/gitea/milestones.js';
import { pageWindow } from '../../api/paginate.js';
import { fullName, type RepoRef } from '../../context/repo.js';
import { UsageError } from '../../errors.js';
import { failure } from '../failure.js';
import { nameHint } from '../names.js';

interface Named {
  id?: number;
  name?: string;
  title?: string;
}

async function all<T>(pages: AsyncIterable<T[]>): Promise<T[]> {
  const out: T[] = [];
  for await (const page of pages) out.push(...page);
  return out;
}

export function pick(kind: string, flag: string, wanted: string, records: Named[], repo: RepoRef): number {
  const nameOf = (r: Named) => r.name ?? r.title ?? '';
  const exact = records.find((r) => nameOf(r) === wanted);
  const found = exact ?? records.find((r) => nameOf(r).toLowerCase() === wanted.toLowerCase());
  if (found && typeof found.id === 'number') return found.id;
  if (/^\d+$/.test(wanted)) return Number(wanted);
  // The same close names as every other command gives (transpositions count as one edit).
  throw new UsageError(`${flag}: no ${kind} named "${wanted}" in ${fullName(repo)}${nameHint(wanted, records.map(nameOf), fullName(repo), kind)}`);
}

/** Label names (or ids) to ids; no request when none are given. */
export async function labelIds(api: ApiClient, repo: RepoRef, wanted: string[], flag = '--label'): Promise<number[]> {
  const names = wanted
    .flatMap((w) => w.split(','))
    .map((w) => w.trim())
    .filter(Boolean);
  if (names.length === 0) return [];
  const known = await all(labels.list(api, repo, pageWindow({ all: true }))).catch(failure({ action: `read the labels of ${fullName(repo)}`, missing: `repository ${fullName(repo)}` }));
  return names.map((n) => pick('label', flag, n, known as Named[], repo));
}

/** A milestone's name (or id) to its id. */
export async function milestoneId(api: ApiClient, repo: RepoRef, wanted: string, flag = '--milestone'): Promise<number> {
  const known = await all(milestones.list(api, repo, pageWindow({ all: true }), { state: 'all' })).catch(
    failure({ action: `read the milestones of ${fullName(repo)}`, missing: `repository ${fullName(repo)}` }),
  );
  return pick('milestone', flag, wanted, known as Named[], repo);
}
