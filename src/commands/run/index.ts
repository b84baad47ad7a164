// kettle run: a repository's Actions runs: list, view (with a job's log), watch,
// rerun, cancel, delete, and download their artifacts.
// Each verb keeps its definition in defs/<verb>.ts; this file lists them.
import type { GroupDef } from '../../spec/spec.js';
import { cancel } from './defs/cancel.js';
import { del } from './defs/delete.js';
import { download } from './defs/download.js';
import { list } from './defs/list.js';
import { rerun } from './defs/rerun.js';
import { view } from './defs/view.js';
import { watch } from './defs/watch.js';

export const run = {
  name: 'run',
  summary: 'List, view, watch, rerun, cancel and delete Actions runs; download their artifacts',
  section: 'Actions:',
  examples: ['kettle run list', 'kettle run view 42 --log', 'kettle run watch 42'],
  verbs: [list, view, watch, rerun, cancel, del, download],
} satisfies GroupDef;
