// kettle run: a repository's Actions runs: list, view (with a job's log), watch,
// rerun, cancel, delete, and download their artifacts.
import { listFlags, positiveInt, repoFlag, seconds, yesFlag } from '../../spec/flags.js';
import { bool, choice, type GroupDef, arg, list as many, parsed, text, verb } from '../../spec/spec.js';
import { RUN_STATUS_WORDS } from './choices.js';

const runId = { id: arg('<run-id>', "the run: its ID as run list and the run's web page show it, or that page's address") };
const jobFlag = (what: string) => ({ job: parsed('-j, --job <job-id>', what, positiveInt('--job')) });

const list = verb({
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
  load: () => import('./list.js'),
});

const view = verb({
  name: 'view',
  summary: "Show a run, its jobs and their steps; --log prints a job's log",
  args: runId,
  flags: {
    ...repoFlag,
    log: bool('--log', "print the jobs' logs (one job's with --job), streamed as they arrive"),
    ...jobFlag('with --log: only this job (its ID as run view shows it)'),
  },
  output: true,
  examples: [
    'kettle run view 42',
    'kettle run view https://gitea.example.com/alice/teapot/actions/runs/42',
    'kettle run view 42 --log',
    'kettle run view 42 --log --job 7 | grep -n error',
    'kettle run view 42 --json --jq .status',
  ],
  load: () => import('./view.js'),
});

const watch = verb({
  name: 'watch',
  summary: 'Follow a run until it finishes: exit 0 on success, 1 on failure or cancellation',
  args: runId,
  flags: {
    ...repoFlag,
    interval: parsed('-i, --interval <seconds>', 'seconds between refreshes (default 3; at least 0.1)', seconds('--interval')),
    exitStatus: bool('--exit-status', 'accepted as gh takes it; the exit status always follows the run'),
  },
  examples: ['kettle run watch 42', 'kettle run watch 42 --interval 10 && echo deployed', 'kettle run watch 42 | tee watch.log   # one line per change'],
  notes: '\nCtrl-C stops watching and leaves the run alone (exit 130).\n',
  load: () => import('./watch.js'),
});

const rerun = verb({
  name: 'rerun',
  summary: 'Run a finished run again: all its jobs, the failed ones, or one',
  args: runId,
  flags: {
    ...repoFlag,
    failed: bool('--failed', 'only the jobs that failed or were cancelled'),
    ...jobFlag('only this job (its ID as run view shows it)'),
  },
  examples: ['kettle run rerun 42', 'kettle run rerun 42 --failed', 'kettle run rerun 42 --job 7'],
  load: () => import('./rerun.js'),
});

const cancel = verb({
  name: 'cancel',
  summary: 'Cancel a run that is queued or in progress',
  args: runId,
  flags: repoFlag,
  examples: ['kettle run cancel 42'],
  notes: "\nNo Gitea or Forgejo release known to kettle has an API to cancel a run: kettle says so and\nprints the run's web page, where it can be cancelled.\n",
  load: () => import('./cancel.js'),
});

const del = verb({
  name: 'delete',
  aliases: ['rm'],
  summary: 'Delete a finished run with its logs and artifacts, asking first',
  args: runId,
  flags: { ...repoFlag, ...yesFlag },
  examples: ['kettle run delete 42', 'kettle run delete 42 --yes   # in scripts: no question'],
  load: () => import('./delete.js'),
});

const download = verb({
  name: 'download',
  summary: "Download a run's artifacts, each to a file of its own (NAME.zip)",
  args: runId,
  flags: {
    ...repoFlag,
    name: many('-n, --name <name>', 'only the artifact of this name (repeat for more)'),
    dir: text('-D, --dir <dir>', 'the folder to write to (default: the current one; - for standard output, one artifact)'),
    clobber: bool('--clobber', 'overwrite files that already exist'),
  },
  examples: ['kettle run download 42', 'kettle run download 42 --name coverage --dir out/', 'kettle run download 42 --name coverage --dir - > coverage.zip'],
  notes:
    '\nEach artifact is written to a temporary file and renamed once complete: no partial file is left\nunder the final name. An existing file of that name is not overwritten without --clobber.\n',
  load: () => import('./download.js'),
});

export const run = {
  name: 'run',
  summary: 'List, view, watch, rerun, cancel and delete Actions runs; download their artifacts',
  section: 'Actions:',
  examples: ['kettle run list', 'kettle run view 42 --log', 'kettle run watch 42'],
  verbs: [list, view, watch, rerun, cancel, del, download],
} satisfies GroupDef;

// For the verbs' options types (OptionsOf): erased from the bundle.
export type { cancel, del, download, list, rerun, view, watch };
