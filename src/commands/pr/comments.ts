// kettle pr comments [NUMBER] [--unresolved]: the line comments as conversations.
// kettle pr comments reply COMMENT-ID --body TEXT
// kettle pr comments resolve COMMENT-ID / unresolve COMMENT-ID
// A line comment's id alone does not say its pull request, and every endpoint
// but resolve wants it: GET /issues/comments/{id} answers only conversation
// comments (routers/api/v1/repo/issue_comment.go GetIssueComment: 204 for any
// other kind), so kettle looks among the pull requests updated last, or reads
// the pull request from the comment's web URL.
import { target } from '../../context/target.js';
import * as features from '../../api/gitea/actions-features.js';
import * as pulls from '../../api/gitea/pulls.js';
import * as reviews from '../../api/gitea/reviews.js';
import * as users from '../../api/gitea/users.js';
import type { ApiClient } from '../../api/client.js';
import { pageWindow } from '../../api/paginate.js';
import { hostOf } from '../../api/url.js';
import type { Context } from '../../context/context.js';
import { isWebUrl, numberOfUrl } from '../../context/locate.js';
import { fullName, type RepoRef } from '../../context/repo.js';
import { describeServer, type ServerInfo } from '../../context/server.js';
import { ApiError, KettleError, UsageError } from '../../errors.js';
import { printList, printRecord } from '../../output/printer.js';
import { failure } from '../failure.js';
import { readBody } from '../input.js';
import { webUrl } from '../records.js';
import { parseDiff } from './diff-lines.js';
import { resolvePull } from './shared.js';
import { reviewComments, type Thread, threadsOf, threadWith } from './threads.js';
import type { OptionsOf } from '../../spec/spec.js';
import type * as definition from './defs/comments.js';

export type CommentsOptions = OptionsOf<typeof definition.comments>;
export type ReplyOptions = OptionsOf<typeof definition.reply>;
export type ResolveOptions = OptionsOf<typeof definition.resolve>;

/** How many pull requests, updated last first, a comment given by id alone is looked for in. */
export const SEARCHED = 50;

const threadColumns = [
  { key: 'id', header: 'ID' },
  { key: 'path', header: 'FILE', flex: true },
  { key: 'line', header: 'LINE', get: (t: Record<string, unknown>) => (t.side === 'old' ? `${t.line} (old)` : t.line) },
  { key: 'state', header: 'STATE', kind: 'state' as const },
  { key: 'outdated', header: 'OUTDATED', get: (t: Record<string, unknown>) => (t.outdated === true ? 'yes' : t.outdated === false ? 'no' : '') },
  { key: 'comments', header: 'COMMENTS', get: (t: Record<string, unknown>) => (t.comments as unknown[]).length },
  { key: 'user', header: 'BY', get: (t: Record<string, unknown>) => (t.comments as Array<{ user?: { login?: string } }>)[0]?.user?.login ?? '' },
  { key: 'body', header: 'BODY', flex: true, get: (t: Record<string, unknown>) => (t.comments as Array<{ body?: string }>)[0]?.body ?? '' },
];

const commentColumns = [
  { key: 'id', header: 'ID' },
  { key: 'path', header: 'FILE' },
  { key: 'user.login', header: 'BY' },
  { key: 'html_url', header: 'URL' },
  { key: 'body', header: 'BODY' },
];

/** The conversations of a pull request, without other users' pending reviews (the web page hides them, from administrators too). */
async function threadsOfPull(api: ApiClient, repo: RepoRef, number: number, me: string | undefined, withDiff: boolean): Promise<Thread[]> {
  const found = await reviewComments(api, repo, number);
  const hidden = new Set(found.reviews.filter((r) => r.state === 'PENDING' && me !== undefined && r.user?.login?.toLowerCase() !== me.toLowerCase()).map((r) => r.id));
  const visible = { reviews: found.reviews, comments: found.comments.filter((c) => !hidden.has(c.pull_request_review_id)) };
  const files = withDiff ? parseDiff(await pulls.diff(api, repo, number)) : undefined;
  return threadsOf(visible, files);
}

