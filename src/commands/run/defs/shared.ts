// What the run definitions share.
import { positiveInt } from '../../../spec/flags.js';
import { arg, parsed } from '../../../spec/spec.js';

export const runId = { id: arg('<run-id>', "the run: its ID as run list and the run's web page show it, or that page's address") };

export const jobFlag = (what: string) => ({ job: parsed('-j, --job <job-id>', what, positiveInt('--job')) });
