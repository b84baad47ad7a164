// kettle wiki view PAGE [--revision SHA]
// The API serves a page only as it is now; an earlier revision is read from
// the wiki's git repository (OWNER/NAME.wiki.git), fetched into a temporary
// folder with kettle's own credential helper, and the folder removed after.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { target } from '../../context/target.js';
import * as repos from '../../api/gitea/repos.js';
import * as wiki from '../../api/gitea/wiki.js';
import type { Context } from '../../context/context.js';
import { git, gitReason, helperLine } from '../../context/git.js';
import { fullName } from '../../context/repo.js';
import { KettleError, UsageError } from '../../errors.js';
import { printRecord, printText } from '../../output/printer.js';
import { visibleControls } from '../../text/controls.js';
import { failure } from '../failure.js';
import { findPage, pageViewColumns, withContent } from './shared.js';
import type { OptionsOf } from '../../spec/spec.js';
import type * as definition from './defs/view.js';

export type ViewOptions = OptionsOf<typeof definition.view>;

/** The most revisions read to find the one --revision names. */
const MOST_REVISIONS = 5000;

export async function run(ctx: Context, opts: ViewOptions): Promise<void> {
  const revision = opts.revision?.trim();
  if (revision !== undefined && !/^[0-9a-f]{4,64}$/i.test(revision)) throw new UsageError(`--revision takes a commit SHA (4 to 64 hexadecimal digits), not "${opts.revision}"`);
  const at = await target(ctx, { repo: opts.repo });
  const { repo } = at;
  const api = await at.api();
  const { path, page } = await findPage(api, repo, opts.page, 'read');
  let shown = withContent(page);
  if (revision !== undefined) {
    const what = `wiki page "${page.title ?? opts.page}" in ${fullName(repo)}`;
    let sha: string | undefined;
    for await (const commits of wiki.revisions(api, repo, path, MOST_REVISIONS)) {
      sha = commits.find((c) => c.sha?.toLowerCase().startsWith(revision.toLowerCase()))?.sha;
      if (sha) break;
    }
    if (!sha) throw new KettleError(`${revision} is no revision of ${what} (\`kettle wiki revisions\` lists them)`);
    const record = await repos.get(api, repo).catch(failure({ action: `read ${fullName(repo)}`, missing: `repository ${fullName(repo)}` }));
    const cloneUrl = String(record.clone_url ?? '').replace(/(\.git)?$/, '.wiki.git');
    const text = await readAtRevision(ctx, cloneUrl, sha, wiki.gitPathOf(path));
    shown = { ...shown, content: text, content_base64: Buffer.from(text, 'utf8').toString('base64'), last_commit: { sha } };
  }
  if (ctx.output.kind !== 'view') return printRecord(ctx.io, ctx.output, shown, pageViewColumns);
  const text = shown.content.endsWith('\n') || shown.content === '' ? shown.content : `${shown.content}\n`;
  printText(ctx.io, ctx.io.stdoutIsTTY ? visibleControls(text) : text);
}

/** The file at a commit of the wiki's repository, fetched over HTTP with kettle's credentials. */
async function readAtRevision(ctx: Context, url: string, sha: string, file: string): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'kettle-wiki-'));
  // Only kettle's own helper answers, and git never asks on the terminal.
  const env = { ...ctx.io.env, GIT_TERMINAL_PROMPT: '0' };
  const helper = ['-c', 'credential.helper=', '-c', `credential.helper=${helperLine(ctx.io.self)}`];
  try {
    const init = await git(dir, env, ['init', '--bare', '--quiet', dir]);
    if (init.code !== 0) throw new KettleError(`cannot read the wiki with git: ${gitReason(init)}`);
    const fetched = await git(dir, env, [...helper, 'fetch', '--quiet', '--no-tags', '--', url, '+refs/heads/*:refs/heads/*']);
    if (fetched.code !== 0) throw new KettleError(`cannot fetch the wiki's repository ${url}: ${gitReason(fetched)}`);
    const shown = await git(dir, env, ['cat-file', 'blob', `${sha}:${file}`]);
    if (shown.code !== 0) throw new KettleError(`the page's file ${file} is not in commit ${sha.slice(0, 10)}: ${gitReason(shown)}`);
    return shown.stdout;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
