// kettle repo edit [OWNER/NAME] [--description TEXT] [--website URL] [--private | --public] …
import { target } from '../../context/target.js';
import * as repos from '../../api/gitea/repos.js';
import type { EditRepoOption, Repository } from '../../api/gitea/types.js';
import type { Context } from '../../context/context.js';
import { fullName } from '../../context/repo.js';
import { KettleError, UsageError } from '../../errors.js';
import { printRecord } from '../../output/printer.js';
import { failure } from '../failure.js';
import { repoViewColumns } from '../repo-columns.js';
import type { OptionsOf } from '../../spec/spec.js';
import type * as definition from './defs/edit.js';

export type EditOptions = OptionsOf<typeof definition.edit>;

type Switch = 'private' | 'archived' | 'has_issues' | 'has_wiki' | 'has_pull_requests';

/** Each pair of opposite flags and the field it sets: true for the first, false for the second. */
const SWITCHES: Array<[on: keyof EditOptions, off: keyof EditOptions, field: Switch, onFlag: string, offFlag: string]> = [
  ['private', 'public', 'private', '--private', '--public'],
  ['archive', 'unarchive', 'archived', '--archive', '--unarchive'],
  ['enableIssues', 'disableIssues', 'has_issues', '--enable-issues', '--disable-issues'],
  ['enableWiki', 'disableWiki', 'has_wiki', '--enable-wiki', '--disable-wiki'],
  ['enablePrs', 'disablePrs', 'has_pull_requests', '--enable-prs', '--disable-prs'],
];

const FLAG_LIST = '--description, --website, --private/--public, --default-branch, --archive/--unarchive, --enable-/--disable-issues, -wiki or -prs';

/** The changes asked for, checked before any request. */
export function wanted(opts: EditOptions): EditRepoOption {
  const body: EditRepoOption = {};
  if (opts.description !== undefined) body.description = opts.description;
  if (opts.website !== undefined) body.website = checkWebsite(opts.website);
  if (opts.defaultBranch !== undefined) {
    if (opts.defaultBranch.trim() === '') throw new UsageError('--default-branch needs a branch name');
    body.default_branch = opts.defaultBranch;
  }
  for (const [on, off, field, onFlag, offFlag] of SWITCHES) {
    if (opts[on] && opts[off]) throw new UsageError(`use either ${onFlag} or ${offFlag}, not both`);
    if (opts[on] || opts[off]) body[field] = Boolean(opts[on]);
  }
  if (Object.keys(body).length === 0) throw new UsageError(`nothing to change: give at least one of ${FLAG_LIST}`);
  return body;
}

function checkWebsite(value: string): string {
  if (value === '') return value;
  let url: URL | undefined;
  try {
    url = new URL(value);
  } catch {
    url = undefined;
  }
  if (url?.protocol !== 'http:' && url?.protocol !== 'https:') {
    throw new UsageError(`invalid --website "${value}": expected an http:// or https:// address ("" clears it)`);
  }
  return value;
}

/** Only what differs from the repository as it is. */
function changes(body: EditRepoOption, current: Repository): EditRepoOption {
  const now = current as Record<string, unknown>;
  return Object.fromEntries(Object.entries(body).filter(([key, value]) => now[key] !== value)) as EditRepoOption;
}

export async function run(ctx: Context, opts: EditOptions): Promise<void> {
  const body = wanted(opts);
  const at = await target(ctx, { ownerName: opts.ownerName, repo: opts.repo });
  const { repo } = at;
  const name = fullName(repo);
  const api = await at.api();
  const current = await repos.get(api, repo).catch(failure({ action: `read ${name}`, missing: `repository ${name}` }));
  const diff = changes(body, current);
  if (Object.keys(diff).length === 0) {
    ctx.term.info(`kettle: ${name} already has those settings; nothing was changed`);
    await printRecord(ctx.io, ctx.output, current, repoViewColumns);
    return;
  }
  const edited = await repos.edit(api, repo, diff).catch(failure({ action: `edit ${name}`, missing: `repository ${name}` }));
  // Real servers keep the old default branch, without a word, when no branch has the new name.
  if (diff.default_branch !== undefined && edited.default_branch !== diff.default_branch) {
    const others = Object.keys(diff).length > 1 ? '; the other changes were saved' : '';
    throw new KettleError(`${name} has no branch ${diff.default_branch}: the default branch stays ${String(edited.default_branch)}${others}`);
  }
  // routers/api/v1/repo/repo.go updateBasicProperties: a fork's visibility follows its base repository's, whatever is sent.
  if (diff.private !== undefined && edited.private !== diff.private) {
    const done = Object.keys(diff).filter((k) => k !== 'private');
    if (done.length > 0) ctx.term.success(`Edited ${name}: ${done.join(', ')}`);
    await printRecord(ctx.io, ctx.output, edited, repoViewColumns);
    const base = edited.parent?.full_name;
    throw new KettleError(
      `${name} stays ${edited.private === true ? 'private' : 'public'}: the server gives a fork the visibility of the repository it was forked from${typeof base === 'string' ? ` (${base})` : ''}`,
    );
  }
  ctx.term.success(`Edited ${name}: ${Object.keys(diff).join(', ')}`);
  await printRecord(ctx.io, ctx.output, edited, repoViewColumns);
}
