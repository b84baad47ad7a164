// Webhook events as each server's API takes and shows them.
//
// A server stores one switch per event. Its hook create and edit read some
// names from `events` (a grouped name such as `issues` sets every issue switch;
// `issues_only` sets the one switch) and drop every other name without a word;
// its edit leaves some switches as they are whatever is sent; and it shows the
// switches back under names of its own (Gitea before 1.24 and Forgejo show the
// review switch as pull_request_review_approved and _rejected). kettle works
// on the switches: what the user names, what the hook has, what it should have.
import { atLeast, describeServer, type ServerInfo } from '../../context/server.js';

/** Switches every server of the family has, and reads on create and edit alike. */
const COMMON = [
  'create',
  'delete',
  'fork',
  'push',
  'issues',
  'issue_assign',
  'issue_label',
  'issue_milestone',
  'issue_comment',
  'pull_request',
  'pull_request_assign',
  'pull_request_label',
  'pull_request_milestone',
  'pull_request_comment',
  'pull_request_review',
  'pull_request_review_request',
  'pull_request_sync',
  'wiki',
  'repository',
  'release',
] as const;

const ISSUE_SWITCHES = ['issues', 'issue_assign', 'issue_label', 'issue_milestone', 'issue_comment'];
const PULL_SWITCHES = [
  'pull_request',
  'pull_request_assign',
  'pull_request_label',
  'pull_request_milestone',
  'pull_request_comment',
  'pull_request_review',
  'pull_request_review_request',
  'pull_request_sync',
];

/** Names that stand for more than one switch, or for a switch of another name. */
const GROUPS: Record<string, string[]> = {
  issues: ISSUE_SWITCHES,
  issues_only: ['issues'],
  pull_request: PULL_SWITCHES,
  pull_request_only: ['pull_request'],
};

export interface EventRules {
  /** Who this is, for messages: "Gitea 1.23.8". */
  server: string;
  /** Switches a new hook can have (its create reads them). */
  create: string[];
  /** Switches an edit sets from what it is sent. */
  edit: string[];
  /** Switches an edit leaves as they were, whatever it is sent. */
  keptOnEdit: string[];
}

/**
 * What a server's hook create and edit read. Gitea: routers/api/v1/utils/hook.go
 * addHook and editHook (1.23: the edit skips package and status; 1.24: one
 * updateHookEvents for both, with workflow_job; 1.25: workflow_run). Forgejo:
 * the same file (11: package is never read; 14: the create reads package and
 * the action_run_* events, the edit still does not).
 */
export function eventRules(info: ServerInfo): EventRules {
  const server = describeServer(info);
  const common: string[] = [...COMMON];
  if (info.flavour === 'gitea') {
    if (!atLeast(info, 'gitea', '1.24')) return { server, create: [...common, 'package', 'status'], edit: common, keptOnEdit: ['package', 'status'] };
    const all = [...common, 'package', 'status', 'workflow_job', ...(atLeast(info, 'gitea', '1.25') ? ['workflow_run'] : [])];
    return { server, create: all, edit: all, keptOnEdit: [] };
  }
  if (!atLeast(info, 'forgejo', '14')) return { server, create: common, edit: common, keptOnEdit: [] };
  const later = ['package', 'action_run_failure', 'action_run_recover', 'action_run_success'];
  return { server, create: [...common, ...later], edit: common, keptOnEdit: later };
}

/** Every name some server of the family takes: a name outside it is refused before any request. */
export const ANY_SERVER_EVENTS: readonly string[] = [
  ...COMMON,
  'issues_only',
  'pull_request_only',
  'package',
  'status',
  'workflow_job',
  'workflow_run',
  'action_run_failure',
  'action_run_recover',
  'action_run_success',
];

/** The names a user may give for switches in `among`: their own names and the groups whose switches are all there. */
export function namesFor(among: readonly string[]): string[] {
  const groups = Object.entries(GROUPS)
    .filter(([, set]) => set.every((s) => among.includes(s)))
    .map(([name]) => name);
  return [...new Set([...among, ...groups])];
}

/** The switches a name a user gave stands for. */
export function switchesOf(name: string): string[] {
  return GROUPS[name] ?? [name];
}

/**
 * The switches a hook has, from the names a server shows. Older servers show
 * the review switch as _approved and _rejected, and a review_comment that
 * only mirrors pull_request_comment (models/webhook/webhook.go EventCheckers).
 */
export function switchesShown(events: readonly string[]): Set<string> {
  const out = new Set<string>();
  for (const e of events) {
    if (e === 'pull_request_review_approved' || e === 'pull_request_review_rejected') out.add('pull_request_review');
    else if (e === 'pull_request_review_comment') continue;
    else out.add(e);
  }
  return out;
}

/** The names that set exactly these switches and no others (issues and pull_request stand for groups: their _only names). */
export function namesToSend(switches: Iterable<string>, readable: readonly string[]): string[] {
  const out: string[] = [];
  for (const s of switches) {
    if (!readable.includes(s)) continue;
    out.push(s === 'issues' ? 'issues_only' : s === 'pull_request' ? 'pull_request_only' : s);
  }
  return out;
}

/** The switches in a, not in b, in a's order. */
export function minus(a: Iterable<string>, b: Set<string>): string[] {
  return [...a].filter((x) => !b.has(x));
}
