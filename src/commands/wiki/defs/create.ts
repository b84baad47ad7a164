// kettle wiki create: definition.
import { bodyFlags, repoFlag } from '../../../spec/flags.js';
import { arg, verb } from '../../../spec/spec.js';
import { message } from './shared.js';

export const create = verb({
  name: 'create',
  summary: 'Create a wiki page (the first one creates the wiki)',
  args: { page: arg('<page>', "the new page's title, as the web page will show it") },
  flags: { ...repoFlag, ...bodyFlags, ...message },
  output: true,
  examples: [
    'kettle wiki create Home --body "Welcome to the teapot wiki" -R alice/teapot',
    'kettle wiki create "Getting started" --body-file docs/start.md',
    'echo "# Notes" | kettle wiki create Notes --body-file -',
  ],
  notes: '\nOn a terminal without --body or --body-file, kettle asks for the text (in your editor, or typed).\n',
  load: () => import('../create.js'),
});
