// The options of pr create, in a module of their own: the AGit path (agit.ts),
// which create.ts loads only with --agit, takes them too, and importing them
// from create.ts would make the two modules import each other.
import type { OptionsOf } from '../../spec/spec.js';
import type * as definition from './defs/create.js';

export type CreateOptions = OptionsOf<typeof definition.create>;
