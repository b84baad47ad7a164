// kettle issue close NUMBER
import type { Context } from '../../context/context.js';
import type { NumberOptions } from './index.js';
import { setState } from './state.js';

export const run = (ctx: Context, opts: NumberOptions) => setState(ctx, opts, 'closed');
