// A command line whose first word is neither a command nor an alias: an
// installed extension's name runs that extension (`kettle hello world` is
// `kettle extension exec hello -- world`). Loaded only then, so a built-in
// command, an alias, --help and --version never look for extensions.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { EXTENSION_NAME, extensionsDir } from '../config/data.js';
import type { StreamsLike } from '../io.js';

/** The command line that runs the extension named at `at`, or undefined when none is installed by that name. */
export function extensionCommandLine(argv: readonly string[], at: number, streams: StreamsLike): string[] | undefined {
  const word = argv[at] as string;
  if (!EXTENSION_NAME.test(word) || !existsSync(join(extensionsDir(streams.env), word, 'extension.json'))) return undefined;
  return [...argv.slice(0, at), 'extension', 'exec', word, '--', ...argv.slice(at + 1)];
}
