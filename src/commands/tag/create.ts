// kettle tag create TAG [--target REF] [--message TEXT]
import { target } from '../../context/target.js';
import * as branches from '../../api/gitea/branches.js';
import type { CreateTagOption } from '../../api/gitea/types.js';
import type { Context } from '../../context/context.js';
import { fullName } from '../../context/repo.js';
import { ApiError, KettleError, UsageError } from '../../errors.js';
import { printRecord } from '../../output/printer.js';
import { failure } from '../failure.js';
import { tagViewColumns } from './shared.js';
import type { OptionsOf } from '../../spec/spec.js';
import type * as definitions from './index.js';

export type CreateOptions = OptionsOf<typeof definitions.create>;

export async function run(ctx: Context, opts: CreateOptions): Promise<void> {
  const name = opts.tag.trim();
  if (name === '') throw new UsageError('the tag name must not be empty');
  if (opts.target !== undefined && opts.target.trim() === '') throw new UsageError('--target must not be empty');
  const at = await target(ctx, { repo: opts.repo });
  const { repo } = at;
  const where = fullName(repo);
  const api = await at.api();
  const fail = failure({ action: `create tag "${name}" in ${where}`, missing: `repository ${where}` });
  // routers/api/v1/repo/tag.go CreateTag answers a tag that exists with 409 (ErrTagAlreadyExists): said here first.
  const existing = await branches.getTag(api, repo, name).then(
    (t) => t,
    (err: unknown) => (err instanceof ApiError && err.status === 404 ? undefined : fail(err)),
  );
  if (existing) throw new KettleError(`${where} already has a tag "${name}" (at ${String(existing.commit?.sha ?? '').slice(0, 10)}); nothing was created`);
  const body: CreateTagOption = { tag_name: name };
  if (opts.target !== undefined) body.target = opts.target.trim();
  if (opts.message !== undefined) body.message = opts.message;
  const made = await branches.createTag(api, repo, body).catch((err: unknown) => {
    // CreateTag: a target the repository cannot resolve is a 404, the same status as a missing repository.
    if (err instanceof ApiError && err.status === 404 && body.target !== undefined) {
      return Promise.reject(err.withMessage(`cannot create tag "${name}" in ${where}: no branch, tag or commit "${body.target}"`));
    }
    return fail(err);
  });
  ctx.term.success(`Created tag "${name}" in ${where}${body.target !== undefined ? ` at ${body.target}` : ''}`);
  await printRecord(ctx.io, ctx.output, made, tagViewColumns);
}
