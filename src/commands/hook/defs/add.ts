// kettle hook add: definition.
import { bool, choice, openChoice, text, textWithDefault, verb } from '../../../spec/spec.js';
import { targetFlags } from './shared.js';
import { CONTENT_TYPES, HOOK_TYPES } from '../choices.js';

export const add = verb({
  name: 'add',
  summary: 'Add a webhook to a repository or organization',
  flags: {
    ...targetFlags,
    url: text('--url <url>', 'the address that receives deliveries (http or https)'),
    events: textWithDefault('-e, --events <list>', 'comma-separated events', 'push'),
    contentType: choice('--content-type <type>', 'payload encoding', CONTENT_TYPES, 'json'),
    secret: text('--secret <secret>', 'the signing secret (prefer --secret-file: the command line is visible to other users)'),
    secretFile: text('--secret-file <file>', 'read the signing secret from a file (- for standard input)'),
    type: openChoice('--type <type>', 'the hook type (forgejo on Forgejo servers; another value is sent with a warning)', HOOK_TYPES, 'gitea'),
    inactive: bool('--inactive', 'create the hook switched off'),
    channel: text('--channel <name>', 'the slack channel to post to (needed with --type slack)'),
  },
  output: true,
  examples: [
    'kettle hook add -R alice/teapot --url https://ci.example.com/hook --events push,issues',
    'kettle hook add --url https://ci.example.com/hook --secret-file - < secret.txt',
    'kettle hook add --url https://hooks.slack.com/services/T0/B0/x --type slack --channel "#builds"',
    'kettle hook add --org wonderland --url https://audit.example.com/hook --events repository',
  ],
  notes:
    '\nThe events a server takes depend on its flavour and version (kettle asks it once): push, create, delete, fork,\n' +
    'issues (every issue event) or issues_only, issue_assign, issue_label, issue_milestone, issue_comment,\n' +
    'pull_request (every pull request event) or pull_request_only, pull_request_assign, pull_request_label,\n' +
    'pull_request_milestone, pull_request_comment, pull_request_review, pull_request_review_request, pull_request_sync,\n' +
    'wiki, repository, release; package and status on Gitea; workflow_job (Gitea 1.24) and workflow_run (1.25);\n' +
    'package and action_run_failure, action_run_recover, action_run_success on Forgejo 14 and later.\n',
  load: () => import('../add.js'),
});
