// kettle run watch RUN-ID [--interval SECONDS] [--exit-status]
import { target } from '../../context/target.js';
import type { Context } from '../../context/context.js';
import { DEFAULT_INTERVAL_S, follow } from '../follow.js';
import { parseRunId, runRef } from './shared.js';
import { connect } from '../runs.js';
import type { OptionsOf } from '../../spec/spec.js';
import type * as definition from './defs/watch.js';

export type WatchOptions = OptionsOf<typeof definition.watch>;

export async function run(ctx: Context, opts: WatchOptions): Promise<void> {
  const shown = parseRunId(opts.id);
  const at = await connect(await target(ctx, { repo: opts.repo, numbers: opts.id }));
  await follow(ctx, at, await runRef(at, shown), (opts.interval ?? DEFAULT_INTERVAL_S) * 1000);
}
