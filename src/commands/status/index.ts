// kettle status: one view of every server you have a login for.
import { type TopDef, verb } from '../../spec/spec.js';

const statusVerb = verb({
  name: 'status',
  summary: 'Show, for every stored login at once, your unread notifications, assigned issues, review requests and open pull requests',
  output: true,
  examples: [
    'kettle status',
    'kettle status --login work --login codeberg',
    'kettle status --json --jq \'to_entries[] | "\\(.key): \\(.value.notifications | length) unread"\'',
    'kettle status | grep review_requested',
  ],
  notes: `
Every stored login is asked at once (--login, repeatable, names the ones to
show; KETTLE_URL and KETTLE_TOKEN, when set, name the one server). A server
that fails is one line in its own section; the others are shown all the same
and kettle exits 1 (4 when every one of them refused the credentials). A read
that fails within a server (a section, the unread count, a pull request's
check state) is marked in its section and named on stderr; the rest is shown,
and kettle exits 1.
Piped: tab-separated rows, the login's name first, then the section
(notifications, assigned, review_requested, created), the repository, the
number (a thread's id for notifications), the title, the update time, and the
subject type or the check state. --json: an object keyed by login name, each
{"server", "user", "notifications", "assigned", "review_requested", "created"}
(or {"server", "error"} for a server that failed; "incomplete": [{"read",
"error"}] added for one read in part, what was not read null).
`,
  load: () => import('./status.js'),
});

export const status = { section: 'Inbox:', verb: statusVerb } satisfies TopDef;

// For the verbs' options types (OptionsOf): erased from the bundle.
export type { statusVerb };
