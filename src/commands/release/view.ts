// kettle release view [TAG]
import { target } from '../../context/target.js';
import type { Release } from '../../api/gitea/types.js';
import type { Context } from '../../context/context.js';
import { visibleControls } from '../../text/controls.js';
import { printRecord, type Row, printText } from '../../output/printer.js';
import { relativeTime } from '../../output/time.js';
import { ViewLayout } from '../layout.js';
import { author } from '../records.js';
import { formatSize } from '../sizes.js';
import { releaseKind, releaseViewColumns } from './columns.js';
import { checkTag, findRelease, latestId } from './find.js';
import type { OptionsOf } from '../../spec/spec.js';
import type * as definition from './defs/view.js';

export type ViewOptions = OptionsOf<typeof definition.view>;

export async function run(ctx: Context, opts: ViewOptions): Promise<void> {
  const tag = opts.tag === undefined ? undefined : checkTag(opts.tag);
  const at = await target(ctx, { repo: opts.repo });
  const { repo } = at;
  const api = await at.api();
  const release = await findRelease(api, repo, tag, 'read');
  const latest = tag === undefined ? release.id : ctx.output.kind !== 'view' ? undefined : await latestId(api, repo).catch(() => undefined);
  // On a terminal the layout pr view has; --fields asks for chosen fields, labelled.
  if (ctx.io.stdoutIsTTY && ctx.output.kind === 'view' && !ctx.output.fields) {
    printText(ctx.io, renderView(release, latest, ctx.io.color, ctx.io.now()));
    return;
  }
  await printRecord(ctx.io, ctx.output, release, releaseViewColumns(latest));
}

/** The terminal view: title and tag, kind and who, the notes, the assets in aligned columns, the web address. */
export function renderView(release: Release, latest: number | undefined, color: boolean, now: Date): string {
  const view = new ViewLayout(color);
  const r = release as Row;
  const published = release.published_at ?? release.created_at;
  const who = (release.author as Row | undefined)?.login ?? author(r);
  view.title(release.name || release.tag_name || '', release.tag_name ?? '');
  view.facts([
    view.state(releaseKind(r, latest)),
    `${visibleControls(String(who ?? '?'))} ${release.draft ? 'drafted' : 'published'} ${typeof published === 'string' ? relativeTime(published, now) : ''}`.trimEnd(),
    release.target_commitish ? `from ${visibleControls(release.target_commitish)}` : undefined,
  ]);
  view.line();
  view.text(release.body, 'No release notes.');
  const assets = Array.isArray(release.assets) ? release.assets : [];
  view.line();
  if (assets.length === 0) view.line(view.paint('dim', 'No assets.'));
  else {
    view.line(view.paint('bold', `Assets (${assets.length})`));
    view.table(
      ['NAME', 'SIZE', 'DOWNLOADS'],
      assets.map((a) => [String(a.name ?? ''), formatSize(typeof a.size === 'number' ? a.size : 0), String(typeof a.download_count === 'number' ? a.download_count : 0)]),
      [1, 2],
    );
  }
  view.web(release.html_url);
  return view.toString();
}
