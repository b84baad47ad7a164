// kettle pr: work with pull requests. pr has many verbs, so each keeps its
// definition and options in defs/<verb>.ts; this file lists them.
import type { GroupDef } from '../../cli/spec.js';
import { create } from './defs/create.js';
import { list } from './defs/list.js';
import { merge } from './defs/merge.js';

export const pr: GroupDef = {
  name: 'pr',
  summary: 'List, create and merge pull requests',
  section: 'Pull requests:',
  examples: ['kettle pr list -R alice/teapot', 'kettle pr merge 7 --style squash'],
  verbs: [list, create, merge],
};
