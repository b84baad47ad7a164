// kettle issue react NUMBER REACTION [--remove]
import type { Context } from '../../context/context.js';
import { react } from '../reaction.js';
import type { OptionsOf } from '../../spec/spec.js';
import type * as definition from './defs/relations.js';

export type ReactOptions = OptionsOf<typeof definition.react>;

export function runReact(ctx: Context, opts: ReactOptions): Promise<void> {
  return react(ctx, opts, 'issue');
}
