// kettle issue dependency list / add / remove NUMBER. The issue's two lists
// are read first: a dependency already there (or already gone) is a note with
// nothing sent, and one the server would take badly is refused before sending
// (see refuse below).
import * as dependencies from '../../api/gitea/dependencies.js';
import type { IssueRef } from '../../api/gitea/dependencies.js';
import * as repos from '../../api/gitea/repos.js';
import type { ApiClient } from '../../api/client.js';
import type { Issue } from '../../api/gitea/types.js';
import type { Context } from '../../context/context.js';
import { fullName, type RepoRef } from '../../context/repo.js';
import { target } from '../../context/target.js';
import { ApiError, KettleError, UsageError } from '../../errors.js';
import { type Column, printList, type Row } from '../../output/printer.js';
import { type Attempt, failure } from '../failure.js';
import { parseNumberArg } from '../input.js';
import type { OptionsOf } from '../../spec/spec.js';
import type * as definition from './defs/relations.js';

export type DependencyListOptions = OptionsOf<typeof definition.dependencyList>;
export type DependencyChangeOptions = OptionsOf<typeof definition.dependencyAdd>;

type Relation = 'blocked by' | 'blocks';

interface Place {
  api: ApiClient;
  repo: RepoRef;
  number: number;
  what: string;
}

async function place(ctx: Context, opts: { number: string; repo?: string | undefined }): Promise<Place> {
  const number = parseNumberArg(opts.number, 'issue number');
  const t = await target(ctx, { repo: opts.repo, numbers: opts.number });
  return { api: await t.api(), repo: t.repo, number, what: `issue #${number} in ${fullName(t.repo)}` };
}

/**
 * How a refused dependency request is worded. A repository with dependencies
 * turned off answers 404 (issue_dependency.go GetIssueDependencies and
 * createIssueDependency check IsDependenciesEnabled): its settings say
 * whether that is why, in one line.
 */
function dependencyFailure(at: Place, attempt: Attempt): (err: unknown) => Promise<never> {
  return async (err: unknown) => {
    if (err instanceof ApiError && err.status === 404) {
      const info = await repos.get(at.api, at.repo).catch(() => undefined);
      if (info && (info.has_issues === false || info.internal_tracker?.enable_issue_dependencies === false)) {
        throw new KettleError(`issue dependencies are disabled for ${fullName(at.repo)}`);
      }
    }
    return failure({ ...attempt, within: { api: at.api, repo: at.repo } })(err);
  };
}

async function both(at: Place, action: string): Promise<{ blockedBy: Issue[]; blocks: Issue[] }> {
  const fail = dependencyFailure(at, { action: `${action} ${at.what}`, missing: at.what });
  // The dependencies first: only they answer 404 where dependencies are off (Gitea 1.27's GetIssueBlocks does not check).
  const blockedBy = await dependencies.blockedBy(at.api, at.repo, at.number).catch(fail);
  const blocks = await dependencies.blocks(at.api, at.repo, at.number).catch(fail);
  return { blockedBy, blocks };
}

const repoOf = (r: Row): Row => (typeof r.repository === 'object' && r.repository !== null ? (r.repository as Row) : {});

/** `#3`, or `bob/kettle#3` for an issue of another repository. */
function refOf(r: Row, here: RepoRef): string {
  const full = repoOf(r).full_name;
  const n = String(r.number ?? '');
  return typeof full === 'string' && full.toLowerCase() !== fullName(here).toLowerCase() ? `${full}#${n}` : `#${n}`;
}

function columns(here: RepoRef): Column[] {
  return [
    { key: 'relation', header: 'RELATION' },
    { key: 'number', header: 'ISSUE', get: (r) => refOf(r, here) },
    { key: 'state', header: 'STATE', kind: 'state', drop: 1 },
    { key: 'title', header: 'TITLE', flex: true },
  ];
}

export async function runList(ctx: Context, opts: DependencyListOptions): Promise<void> {
  const at = await place(ctx, opts);
  const { blockedBy, blocks } = await both(at, 'list the dependencies of');
  // Each issue as the server sent it, with the side it is on.
  const rows = [...blockedBy.map((i) => ({ relation: 'blocked by' as Relation, ...i })), ...blocks.map((i) => ({ relation: 'blocks' as Relation, ...i }))];
  await printList(ctx.io, ctx.output, rows, columns(at.repo), `${capital(at.what)} has no dependencies`);
}

const capital = (s: string) => `${s.charAt(0).toUpperCase()}${s.slice(1)}`;

