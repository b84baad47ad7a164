// kettle issue reopen NUMBER...
import type { Context } from '../../context/context.js';
import { setState } from './state.js';
import type { OptionsOf } from '../../spec/spec.js';
import type * as definition from './defs/state.js';

export type ReopenOptions = OptionsOf<typeof definition.reopen>;

export const run = (ctx: Context, opts: ReopenOptions) => setState(ctx, { ...opts, comment: undefined }, 'open');
