// kettle repo delete: definition.
import { yesFlag } from '../../../spec/flags.js';
import { arg, verb } from '../../../spec/spec.js';
import { OWNER_NAME } from './view.js';

export const del = verb({
  name: 'delete',
  summary: 'Delete a repository (asks you to type its name)',
  args: { ownerName: arg('<owner/name>', OWNER_NAME) },
  flags: yesFlag,
  examples: ['kettle repo delete alice/old-project', 'kettle repo delete alice/old-project --yes   # in scripts: no question'],
  load: () => import('../delete.js'),
});
