// kettle run cancel RUN-ID: no release of Gitea or Forgejo known here has an
// API to cancel a run (only the web page does), so kettle says so, without
// sending anything, and names the page.
import { target } from '../../context/target.js';
import { instanceRoot } from '../../api/url.js';
import type { Context } from '../../context/context.js';
import { fullName } from '../../context/repo.js';
import { parseRunId } from './shared.js';
import { connect, requireFeature } from '../runs.js';
import type { OptionsOf } from '../../spec/spec.js';
import type * as definition from './defs/cancel.js';

export type CancelOptions = OptionsOf<typeof definition.cancel>;

export async function run(ctx: Context, opts: CancelOptions): Promise<void> {
  parseRunId(opts.id);
  const at = await connect(await target(ctx, { repo: opts.repo, numbers: opts.id }));
  requireFeature(at, 'cancel', 'run cancel', `; cancel it on the web: ${instanceRoot(at.api.root)}/${fullName(at.repo)}/actions`);
}