export async function run(ctx: Context, opts: CommentsOptions): Promise<void> {
  const at = await target(ctx, { repo: opts.repo, numbers: opts.number, parentOfFork: true });
  const api = await at.api();
  const { number } = await resolvePull(ctx, api, at, opts.number);
  const what = `pull request #${number} in ${fullName(at.repo)}`;
  const attempt = { action: `read the line comments of ${what}`, missing: what, within: { api, repo: at.repo } };
  const me = await users.me(api).catch(failure(attempt));
  const threads = await threadsOfPull(api, at.repo, number, me.login, true).catch(failure(attempt));
  const shown = opts.unresolved ? threads.filter((t) => t.state !== 'resolved') : threads;
  await printList(ctx.io, ctx.output, shown, threadColumns, opts.unresolved ? `No unresolved line comments on ${what}` : `No line comments on ${what}`);
}

/** COMMENT-ID as given: an id, or a line comment's web URL (…/pulls/7/files#issuecomment-42), which names its pull request. */
export function commentRef(value: string): { id: number; number?: number; url?: string } {
  if (isWebUrl(value)) {
    const m = /#issuecomment-(\d{1,15})$/.exec(value.trim());
    const url = value.trim().replace(/\/files(?=[#?]|$)/, '');
    const number = numberOfUrl(url);
    if (!m || number === undefined) throw new UsageError(`invalid comment "${value}": a URL must end in /pulls/NUMBER/files#issuecomment-ID`);
    return { id: Number(m[1]), number, url };
  }
  const m = /^#?(\d{1,15})$/.exec(value.trim());
  if (!m || Number(m[1]) < 1) throw new UsageError(`invalid comment id "${value}": expected a number such as 42, or the comment's web URL`);
  return { id: Number(m[1]) };
}

interface Located {
  api: ApiClient;
  repo: RepoRef;
  server: ServerInfo;
  number: number;
  thread: Thread;
  id: number;
}

function serverLacks(api: ApiClient, server: ServerInfo, feature: features.Feature, what: string, hint = ''): void {
  if (features.offers(server, feature)) return;
  throw new features.NotOffered(feature, `${what} needs ${features.needs(feature)}; ${hostOf(api.root)} runs ${describeServer(server)}${hint}`);
}

/**
 * The conversation a line comment is in, and its pull request: from the URL,
 * or looked for among the SEARCHED pull requests updated last. `feature` is
 * checked before anything but the server's version is read.
 */
async function locate(ctx: Context, opts: { commentId: string; repo: string | undefined }, feature: features.Feature, what: string, hint = ''): Promise<Located> {
  const ref = commentRef(opts.commentId);
  const t = await target(ctx, { repo: opts.repo, numbers: ref.url, parentOfFork: true });
  const api = await t.api();
  const server = await t.server();
  serverLacks(api, server, feature, what, hint);
  const { repo } = t;
  const where = fullName(repo);
  const comment = `comment ${ref.id} in ${where}`;
  const attempt = { action: `find ${comment}`, missing: comment, within: { api, repo } };
  const me = await users.me(api).catch(failure(attempt));
  const look = async (number: number) => {
    const threads = await threadsOfPull(api, repo, number, me.login, false);
    const found = threadWith(threads, ref.id);
    return found ? { api, repo, server, number, thread: found.thread, id: ref.id } : undefined;
  };
  if (ref.number !== undefined) {
    const found = await look(ref.number).catch(failure({ ...attempt, missing: `pull request #${ref.number} in ${where}` }));
    if (!found) throw new KettleError(`pull request #${ref.number} in ${where} has no line comment ${ref.id}`);
    return found;
  }
  // A conversation comment is answered in full; a line comment (or any other kind) with 204; none with 404.
  const kind = await reviews.commentKind(api, repo, ref.id).catch((err: unknown) => {
    if (err instanceof ApiError && err.status === 404) throw err.withMessage(`${where} has no comment ${ref.id}`);
    return failure(attempt)(err);
  });
  if (kind === 'plain') throw new KettleError(`comment ${ref.id} in ${where} is a conversation comment, not a line comment; answer it with: kettle pr comment NUMBER -R ${where} --body TEXT`);
  let seen = 0;
  try {
    for await (const page of pulls.list(api, repo, pageWindow({ limit: SEARCHED }), { state: 'all', sort: 'recentupdate' })) {
      for (const pr of page) {
        if (typeof pr.number !== 'number' || seen >= SEARCHED) continue;
        seen++;
        const found = await look(pr.number);
        if (found) return found;
      }
      if (seen >= SEARCHED) break;
    }
  } catch (err) {
    return failure(attempt)(err);
  }
  const searched = seen === 1 ? 'the one pull request' : `the ${seen} pull requests`;
  throw new KettleError(`comment ${ref.id} is not a line comment of ${searched} of ${where} updated last; give its web URL (kettle pr comments NUMBER shows it)`);
}

export async function runReply(ctx: Context, opts: ReplyOptions): Promise<void> {
  const body = await readBody(ctx, opts);
  if (body === undefined) throw new UsageError('a reply needs a body: give --body TEXT or --body-file FILE');
  if (body.trim() === '') throw new UsageError('the body is empty; nothing was sent');
  const hint = '; there, a review comment on the same line joins its conversation: kettle pr review NUMBER --comment-on FILE:LINE --body TEXT --comment';
  const at = await locate(ctx, opts, 'commentReply', 'replying to a line comment', hint);
  const what = `comment ${at.id} on pull request #${at.number} in ${fullName(at.repo)}`;
  const attempt = { action: `reply to ${what}`, missing: what, within: { api: at.api, repo: at.repo } };
  const parent = at.thread.comments.find((c) => c.id === at.id) ?? at.thread.comments[0];
  if (at.thread.state === 'pending') throw new KettleError(`${what} is in a pending review, not yet sent; submit it first (kettle pr review submit ${at.number})`);
  // Gitea 1.27: the replies endpoint; Forgejo: a comment in the same review on the same line, as the web page's reply does.
  const made =
    at.server.flavour === 'gitea'
      ? await reviews.reply(at.api, at.repo, at.number, at.id, body).catch(failure(attempt))
      : await reviews
          .addComment(at.api, at.repo, at.number, parent?.pull_request_review_id ?? at.thread.review_id, {
            path: at.thread.path,
            body,
            ...(at.thread.side === 'new' ? { new_position: at.thread.line } : { old_position: at.thread.line }),
          })
          .catch(failure(attempt));
  ctx.term.success(`Replied to ${what}${webUrl(made)}`);
  await printRecord(ctx.io, ctx.output, made, commentColumns);
}

async function mark(ctx: Context, opts: ResolveOptions, resolved: boolean): Promise<void> {
  const verb = resolved ? 'resolve' : 'unresolve';
  const at = await locate(ctx, opts, 'commentResolve', `${verb === 'resolve' ? 'resolving' : 'unresolving'} a conversation`);
  const { thread } = at;
  const what = `the conversation on ${thread.path}:${thread.line}${thread.side === 'old' ? ':old' : ''} of pull request #${at.number} in ${fullName(at.repo)}`;
  if (thread.state === 'pending') throw new KettleError(`${what} is in a pending review, not yet sent; submit it first (kettle pr review submit ${at.number})`);
  if ((thread.state === 'resolved') === resolved) {
    ctx.term.info(`kettle: ${what} is ${resolved ? 'already resolved' : 'not resolved'}; nothing was changed`);
    return;
  }
  // The web page reads a conversation's state from its first comment: that is the one marked.
  await reviews
    .resolve(at.api, at.repo, thread.id, resolved)
    .catch(failure({ action: `${verb} ${what}`, missing: `comment ${thread.id} in ${fullName(at.repo)}`, within: { api: at.api, repo: at.repo } }));
  ctx.term.success(`${resolved ? 'Resolved' : 'Unresolved'} ${what}`);
}

export function runResolve(ctx: Context, opts: ResolveOptions): Promise<void> {
  return mark(ctx, opts, true);
}

export function runUnresolve(ctx: Context, opts: ResolveOptions): Promise<void> {
  return mark(ctx, opts, false);
}
