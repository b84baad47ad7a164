// Running git for repo clone and repo fork --clone: an argument list, never a
// shell; what git says reaches kettle's stderr as it comes (stdout stays for
// results), and a failure ends the command with git's own message.
import type { Repository } from '../../api/gitea/types.js';
import type { Context } from '../../context/context.js';
import { KettleError } from '../../errors.js';
import { visibleControls } from '../../text/controls.js';

export type GitProtocol = 'https' | 'ssh';

/** The stream's file descriptor, when it has one (the process's own streams). */
function fdOf(stream: unknown): number | undefined {
  const fd = (stream as { fd?: unknown }).fd;
  return typeof fd === 'number' ? fd : undefined;
}

/** git's complaint lines, held back so the failure says them once. */
const COMPLAINT = /^(fatal|error): /;

/** Run git with these arguments in kettle's working folder; `what` names the step in a failure. */
export async function runGit(ctx: Context, args: string[], what: string): Promise<void> {
  const { spawn } = await import('node:child_process');
  const { io } = ctx;
  const stdin = fdOf(io.stdin) ?? 'ignore';
  const child = spawn('git', args, { cwd: io.cwd, env: io.env, stdio: [stdin, 'pipe', 'pipe'] });
  const complaints: string[] = [];
  let pending = '';
  // The server speaks through git ("remote: …" lines): its control characters
  // are shown, not obeyed; the carriage returns of git's progress stay.
  const shown = (text: string) => text.split('\r').map(visibleControls).join('\r');
  // Whole lines pass, progress (ending in \r) passes at once, complaints wait.
  const forward = (text: string, final = false) => {
    pending += text;
    const lines = pending.split('\n');
    pending = lines.pop() ?? '';
    for (const line of lines) {
      if (COMPLAINT.test(line)) complaints.push(line.replace(COMPLAINT, ''));
      else io.stderr.write(`${shown(line)}\n`);
    }
    const cr = pending.lastIndexOf('\r');
    if (cr >= 0 && !COMPLAINT.test(pending)) {
      io.stderr.write(shown(pending.slice(0, cr + 1)));
      pending = pending.slice(cr + 1);
    }
    if (final && pending !== '') forward('\n');
  };
  child.stdout?.setEncoding('utf8').on('data', (d: string) => io.stderr.write(shown(d)));
  child.stderr?.setEncoding('utf8').on('data', (d: string) => forward(d));
  const [code, signal] = await new Promise<[number | null, NodeJS.Signals | null]>((resolve, reject) => {
    child.on('error', (err: NodeJS.ErrnoException) => {
      reject(err.code === 'ENOENT' ? new KettleError('git not found: install git, or put it on PATH') : err);
    });
    child.on('close', (c, s) => resolve([c, s]));
  });
  forward('', true);
  if (code === 0) return;
  const why = complaints.join('; ') || (signal ? `stopped by ${signal}` : `exit status ${String(code)}`);
  throw new KettleError(`${what} failed: ${why}`);
}

/** The URL to clone a repository by, as the login prefers. */
export function cloneUrl(record: Repository, protocol: GitProtocol): string {
  const url = protocol === 'ssh' ? record.ssh_url : record.clone_url;
  if (!url) throw new KettleError(`the server gave no ${protocol === 'ssh' ? 'ssh' : 'https'} clone URL for ${String(record.full_name)}`);
  return url;
}

export interface CloneRequest {
  url: string;
  directory: string;
  /** Flags for git clone, given after `--`. */
  flags: string[];
  /** A fork's parent: added as remote `upstream`. */
  upstream?: string | undefined;
}

export async function clone(ctx: Context, req: CloneRequest): Promise<void> {
  // git shows its progress only to a terminal; kettle's stderr is one, but git writes to a pipe.
  const progress = ctx.io.stderrIsTTY ? ['--progress'] : [];
  await runGit(ctx, ['clone', ...progress, ...req.flags, '--', req.url, req.directory], 'git clone');
  if (req.upstream !== undefined) await runGit(ctx, ['-C', req.directory, 'remote', 'add', 'upstream', req.upstream], 'git remote add upstream');
}
