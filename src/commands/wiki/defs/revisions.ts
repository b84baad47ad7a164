// kettle wiki revisions: definition.
import { repoFlag, windowFlags } from '../../../spec/flags.js';
import { verb } from '../../../spec/spec.js';
import { page } from './shared.js';

export const revisions = verb({
  name: 'revisions',
  summary: 'List the commits that changed a wiki page, newest first',
  args: { page },
  flags: { ...repoFlag, ...windowFlags },
  output: true,
  examples: ['kettle wiki revisions Home -R alice/teapot', 'kettle wiki revisions "Getting started" --json --jq ".[0].sha"'],
  load: () => import('../revisions.js'),
});
