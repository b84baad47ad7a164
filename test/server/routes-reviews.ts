// A pull request's reviews and their line comments, as
// routers/api/v1/repo/pull_review.go answers them (Gitea 1.23.8 to 1.27.0,
// Forgejo 11.0.1 to 15.0.3): creating a review (pending, or with a verdict)
// with line comments, listing reviews and a review's comments, submitting and
// deleting a pending review, replying (Gitea 1.27; Forgejo through a comment
// added to a review), resolving (Gitea 1.26), and GET /issues/comments/{id}
// for a line comment.
import { HttpError, notFound, paginate } from './http.js';
import { type Call, flavorAtLeast, type Handler, obj, visibleRepo } from './routes.js';
import { extraOf, headSha, type LineComment, leaveReviewComment, pullOf, pullsData, type Review, reviewRecord } from './routes-pulls.js';
import { commentJson, recountComments, triage } from './routes-triage.js';
import type { Issue, Json, Repo } from './state.js';
import { tick } from './state.js';

function unprocessable(message: string): HttpError {
  return new HttpError(422, { message, url: '' });
}

/**
 * modules/git/diff.go CutDiffAroundLine with setting.UI.CodeCommentLines (4): a
 * hunk of at most 4 lines up to the commented one is kept whole, header and all;
 * a longer one is cut to its last 4 lines under a header counted back from the
 * line after the commented one (`oldAt`, `newAt`).
 */
function cut(header: string, lines: string[], oldAt: number, newAt: number): string {
  if (lines.length <= 4) return [header, ...lines].join('\n');
  const last = lines.slice(-4);
  let [oldBegin, newBegin, oldCount, newCount] = [oldAt, newAt, 0, 0];
  for (const line of last) {
    if (line[0] !== '+') {
      oldBegin--;
      oldCount++;
    }
    if (line[0] !== '-') {
      newBegin--;
      newCount++;
    }
  }
  return [`@@ -${oldBegin},${oldCount} +${newBegin},${newCount} @@`, ...last].join('\n');
}

/** The lines of a hunk up to a line of one side: what services/pull/review.go createCodeComment keeps as the comment's excerpt. */
function hunkUpTo(diff: string, path: string, line: number): string {
  const old = line < 0;
  const want = Math.abs(line);
  let inFile = false;
  let header = '';
  let body: string[] = [];
  let o = 0;
  let n = 0;
  for (const text of diff.split('\n')) {
    if (text.startsWith('diff --git ')) {
      inFile = text.endsWith(` b/${path}`) || text.includes(` a/${path} `);
      continue;
    }
    if (!inFile) continue;
    const h = /^@@ -(\d+)(?:,\d+)? \+(\d+)(?:,\d+)? @@/.exec(text);
    if (h) {
      header = text;
      body = [];
      o = Number(h[1]);
      n = Number(h[2]);
      continue;
    }
    if (header === '' || !/^[ +-]/.test(text) || text.startsWith('--- ') || text.startsWith('+++ ')) continue;
    body.push(text);
    const kind = text[0];
    const hitOld = kind !== '+' && o === want;
    const hitNew = kind !== '-' && n === want;
    if (kind !== '+') o++;
    if (kind !== '-') n++;
    if ((old && hitOld && kind !== '+') || (!old && hitNew)) return cut(header, body, o, n);
  }
  // Gitea 1.27 comments on a line outside the diff too (GeneratePatchForUnchangedLine); older servers keep no excerpt.
  return '';
}

function lineCommentJson(c: Call, l: LineComment, pr: Issue): Json {
  const repo = c.state.repoById(pr.repoId) as Repo;
  const page = `${c.state.webRoot}/${repo.owner}/${repo.name}/pulls/${pr.number}`;
  return {
    id: l.id,
    body: l.body,
    user: c.state.userJson(c.state.user(l.user) as never),
    resolver: l.resolver ? c.state.userJson(c.state.user(l.resolver) as never) : null,
    pull_request_review_id: l.reviewId,
    created_at: l.created_at,
    updated_at: l.created_at,
    path: l.path,
    commit_id: l.commitId,
    original_commit_id: '',
    diff_hunk: l.diffHunk,
    // convert.ToPullReviewComment: a line of the old side is original_position, of the new side position.
    position: Math.max(l.line, 0),
    original_position: l.line < 0 ? -l.line : 0,
    // models/issues/comment.go HTMLURL: a line comment of a pending review links to the files page, a sent one to the conversation.
    html_url: `${page}${pullsData(c.state).reviews.find((r) => r.id === l.reviewId)?.state === 'PENDING' ? '/files' : ''}#issuecomment-${l.id}`,
    pull_request_url: page,
  };
}

