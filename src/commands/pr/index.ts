// kettle pr: work with pull requests. pr has many verbs, so each keeps its
// definition in defs/<verb>.ts; this file lists them.
import type { GroupDef } from '../../spec/spec.js';
import { checks } from './defs/checks.js';
import { checkout } from './defs/checkout.js';
import { close, reopen } from './defs/close.js';
import { comment } from './defs/comment.js';
import { comments } from './defs/comments.js';
import { create } from './defs/create.js';
import { diff } from './defs/diff.js';
import { edit } from './defs/edit.js';
import { list } from './defs/list.js';
import { merge } from './defs/merge.js';
import { react } from './defs/react.js';
import { ready } from './defs/ready.js';
import { review } from './defs/review.js';
import { status } from './defs/status.js';
import { updateBranch } from './defs/update-branch.js';
import { view } from './defs/view.js';

export const pr = {
  name: 'pr',
  summary: 'Review, check out, comment on and land pull requests',
  section: 'Pull requests:',
  examples: ['kettle pr list -R alice/teapot', 'kettle pr view 7 --comments', 'kettle pr checkout 7', 'kettle pr merge 7 --squash --delete-branch'],
  verbs: [list, view, diff, checkout, status, checks, create, edit, comment, comments, review, react, close, reopen, ready, merge, updateBranch],
} satisfies GroupDef;
