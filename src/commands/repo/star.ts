// kettle repo star / unstar [OWNER/NAME]
import { target } from '../../context/target.js';
import * as repos from '../../api/gitea/repos.js';
import * as settings from '../../api/gitea/repo-settings.js';
import type { Context } from '../../context/context.js';
import { fullName } from '../../context/repo.js';
import { ApiError, KettleError } from '../../errors.js';
import { failure } from '../failure.js';
import type { OptionsOf } from '../../spec/spec.js';
import type * as definition from './defs/star.js';

export type StarOptions = OptionsOf<typeof definition.unstar>;

export async function runStar(ctx: Context, opts: StarOptions): Promise<void> {
  const at = await target(ctx, { ownerName: opts.ownerName, repo: opts.repo });
  const { repo } = at;
  const name = fullName(repo);
  const api = await at.api();
  const attempt = { action: `star ${name}`, missing: `repository ${name}` };
  // routers/api/v1/user/star.go IsStarring: 204 when starred, 404 when not (or no such repository).
  if (await settings.isStarred(api, repo).catch(failure(attempt))) {
    ctx.term.info(`kettle: you have already starred ${name}; nothing was changed`);
    return;
  }
  await settings.star(api, repo).catch(failure(attempt));
  ctx.term.success(`Starred ${name}`);
}

export async function runUnstar(ctx: Context, opts: StarOptions): Promise<void> {
  const at = await target(ctx, { ownerName: opts.ownerName, repo: opts.repo });
  const { repo } = at;
  const name = fullName(repo);
  const api = await at.api();
  const attempt = { action: `unstar ${name}`, missing: `repository ${name}` };
  if (!(await settings.isStarred(api, repo).catch(failure(attempt)))) {
    // The same 404 answers "not starred" and "no such repository": ask which.
    const found = await api.get(repos.repoPath(repo)).then(
      () => true,
      (err: unknown) => {
        if (err instanceof ApiError && err.status === 404) return false;
        throw err;
      },
    );
    if (!found) throw new KettleError(`repository ${name} not found`);
    ctx.term.info(`kettle: you have not starred ${name}; nothing was changed`);
    return;
  }
  await settings.unstar(api, repo).catch(failure(attempt));
  ctx.term.success(`Unstarred ${name}`);
}
