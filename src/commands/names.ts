// Labels and milestones given by name (ids still work: a value of digits only
// is an id). Each command looks the names up once, every page of them, and
// refuses an unknown or ambiguous name before anything is written, naming the
// closest ones that exist. Shared by the issue, label and milestone verbs (and
// pull requests, whose labels and milestones are the issues').
import type { ApiClient } from '../api/client.js';
import * as labelsApi from '../api/gitea/labels.js';
import * as milestonesApi from '../api/gitea/milestones.js';
import type { Label, Milestone } from '../api/gitea/types.js';
import { pageWindow } from '../api/paginate.js';
import { fullName, isSafeSegment, type RepoRef } from '../context/repo.js';
import { ApiError, UsageError } from '../errors.js';
import { failure } from './failure.js';

/** Values of a repeatable flag, each also split on commas; blanks dropped, order kept, duplicates once. */
export function splitValues(values: readonly string[]): string[] {
  const out: string[] = [];
  for (const value of values) {
    for (const part of value.split(',')) {
      const v = part.trim();
      if (v !== '' && !out.includes(v)) out.push(v);
    }
  }
  return out;
}

/**
 * User names from a repeatable, comma-separated flag (`-a bob -a carol,dave`),
 * each checked with its reason: an empty part is most likely a stray comma.
 * `@me` stands for the logged-in user.
 */
export function parseUserNames(values: readonly string[], flag: string): string[] {
  const names: string[] = [];
  for (const value of values) {
    for (const part of value.split(',')) {
      const name = part.trim();
      if (name === '') throw new UsageError(`invalid ${flag} "${value}": an empty user name (a stray comma?)`);
      if (name !== '@me' && !isSafeSegment(name)) {
        throw new UsageError(`invalid ${flag} "${name}": a user name has only letters, digits, - _ and . (at most 100)`);
      }
      if (!names.includes(name)) names.push(name);
    }
  }
  return names;
}

const isId = (value: string): boolean => /^\d{1,15}$/.test(value) && Number(value) > 0;

async function collect<T>(pages: AsyncIterable<T[]>): Promise<T[]> {
  const all: T[] = [];
  for await (const page of pages) all.push(...page);
  return all;
}

/**
 * Edit distance counting a swap of two neighbouring letters as one edit
 * (optimal string alignment), for "did you mean": `bgu` is one edit from `bug`.
 */
export function distance(a: string, b: string): number {
  const d: number[][] = Array.from({ length: a.length + 1 }, (_, i) => Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)));
  for (let i = 1; i <= a.length; i++) {
    const row = d[i] as number[];
    const up = d[i - 1] as number[];
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let best = Math.min((up[j] as number) + 1, (row[j - 1] as number) + 1, (up[j - 1] as number) + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) best = Math.min(best, ((d[i - 2] as number[])[j - 2] as number) + 1);
      row[j] = best;
    }
  }
  return (d[a.length] as number[])[b.length] as number;
}

/** The names closest to a wanted one: containing it or contained, else within a few edits; at most five. */
export function closeNames(wanted: string, names: readonly string[]): string[] {
  const w = wanted.toLowerCase();
  const scored = names
    .map((name) => {
      const n = name.toLowerCase();
      const score = distance(w, n);
      return { name, score, near: n.includes(w) || w.includes(n) || score <= Math.max(2, Math.floor(w.length / 3)) };
    })
    .filter((x) => x.near)
    .sort((a, b) => a.score - b.score || a.name.localeCompare(b.name));
  return [...new Set(scored.map((x) => x.name))].slice(0, 5);
}

/** So few that an unknown name lists them all when none is close. */
const FEW = 8;

/** What follows "no label "x" in where": the close names, else all of them when there are few, else that there are none. */
export function nameHint(wanted: string, names: readonly string[], where: string, what: string): string {
  const close = closeNames(wanted, names);
  if (close.length > 0) return `; did you mean ${close.map((n) => `"${n}"`).join(', ')}?`;
  if (names.length === 0) return `; ${where} has none`;
  if (names.length <= FEW) return `; the ${what}s there: ${[...new Set(names)].map((n) => `"${n}"`).join(', ')}`;
  return '';
}

/**
 * Pick the one record a name means: an exact match first, then a match
 * ignoring case. Refuses (exit 2) a name that matches none or several.
 */
export function pickByName<T>(wanted: string, records: readonly T[], nameOf: (r: T) => string, what: string, where: string, describe: (r: T) => string = nameOf): T {
  const exact = records.filter((r) => nameOf(r) === wanted);
  const matches = exact.length > 0 ? exact : records.filter((r) => nameOf(r).toLowerCase() === wanted.toLowerCase());
  if (matches.length === 1) return matches[0] as T;
  if (matches.length > 1) {
    throw new UsageError(`${what} "${wanted}" is ambiguous in ${where}: it could be ${matches.map(describe).join(', ')}; give the id instead`);
  }
  throw new UsageError(`no ${what} "${wanted}" in ${where}${nameHint(wanted, records.map(nameOf), where, what)}`);
}

export interface KnownLabel {
  id: number;
  name: string;
  /** Where it comes from: the repository, or its organization. */
  scope: 'repo' | 'org';
}

/**
 * The labels an issue of the repository can carry: the repository's own and,
 * when its owner is an organization, the organization's (Gitea answers 404
 * for GET /orgs/{name}/labels when the owner is a user).
 */
