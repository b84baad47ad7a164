// kettle issue reopen NUMBER...
import type { Context } from '../../context/context.js';
import { setState } from './state.js';
import type { RepoFlag } from '../../spec/flags.js';
import type { NumbersOptions } from './options.js';

export interface ReopenOptions extends NumbersOptions, RepoFlag {}

export const run = (ctx: Context, opts: ReopenOptions) => setState(ctx, { ...opts, comment: undefined }, 'open');
