// kettle issue: list, view, create, edit, comment on, close, reopen and delete
// issues; pin, lock and subscribe to them; their dependencies and reactions. issue has many verbs, so each keeps its definition in
// defs/<verb>.ts; this file lists them.
import type { GroupDef } from '../../spec/spec.js';
import { comment } from './defs/comment.js';
import { create } from './defs/create.js';
import { del } from './defs/delete.js';
import { edit } from './defs/edit.js';
import { list } from './defs/list.js';
import { close, reopen } from './defs/state.js';
import { status } from './defs/status.js';
import { dependency, react } from './defs/relations.js';
import { lock, pin, subscribe, unlock, unpin, unsubscribe } from './defs/triage.js';
import { view } from './defs/view.js';

export const issue = {
  name: 'issue',
  summary: 'List, view, create, edit, comment on, close, reopen and delete issues; pin, lock, subscribe, link and react',
  section: 'Issues:',
  examples: ['kettle issue list -R alice/teapot', 'kettle issue view 3 --comments', 'kettle issue close 3 4 --comment "Fixed"'],
  verbs: [list, view, status, create, edit, comment, close, reopen, del, pin, unpin, lock, unlock, subscribe, unsubscribe, dependency, react],
} satisfies GroupDef;
