// kettle wiki edit PAGE [--title NEW-TITLE] [--body TEXT | --body-file FILE|-] [--message TEXT]
// The servers' edit takes the whole page: the title (an empty one renames the
// page "unnamed") and the text (base64). The page is read first, and what is
// not given is sent as it is.
import { target } from '../../context/target.js';
import * as wiki from '../../api/gitea/wiki.js';
import type { CreateWikiPageOptions } from '../../api/gitea/types.js';
import type { Context } from '../../context/context.js';
import { editText } from '../../context/editor.js';
import { canPrompt } from '../../io.js';
import { fullName } from '../../context/repo.js';
import { KettleError, UsageError } from '../../errors.js';
import { printRecord } from '../../output/printer.js';
import { failure } from '../failure.js';
import { readBody } from '../input.js';
import { encodeText, findPage, lookUpPage, pageText, pageViewColumns, withContent } from './shared.js';
import type { OptionsOf } from '../../spec/spec.js';
import type * as definition from './defs/edit.js';

export type EditOptions = OptionsOf<typeof definition.edit>;

export async function run(ctx: Context, opts: EditOptions): Promise<void> {
  wiki.webPathOf(opts.page);
  const newTitle = opts.title?.trim();
  if (newTitle !== undefined) wiki.webPathOf(newTitle);
  if (opts.message !== undefined && opts.message.trim() === '') throw new UsageError('--message must not be empty');
  const given = opts.title !== undefined || opts.body !== undefined || opts.bodyFile !== undefined;
  if (!given && !canPrompt(ctx.io)) throw new UsageError('nothing to change: pass --title, --body or --body-file');
  const at = await target(ctx, { repo: opts.repo });
  const { repo } = at;
  const where = fullName(repo);
  const body = await readBody(ctx, opts);
  const api = await at.api();
  const { path, page } = await findPage(api, repo, opts.page, 'edit');
  const current = pageText(page);
  const title = newTitle ?? page.title ?? opts.page.trim();
  const text = body ?? (given ? current : await editText(ctx.io, current, `${path.replace(/[^A-Za-z0-9._-]/g, '_')}.md`));
  const what = `wiki page "${page.title ?? opts.page}" in ${where}`;
  const newPath = wiki.webPathOf(title);
  if (newPath !== path) {
    // A rename onto another page would overwrite it (services/wiki EditWikiPage answers 500 or replaces it): refused before sending.
    const taken = await lookUpPage(api, repo, title).catch(failure({ action: `edit ${what}`, missing: what }));
    if (taken && taken.path === newPath) throw new KettleError(`${where} already has a wiki page "${taken.page.title ?? title}"; ${what} was not renamed`);
  } else if (text === current && title === page.title) {
    ctx.term.warn(`${what} is already so; nothing was changed`);
    if (ctx.output.kind !== 'view') await printRecord(ctx.io, ctx.output, withContent(page), pageViewColumns);
    return;
  }
  const payload: CreateWikiPageOptions = { title, content_base64: encodeText(text) };
  if (opts.message !== undefined) payload.message = opts.message;
  const changed = await wiki.editPage(api, repo, path, payload).catch(failure({ action: `edit ${what}`, missing: what, within: { api, repo } }));
  ctx.term.success(`Edited ${what}${newPath !== path ? ` (now "${changed.title ?? title}")` : ''}`);
  if (ctx.output.kind !== 'view') await printRecord(ctx.io, ctx.output, withContent(changed), pageViewColumns);
}
