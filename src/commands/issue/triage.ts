// kettle issue pin / unpin / lock / unlock / subscribe / unsubscribe NUMBER.
// Each reads the issue first (its pin_order, is_locked, or the subscription
// check): what is already so is a note and nothing is sent (part two's rule).
import { target } from '../../context/target.js';
import * as issues from '../../api/gitea/issues.js';
import * as users from '../../api/gitea/users.js';
import type { ApiClient } from '../../api/client.js';
import type { Issue } from '../../api/gitea/types.js';
import type { Context } from '../../context/context.js';
import { fullName, type RepoRef } from '../../context/repo.js';
import { ApiError, KettleError } from '../../errors.js';
import { failure } from '../failure.js';
import { parseNumberArg } from '../input.js';
import { connect, requireFeature } from '../runs.js';
import type { OptionsOf } from '../../spec/spec.js';
import type * as definition from './defs/triage.js';

export type TriageOptions = OptionsOf<typeof definition.pin>;
export type LockOptions = OptionsOf<typeof definition.lock>;

interface Place {
  ctx: Context;
  api: ApiClient;
  repo: RepoRef;
  number: number;
  what: string;
}

async function place(ctx: Context, opts: TriageOptions, feature?: 'issueLock', verb = ''): Promise<Place> {
  const number = parseNumberArg(opts.number, 'issue number');
  const t = await target(ctx, { repo: opts.repo, numbers: opts.number });
  const { repo } = t;
  let api: ApiClient;
  if (feature) {
    const at = await connect(t);
    requireFeature(at, feature, `kettle issue ${verb}`);
    api = at.api;
  } else {
    api = await t.api();
  }
  return { ctx, api, repo, number, what: `issue #${number} in ${fullName(repo)}` };
}

function read(at: Place, action: string): Promise<Issue> {
  return issues.get(at.api, at.repo, at.number).catch(failure({ action: `${action} ${at.what}`, missing: at.what, within: { api: at.api, repo: at.repo } }));
}

function nothingToDo(at: Place, state: string): void {
  at.ctx.term.info(`kettle: ${at.what} is ${state}; nothing was changed`);
}

const capital = (s: string) => `${s.charAt(0).toUpperCase()}${s.slice(1)}`;

export async function runPin(ctx: Context, opts: TriageOptions): Promise<void> {
  const at = await place(ctx, opts);
  const attempt = { action: `pin ${at.what}`, missing: at.what, within: { api: at.api, repo: at.repo } };
  if (((await read(at, 'pin')).pin_order ?? 0) > 0) return nothingToDo(at, 'already pinned');
  await issues.pin(at.api, at.repo, at.number).catch(async (err: unknown) => {
    // The servers' limit (setting.Repository.Issue.MaxPinned, 3 unless set) comes back as a 500 with no
    // reason a user sees (issue_pin.go PinIssue answers ErrIssueMaxPinReached from Pin as an internal
    // error): ask which issues hold the pins, and say so.
    if (err instanceof ApiError && err.status === 500) {
      const held = await issues.pinned(at.api, at.repo).catch(() => undefined);
      if (held && held.length > 0 && !held.some((i) => i.number === at.number)) {
        const numbers = held.map((i) => `#${i.number}`).join(', ');
        throw new KettleError(
          `cannot pin ${at.what}: the server refused, and ${held.length} issues are pinned already (${numbers}), the most it allows unless configured otherwise (3 by default, [repository.issue] MAX_PINNED); unpin one first`,
        );
      }
    }
    return failure(attempt)(err);
  });
  ctx.term.success(`Pinned ${at.what}`);
}

export async function runUnpin(ctx: Context, opts: TriageOptions): Promise<void> {
  const at = await place(ctx, opts);
  if (((await read(at, 'unpin')).pin_order ?? 0) <= 0) return nothingToDo(at, 'not pinned');
  await issues.unpin(at.api, at.repo, at.number).catch(failure({ action: `unpin ${at.what}`, missing: at.what, within: { api: at.api, repo: at.repo } }));
  ctx.term.success(`Unpinned ${at.what}`);
}

export async function runLock(ctx: Context, opts: LockOptions): Promise<void> {
  const at = await place(ctx, opts, 'issueLock', 'lock');
  if ((await read(at, 'lock')).is_locked === true) return nothingToDo(at, 'already locked');
  await issues.lock(at.api, at.repo, at.number, opts.reason).catch(failure({ action: `lock ${at.what}`, missing: at.what, within: { api: at.api, repo: at.repo } }));
  ctx.term.success(`Locked ${at.what}${opts.reason ? ` (${opts.reason})` : ''}`);
}

export async function runUnlock(ctx: Context, opts: TriageOptions): Promise<void> {
  const at = await place(ctx, opts, 'issueLock', 'unlock');
  if ((await read(at, 'unlock')).is_locked !== true) return nothingToDo(at, 'not locked');
  await issues.unlock(at.api, at.repo, at.number).catch(failure({ action: `unlock ${at.what}`, missing: at.what, within: { api: at.api, repo: at.repo } }));
  ctx.term.success(`Unlocked ${at.what}`);
}

async function subscription(ctx: Context, opts: TriageOptions, watch: boolean): Promise<void> {
  const at = await place(ctx, opts);
  const verb = watch ? 'subscribe to' : 'unsubscribe from';
  const attempt = { action: `${verb} ${at.what}`, missing: at.what, within: { api: at.api, repo: at.repo } };
  // issue_subscription.go CheckIssueSubscription: an explicit choice, else watching the repository or taking part.
  const subscribed = await issues.isSubscribed(at.api, at.repo, at.number).catch(failure(attempt));
  if (subscribed === watch) {
    ctx.term.info(`kettle: you are ${watch ? 'already subscribed to' : 'not subscribed to'} ${at.what}; nothing was changed`);
    return;
  }
  // The user in the path is the caller (as --sudo makes it): the server lets only an administrator name another.
  const me = await users.me(at.api).catch(failure(attempt));
  await issues.setSubscription(at.api, at.repo, at.number, me.login ?? '', watch).catch(failure(attempt));
  ctx.term.success(`${capital(watch ? 'subscribed to' : 'unsubscribed from')} ${at.what}`);
}

export const runSubscribe = (ctx: Context, opts: TriageOptions) => subscription(ctx, opts, true);
export const runUnsubscribe = (ctx: Context, opts: TriageOptions) => subscription(ctx, opts, false);