function addLineComment(c: Call, pr: Issue, review: Review, path: string, line: number, body: string): LineComment {
  const diff = extraOf(c.state, pr).diff ?? '';
  const comment: LineComment = {
    id: c.state.id(),
    reviewId: review.id,
    pullId: pr.id,
    user: c.user.login,
    path,
    line,
    body,
    diffHunk: hunkUpTo(diff, path, line),
    commitId: headSha(c.state, pr),
    created_at: tick(),
  };
  pullsData(c.state).lineComments.push(comment);
  // updateCommentInfos: a line comment in a review already submitted recounts the pull request's comments; in a pending one it does not.
  if (review.state !== 'PENDING') recountComments(c.state, pr.id);
  return comment;
}

/** models/issues/review.go GetCurrentReview: the user's pending review of the pull request. */
function currentReview(c: Call, pr: Issue): Review | undefined {
  return pullsData(c.state).reviews.find((r) => r.pullId === pr.id && r.user === c.user.login && r.state === 'PENDING');
}

const EVENTS = ['APPROVED', 'REQUEST_CHANGES', 'COMMENT'];

/**
 * preparePullReviewType: APPROVED and REQUEST_CHANGES are refused on one's own
 * pull request; REQUEST_CHANGES and a pending review need a body; COMMENT needs
 * a body or line comments. Any other event, none included, is a pending review
 * ("review event  requires a body" when there is no body: the event is "").
 */
function reviewType(c: Call, pr: Issue, event: string, body: string, hasComments: boolean): Review['state'] {
  const hasBody = body.trim() !== '';
  if (event === 'APPROVED' && pr.author === c.user.login) throw unprocessable('approve your own pull is not allowed');
  if (event === 'REQUEST_CHANGES' && pr.author === c.user.login) throw unprocessable('reject your own pull is not allowed');
  if (event === 'COMMENT') {
    if (!hasBody && !hasComments) throw unprocessable(`review event ${event} requires a body or a comment`);
    return 'COMMENT';
  }
  if (event === 'APPROVED') return 'APPROVED';
  if (!hasBody) throw unprocessable(`review event ${event} requires a body`);
  return event === 'REQUEST_CHANGES' ? 'REQUEST_CHANGES' : 'PENDING';
}

/** The user's review requests on the pull request go (their REQUEST_REVIEW reviews deleted). */
function clearRequests(c: Call, pr: Issue): void {
  const data = pullsData(c.state);
  data.reviews = data.reviews.filter((r) => !(r.pullId === pr.id && r.user === c.user.login && r.state === 'REQUEST_REVIEW'));
  const extra = extraOf(c.state, pr);
  extra.requested = extra.requested.filter((u) => u !== c.user.login);
}

/**
 * services/pull/review.go SubmitReview: the current pending review takes the
 * verdict and the body (replaced), or a new review is made. Gitea refuses an
 * approval or a request for changes on a closed pull request
 * (ErrSubmitReviewOnClosedPR, 422); Forgejo 11 to 15 have no such check.
 * models/issues/review.go: a new review that is no pending one clears the
 * user's review requests (CreateReview); a pending one submitted does so from
 * Gitea 1.26.4 only ("leftover review request"), never on Forgejo 11.
 */
function submitCurrent(c: Call, pr: Issue, state: Review['state'], body: string): Review {
  if (!c.flavor.forgejo && (state === 'APPROVED' || state === 'REQUEST_CHANGES') && pr.state !== 'open') throw unprocessable("can't submit review for a closed or merged PR");
  const review = currentReview(c, pr);
  if (review) {
    review.state = state;
    review.body = body;
    review.submitted_at = tick();
    if (state !== 'PENDING' && !c.flavor.forgejo && flavorAtLeast(c.flavor, '1.26.4')) clearRequests(c, pr);
    leaveReviewComment(c.state, review);
    return review;
  }
  if (state !== 'PENDING') clearRequests(c, pr);
  const made: Review = { id: c.state.id(), pullId: pr.id, user: c.user.login, state, body, submitted_at: tick() };
  pullsData(c.state).reviews.push(made);
  leaveReviewComment(c.state, made);
  return made;
}

// CreatePullReview: every line comment goes into the user's pending review (made when there is none:
// CreateCodeComment with pendingReview true, GetCurrentReview), then that review is submitted with the event.
// The comments' paths and lines are not checked against the diff.
const createReview: Handler = (c) => {
  const pr = pullOf(c);
  const body = obj(c.body);
  const event = typeof body.event === 'string' ? body.event : '';
  const text = typeof body.body === 'string' ? body.body : '';
  const comments = Array.isArray(body.comments) ? (body.comments as unknown[]).map((x) => obj(x)) : [];
  const state = reviewType(c, pr, event, text, comments.length > 0);
  if (comments.length > 0) {
    const review = currentReview(c, pr) ?? submitPending(c, pr);
    for (const x of comments) {
      const oldLine = typeof x.old_position === 'number' ? x.old_position : 0;
      const newLine = typeof x.new_position === 'number' ? x.new_position : 0;
      addLineComment(c, pr, review, typeof x.path === 'string' ? x.path : '', oldLine > 0 ? -oldLine : newLine, typeof x.body === 'string' ? x.body : '');
    }
  }
  const review = submitCurrent(c, pr, state, text);
  return { status: 200, body: reviewRecord(c, review, pr) };
};

