// kettle's data folder (XDG_DATA_HOME): where installed extensions live.
import { isAbsolute, join } from 'node:path';

/** An extension's name: a word that could be typed as a command (its repository is kettle-NAME). */
export const EXTENSION_NAME = /^[A-Za-z0-9][A-Za-z0-9_.-]*$/;

/** $XDG_DATA_HOME/kettle/extensions, else ~/.local/share/kettle/extensions. */
export function extensionsDir(env: NodeJS.ProcessEnv): string {
  const data = env.XDG_DATA_HOME && isAbsolute(env.XDG_DATA_HOME) ? env.XDG_DATA_HOME : join(env.HOME || process.getBuiltinModule('node:os').homedir(), '.local', 'share');
  return join(data, 'kettle', 'extensions');
}
