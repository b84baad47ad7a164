// kettle tag: list, view, create and delete a repository's tags.
import { listFlags, repoFlag, yesFlag } from '../../spec/flags.js';
import { arg, type GroupDef, text, variadicArg, verb } from '../../spec/spec.js';

const list = verb({
  name: 'list',
  aliases: ['ls'],
  summary: "List a repository's tags, newest first",
  flags: { ...repoFlag, ...listFlags },
  output: true,
  examples: ['kettle tag list -R alice/teapot', 'kettle tag list --all --json --fields name,commit'],
  load: () => import('./list.js'),
});

const view = verb({
  name: 'view',
  summary: 'Show a tag: its commit and message',
  args: { tag: arg('<tag>', 'the tag, by name') },
  flags: { ...repoFlag },
  output: true,
  examples: ['kettle tag view v1.0 -R alice/teapot', 'kettle tag view v1.0 --json --jq .commit.sha'],
  load: () => import('./view.js'),
});

const create = verb({
  name: 'create',
  summary: 'Create a tag (annotated when given a message)',
  args: { tag: arg('<tag>', "the new tag's name") },
  flags: {
    ...repoFlag,
    target: text('--target <ref>', 'the branch or commit SHA to tag (default: the default branch)'),
    message: text('-m, --message <text>', "the tag's message: makes an annotated tag"),
  },
  output: true,
  examples: ['kettle tag create v1.2 -R alice/teapot', 'kettle tag create v1.2 --target release/1.x --message "Teapot 1.2"'],
  load: () => import('./create.js'),
});

const del = verb({
  name: 'delete',
  summary: 'Delete tags (not one a release is attached to)',
  args: { tags: variadicArg('<tags...>', 'the tags, by name') },
  flags: { ...repoFlag, ...yesFlag },
  output: true,
  examples: ['kettle tag delete v0.9 -R alice/teapot     # asks you to type the name', 'kettle tag delete v0.1 v0.2 --yes'],
  load: () => import('./delete.js'),
});

export const tag = {
  name: 'tag',
  summary: 'List, view, create and delete tags',
  section: 'Repositories:',
  examples: ['kettle tag list -R alice/teapot', 'kettle tag create v1.2 --target main'],
  verbs: [list, view, create, del],
} satisfies GroupDef;

// For the verbs' options types (OptionsOf): erased from the bundle.
export type { create, del, list, view };
