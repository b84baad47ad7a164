// kettle time: the time tracked on issues and pull requests, and the stopwatch.
// time has many verbs, so each keeps its definition in defs/; this file lists them.
import type { GroupDef } from '../../spec/spec.js';
import { add, del, reset } from './defs/change.js';
import { list } from './defs/list.js';
import { cancel, start, stop } from './defs/stopwatch.js';

export const time = {
  name: 'time',
  summary: 'Track time on issues and pull requests: list, add, delete, and the stopwatch',
  section: 'Issues:',
  examples: ['kettle time add 3 1h30m -R alice/teapot', 'kettle time start 3', 'kettle time stop 3', 'kettle time list 3'],
  verbs: [list, add, del, reset, start, stop, cancel],
} satisfies GroupDef;
