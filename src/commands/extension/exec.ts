// kettle extension exec NAME [ARGS...], and `kettle NAME ARGS` for an
// installed extension (src/cli/extensions.ts turns the one into the other).
// The program runs with KETTLE_HOST, KETTLE_REPO (when known) and
// KETTLE_CONFIG_DIR set; KETTLE_TOKEN only with --allow-token.
import { hostOf, instanceRoot } from '../../api/url.js';
import { configDir } from '../../config/store.js';
import type { Context } from '../../context/context.js';
import type { ResolvedLogin } from '../../context/logins.js';
import { target } from '../../context/target.js';
import { ChildExited, KettleError } from '../../errors.js';
import { streamOut } from '../../output/stream.js';
import type { OptionsOf } from '../../spec/spec.js';
import type * as definition from './index.js';
import { type Installed, isProgram, programOf, readInstalled } from './shared.js';

export type ExecOptions = OptionsOf<typeof definition.exec>;

export async function run(ctx: Context, opts: ExecOptions): Promise<void> {
  const ext = readInstalled(ctx.env, opts.name);
  if (!ext) throw new KettleError(`no extension "${opts.name}" is installed; see kettle extension list`);
  const program = programOf(ctx.env, ext);
  if (!isProgram(program)) throw new KettleError(`extension ${ext.name} has no executable ${program}; install it again (kettle extension remove ${ext.name}, then install)`);
  const env = await environment(ctx, ext);
  const code = await runProgram(ctx, program, opts.args, env);
  if (code !== 0) throw new ChildExited(code);
}

/** The extension's environment: kettle's, with the place and login in use, and a token only when allowed. */
async function environment(ctx: Context, ext: Installed): Promise<NodeJS.ProcessEnv> {
  const env: NodeJS.ProcessEnv = { ...ctx.io.env, KETTLE_CONFIG_DIR: configDir(ctx.env) };
  delete env.KETTLE_TOKEN;
  delete env.KETTLE_HOST;
  delete env.KETTLE_REPO;
  let login: ResolvedLogin | undefined;
  try {
    // The current folder's repository, when its remotes name one; its host chooses the login.
    const at = await target(ctx, {});
    env.KETTLE_REPO = at.name;
    login = at.login();
  } catch {
    try {
      login = ctx.logins.resolve();
    } catch {
      // Not logged in: the extension runs without a host.
    }
  }
  if (login === undefined) return env;
  env.KETTLE_HOST = hostOf(instanceRoot(login.root));
  if (ext.allowToken) {
    const creds = login.credentials.method === 'keyring' ? await ctx.clients.unlock(login.root, login.credentials) : login.credentials;
    if (creds.method === 'header' || creds.method === 'query') env.KETTLE_TOKEN = creds.token;
    else ctx.term.warn(`the login holds no token (${creds.method}); ${ext.name} runs without KETTLE_TOKEN`);
  }
  return env;
}

/** Run the program with kettle's terminal (or, in a test, its streams); answers its exit status. */
async function runProgram(ctx: Context, program: string, args: string[], env: NodeJS.ProcessEnv): Promise<number> {
  const { spawn } = await import('node:child_process');
  const own = ctx.io.stdout === process.stdout && ctx.io.stderr === process.stderr;
  const child = spawn(program, args, { stdio: own ? 'inherit' : ['ignore', 'pipe', 'pipe'], env, cwd: ctx.io.cwd });
  const copied: Promise<void>[] = [];
  if (!own) {
    // The program's output, passed on as it arrives: its stdout through the printer's byte stream.
    const { stdout: said, stderr: warned } = child;
    said?.on('data', (chunk: Buffer) => copied.push(streamOut(ctx.io, chunk)));
    warned?.on('data', (chunk: Buffer) => ctx.io.stderr.write(chunk));
  }
  const code = await new Promise<number>((resolve, reject) => {
    child.once('error', (err) => reject(new KettleError(`cannot run ${program}: ${err.message}`)));
    child.once('close', (status, signal) => {
      if (signal) resolve(128 + (process.getBuiltinModule('node:os').constants.signals[signal] ?? 0));
      else resolve(status ?? 1);
    });
  });
  await Promise.all(copied);
  return code;
}
