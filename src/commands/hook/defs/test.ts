// kettle hook test: definition.
import { verb } from '../../../spec/spec.js';
import { hookId, targetFlags } from './shared.js';

export const test = verb({
  name: 'test',
  summary: 'Send a test delivery of the latest push (repository webhooks only)',
  args: { id: hookId },
  flags: targetFlags,
  examples: ['kettle hook test 3 -R alice/teapot'],
  notes: '\nGitea and Forgejo have no test delivery for organization webhooks: --org is refused.\n',
  load: () => import('../test.js'),
});