/** N, #N, or OWNER/NAME#N (another repository). */
function parseOther(value: string, flag: string, here: RepoRef): IssueRef {
  const m = /^(?:([^/\s#]+)\/([^/\s#]+))?#?(\d{1,15})$/.exec(value.trim());
  if (!m || Number(m[3]) < 1 || (m[1] !== undefined && !value.includes('#'))) {
    throw new UsageError(`invalid ${flag} "${value}": expected an issue number such as 12 or #12, or OWNER/NAME#12 in another repository`);
  }
  return { owner: m[1] ?? here.owner, name: m[2] ?? here.name, number: Number(m[3]) };
}

const sameRepo = (a: { owner: string; name: string }, b: { owner: string; name: string }) => a.owner.toLowerCase() === b.owner.toLowerCase() && a.name.toLowerCase() === b.name.toLowerCase();

function isRef(i: Issue, ref: IssueRef, here: RepoRef): boolean {
  if (i.number !== ref.number) return false;
  const r = i.repository;
  const owner = r?.owner ?? here.owner;
  const name = r?.name ?? here.name;
  return sameRepo({ owner, name }, ref);
}

const label = (ref: IssueRef, here: RepoRef) => (sameRepo(ref, here) ? `#${ref.number}` : `${ref.owner}/${ref.name}#${ref.number}`);

interface Change {
  relation: Relation;
  ref: IssueRef;
}

function changes(opts: DependencyChangeOptions, at: Place): Change[] {
  const out: Change[] = [
    ...opts.blockedBy.map((v) => ({ relation: 'blocked by' as Relation, ref: parseOther(v, '--blocked-by', at.repo) })),
    ...opts.blocks.map((v) => ({ relation: 'blocks' as Relation, ref: parseOther(v, '--blocks', at.repo) })),
  ];
  if (out.length === 0) throw new UsageError('name at least one issue with --blocked-by N or --blocks N');
  for (const c of out) {
    // Every release accepts an issue blocked by itself (models/issues/dependency.go CreateIssueDependency
    // checks only for an existing or a two-issue circular dependency): refused here instead.
    if (c.ref.number === at.number && sameRepo(c.ref, at.repo)) throw new UsageError(`an issue cannot depend on itself: ${c.relation === 'blocks' ? '--blocks' : '--blocked-by'} ${at.number}`);
  }
  return out;
}

async function change(ctx: Context, opts: DependencyChangeOptions, adding: boolean): Promise<void> {
  const partial = await place(ctx, opts);
  const todo = changes(opts, partial);
  const at = partial;
  const current = await both(at, adding ? 'add dependencies to' : 'remove dependencies from');
  for (const { relation, ref } of todo) {
    const other = label(ref, at.repo);
    const side = relation === 'blocked by' ? current.blockedBy : current.blocks;
    const there = side.some((i) => isRef(i, ref, at.repo));
    const saying = `#${at.number} ${relation} ${other}`;
    if (there === adding) {
      const state = relation === 'blocked by' ? `is ${adding ? 'already' : 'not'} blocked by` : adding ? 'already blocks' : 'does not block';
      ctx.term.info(`kettle: #${at.number} ${state} ${other} (in ${fullName(at.repo)}); nothing was changed`);
      continue;
    }
    if (adding) {
      // The other side holding the opposite: the servers answer 500 "circular dependencies exists".
      const opposite = relation === 'blocked by' ? current.blocks : current.blockedBy;
      if (opposite.some((i) => isRef(i, ref, at.repo))) {
        throw new KettleError(`cannot make ${saying}: ${other} is ${relation === 'blocked by' ? 'blocked by' : 'blocking'} #${at.number} already, and two issues cannot block each other`);
      }
    }
    const kind = relation === 'blocked by' ? 'dependencies' : 'blocks';
    const attempt = {
      action: `${adding ? 'add' : 'remove'} the dependency ${saying} in ${fullName(at.repo)}`,
      missing: `issue ${sameRepo(ref, at.repo) ? `#${ref.number} in ${fullName(at.repo)}` : other}`,
    };
    await (adding ? dependencies.add : dependencies.remove)(at.api, at.repo, at.number, kind, ref).catch(dependencyFailure(at, attempt));
    ctx.term.success(`${adding ? 'Added' : 'Removed'}: ${saying} (in ${fullName(at.repo)})`);
  }
}

export function runAdd(ctx: Context, opts: DependencyChangeOptions): Promise<void> {
  return change(ctx, opts, true);
}

export function runRemove(ctx: Context, opts: DependencyChangeOptions): Promise<void> {
  return change(ctx, opts, false);
}
