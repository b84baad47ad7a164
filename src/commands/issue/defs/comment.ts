// kettle issue comment: definition.
import { bodyFlags, repoFlag } from '../../../spec/flags.js';
import { bool, verb } from '../../../spec/spec.js';
import { numbers } from './shared.js';

export const comment = verb({
  name: 'comment',
  summary: 'Comment on issues, or edit your last comment',
  args: { numbers },
  flags: { ...repoFlag, ...bodyFlags, editLast: bool('--edit-last', 'replace the text of your last comment instead of adding one') },
  output: true,
  examples: [
    'kettle issue comment 3 --body "Fixed in 1.2.1"',
    'kettle issue comment 3 4 5 --body "Duplicate of #2"',
    'kettle issue comment 3 --body-file - < reply.md',
    'kettle issue comment 3 --edit-last            # opens your editor on a terminal',
  ],
  notes: '\nWithout --body or --body-file, the text is read from standard input when it is not a\nterminal, else written in your editor.\n',
  load: () => import('../comment.js'),
});
