// kettle wiki view: definition.
import { repoFlag } from '../../../spec/flags.js';
import { text, verb } from '../../../spec/spec.js';
import { page } from './shared.js';

export const view = verb({
  name: 'view',
  summary: 'Show a wiki page: its text (at a revision with --revision)',
  args: { page },
  flags: {
    ...repoFlag,
    revision: text('--revision <sha>', 'the page as it was at this commit of the wiki (see `kettle wiki revisions`; read with git)'),
  },
  output: true,
  examples: ['kettle wiki view Home -R alice/teapot', 'kettle wiki view "Getting started" --json --jq .content', 'kettle wiki view Home --revision 1a2b3c4d'],
  notes: "\nWith --json the record carries the page text decoded, as `content`, beside the server's content_base64.\n",
  load: () => import('../view.js'),
});
