// kettle branch: list, view, create, rename and delete a repository's branches; their protection rules.
import { listFlags, repoFlag, yesFlag } from '../../spec/flags.js';
import { arg, bool, type GroupDef, text, variadicArg, verb } from '../../spec/spec.js';
import { protect, protection, unprotect } from './defs/protection.js';

const name = arg('<name>', 'the branch, by name');

const list = verb({
  name: 'list',
  aliases: ['ls'],
  summary: "List a repository's branches",
  flags: { ...repoFlag, protected: bool('--protected', 'only the branches a protection rule covers'), ...listFlags },
  output: true,
  examples: ['kettle branch list -R alice/teapot', 'kettle branch list --protected', 'kettle branch list --all --json --fields name,commit'],
  load: () => import('./list.js'),
});

const view = verb({
  name: 'view',
  summary: 'Show a branch: its commit and protection',
  args: { name },
  flags: { ...repoFlag },
  output: true,
  examples: ['kettle branch view main -R alice/teapot', 'kettle branch view feature/lid --json --jq .commit.id'],
  load: () => import('./view.js'),
});

const create = verb({
  name: 'create',
  summary: 'Create a branch (from the default branch, or --from a branch, tag or commit)',
  args: { name: arg('<name>', "the new branch's name") },
  flags: { ...repoFlag, from: text('--from <ref>', 'the branch, tag or commit SHA to start from (default: the default branch)') },
  output: true,
  examples: ['kettle branch create feature/cap -R alice/teapot', 'kettle branch create hotfix --from v1.0'],
  load: () => import('./create.js'),
});

const rename = verb({
  name: 'rename',
  summary: 'Rename a branch (the default branch follows its new name)',
  args: { old: arg('<old>', 'the branch to rename'), new: arg('<new>', 'its new name') },
  flags: { ...repoFlag },
  examples: ['kettle branch rename feature/lid feature/cap -R alice/teapot'],
  load: () => import('./rename.js'),
});

const del = verb({
  name: 'delete',
  summary: 'Delete branches (never the default branch or a protected one)',
  args: { names: variadicArg('<names...>', 'the branches, by name') },
  flags: { ...repoFlag, ...yesFlag },
  output: true,
  examples: ['kettle branch delete feature/lid -R alice/teapot     # asks you to type the name', 'kettle branch delete old-1 old-2 --yes'],
  load: () => import('./delete.js'),
});

export const branch = {
  name: 'branch',
  summary: 'List, view, create, rename, delete and protect branches',
  section: 'Repositories:',
  examples: ['kettle branch list -R alice/teapot', 'kettle branch create feature/cap --from main', 'kettle branch protect main --required-approvals 1'],
  verbs: [list, view, create, rename, del, protection, protect, unprotect],
} satisfies GroupDef;

// For the verbs' options types (OptionsOf): erased from the bundle.
export type { create, del, list, rename, view };
export type { protect, unprotect } from './defs/protection.js';
