// What kettle status asks each server: who you are, your unread threads (and
// how many there are), the open issues assigned to you, the open pull
// requests waiting for your review and your own, each of these with its
// head commit's check state. One server's requests go out together.
import * as notifications from '../../api/gitea/notifications.js';
import * as pulls from '../../api/gitea/pulls.js';
import * as repos from '../../api/gitea/repos.js';
import * as search from '../../api/gitea/search.js';
import * as users from '../../api/gitea/users.js';
import type { ApiClient } from '../../api/client.js';
import { pageWindow } from '../../api/paginate.js';
import type { Issue } from '../../api/gitea/types.js';
import { MANY_AT_ONCE } from '../many.js';
import { checkState } from '../pr/show.js';

/** Records a section shows: enough to act on, as gh's status does. */
export const PER_SECTION = 30;

export type WithChecks = Issue & { checks: string };

export interface ServerView {
  user: string;
  /** Unread threads in all (the list holds at most PER_SECTION). */
  unread: number;
  notifications: notifications.NotificationThread[];
  assigned: Issue[];
  review_requested: Issue[];
  created: WithChecks[];
}

async function collect<T>(pages: AsyncIterable<readonly T[]>): Promise<T[]> {
  const out: T[] = [];
  for await (const page of pages) out.push(...page);
  return out;
}

/** Run `act` on each item, a few at a time, answers in the items' order. */
async function few<T, R>(items: readonly T[], act: (item: T) => Promise<R>): Promise<R[]> {
  const out: R[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      out[i] = await act(items[i] as T);
    }
  };
  await Promise.all(Array.from({ length: Math.min(MANY_AT_ONCE, items.length) }, worker));
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

export async function gather(api: ApiClient): Promise<ServerView> {
  const window = pageWindow({ limit: PER_SECTION });
  const involving = (flags: Record<string, string | boolean>) => collect(search.issues(api, window, { state: 'open', ...flags }));
  const [me, count, threads, assigned, review, created] = await Promise.all([
    users.me(api),
    notifications.unreadCount(api),
    collect(notifications.list(api, window, { statuses: ['unread'] })),
    involving({ type: 'issues', assigned: true }),
    involving({ type: 'pulls', review_requested: true }),
    involving({ type: 'pulls', created: true }),
  ]);
  const withChecks = await few(created, async (issue) => ({ ...issue, checks: await checksOf(api, issue) }));
  return {
    user: me.login ?? '',
    unread: count ?? threads.length,
    notifications: threads,
    assigned,
    review_requested: review,
    created: withChecks,
  };
}
