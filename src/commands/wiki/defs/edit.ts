// kettle wiki edit: definition.
import { bodyFlags, repoFlag } from '../../../spec/flags.js';
import { text, verb } from '../../../spec/spec.js';
import { page, message } from './shared.js';

export const edit = verb({
  name: 'edit',
  summary: 'Change a wiki page: its text, its title, or both',
  args: { page },
  flags: { ...repoFlag, title: text('-t, --title <text>', 'rename the page to this title'), ...bodyFlags, ...message },
  output: true,
  examples: [
    'kettle wiki edit Home --body-file Home.md -R alice/teapot',
    'kettle wiki edit "Getting started" --title "Quick start" -m "Rename the start page"',
    'kettle wiki edit Home            # on a terminal: edit the text in your editor',
  ],
  load: () => import('../edit.js'),
});
