// kettle milestone reopen NAME|NUMBER
import type { Context } from '../../context/context.js';
import type { OneOptions } from './options.js';
import { setState } from './state.js';

export const run = (ctx: Context, opts: OneOptions) => setState(ctx, opts, 'open');
