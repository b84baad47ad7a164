// kettle release edit TAG [--title TEXT] [--notes TEXT | --notes-file FILE|-] [--draft | --publish] [--prerelease | --stable]
import { target } from '../../context/target.js';
import * as releases from '../../api/gitea/releases.js';
import type { EditReleaseOption } from '../../api/gitea/types.js';
import type { Context } from '../../context/context.js';
import { fullName } from '../../context/repo.js';
import { UsageError } from '../../errors.js';
import { printRecord } from '../../output/printer.js';
import { failure } from '../failure.js';
import { webUrl } from '../records.js';
import { releaseViewColumns } from './columns.js';
import { checkTag, findRelease } from './find.js';
import { readNotes } from './notes.js';
import type { OptionsOf } from '../../spec/spec.js';
import type * as definition from './defs/edit.js';

export type EditOptions = OptionsOf<typeof definition.edit>;

export async function run(ctx: Context, opts: EditOptions): Promise<void> {
  const tag = checkTag(opts.tag);
  if (opts.draft && opts.publish) throw new UsageError('use either --draft or --publish, not both');
  if (opts.prerelease && opts.stable) throw new UsageError('use either --prerelease or --stable, not both');
  if (opts.title !== undefined && opts.title.trim() === '') throw new UsageError('--title must not be empty');
  const wanted: EditReleaseOption = {};
  if (opts.title !== undefined) wanted.name = opts.title;
  if (opts.draft || opts.publish) wanted.draft = opts.draft;
  if (opts.prerelease || opts.stable) wanted.prerelease = opts.prerelease;
  const at = await target(ctx, { repo: opts.repo });
  const { repo } = at;
  const notes = await readNotes(ctx, opts);
  if (notes !== undefined) wanted.body = notes;
  if (Object.keys(wanted).length === 0) {
    throw new UsageError('nothing to change: pass --title, --notes, --notes-file, --draft, --publish, --prerelease or --stable');
  }
  const api = await at.api();
  const release = await findRelease(api, repo, tag, 'edit');
  const what = `release ${tag} of ${fullName(repo)}`;
  // Only what differs is sent; when nothing does, nothing is.
  const current = release as Record<string, unknown>;
  const changes = Object.fromEntries(Object.entries(wanted).filter(([key, value]) => (current[key] ?? '') !== value)) as EditReleaseOption;
  // routers/api/v1/repo/release.go EditRelease takes name and body only when
  // they are not empty: empty notes would leave the old ones while the answer
  // looked like success. Refused before anything is sent.
  if (changes.body === '') {
    throw new UsageError(
      `the server cannot empty the notes of ${what} through its API (it ignores empty notes); nothing was changed: clear them on the release's page in the web interface, or give new notes`,
    );
  }
  if (Object.keys(changes).length === 0) {
    ctx.term.info(`${what} already is as asked; nothing changed`);
    await printRecord(ctx.io, ctx.output, release, releaseViewColumns());
    return;
  }
  const edited = await releases.edit(api, repo, release.id as number, changes).catch(failure({ action: `edit ${what}`, missing: what, within: { api, repo } }));
  ctx.term.success(`Edited ${what}${webUrl(edited)}`);
  await printRecord(ctx.io, ctx.output, edited, releaseViewColumns());
}
