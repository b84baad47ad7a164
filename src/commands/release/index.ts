// kettle release: list, view, create, edit and delete releases; upload and download their assets.
import { listFlags, repoFlag, yesFlag } from '../../spec/flags.js';
import { arg, bool, type GroupDef, list, optionalArg, text, variadicArg, verb } from '../../spec/spec.js';

const tag = arg('<tag>', 'the tag of the release, such as v1.2.0');
const notesFlags = {
  notes: text('-n, --notes <text>', 'the release notes'),
  notesFile: text('-F, --notes-file <file>', 'read the release notes from a file (- for standard input; at most 4 MiB)'),
};

const listVerb = verb({
  name: 'list',
  aliases: ['ls'],
  summary: 'List the releases of a repository, newest first',
  flags: { ...repoFlag, ...listFlags },
  output: true,
  examples: ['kettle release list -R alice/teapot', 'kettle release list --all --json --fields tag_name,published_at'],
  load: () => import('./list.js'),
});

const view = verb({
  name: 'view',
  summary: 'Show a release: its notes and assets (the latest release when TAG is left out)',
  args: { tag: optionalArg('[tag]', 'the tag of the release (default: the latest release)') },
  flags: repoFlag,
  output: true,
  examples: ['kettle release view v1.2.0 -R alice/teapot', 'kettle release view            # the latest release', 'kettle release view v1.2.0 --json --fields assets'],
  load: () => import('./view.js'),
});

const create = verb({
  name: 'create',
  summary: 'Create a release, and upload files as its assets',
  args: { tag, files: variadicArg('[file...]', 'files to upload as assets') },
  flags: {
    ...repoFlag,
    title: text('-t, --title <text>', 'the title (default: the tag)'),
    ...notesFlags,
    target: text('--target <branch>', 'the branch or commit to tag when the tag does not exist yet (default: the default branch)'),
    draft: bool('-d, --draft', 'save it as a draft, not published'),
    prerelease: bool('-p, --prerelease', 'mark it as a pre-release'),
  },
  output: true,
  examples: [
    'kettle release create v1.2.0 --notes "Quieter lid"',
    'kettle release create v1.2.0 dist/*.tar.gz --title "Teapot 1.2" --notes-file CHANGES.md',
    'kettle release create v2.0.0-rc.1 --target next --prerelease --draft',
  ],
  load: () => import('./create.js'),
});

const edit = verb({
  name: 'edit',
  summary: 'Change the title, notes, draft or pre-release state of a release',
  args: { tag },
  flags: {
    ...repoFlag,
    title: text('-t, --title <text>', 'the new title'),
    ...notesFlags,
    draft: bool('--draft', 'make it a draft (unpublish it)'),
    publish: bool('--publish', 'publish a draft'),
    prerelease: bool('--prerelease', 'mark it as a pre-release'),
    stable: bool('--stable', 'mark it as a stable release (not a pre-release)'),
  },
  output: true,
  examples: ['kettle release edit v1.2.0 --title "Teapot 1.2"', 'kettle release edit v1.2.0 --publish --stable', 'kettle release edit v1.2.0 --notes-file - < CHANGES.md'],
  load: () => import('./edit.js'),
});

const upload = verb({
  name: 'upload',
  summary: 'Upload files as assets of a release',
  args: { tag, files: variadicArg('<file...>', 'the files to upload') },
  flags: { ...repoFlag, clobber: bool('--clobber', 'replace an asset of the same name') },
  examples: ['kettle release upload v1.2.0 dist/teapot.tar.gz dist/teapot.zip', 'kettle release upload v1.2.0 dist/teapot.tar.gz --clobber'],
  load: () => import('./upload.js'),
});

const download = verb({
  name: 'download',
  summary: 'Download the assets of a release (the latest release when TAG is left out)',
  args: { tag: optionalArg('[tag]', 'the tag of the release (default: the latest release)') },
  flags: {
    ...repoFlag,
    pattern: list('-p, --pattern <glob>', 'only assets whose name matches (*, ? and [...]); repeat it for more'),
    dir: text('-D, --dir <folder>', 'the folder to write them to (default: the current one); - writes one asset to standard output'),
    clobber: bool('--clobber', 'overwrite files that already exist'),
  },
  examples: [
    'kettle release download v1.2.0',
    'kettle release download --pattern "*.tar.gz" --dir downloads',
    'kettle release download v1.2.0 -p "teapot-*-linux-?64.zip" --clobber',
    'kettle release download v1.2.0 -p checksums.txt -D - | sha256sum -c',
  ],
  load: () => import('./download.js'),
});

const del = verb({
  name: 'delete',
  summary: 'Delete a release (asks you to type its tag), and with --cleanup-tag its tag',
  args: { tag },
  flags: { ...repoFlag, ...yesFlag, cleanupTag: bool('--cleanup-tag', 'delete the git tag too') },
  examples: ['kettle release delete v1.2.0', 'kettle release delete v1.2.0 --yes --cleanup-tag   # in scripts: no question'],
  load: () => import('./delete.js'),
});

export const release = {
  name: 'release',
  summary: 'List, view, create, edit and delete releases; upload and download their assets',
  section: 'Releases:',
  examples: ['kettle release list -R alice/teapot', 'kettle release create v1.2.0 dist/teapot.tar.gz --notes "Quieter lid"', 'kettle release download v1.2.0 --pattern "*.tar.gz"'],
  verbs: [listVerb, view, create, edit, upload, download, del],
} satisfies GroupDef;

// For the verbs' options types (OptionsOf): erased from the bundle.
export type { create, del, download, edit, listVerb, upload, view };
