// kettle hook edit: definition.
import { bool, choice, list, text, verb } from '../../../spec/spec.js';
import { CONTENT_TYPES } from '../choices.js';
import { hookId, targetFlags } from './shared.js';

export const edit = verb({
  name: 'edit',
  summary: 'Change a webhook (only what is given)',
  args: { id: hookId },
  flags: {
    ...targetFlags,
    url: text('--url <url>', 'the address that receives deliveries (http or https)'),
    events: text('-e, --events <list>', 'comma-separated events, replacing the current ones'),
    addEvent: list('--add-event <event>', 'an event to add (repeatable)'),
    removeEvent: list('--remove-event <event>', 'an event to remove (repeatable)'),
    active: bool('--active', 'switch deliveries on'),
    inactive: bool('--inactive', 'switch deliveries off'),
    secretFile: text('--secret-file <file>', 'not possible through the API: the servers keep the secret (see below)'),
    channel: text('--channel <name>', 'the slack channel to post to (slack webhooks)'),
    contentType: choice('--content-type <type>', 'payload encoding', CONTENT_TYPES),
  },
  output: true,
  examples: [
    'kettle hook edit 3 -R alice/teapot --add-event issues --remove-event push',
    'kettle hook edit 3 --url https://ci.example.com/new-hook --inactive',
    'kettle hook edit 12 --org wonderland --events repository,release',
  ],
  notes:
    '\nkettle reads the webhook first and sends back every setting you do not name (the servers would reset\n' +
    'the events to push, the branch filter and the authorization header). The servers cannot change a\n' +
    "webhook's secret through their API: change it on the webhook's settings page, or delete the webhook\n" +
    'and add it again with --secret-file.\n',
  load: () => import('../edit.js'),
});
