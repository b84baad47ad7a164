// kettle wiki create PAGE [--body TEXT | --body-file FILE|-] [--message TEXT]
import { target } from '../../context/target.js';
import * as wiki from '../../api/gitea/wiki.js';
import type { CreateWikiPageOptions } from '../../api/gitea/types.js';
import type { Context } from '../../context/context.js';
import { canPrompt } from '../../io.js';
import { fullName } from '../../context/repo.js';
import { KettleError, UsageError } from '../../errors.js';
import { printRecord } from '../../output/printer.js';
import { failure } from '../failure.js';
import { askBody, readBody } from '../input.js';
import { encodeText, lookUpPage, pageViewColumns, withContent } from './shared.js';
import type { OptionsOf } from '../../spec/spec.js';
import type * as definition from './defs/create.js';

export type CreateOptions = OptionsOf<typeof definition.create>;

/** services/wiki reservedWikiNames: the servers refuse these as a page (400). */
const RESERVED = ['_pages', '_new', '_edit', 'raw'];

export async function run(ctx: Context, opts: CreateOptions): Promise<void> {
  const title = opts.page.trim();
  const path = wiki.webPathOf(title);
  if (RESERVED.includes(title)) throw new UsageError(`"${title}" is reserved by the servers' wiki; choose another page name`);
  if (opts.message !== undefined && opts.message.trim() === '') throw new UsageError('--message must not be empty');
  const at = await target(ctx, { repo: opts.repo });
  const { repo } = at;
  const where = fullName(repo);
  const given = await readBody(ctx, opts);
  const body = given ?? (canPrompt(ctx.io) ? await askBody(ctx, `${path.replace(/[^A-Za-z0-9._-]/g, '_')}.md`) : undefined) ?? '';
  const api = await at.api();
  const fail = failure({ action: `create wiki page "${title}" in ${where}`, missing: `repository ${where}`, within: { api, repo } });
  // The servers answer a page that exists with a 400 naming its file; said here with its title, before sending.
  const existing = await lookUpPage(api, repo, title).catch(fail);
  if (existing && existing.path === path) throw new KettleError(`${where} already has a wiki page "${existing.page.title ?? title}"; nothing was created (change it with \`kettle wiki edit\`)`);
  const payload: CreateWikiPageOptions = { title, content_base64: encodeText(body) };
  if (opts.message !== undefined) payload.message = opts.message;
  const made = await wiki.createPage(api, repo, payload).catch(fail);
  ctx.term.success(`Created wiki page "${made.title ?? title}" in ${where}${made.html_url ? ` ${made.html_url}` : ''}`);
  if (ctx.output.kind !== 'view') await printRecord(ctx.io, ctx.output, withContent(made), pageViewColumns);
}
