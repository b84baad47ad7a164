// kettle extension: programs that add commands to kettle. An extension is a
// repository named kettle-NAME with an executable kettle-NAME at its root, or
// releases with an asset for each platform (kettle-NAME-linux-amd64…); once
// installed, `kettle NAME ARGS` runs it.
import { arg, bool, type GroupDef, optionalArg, text, variadicArg, verb } from '../../spec/spec.js';

const list = verb({
  name: 'list',
  aliases: ['ls'],
  summary: 'List the installed extensions, where each came from and its version',
  output: true,
  examples: ['kettle extension list', 'kettle extension list --json'],
  load: () => import('./list.js'),
});

const install = verb({
  name: 'install',
  summary: 'Install an extension from a server (OWNER/NAME), a git URL or a local folder',
  args: { source: arg('<source>', "OWNER/kettle-NAME on the login's server (HOST/OWNER/NAME or a web address: that server's login), another git URL, or a folder holding kettle-NAME") },
  flags: {
    pin: text('--pin <ref>', 'install this commit, branch or tag (a release tag for a release extension); upgrade leaves it'),
    allowToken: bool('--allow-token', "pass the login's token to the extension as KETTLE_TOKEN"),
  },
  examples: [
    'kettle extension install alice/kettle-hello           # then: kettle hello',
    'kettle extension install alice/kettle-hello --pin v1.2.0',
    'kettle extension install https://git.example.com/alice/kettle-hello.git --allow-token',
    'kettle extension install ./kettle-hello                # runs from the folder, as it is',
  ],
  notes: `
From a server, kettle first looks at the repository's latest release (with
--pin, the release of that tag) for an asset named for this platform
(kettle-NAME-linux-amd64, -darwin-arm64, -windows-amd64.exe…); without one it
clones the repository over HTTP(S) with kettle's own credential helper (no
token on a command line or in the clone's .git/config) and runs the
executable kettle-NAME at its root. Extensions live in kettle's data folder:
$XDG_DATA_HOME/kettle/extensions, else ~/.local/share/kettle/extensions.
An extension may not shadow a command or an alias.
`,
  load: () => import('./install.js'),
});

const upgrade = verb({
  name: 'upgrade',
  summary: 'Move an extension (or every one, --all) to its newest commit or release',
  args: { name: optionalArg('[name]', 'the extension') },
  flags: { all: bool('--all', 'upgrade every installed extension') },
  examples: ['kettle extension upgrade hello', 'kettle extension upgrade --all'],
  notes: `
Says from what to what for each. A pinned extension (install --pin) stays
where it is, and so does one installed from a local folder.
`,
  load: () => import('./upgrade.js'),
});

const remove = verb({
  name: 'remove',
  aliases: ['rm'],
  summary: 'Remove an installed extension',
  args: { name: arg('<name>', 'the extension') },
  examples: ['kettle extension remove hello'],
  load: () => import('./remove.js'),
});

const exec = verb({
  name: 'exec',
  summary: 'Run an installed extension (what `kettle NAME ARGS` does)',
  args: { name: arg('<name>', 'the extension'), args: variadicArg('[args...]', "the extension's arguments (after --, those that start with -)") },
  examples: ['kettle extension exec hello world', 'kettle extension exec hello -- --verbose'],
  notes: `
The extension runs with KETTLE_HOST (the host of the login in use),
KETTLE_REPO (OWNER/NAME, when the current folder's git remotes name one) and
KETTLE_CONFIG_DIR set; KETTLE_TOKEN holds the login's token only for an
extension installed with --allow-token, and is otherwise removed. Its exit
status is kettle's.
`,
  load: () => import('./exec.js'),
});

export const extension = {
  name: 'extension',
  aliases: ['extensions', 'ext'],
  summary: 'Install, upgrade, remove and run extensions: programs that add commands to kettle',
  section: 'Other:',
  examples: ['kettle extension install alice/kettle-hello', 'kettle hello', 'kettle extension upgrade --all'],
  verbs: [list, install, upgrade, remove, exec],
} satisfies GroupDef;

// For the verbs' options types (OptionsOf): erased from the bundle.
export type { exec, install, list, remove, upgrade };
