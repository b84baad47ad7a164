// What the milestone verbs acting on one milestone share.
import type { OptionsOf } from '../../spec/spec.js';
import type * as definitions from './index.js';

/** view, close, reopen and delete declare these alike (test/unit/options-of.test.ts holds each verb to its own). */
export type OneOptions = OptionsOf<typeof definitions.view>;
