// kettle milestone close NAME|NUMBER
import type { Context } from '../../context/context.js';
import type { OptionsOf } from '../../spec/spec.js';
import type * as definition from './defs/close.js';
import { setState } from './state.js';

export type CloseOptions = OptionsOf<typeof definition.close>;

export const run = (ctx: Context, opts: CloseOptions) => setState(ctx, opts, 'closed');
