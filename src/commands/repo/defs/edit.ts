// kettle repo edit: definition.
import { repoFlag } from '../../../spec/flags.js';
import { bool, optionalArg, text, verb } from '../../../spec/spec.js';
import { OWNER_NAME } from './view.js';

export const edit = verb({
  name: 'edit',
  summary: "Change a repository's settings (only those given)",
  args: { ownerName: optionalArg('[owner/name]', OWNER_NAME) },
  flags: {
    ...repoFlag,
    description: text('-d, --description <text>', 'the short description ("" clears it)'),
    website: text('--website <url>', 'the project website, http or https ("" clears it)'),
    private: bool('--private', 'make it private'),
    public: bool('--public', 'make it public'),
    defaultBranch: text('--default-branch <branch>', 'the branch shown and pulled by default'),
    archive: bool('--archive', 'archive it (read-only)'),
    unarchive: bool('--unarchive', 'take it out of the archive'),
    enableIssues: bool('--enable-issues', 'turn the issue tracker on'),
    disableIssues: bool('--disable-issues', 'turn the issue tracker off'),
    enableWiki: bool('--enable-wiki', 'turn the wiki on'),
    disableWiki: bool('--disable-wiki', 'turn the wiki off'),
    enablePrs: bool('--enable-prs', 'turn pull requests on'),
    disablePrs: bool('--disable-prs', 'turn pull requests off'),
  },
  output: true,
  examples: [
    'kettle repo edit alice/teapot --description "A teapot that knows when to stop"',
    'kettle repo edit --private --disable-wiki      # the repository of the current git remote',
    'kettle repo edit alice/teapot --default-branch develop --website https://teapot.example.com',
    'kettle repo edit alice/old-project --archive',
  ],
  load: () => import('../edit.js'),
});
