// kettle issue reopen NUMBER...
import type { Context } from '../../context/context.js';
import type { ReopenOptions } from './defs/state.js';
import { setState } from './state.js';

export const run = (ctx: Context, opts: ReopenOptions) => setState(ctx, { ...opts, comment: undefined }, 'open');