function submitPending(c: Call, pr: Issue): Review {
  const made: Review = { id: c.state.id(), pullId: pr.id, user: c.user.login, state: 'PENDING', body: '', submitted_at: tick() };
  pullsData(c.state).reviews.push(made);
  return made;
}

/** services/convert/pull_review.go ToPullReviewList: a pending review only to its author, or an administrator. */
function visibleTo(c: Call, r: Review): boolean {
  return r.state !== 'PENDING' || r.user === c.user.login || c.user.admin === true;
}

const listReviews: Handler = (c) => {
  const pr = pullOf(c);
  const items = pullsData(c.state).reviews.filter((r) => r.pullId === pr.id && visibleTo(c, r));
  const page = paginate(items, c.query, c.url, c.paging);
  return { status: 200, body: page.items.map((r) => reviewRecord(c, r, pr)), headers: page.headers };
};

/** prepareSingleReview: the review must be the pull request's; another user's pending review is not found (but by an administrator). */
function reviewOf(c: Call): { pr: Issue; review: Review } {
  const pr = pullOf(c);
  const review = pullsData(c.state).reviews.find((r) => r.id === Number(c.params.id));
  if (!review || review.pullId !== pr.id || !visibleTo(c, review)) throw notFound(c.state.apiRoot);
  return { pr, review };
}

// GetPullReviewComments: ToPullReviewCommentList walks review.CodeComments, a map of paths to a map of lines,
// so the order of the lines is not kept; the comments on one line come oldest first (findCodeComments: by
// creation, then id; recorded from Gitea 1.27.0 and Forgejo 11.0.1, a comment and its reply). This answers the
// lines newest first, so that a client that counts on their order is caught.
const reviewComments: Handler = (c) => {
  const { pr, review } = reviewOf(c);
  const lines = new Map<string, LineComment[]>();
  for (const l of pullsData(c.state).lineComments.filter((x) => x.reviewId === review.id)) {
    const key = `${l.line}:${l.path}`;
    lines.set(key, [...(lines.get(key) ?? []), l]);
  }
  const newest = (group: LineComment[]) => Math.max(...group.map((l) => l.id));
  const list = [...lines.values()].sort((a, b) => newest(b) - newest(a)).flatMap((group) => group.sort((a, b) => a.created_at.localeCompare(b.created_at) || a.id - b.id));
  return { status: 200, body: list.map((l) => lineCommentJson(c, l, pr)) };
};

// SubmitPullReview: only a pending review (422); the verdict checked with len(review.Comments), a list never
// loaded there, so COMMENT needs a body even with line comments (recorded from Gitea 1.27.0); "review stay
// pending" for any event that is no verdict.
const submitReview: Handler = (c) => {
  const { pr, review } = reviewOf(c);
  if (review.state !== 'PENDING') throw unprocessable('only a pending review can be submitted');
  const body = obj(c.body);
  const event = typeof body.event === 'string' ? body.event : '';
  const text = typeof body.body === 'string' ? body.body : '';
  const state = reviewType(c, pr, event, text, false);
  if (state === 'PENDING' || !EVENTS.includes(event)) throw unprocessable('review stay pending');
  return { status: 200, body: reviewRecord(c, submitCurrent(c, pr, state, text), pr) };
};

// DeletePullReview: its author or an administrator; the review goes with its line comments.
const deleteReview: Handler = (c) => {
  const { review } = reviewOf(c);
  if (c.user.admin !== true && review.user !== c.user.login) {
    throw new HttpError(403, { message: c.flavor.forgejo ? 'only admin and user itself can delete a review' : 'no permission to delete comment', url: '' });
  }
  const data = pullsData(c.state);
  data.reviews = data.reviews.filter((r) => r.id !== review.id);
  data.lineComments = data.lineComments.filter((l) => l.reviewId !== review.id);
  // models/issues/review.go DeleteReview: its review comments go too, with no recount of the pull request's comments.
  const talk = triage(c.state);
  talk.reviewComments = talk.reviewComments.filter((x) => x.reviewId !== review.id);
  return { status: 204 };
};

