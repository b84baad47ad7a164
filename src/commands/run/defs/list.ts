// kettle run list: definition.
import { listFlags, repoFlag } from '../../../spec/flags.js';
import { choice, text, verb } from '../../../spec/spec.js';
import { RUN_STATUS_WORDS } from '../choices.js';

export const list = verb({
  name: 'list',
  aliases: ['ls'],
  summary: "List a repository's Actions runs, newest first",
  flags: {
    ...repoFlag,
    ...listFlags,
    status: choice('-s, --status <status>', 'only runs with this status', RUN_STATUS_WORDS),
    branch: text('-b, --branch <branch>', 'only runs of this branch'),
    workflow: text('-w, --workflow <file>', 'only runs of this workflow file (ci.yml)'),
    event: text('-e, --event <event>', 'only runs triggered by this event (push, pull_request, workflow_dispatch, …)'),
  },
  output: true,
  examples: ['kettle run list -R alice/teapot', 'kettle run list --status failure --branch main', 'kettle run list --workflow ci.yml --limit 5 --fields id,status'],
  notes:
    "\nThe ID column is the RUN-ID the other run commands take: the number the run's web page shows\n(…/actions/runs/N), on every server; the other run commands take that web address as well.\nWith --json the records are the server's own, and their id is the id its API takes: the RUN-ID\non Gitea 1.26 and later, not on Gitea 1.25 or Forgejo (run_number, index_in_repo there).\n",
  load: () => import('../list.js'),
});
