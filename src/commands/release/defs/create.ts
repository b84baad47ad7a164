// kettle release create: definition.
import { repoFlag } from '../../../spec/flags.js';
import { bool, text, variadicArg, verb } from '../../../spec/spec.js';
import { tag, notesFlags } from './shared.js';

export const create = verb({
  name: 'create',
  summary: 'Create a release, and upload files as its assets',
  args: { tag, files: variadicArg('[file...]', 'files to upload as assets') },
  flags: {
    ...repoFlag,
    title: text('-t, --title <text>', 'the title (default: the tag)'),
    ...notesFlags,
    target: text('--target <branch>', 'the branch or commit to tag when the tag does not exist yet (default: the default branch)'),
    draft: bool('-d, --draft', 'save it as a draft, not published'),
    prerelease: bool('-p, --prerelease', 'mark it as a pre-release'),
  },
  output: true,
  examples: [
    'kettle release create v1.2.0 --notes "Quieter lid"',
    'kettle release create v1.2.0 dist/*.tar.gz --title "Teapot 1.2" --notes-file CHANGES.md',
    'kettle release create v2.0.0-rc.1 --target next --prerelease --draft',
  ],
  load: () => import('../create.js'),
});
