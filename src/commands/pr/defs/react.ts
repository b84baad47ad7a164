// kettle pr react NUMBER REACTION [--remove]: definition.
import { repoFlag } from '../../../spec/flags.js';
import { arg, bool, verb } from '../../../spec/spec.js';
import { REACT_NOTES, REACTION_ARG } from '../../../spec/reactions.js';

export const react = verb({
  name: 'react',
  summary: 'React to a pull request with an emoji, or take the reaction back (--remove)',
  args: {
    number: arg('<number>', 'the pull request number, such as 7 or #7, or its web URL'),
    reaction: REACTION_ARG,
  },
  flags: { ...repoFlag, remove: bool('--remove', 'take your reaction back') },
  examples: ['kettle pr react 7 rocket -R alice/teapot', 'kettle pr react 7 👀', 'kettle pr react 7 +1 --remove'],
  notes: REACT_NOTES,
  load: async () => ({ run: (await import('../react.js')).runReact }),
});
