// kettle repo: list, view, create and delete repositories.
import { type ListFlags, listFlags, type RepoFlag, repoFlag, yesFlag } from '../../cli/flags.js';
import { arg, bool, type GroupDef, optionalArg, text, verb } from '../../cli/spec.js';

export interface ListOptions extends ListFlags {
  user: string | undefined;
}
export interface ViewOptions extends RepoFlag {
  ownerName: string | undefined;
}
export interface CreateOptions {
  name: string;
  description: string | undefined;
  private: boolean;
  init: boolean;
}
export interface DeleteOptions {
  ownerName: string;
  yes: boolean;
}

const ownerName = 'the repository, such as alice/teapot';

export const repo: GroupDef = {
  name: 'repo',
  summary: 'List, view, create and delete repositories',
  section: 'Repositories:',
  examples: ['kettle repo list', 'kettle repo view alice/teapot'],
  verbs: [
    verb({
      name: 'list',
      aliases: ['ls'],
      summary: "List your repositories, or another user's",
      flags: { ...listFlags, user: text('-u, --user <username>', "list this user's repositories instead of your own") },
      output: true,
      examples: ['kettle repo list', 'kettle repo list --user bob --all', 'kettle repo list --json --fields full_name,private'],
      load: () => import('./list.js'),
    }),
    verb({
      name: 'view',
      summary: 'Show a repository',
      args: { ownerName: optionalArg('[owner/name]', ownerName) },
      flags: repoFlag,
      output: true,
      examples: ['kettle repo view alice/teapot', 'kettle repo view            # the repository of the current git remote', 'kettle repo view alice/teapot --json --fields html_url'],
      load: () => import('./view.js'),
    }),
    verb({
      name: 'create',
      summary: 'Create a repository for the logged-in user',
      args: { name: arg('<name>', 'the name of the new repository') },
      flags: {
        description: text('-d, --description <text>', 'a short description'),
        private: bool('--private', 'only you (and collaborators) can see it'),
        init: bool('--init', 'create it with an initial commit (README)'),
      },
      output: true,
      examples: ['kettle repo create teapot', 'kettle repo create notes --private --init --description "My notes"'],
      load: () => import('./create.js'),
    }),
    verb({
      name: 'delete',
      summary: 'Delete a repository (asks you to type its name)',
      args: { ownerName: arg('<owner/name>', ownerName) },
      flags: yesFlag,
      examples: ['kettle repo delete alice/old-project', 'kettle repo delete alice/old-project --yes   # in scripts: no question'],
      load: () => import('./delete.js'),
    }),
  ],
};
