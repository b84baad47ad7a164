// kettle browse: open the repository, an issue or pull request, a file or the settings in the browser.
import { repoFlag } from '../../spec/flags.js';
import { bool, optionalArg, text, type TopDef, verb } from '../../spec/spec.js';

const browseVerb = verb({
  name: 'browse',
  summary: 'Open the repository, an issue or pull request, a file, or the settings in the browser',
  args: { target: optionalArg('[number|path]', 'an issue or pull request number (or its URL), or a file or folder path') },
  flags: {
    ...repoFlag,
    branch: text('-b, --branch <branch>', "with a path or alone: the branch to show (default: the repository's default branch)"),
    settings: bool('-s, --settings', "the repository's settings page"),
    // commander reads --no-browser as browser=false.
    browser: { ...bool('-n, --no-browser', 'print the URL instead of opening it'), initial: true },
  },
  examples: [
    'kettle browse',
    'kettle browse 12               # issue or pull request #12',
    'kettle browse src/main.ts --branch next',
    'kettle browse --settings -R alice/teapot',
    'kettle browse --no-browser     # print the URL',
  ],
  load: () => import('./browse.js'),
});

export const browse = {
  section: 'Repositories:',
  verb: browseVerb,
} satisfies TopDef;

// For the verbs' options types (OptionsOf): erased from the bundle.
export type { browseVerb };
