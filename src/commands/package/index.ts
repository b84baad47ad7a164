// kettle package: list, view and delete the packages of a user or an
// organization, and link them to a repository.
import { listFlags, yesFlag } from '../../spec/flags.js';
import { arg, choice, type GroupDef, optionalArg, text, verb } from '../../spec/spec.js';

/**
 * The package types the servers know (models/packages/package.go): Gitea
 * 1.23 to 1.27 and Forgejo 11 to 15 alike, but `terraform` (Gitea 1.26 and
 * later) and `alt` (Forgejo).
 */
const PACKAGE_TYPES = [
  'alpine',
  'alt',
  'arch',
  'cargo',
  'chef',
  'composer',
  'conan',
  'conda',
  'container',
  'cran',
  'debian',
  'generic',
  'go',
  'helm',
  'maven',
  'npm',
  'nuget',
  'pub',
  'pypi',
  'rpm',
  'rubygems',
  'swift',
  'terraform',
  'vagrant',
] as const;

const ownerFlag = { owner: text('--owner <owner>', 'the user or organization the package belongs to (default: you)') };
const type = arg('<type>', 'the package type: generic, npm, container, maven, pypi…', PACKAGE_TYPES);
const name = arg('<name>', "the package's name");

const list = verb({
  name: 'list',
  aliases: ['ls'],
  summary: "List a user's or an organization's packages, each version on a line",
  flags: { ...ownerFlag, type: choice('--type <type>', 'only packages of this type', PACKAGE_TYPES), ...listFlags },
  output: true,
  examples: ['kettle package list', 'kettle package list --owner acme --type container', 'kettle package list --json --fields type,name,version'],
  load: () => import('./list.js'),
});

const view = verb({
  name: 'view',
  summary: 'Show a package version (without VERSION: the newest)',
  args: { type, name, version: optionalArg('[version]', 'the version (default: the newest)') },
  flags: { ...ownerFlag },
  output: true,
  examples: ['kettle package view generic teapot-tools 1.0.0', 'kettle package view npm left-pad --owner acme --json --jq .repository.full_name'],
  load: () => import('./view.js'),
});

const del = verb({
  name: 'delete',
  aliases: ['rm'],
  summary: 'Delete a package version, asking first',
  args: { type, name, version: arg('<version>', 'the version to delete (the package goes with its last version)') },
  flags: { ...ownerFlag, ...yesFlag },
  examples: ['kettle package delete generic teapot-tools 1.0.0       # asks you to type the version', 'kettle package delete container web 2.3 --owner acme --yes'],
  load: () => import('./delete.js'),
});

const link = verb({
  name: 'link',
  summary: 'Link a package to a repository of its owner',
  args: { type, name, repository: arg('<owner/repo>', "the repository; its owner is the package's owner") },
  examples: ['kettle package link generic teapot-tools alice/teapot', 'kettle package link container web acme/site'],
  notes: '\nLinking is in Gitea 1.24 and later and in Forgejo.\n',
  load: async () => ({ run: (await import('./link.js')).runLink }),
});

const unlink = verb({
  name: 'unlink',
  summary: 'Unlink a package from its repository',
  args: { type, name },
  flags: { ...ownerFlag },
  examples: ['kettle package unlink generic teapot-tools', 'kettle package unlink container web --owner acme'],
  load: async () => ({ run: (await import('./link.js')).runUnlink }),
});

export const packageGroup = {
  name: 'package',
  summary: 'List, view, delete and link packages',
  section: 'Repositories:',
  examples: ['kettle package list --type generic', 'kettle package view generic teapot-tools 1.0.0', 'kettle package link generic teapot-tools alice/teapot'],
  verbs: [list, view, del, link, unlink],
} satisfies GroupDef;

// For the verbs' options types (OptionsOf): erased from the bundle.
export type { del, link, list, unlink, view };
