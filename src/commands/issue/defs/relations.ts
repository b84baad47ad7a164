// kettle issue dependency list / add / remove, and issue react: definitions.
import { repoFlag } from '../../../spec/flags.js';
import { bool, list, type SubGroupDef, verb } from '../../../spec/spec.js';
import { REACT_NOTES, REACTION_ARG } from '../../../spec/reactions.js';
import { number } from './shared.js';

const OTHER = '\nAn issue is N or #N in the same repository, or OWNER/NAME#N in another (where the server allows dependencies across repositories, as it does unless configured otherwise).\n';

const dependencyList = verb({
  name: 'list',
  aliases: ['ls'],
  summary: 'List the issues an issue is blocked by and the issues it blocks',
  args: { number },
  flags: repoFlag,
  output: true,
  examples: ['kettle issue dependency list 3 -R alice/teapot', 'kettle issue dependency list 3 --json --jq \'map(select(.relation == "blocked by")) | .[].number\''],
  load: async () => ({ run: (await import('../dependency.js')).runList }),
});

const relationFlags = {
  ...repoFlag,
  blockedBy: list('--blocked-by <issue>', 'an issue that must be closed first (repeatable)'),
  blocks: list('--blocks <issue>', 'an issue this one holds up (repeatable)'),
};

const dependencyAdd = verb({
  name: 'add',
  summary: 'Mark an issue as blocked by others, or as blocking others',
  args: { number },
  flags: relationFlags,
  examples: ['kettle issue dependency add 3 --blocked-by 2 -R alice/teapot', 'kettle issue dependency add 3 --blocks 5 --blocks 6', 'kettle issue dependency add 3 --blocked-by alice/kettle#12'],
  notes: OTHER,
  load: async () => ({ run: (await import('../dependency.js')).runAdd }),
});

const dependencyRemove = verb({
  name: 'remove',
  aliases: ['rm'],
  summary: 'Remove dependencies between issues',
  args: { number },
  flags: relationFlags,
  examples: ['kettle issue dependency remove 3 --blocked-by 2 -R alice/teapot', 'kettle issue dependency remove 3 --blocks 5'],
  notes: OTHER,
  load: async () => ({ run: (await import('../dependency.js')).runRemove }),
});

export const dependency = {
  name: 'dependency',
  summary: 'List, add and remove the dependencies between issues',
  aliases: ['dependencies', 'deps'],
  examples: ['kettle issue dependency list 3', 'kettle issue dependency add 3 --blocked-by 2', 'kettle issue dependency remove 3 --blocks 5'],
  verbs: [dependencyList, dependencyAdd, dependencyRemove],
} satisfies SubGroupDef;

export const react = verb({
  name: 'react',
  summary: 'React to an issue with an emoji, or take the reaction back (--remove)',
  args: { number, reaction: REACTION_ARG },
  flags: { ...repoFlag, remove: bool('--remove', 'take your reaction back') },
  examples: ['kettle issue react 3 +1 -R alice/teapot', 'kettle issue react 3 🎉', 'kettle issue react 3 heart --remove'],
  notes: REACT_NOTES,
  load: async () => ({ run: (await import('../react.js')).runReact }),
});

// For the verbs' options types (OptionsOf): erased from the bundle.
export type { dependencyAdd, dependencyList, dependencyRemove };