export async function knownLabels(api: ApiClient, repo: RepoRef): Promise<KnownLabel[]> {
  const where = fullName(repo);
  const all = pageWindow({ all: true });
  const own = await collect(labelsApi.list(api, repo, all)).catch(failure({ action: `read the labels of ${where}`, missing: `repository ${where}` }));
  const org = await collect(labelsApi.listOrg(api, repo.owner, all)).catch((err: unknown) => {
    if (err instanceof ApiError && err.status === 404) return [] as Label[];
    throw err;
  });
  const shape =
    (scope: 'repo' | 'org') =>
    (l: Label): KnownLabel[] =>
      typeof l.id === 'number' && typeof l.name === 'string' ? [{ id: l.id, name: l.name, scope }] : [];
  return [...own.flatMap(shape('repo')), ...org.flatMap(shape('org'))];
}

/**
 * Labels by name or id, looked up once. Ids are taken as given when every
 * value is one (no request); otherwise every value is checked against the
 * repository's and its organization's labels. A repository label wins over an
 * organization label of the same name.
 */
export class LabelNames {
  private known: Promise<KnownLabel[]> | undefined;

  constructor(
    private readonly api: ApiClient,
    private readonly repo: RepoRef,
  ) {}

  private all(): Promise<KnownLabel[]> {
    this.known ??= knownLabels(this.api, this.repo);
    return this.known;
  }

  /**
   * The labels the values name, in order; `flag` names the flag in errors.
   * `names`: the caller needs every label's name (ids are then looked up too).
   */
  async resolve(values: readonly string[], flag = '--label', names = false): Promise<KnownLabel[]> {
    const wanted = splitValues(values);
    if (wanted.length === 0) return [];
    if (!names && wanted.every(isId)) return wanted.map((id) => ({ id: Number(id), name: id, scope: 'repo' as const }));
    const known = await this.all();
    const where = fullName(this.repo);
    const out: KnownLabel[] = [];
    for (const value of wanted) {
      let label: KnownLabel;
      if (isId(value)) {
        const found = known.find((l) => l.id === Number(value));
        if (!found && names)
          throw new UsageError(`no label with id ${value} in ${where}${known.length > 0 && known.length <= FEW ? `; the labels there: ${known.map((l) => `${l.name} (id ${l.id})`).join(', ')}` : ''}`);
        label = found ?? { id: Number(value), name: value, scope: 'repo' };
      } else {
        const own = known.filter((l) => l.scope === 'repo');
        const pool = own.some((l) => l.name.toLowerCase() === value.toLowerCase()) ? own : known;
        label = pickByName(
          value,
          pool,
          (l) => l.name,
          `${flag.replace(/^--(add-|remove-)?/, '')}`,
          where,
          (l) => `${l.name} (id ${l.id})`,
        );
      }
      if (!out.some((l) => l.id === label.id)) out.push(label);
    }
    return out;
  }
}

/** Every milestone of a repository, open and closed, every page. */
export function allMilestones(api: ApiClient, repo: RepoRef): Promise<Milestone[]> {
  const where = fullName(repo);
  return collect(milestonesApi.list(api, repo, pageWindow({ all: true }), { state: 'all' })).catch(failure({ action: `read the milestones of ${where}`, missing: `repository ${where}` }));
}

/** A milestone by title or number (digits only: its id), looked up among every milestone of the repository. */
export async function resolveMilestone(api: ApiClient, repo: RepoRef, value: string): Promise<Milestone & { id: number; title: string }> {
  const wanted = value.trim();
  if (wanted === '') throw new UsageError('a milestone must not be empty');
  const all = (await allMilestones(api, repo)).filter((m): m is Milestone & { id: number; title: string } => typeof m.id === 'number' && typeof m.title === 'string');
  const where = fullName(repo);
  if (isId(wanted)) {
    // A title made of digits is taken as the title it is before an id.
    const titled = all.filter((m) => m.title === wanted);
    if (titled.length === 1) return titled[0] as Milestone & { id: number; title: string };
    const byId = all.find((m) => m.id === Number(wanted));
    if (byId) return byId;
    const titles = all.map((m) => `${m.title} (id ${m.id})`);
    const hint = all.length === 0 ? `; ${where} has none` : all.length <= FEW ? `; the milestones there: ${titles.join(', ')}` : '; see kettle milestone list --state all';
    throw new UsageError(`no milestone ${wanted} in ${where}${hint}`);
  }
  return pickByName(
    wanted,
    all,
    (m) => m.title,
    'milestone',
    where,
    (m) => `${m.title} (id ${m.id})`,
  );
}

/** Users by login, `@me` being the logged-in user (asked of the server once). */
export class UserNames {
  private me: Promise<string> | undefined;

  constructor(private readonly api: ApiClient) {}

  /** The login `value` names; `@me` asks GET /user. */
  async resolve(value: string): Promise<string> {
    const v = value.trim();
    if (v !== '@me') return v.replace(/^@/, '');
    this.me ??= import('../api/gitea/users.js').then(async (users) => {
      const user = await users.me(this.api);
      if (typeof user.login !== 'string' || user.login === '') throw new UsageError('the server did not say who you are; give the user name instead of @me');
      return user.login;
    });
    return this.me;
  }

  async resolveAll(values: readonly string[]): Promise<string[]> {
    const out: string[] = [];
    for (const v of splitValues(values)) {
      const login = await this.resolve(v);
      if (!out.includes(login)) out.push(login);
    }
    return out;
  }
}
