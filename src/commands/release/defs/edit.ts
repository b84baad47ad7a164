// kettle release edit: definition.
import { repoFlag } from '../../../spec/flags.js';
import { bool, text, verb } from '../../../spec/spec.js';
import { tag, notesFlags } from './shared.js';

export const edit = verb({
  name: 'edit',
  summary: 'Change the title, notes, draft or pre-release state of a release',
  args: { tag },
  flags: {
    ...repoFlag,
    title: text('-t, --title <text>', 'the new title'),
    ...notesFlags,
    draft: bool('--draft', 'make it a draft (unpublish it)'),
    publish: bool('--publish', 'publish a draft'),
    prerelease: bool('--prerelease', 'mark it as a pre-release'),
    stable: bool('--stable', 'mark it as a stable release (not a pre-release)'),
  },
  output: true,
  examples: ['kettle release edit v1.2.0 --title "Teapot 1.2"', 'kettle release edit v1.2.0 --publish --stable', 'kettle release edit v1.2.0 --notes-file - < CHANGES.md'],
  load: () => import('../edit.js'),
});
