// Opening a web page: `--web` and `kettle browse`. The browser is $BROWSER,
// else the system's opener; with none, with --no-browser, or with no terminal
// (a script, a CI job), the URL is printed on stdout and nothing else, so
// `kettle browse --no-browser` is a way to get the URL. The browser is started
// with an argument list (never through a shell: a URL holds & and ?), detached,
// its streams ignored, and never waited for.
import { accessSync, constants } from 'node:fs';
import { delimiter, isAbsolute, join } from 'node:path';
import type { Context } from './context.js';

export interface BrowserCommand {
  file: string;
  args: string[];
}

/**
 * The command that opens `url`: $BROWSER (split on spaces, as gh does; `%s`
 * stands for the URL, else the URL comes last), else xdg-open, `open` on
 * macOS, or on Windows the URL handler `start` uses (rundll32's
 * FileProtocolHandler, which needs no shell). Undefined when the program is
 * not found on PATH.
 */
export function browserCommand(
  url: string,
  env: NodeJS.ProcessEnv,
  platform: NodeJS.Platform,
  found: (file: string) => boolean,
  configured: string | undefined = env.KETTLE_BROWSER,
): BrowserCommand | undefined {
  // The browser setting (KETTLE_BROWSER, then kettle config's browser) comes before BROWSER.
  const fromEnv = (configured?.trim() || env.BROWSER)?.trim();
  let file: string;
  let args: string[];
  if (fromEnv) {
    // $BROWSER may list several, colon-separated, as Python's webbrowser reads it: the first found is used.
    for (const entry of fromEnv.split(platform === 'win32' ? ';' : ':')) {
      const words = entry.trim().split(/\s+/).filter(Boolean);
      const [first, ...rest] = words;
      if (first === undefined || !found(first)) continue;
      const hasPlaceholder = rest.some((w) => w.includes('%s'));
      return { file: first, args: hasPlaceholder ? rest.map((w) => w.replace(/%s/g, url)) : [...rest, url] };
    }
    return undefined;
  }
  if (platform === 'darwin') [file, args] = ['open', [url]];
  else if (platform === 'win32') [file, args] = ['rundll32', ['url.dll,FileProtocolHandler', url]];
  else [file, args] = ['xdg-open', [url]];
  return found(file) ? { file, args } : undefined;
}

/** Whether `file` names an executable: a path, or a name on PATH. */
export function onPath(file: string, env: NodeJS.ProcessEnv, platform: NodeJS.Platform = process.platform): boolean {
  const executable = (path: string) => {
    try {
      accessSync(path, platform === 'win32' ? constants.F_OK : constants.X_OK);
      return true;
    } catch {
      return false;
    }
  };
  if (isAbsolute(file) || file.includes('/')) return executable(file);
  const exts = platform === 'win32' ? (env.PATHEXT ?? '.EXE;.CMD;.BAT').split(';') : [''];
  return (env.PATH ?? '').split(delimiter).some((dir) => dir !== '' && exts.some((ext) => executable(join(dir, file + ext))));
}

/** Open `url` in the browser, or print it (see the top of this file). */
export async function openUrl(ctx: Context, url: string, opts: { noBrowser?: boolean } = {}): Promise<void> {
  const command = opts.noBrowser || !ctx.io.stdoutIsTTY ? undefined : browserCommand(url, ctx.env, process.platform, (f) => onPath(f, ctx.env), ctx.io.settings?.get('browser'));
  if (!command) {
    ctx.io.stdout.write(`${url}\n`);
    return;
  }
  const { spawn } = await import('node:child_process');
  await new Promise<void>((resolve) => {
    const child = spawn(command.file, command.args, { detached: true, stdio: 'ignore', env: ctx.env, cwd: ctx.io.cwd, windowsHide: true });
    // Started (or not): kettle goes on without waiting for the browser to exit.
    child.once('spawn', () => {
      child.unref();
      ctx.term.info(`Opening ${url} in your browser.`);
      resolve();
    });
    child.once('error', (err) => {
      ctx.term.warn(`cannot start ${command.file}: ${err.message}`);
      ctx.io.stdout.write(`${url}\n`);
      resolve();
    });
  });
}
