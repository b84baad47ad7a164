// kettle milestone reopen NAME|NUMBER
import type { Context } from '../../context/context.js';
import type { OptionsOf } from '../../spec/spec.js';
import type * as definitions from './index.js';
import { setState } from './state.js';

export type ReopenOptions = OptionsOf<typeof definitions.reopen>;

export const run = (ctx: Context, opts: ReopenOptions) => setState(ctx, opts, 'open');
