// The hostile server's cases of `kettle api` (see ../hostile.test.ts).
import type { Kit, NounCases } from './kit.js';

export default (k: Kit): NounCases => ({
  lists: [{ verb: 'api', args: () => ['api', '--paginate', '/repos/alice/teapot/issues?state=all'] }],
  writes: [{ verb: 'api', args: () => ['api', '-X', 'POST', '/repos/alice/teapot/issues', '-f', `title=${k.fresh('via api')}`], stream: true }],
});
