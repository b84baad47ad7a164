// kettle release: list, view, create, edit and delete releases; upload and download their assets.
// Each verb keeps its definition in defs/<verb>.ts; this file lists them.
import type { GroupDef } from '../../spec/spec.js';
import { create } from './defs/create.js';
import { del } from './defs/delete.js';
import { download } from './defs/download.js';
import { edit } from './defs/edit.js';
import { listVerb } from './defs/list.js';
import { upload } from './defs/upload.js';
import { view } from './defs/view.js';

export const release = {
  name: 'release',
  summary: 'List, view, create, edit and delete releases; upload and download their assets',
  section: 'Releases:',
  examples: ['kettle release list -R alice/teapot', 'kettle release create v1.2.0 dist/teapot.tar.gz --notes "Quieter lid"', 'kettle release download v1.2.0 --pattern "*.tar.gz"'],
  verbs: [listVerb, view, create, edit, upload, download, del],
} satisfies GroupDef;
