// kettle hook: the webhooks of a repository or organization. Each verb keeps
// its definition in defs/<verb>.ts; this file lists them.
import type { GroupDef } from '../../spec/spec.js';
import { add } from './defs/add.js';
import { del } from './defs/delete.js';
import { edit } from './defs/edit.js';
import { list } from './defs/list.js';
import { test } from './defs/test.js';
import { view } from './defs/view.js';

export { HOOK_TYPES } from './choices.js';

export const hook = {
  name: 'hook',
  summary: 'List, add, view, edit, test and delete webhooks',
  section: 'Webhooks:',
  examples: ['kettle hook list -R alice/teapot', 'kettle hook list --org wonderland', 'kettle hook edit 3 --add-event issues'],
  verbs: [list, add, view, edit, test, del],
} satisfies GroupDef;
