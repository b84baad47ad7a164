// kettle run download: definition.
import { repoFlag } from '../../../spec/flags.js';
import { bool, list as many, text, verb } from '../../../spec/spec.js';
import { runId } from './shared.js';

export const download = verb({
  name: 'download',
  summary: "Download a run's artifacts, each to a file of its own (NAME.zip)",
  args: runId,
  flags: {
    ...repoFlag,
    name: many('-n, --name <name>', 'only the artifact of this name (repeat for more)'),
    dir: text('-D, --dir <dir>', 'the folder to write to (default: the current one; - for standard output, one artifact)'),
    clobber: bool('--clobber', 'overwrite files that already exist'),
  },
  examples: ['kettle run download 42', 'kettle run download 42 --name coverage --dir out/', 'kettle run download 42 --name coverage --dir - > coverage.zip'],
  notes:
    '\nEach artifact is written to a temporary file and renamed once complete: no partial file is left\nunder the final name. An existing file of that name is not overwritten without --clobber.\n',
  load: () => import('../download.js'),
});
