// kettle pr create: definition.
import { bodyFlags, repoFlag, webFlag } from '../../../spec/flags.js';
import { bool, list, text, verb } from '../../../spec/spec.js';

export const create = verb({
  name: 'create',
  summary: 'Open a pull request',
  flags: {
    ...repoFlag,
    title: text('-t, --title <text>', 'the title (asked for on a terminal when missing)'),
    head: text('-H, --head <branch>', 'the branch with the changes (default: the current git branch)'),
    base: text('-B, --base <branch>', "the branch to merge into (default: the repository's default branch)"),
    ...bodyFlags,
    template: text('-T, --template <name>', "the repository's pull-request template (by its file name) as the body; on a terminal it is offered when there is one"),
    fill: bool('-f, --fill', 'take the title and body from the commits between base and head'),
    draft: bool('-d, --draft', 'open it as a draft (a "WIP:" title prefix)'),
    label: list('-l, --label <name>', 'add a label by name (repeatable)'),
    assignee: list('-a, --assignee <user>', 'assign a user (repeatable)'),
    reviewer: list('-r, --reviewer <user>', 'request a review from a user (repeatable)'),
    milestone: text('-m, --milestone <name>', 'the milestone, by name or number'),
    ...webFlag('the compare page of base and head, with --title and the body filled in'),
    agit: bool('--agit', 'no fork, no branch on the server: push HEAD to refs/for/<base>/<topic> and let the server open it (AGit)'),
    topic: text('--topic <topic>', 'with --agit: the topic, which a later push updates (default: the current branch)'),
    force: bool('--force', 'with --agit: replace commits the pull request has and HEAD lacks (asked on a terminal)'),
  },
  output: true,
  examples: [
    'kettle pr create',
    'kettle pr create --web --title "Quieter lid"   # the compare page, to finish in the browser',
    'kettle pr create --fill --draft --reviewer carol',
    'kettle pr create --title "Quieter lid" --template pull_request_template',
    'kettle pr create --title "Quieter lid" --head feature/lid --base main',
    'kettle pr create -R alice/teapot --title "Fix spout" --head fix/spout --base main --body-file notes.md',
    'kettle pr create --agit --title "Quieter lid"   # no fork needed: the topic is the current branch',
    'kettle pr create --agit --topic lid --force   # update it after a rebase',
  ],
  load: () => import('../create.js'),
});
