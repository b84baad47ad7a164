// Text written in the user's own editor, chosen as git chooses it.
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { KettleError } from '../errors.js';
import type { IO } from '../io.js';

/** git's core.editor where kettle runs (git itself, with arguments, no shell); undefined when unset or git fails. */
export async function gitCoreEditor(env: NodeJS.ProcessEnv, cwd: string): Promise<string | undefined> {
  const { execFile } = await import('node:child_process');
  return new Promise((resolve) => {
    execFile('git', ['config', '--get', 'core.editor'], { cwd, env, timeout: 5000 }, (err, stdout) => {
      const value = err ? '' : String(stdout).trim();
      resolve(value === '' ? undefined : value);
    });
  });
}

/**
 * The editor command line: the editor setting (KETTLE_EDITOR, then kettle
 * config's editor) when `configured` gives one, else in git's order:
 * GIT_EDITOR, then git's core.editor, then VISUAL, then EDITOR; vi when none is set.
 */
export async function editorCommand(env: NodeJS.ProcessEnv, cwd: string, coreEditor = gitCoreEditor, configured: string | undefined = env.KETTLE_EDITOR): Promise<string> {
  const chosen = configured?.trim();
  if (chosen) return chosen;
  const gitEditor = env.GIT_EDITOR?.trim();
  if (gitEditor) return gitEditor;
  const core = await coreEditor(env, cwd);
  if (core) return core;
  for (const name of ['VISUAL', 'EDITOR'] as const) {
    const value = env[name]?.trim();
    if (value) return value;
  }
  return process.platform === 'win32' ? 'notepad' : 'vi';
}

/**
 * Open the editor on a temporary file holding `initial` and return what the
 * user saved. The editor gets the terminal (standard input and error; standard
 * output too unless it is redirected, since editors draw on it).
 */
export async function editText(io: IO, initial: string, fileName: string, chosen?: string): Promise<string> {
  const command = chosen ?? (await editorCommand(io.env, io.cwd, gitCoreEditor, io.settings?.get('editor')));
  // Loaded here: most commands that can open an editor never do.
  const { spawn } = await import('node:child_process');
  const dir = await mkdtemp(join(tmpdir(), 'kettle-edit-'));
  const file = join(dir, fileName);
  try {
    await writeFile(file, initial, { mode: 0o600 });
    // The command may carry arguments ("code --wait"); the shell splits it and
    // the file goes in as one positional argument, whatever characters it has.
    const child =
      process.platform === 'win32'
        ? spawn(`${command} "${file}"`, { shell: true, stdio: [io.stdin, io.stdoutIsTTY ? io.stdout : io.stderr, io.stderr], env: io.env })
        : spawn('/bin/sh', ['-c', `${command} "$1"`, command, file], {
            stdio: [io.stdin, io.stdoutIsTTY ? io.stdout : io.stderr, io.stderr],
            env: io.env,
          });
    const outcome = await new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve, reject) => {
      child.once('error', reject);
      child.once('exit', (code, signal) => resolve({ code, signal }));
    }).catch((err: unknown) => {
      throw new KettleError(`cannot start the editor (${command}): ${(err as Error).message}`);
    });
    if (outcome.code === 127) throw new KettleError(`cannot start the editor (${command}): command not found; set GIT_EDITOR, VISUAL or EDITOR`);
    if (outcome.code !== 0) {
      const how = outcome.signal ? `was stopped by ${outcome.signal}` : `exited with status ${String(outcome.code)}`;
      throw new KettleError(`the editor (${command}) ${how}; nothing was sent`);
    }
    return await readFile(file, 'utf8');
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
