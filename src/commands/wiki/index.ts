// kettle wiki: list, view, create, edit and delete a repository's wiki pages, and
// a page's revisions. Each verb keeps its definition in defs/<verb>.ts; this file lists them.
import type { GroupDef } from '../../spec/spec.js';
import { create } from './defs/create.js';
import { del } from './defs/delete.js';
import { edit } from './defs/edit.js';
import { list } from './defs/list.js';
import { revisions } from './defs/revisions.js';
import { view } from './defs/view.js';

export const wiki = {
  name: 'wiki',
  summary: "List, view, create, edit and delete a repository's wiki pages",
  section: 'Repositories:',
  examples: ['kettle wiki list -R alice/teapot', 'kettle wiki view Home', 'kettle wiki create "Getting started" --body-file start.md'],
  verbs: [list, view, create, edit, del, revisions],
} satisfies GroupDef;