/** GetCommentWithRepoID: a line comment of this repository, or 404. */
function lineCommentOf(c: Call, id = Number(c.params.id)): { comment: LineComment; pr: Issue } {
  const repo = visibleRepo(c);
  const comment = pullsData(c.state).lineComments.find((l) => l.id === id);
  const pr = comment ? c.state.issues.find((i) => i.id === comment.pullId) : undefined;
  if (!comment || !pr || pr.repoId !== repo.id) throw notFound(c.state.apiRoot);
  return { comment, pr };
}

// CreatePullReviewCommentReply (Gitea 1.27): the parent's pull request must be the one in the path (404), and
// the reply goes into the parent's review on the parent's line (CreateCodeComment with replyReviewID).
const replyToComment: Handler = (c) => {
  if (c.flavor.forgejo || !flavorAtLeast(c.flavor, '1.27')) throw notFound(c.state.apiRoot);
  const { comment, pr } = lineCommentOf(c);
  if (pr.number !== Number(c.params.index)) throw notFound(c.state.apiRoot);
  const review = pullsData(c.state).reviews.find((r) => r.id === comment.reviewId) as Review;
  const body = obj(c.body);
  const made = addLineComment(c, pr, review, comment.path, comment.line, typeof body.body === 'string' ? body.body : '');
  return { status: 201, body: lineCommentJson(c, made, pr) };
};

// Forgejo's CreatePullReviewComment (not routed by Gitea): a line comment added to a review, any review the
// user may see; old_position wins over new_position. 200.
const addReviewComment: Handler = (c) => {
  if (!c.flavor.forgejo) throw new HttpError(405, { message: 'Method Not Allowed', url: '' });
  const { pr, review } = reviewOf(c);
  const body = obj(c.body);
  const oldLine = typeof body.old_position === 'number' ? body.old_position : 0;
  const newLine = typeof body.new_position === 'number' ? body.new_position : 0;
  const made = addLineComment(c, pr, review, typeof body.path === 'string' ? body.path : '', oldLine > 0 ? -oldLine : newLine, typeof body.body === 'string' ? body.body : '');
  return { status: 200, body: lineCommentJson(c, made, pr) };
};

// ResolvePullReviewComment / UnresolvePullReviewComment (Gitea 1.26): a line comment of the repository (404;
// a conversation comment is 400 "comment is not a review comment"), marked by the pull request's poster or a
// writer (issues_model.CanMarkConversation, 403 otherwise); already so is 204 too (MarkConversation).
function markConversation(resolved: boolean): Handler {
  return (c) => {
    if (c.flavor.forgejo || !flavorAtLeast(c.flavor, '1.26')) throw notFound(c.state.apiRoot);
    const repo = visibleRepo(c);
    const id = Number(c.params.id);
    if (triage(c.state).comments.some((x) => x.id === id)) throw new HttpError(400, { message: 'comment is not a review comment', url: '' });
    const { comment, pr } = lineCommentOf(c, id);
    if (pr.author !== c.user.login && !c.state.canWrite(c.user.login, repo)) throw new HttpError(403, { message: 'user should have permission to resolve comment', url: '' });
    if (resolved) comment.resolver ??= c.user.login;
    else delete comment.resolver;
    return { status: 204 };
  };
}

// GetIssueComment answers only conversation comments: any other kind, a line comment included, is 204.
const getComment: Handler = (c) => {
  const repo = visibleRepo(c);
  const id = Number(c.params.id);
  if (pullsData(c.state).lineComments.some((l) => l.id === id)) {
    lineCommentOf(c, id);
    return { status: 204 };
  }
  const plain = triage(c.state).comments.find((x) => x.id === id);
  const issue = plain ? c.state.issues.find((i) => i.id === plain.issueId) : undefined;
  if (!plain || !issue || issue.repoId !== repo.id) throw notFound(c.state.apiRoot);
  return { status: 200, body: commentJson(c.state, plain) };
};

export const REVIEW_ROUTES: Array<[string, string, Handler]> = [
  ['GET', '/repos/:owner/:repo/pulls/:index/reviews', listReviews],
  ['POST', '/repos/:owner/:repo/pulls/:index/reviews', createReview],
  ['GET', '/repos/:owner/:repo/pulls/:index/reviews/:id/comments', reviewComments],
  ['POST', '/repos/:owner/:repo/pulls/:index/reviews/:id/comments', addReviewComment],
  ['POST', '/repos/:owner/:repo/pulls/:index/reviews/:id', submitReview],
  ['DELETE', '/repos/:owner/:repo/pulls/:index/reviews/:id', deleteReview],
  ['POST', '/repos/:owner/:repo/pulls/:index/comments/:id/replies', replyToComment],
  ['POST', '/repos/:owner/:repo/pulls/comments/:id/resolve', markConversation(true)],
  ['POST', '/repos/:owner/:repo/pulls/comments/:id/unresolve', markConversation(false)],
  ['GET', '/repos/:owner/:repo/issues/comments/:id', getComment],
];
