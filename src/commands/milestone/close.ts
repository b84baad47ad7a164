// kettle milestone close NAME|NUMBER
import type { Context } from '../../context/context.js';
import type { OptionsOf } from '../../spec/spec.js';
import type * as definitions from './index.js';
import { setState } from './state.js';

export type CloseOptions = OptionsOf<typeof definitions.close>;

export const run = (ctx: Context, opts: CloseOptions) => setState(ctx, opts, 'closed');
