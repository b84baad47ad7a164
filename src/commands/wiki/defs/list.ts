// kettle wiki list: definition.
import { repoFlag, windowFlags } from '../../../spec/flags.js';
import { verb } from '../../../spec/spec.js';

export const list = verb({
  name: 'list',
  aliases: ['ls'],
  summary: "List a repository's wiki pages",
  flags: { ...repoFlag, ...windowFlags },
  output: true,
  examples: ['kettle wiki list -R alice/teapot', 'kettle wiki list --all --json --fields title,sub_url'],
  load: () => import('../list.js'),
});
