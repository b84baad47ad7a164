// The hostile server's cases of `kettle wiki` (see ../hostile.test.ts).
import { addWikiPage } from '../../server/routes-wiki.js';
import type { Kit, NounCases } from './kit.js';

/** A page of alice/teapot's wiki made for one case: its title. */
const page = (k: Kit, prefix: string) => {
  const title = `${k.fresh(prefix)} notes`;
  addWikiPage(k.server.state, k.teapot(), title, 'hostile text');
  return title;
};

export default (k: Kit): NounCases => ({
  lists: [
    { verb: 'wiki list', args: () => ['wiki', 'list', '-R', 'alice/teapot', '--json'] },
    { verb: 'wiki revisions', args: () => ['wiki', 'revisions', page(k, 'revs'), '-R', 'alice/teapot', '--json'] },
  ],
  writes: [
    { verb: 'wiki create', args: () => ['wiki', 'create', `${k.fresh('hostile')} page`, '-R', 'alice/teapot', '--body', 'x', '--json'] },
    { verb: 'wiki edit', args: () => ['wiki', 'edit', page(k, 'edit'), '-R', 'alice/teapot', '--body', 'changed', '--json'] },
    { verb: 'wiki delete', args: () => ['wiki', 'delete', page(k, 'doomed'), '-R', 'alice/teapot', '--yes'] },
  ],
  elsewhere: { 'wiki view': 'reads one record' },
});
