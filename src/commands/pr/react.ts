// kettle pr react NUMBER REACTION [--remove]: a pull request is an issue to the reactions endpoints.
import type { Context } from '../../context/context.js';
import { react } from '../reaction.js';
import type { OptionsOf } from '../../spec/spec.js';
import type * as definition from './defs/react.js';

export type ReactOptions = OptionsOf<typeof definition.react>;

export function runReact(ctx: Context, opts: ReactOptions): Promise<void> {
  return react(ctx, opts, 'pull request');
}
