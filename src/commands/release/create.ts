// kettle release create TAG [FILE]... [--title TEXT] [--notes TEXT | --notes-file FILE|-] [--target BRANCH] [--draft] [--prerelease]
import { target } from '../../context/target.js';
import * as releases from '../../api/gitea/releases.js';
import type { CreateReleaseOption } from '../../api/gitea/types.js';
import type { Context } from '../../context/context.js';
import { canPrompt } from '../../io.js';
import { fullName } from '../../context/repo.js';
import { ApiError, UsageError } from '../../errors.js';
import { printRecord } from '../../output/printer.js';
import { failure } from '../failure.js';
import { webUrl } from '../records.js';
import { releaseViewColumns } from './columns.js';
import { checkTag } from './find.js';
import { editNotes, readNotes } from './notes.js';
import { localFiles, unfinishedUpload, type UploadOutcome, uploadFiles } from './assets.js';
import type { OptionsOf } from '../../spec/spec.js';
import type * as definition from './defs/create.js';

export type CreateOptions = OptionsOf<typeof definition.create>;

export async function run(ctx: Context, opts: CreateOptions): Promise<void> {
  const tag = checkTag(opts.tag);
  if (opts.title !== undefined && opts.title.trim() === '') throw new UsageError('--title must not be empty');
  if (opts.target !== undefined && opts.target.trim() === '') throw new UsageError('--target must not be empty');
  const at = await target(ctx, { repo: opts.repo });
  const { repo } = at;
  // Every file is checked before the release exists: a typo should cost nothing.
  const files = await localFiles(opts.files, ctx.io.cwd);
  const given = await readNotes(ctx, opts);
  const notes = given ?? (canPrompt(ctx.io) ? await editNotes(ctx, tag) : undefined);
  const payload: CreateReleaseOption = { tag_name: tag, name: opts.title ?? tag, draft: opts.draft, prerelease: opts.prerelease };
  if (notes !== undefined) payload.body = notes;
  if (opts.target !== undefined) payload.target_commitish = opts.target;
  const api = await at.api();
  const name = fullName(repo);
  let release = await releases.create(api, repo, payload).catch((err: unknown) => {
    // routers/api/v1/repo/release.go CreateRelease: 409 is a release that has
    // this tag already (the server words it "Release is has no Tag").
    if (err instanceof ApiError && err.status === 409) {
      const next = files.length > 0 ? `kettle release upload ${tag} FILE... -R ${name}` : `kettle release edit ${tag} -R ${name}`;
      throw err.withMessage(`the release for tag ${tag} already exists in ${name}; nothing was changed (change it with: ${next})`);
    }
    return failure({ action: `create release ${tag} in ${name}`, missing: `repository ${name}` })(err);
  });
  ctx.term.success(`Created ${opts.draft ? 'draft ' : ''}release ${tag} in ${name}${webUrl(release)}`);
  if (files.length > 0) {
    const outcomes: UploadOutcome[] = await uploadFiles(ctx, api, repo, release, files, false);
    unfinishedUpload(outcomes, tag, repo, `release ${tag} was created, but`);
    // The record with its assets, as the server now has it.
    release = await releases.get(api, repo, release.id as number).catch(() => ({ ...release, assets: outcomes.flatMap((o) => ('asset' in o ? [o.asset] : [])) }));
  }
  await printRecord(ctx.io, ctx.output, release, releaseViewColumns());
}
