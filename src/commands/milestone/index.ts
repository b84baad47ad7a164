// kettle milestone: list, view, create, edit, close, reopen and delete a repository's milestones.
// Each verb keeps its definition in defs/<verb>.ts; this file lists them.
import type { GroupDef } from '../../spec/spec.js';
import { close } from './defs/close.js';
import { create } from './defs/create.js';
import { del } from './defs/delete.js';
import { edit } from './defs/edit.js';
import { list } from './defs/list.js';
import { reopen } from './defs/reopen.js';
import { view } from './defs/view.js';

export const milestoneGroup = {
  name: 'milestone',
  summary: 'List, view, create, edit, close, reopen and delete milestones',
  section: 'Milestones:',
  examples: ['kettle milestone list -R alice/teapot', 'kettle milestone create v1.2 --due 2026-03-01'],
  verbs: [list, view, create, edit, close, reopen, del],
} satisfies GroupDef;
