// kettle repo topic list / add / remove / set: definitions.
import { repoFlag, yesFlag } from '../../../spec/flags.js';
import { type SubGroupDef, variadicArg, verb } from '../../../spec/spec.js';

const RULE = '\nTopics are lower-case letters, digits, "-" and ".", starting with a letter or digit, at most 35 characters; a repository has at most 25.\n';

const list = verb({
  name: 'list',
  summary: "List a repository's topics",
  aliases: ['ls'],
  flags: repoFlag,
  output: true,
  examples: ['kettle repo topic list -R alice/teapot', 'kettle repo topic list --jq ".[]"'],
  notes: '\nOne topic a line; with --json, a JSON array of them.\n',
  load: async () => ({ run: (await import('../topic.js')).runList }),
});

const add = verb({
  name: 'add',
  summary: 'Add topics to a repository',
  args: { topics: variadicArg('<topic...>', 'the topics to add') },
  flags: repoFlag,
  examples: ['kettle repo topic add tea kitchen -R alice/teapot'],
  notes: RULE,
  load: async () => ({ run: (await import('../topic.js')).runAdd }),
});

const remove = verb({
  name: 'remove',
  summary: 'Remove topics from a repository',
  aliases: ['rm'],
  args: { topics: variadicArg('<topic...>', 'the topics to remove') },
  flags: repoFlag,
  examples: ['kettle repo topic remove kitchen -R alice/teapot'],
  load: async () => ({ run: (await import('../topic.js')).runRemove }),
});

const set = verb({
  name: 'set',
  summary: "Replace a repository's topics (none: clear them)",
  args: { topics: variadicArg('[topic...]', 'the topics the repository should have') },
  flags: { ...repoFlag, ...yesFlag },
  examples: ['kettle repo topic set tea kitchen cli', 'kettle repo topic set --yes   # clear every topic, no question'],
  notes: `${RULE}Clearing every topic asks on a terminal and needs --yes without one.\n`,
  load: async () => ({ run: (await import('../topic.js')).runSet }),
});

export const topic = {
  name: 'topic',
  summary: "List, add, remove and set a repository's topics",
  examples: ['kettle repo topic list', 'kettle repo topic add tea', 'kettle repo topic set tea kitchen'],
  verbs: [list, add, remove, set],
} satisfies SubGroupDef;

// For the verbs' options types (OptionsOf): erased from the bundle.
export type { add, list, remove, set };
