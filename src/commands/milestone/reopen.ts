// kettle milestone reopen NAME|NUMBER
import type { Context } from '../../context/context.js';
import type { OptionsOf } from '../../spec/spec.js';
import type * as definition from './defs/reopen.js';
import { setState } from './state.js';

export type ReopenOptions = OptionsOf<typeof definition.reopen>;

export const run = (ctx: Context, opts: ReopenOptions) => setState(ctx, opts, 'open');
