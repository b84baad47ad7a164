// kettle issue close NUMBER... [--comment TEXT]
import type { Context } from '../../context/context.js';
import { type CloseOptions, setState } from './state.js';

export const run = (ctx: Context, opts: CloseOptions) => setState(ctx, opts, 'closed');
