// What kettle status asks each server: who you are, your unread threads (and
// how many there are), the open issues assigned to you, the open pull
// requests waiting for your review and your own, each of these with its
// head commit's check state. One server's requests go out together. Who you
// are is the one read the view cannot do without; any other that fails is
// marked as not read, and the rest is shown all the same.
import * as notifications from '../../api/gitea/notifications.js';
import * as pulls from '../../api/gitea/pulls.js';
import * as repos from '../../api/gitea/repos.js';
import * as search from '../../api/gitea/search.js';
import * as users from '../../api/gitea/users.js';
import type { ApiClient } from '../../api/client.js';
import { fewAtOnce } from '../../api/in-flight.js';
import { pageWindow } from '../../api/paginate.js';
import type { Issue } from '../../api/gitea/types.js';
import { checkState } from '../commit-status.js';

/** Records a section shows: enough to act on, as gh's status does. */
export const PER_SECTION = 30;

/** A pull request with its head commit's check state; null when that could not be read. */
export type WithChecks = Issue & { checks: string | null };

export const SECTIONS = ['notifications', 'assigned', 'review_requested', 'created'] as const;
export type Section = (typeof SECTIONS)[number];

/** A read that failed: what it was, as said to the user ("review requests", "checks of alice/teapot#3"), the section it belongs to, and why. */
export interface MissedRead {
  read: string;
  section: Section;
  error: unknown;
}

export interface ServerView {
  user: string;
  /** Unread threads in all (the list holds at most PER_SECTION); undefined when the count could not be read. */
  unread: number | undefined;
  /** Each section's records; null for one that could not be read. */
  notifications: notifications.NotificationThread[] | null;
  assigned: Issue[] | null;
  review_requested: Issue[] | null;
  created: WithChecks[] | null;
  /** The reads that failed, in the order of the view. */
  missed: MissedRead[];
}

async function collect<T>(pages: AsyncIterable<readonly T[]>): Promise<T[]> {
  const out: T[] = [];
  for await (const page of pages) out.push(...page);
  return out;
}

/** owner/name of an issue record's repository. */
function repoOf(issue: Issue): { owner: string; name: string } | undefined {
  const full = issue.repository?.full_name ?? '';
  const slash = full.indexOf('/');
  return slash > 0 ? { owner: full.slice(0, slash), name: full.slice(slash + 1) } : undefined;
}

/** The check state of a pull request's head commit: success, pending, failure, error, or none. */
async function checksOf(api: ApiClient, issue: Issue): Promise<string> {
  const repo = repoOf(issue);
  if (!repo || issue.number === undefined) return 'none';
  const pr = await pulls.get(api, repo, issue.number);
  const sha = pr.head?.sha;
  if (!sha) return 'none';
  return checkState(await repos.combinedStatus(api, repo, sha));
}

type Settled<T> = { ok: true; value: T } | { ok: false; error: unknown };

/** A read's outcome as a value: one that fails leaves the others standing. */
const settle = <T>(read: Promise<T>): Promise<Settled<T>> =>
  read.then(
    (value) => ({ ok: true as const, value }),
    (error: unknown) => ({ ok: false as const, error }),
  );

export async function gather(api: ApiClient): Promise<ServerView> {
  const window = pageWindow({ limit: PER_SECTION });
  const involving = (flags: Record<string, string | boolean>) => settle(collect(search.issues(api, window, { state: 'open', ...flags })));
  const [me, count, threads, assigned, review, created] = await Promise.all([
    users.me(api),
    settle(notifications.unreadCount(api)),
    settle(collect(notifications.list(api, window, { statuses: ['unread'] }))),
    involving({ type: 'issues', assigned: true }),
    involving({ type: 'pulls', review_requested: true }),
    involving({ type: 'pulls', created: true }),
  ]);
  const missed: MissedRead[] = [];
  const readOrMark = <T>(result: Settled<T>, read: string, section: Section): T | null => {
    if (result.ok) return result.value;
    missed.push({ read, section, error: result.error });
    return null;
  };
  const unread = readOrMark(count, 'the unread count', 'notifications');
  const list = readOrMark(threads, 'notifications', 'notifications');
  const view = {
    assigned: readOrMark(assigned, 'assigned issues', 'assigned'),
    review_requested: readOrMark(review, 'review requests', 'review_requested'),
  };
  const mine = readOrMark(created, 'your pull requests', 'created');
  const checks = mine === null ? [] : await fewAtOnce(mine, (issue) => settle(checksOf(api, issue)));
  const withChecks = mine?.map((issue, i): WithChecks => {
    const state = checks[i] as Settled<string>;
    return { ...issue, checks: readOrMark(state, `checks of ${issue.repository?.full_name ?? ''}#${issue.number ?? ''}`, 'created') };
  });
  return {
    user: me.login ?? '',
    unread: unread === null ? undefined : (unread ?? list?.length),
    notifications: list,
    ...view,
    created: withChecks ?? null,
    missed,
  };
}
