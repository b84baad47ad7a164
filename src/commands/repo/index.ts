// kettle repo: list, view, create, edit, fork, clone and delete repositories;
// star them, manage collaborators and topics, migrate and sync mirrors.
// repo has many verbs, so each keeps its definition in
// defs/<verb>.ts; this file lists them.
import type { GroupDef } from '../../spec/spec.js';
import { clone } from './defs/clone.js';
import { collaborator } from './defs/collaborator.js';
import { create } from './defs/create.js';
import { del } from './defs/delete.js';
import { edit } from './defs/edit.js';
import { fork } from './defs/fork.js';
import { list } from './defs/list.js';
import { migrate } from './defs/migrate.js';
import { rename, transfer } from './defs/rename.js';
import { star, unstar } from './defs/star.js';
import { sync } from './defs/sync.js';
import { topic } from './defs/topic.js';
import { view } from './defs/view.js';

export const repo = {
  name: 'repo',
  summary: 'List, view, create, edit, fork, clone, rename, transfer and delete repositories; stars, collaborators, topics, migration, sync',
  section: 'Repositories:',
  examples: ['kettle repo list', 'kettle repo view alice/teapot', 'kettle repo clone alice/teapot'],
  verbs: [list, view, create, edit, fork, clone, rename, transfer, del, star, unstar, collaborator, topic, migrate, sync],
} satisfies GroupDef;
