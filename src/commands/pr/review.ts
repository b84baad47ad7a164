// kettle pr review NUMBER (--approve | --request-changes | --comment) [--body …]
import { target } from '../../context/target.js';
import * as pulls from '../../api/gitea/pulls.js';
import type { Context } from '../../context/context.js';
import { canPrompt } from '../../io.js';
import { ask } from '../../context/prompt.js';
import { fullName } from '../../context/repo.js';
import { UsageError } from '../../errors.js';
import { printRecord } from '../../output/printer.js';
import { failure } from '../failure.js';
import { readBody } from '../input.js';
import { webUrl } from '../records.js';
import { prNumber } from './shared.js';
import type { OptionsOf } from '../../spec/spec.js';
import type * as definition from './defs/review.js';

export type ReviewOptions = OptionsOf<typeof definition.review>;

const EVENTS = { approve: 'APPROVED', requestChanges: 'REQUEST_CHANGES', comment: 'COMMENT' } as const;
const DONE = { APPROVED: 'Approved', REQUEST_CHANGES: 'Requested changes on', COMMENT: 'Reviewed' } as const;

const reviewColumns = [
  { key: 'id', header: 'ID' },
  { key: 'state', header: 'STATE' },
  { key: 'user.login', header: 'REVIEWER' },
  { key: 'html_url', header: 'URL' },
  { key: 'body', header: 'BODY' },
];

export async function run(ctx: Context, opts: ReviewOptions): Promise<void> {
  const number = prNumber(opts.number);
  const chosen = (Object.keys(EVENTS) as Array<keyof typeof EVENTS>).filter((k) => opts[k]);
  if (chosen.length !== 1) {
    throw new UsageError(chosen.length === 0 ? 'say what the review is: --approve, --request-changes or --comment' : 'give only one of --approve, --request-changes and --comment');
  }
  const event = EVENTS[chosen[0] as keyof typeof EVENTS];
  let body = await readBody(ctx, opts);
  if (body !== undefined && body.trim() === '' && event !== 'APPROVED') throw new UsageError('the body is empty; nothing was sent');
  if (body === undefined && event !== 'APPROVED') {
    const flag = event === 'COMMENT' ? '--comment' : '--request-changes';
    if (!canPrompt(ctx.io)) throw new UsageError(`${flag} needs a body: give --body TEXT or --body-file FILE`);
    body = await ask(ctx.io, '--body', { message: event === 'COMMENT' ? 'Review comment' : 'What should change?' });
  }
  const at = await target(ctx, { repo: opts.repo, numbers: opts.number, parentOfFork: true });
  const { repo } = at;
  const api = await at.api();
  const what = `pull request #${number} in ${fullName(repo)}`;
  const review = await pulls.createReview(api, repo, number, { event, ...(body !== undefined ? { body } : {}) }).catch(failure({ action: `review ${what}`, missing: what, within: { api, repo } }));
  ctx.term.success(`${DONE[event]} ${what}${webUrl(review)}`);
  await printRecord(ctx.io, ctx.output, review, reviewColumns);
}
