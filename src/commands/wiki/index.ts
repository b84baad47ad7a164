// kettle wiki: list, view, create, edit and delete a repository's wiki pages, and a page's revisions.
import { bodyFlags, repoFlag, windowFlags, yesFlag } from '../../spec/flags.js';
import { arg, type GroupDef, text, verb } from '../../spec/spec.js';

const page = arg('<page>', 'the page, by its title as the web page shows it ("Getting started"; the name in its URL works too)');
const message = { message: text('-m, --message <text>', 'the commit message (default: the server\'s, such as Add "TITLE")') };

const list = verb({
  name: 'list',
  aliases: ['ls'],
  summary: "List a repository's wiki pages",
  flags: { ...repoFlag, ...windowFlags },
  output: true,
  examples: ['kettle wiki list -R alice/teapot', 'kettle wiki list --all --json --fields title,sub_url'],
  load: () => import('./list.js'),
});

const view = verb({
  name: 'view',
  summary: 'Show a wiki page: its text (at a revision with --revision)',
  args: { page },
  flags: {
    ...repoFlag,
    revision: text('--revision <sha>', 'the page as it was at this commit of the wiki (see `kettle wiki revisions`; read with git)'),
  },
  output: true,
  examples: ['kettle wiki view Home -R alice/teapot', 'kettle wiki view "Getting started" --json --jq .content', 'kettle wiki view Home --revision 1a2b3c4d'],
  notes: '\nWith --json the record carries the page text decoded, as `content`, beside the server\'s content_base64.\n',
  load: () => import('./view.js'),
});

const create = verb({
  name: 'create',
  summary: 'Create a wiki page (the first one creates the wiki)',
  args: { page: arg('<page>', "the new page's title, as the web page will show it") },
  flags: { ...repoFlag, ...bodyFlags, ...message },
  output: true,
  examples: ['kettle wiki create Home --body "Welcome to the teapot wiki" -R alice/teapot', 'kettle wiki create "Getting started" --body-file docs/start.md', 'echo "# Notes" | kettle wiki create Notes --body-file -'],
  notes: '\nOn a terminal without --body or --body-file, kettle asks for the text (in your editor, or typed).\n',
  load: () => import('./create.js'),
});

const edit = verb({
  name: 'edit',
  summary: 'Change a wiki page: its text, its title, or both',
  args: { page },
  flags: { ...repoFlag, title: text('-t, --title <text>', 'rename the page to this title'), ...bodyFlags, ...message },
  output: true,
  examples: [
    'kettle wiki edit Home --body-file Home.md -R alice/teapot',
    'kettle wiki edit "Getting started" --title "Quick start" -m "Rename the start page"',
    'kettle wiki edit Home            # on a terminal: edit the text in your editor',
  ],
  load: () => import('./edit.js'),
});

const del = verb({
  name: 'delete',
  summary: 'Delete a wiki page (asks you to type its title)',
  args: { page },
  flags: { ...repoFlag, ...yesFlag },
  examples: ['kettle wiki delete "Old notes" -R alice/teapot', 'kettle wiki delete Draft --yes'],
  load: () => import('./delete.js'),
});

const revisions = verb({
  name: 'revisions',
  summary: 'List the commits that changed a wiki page, newest first',
  args: { page },
  flags: { ...repoFlag, ...windowFlags },
  output: true,
  examples: ['kettle wiki revisions Home -R alice/teapot', 'kettle wiki revisions "Getting started" --json --jq ".[0].sha"'],
  load: () => import('./revisions.js'),
});

export const wiki = {
  name: 'wiki',
  summary: "List, view, create, edit and delete a repository's wiki pages",
  section: 'Repositories:',
  examples: ['kettle wiki list -R alice/teapot', 'kettle wiki view Home', 'kettle wiki create "Getting started" --body-file start.md'],
  verbs: [list, view, create, edit, del, revisions],
} satisfies GroupDef;

// For the verbs' options types (OptionsOf): erased from the bundle.
export type { create, del, edit, list, revisions, view };
