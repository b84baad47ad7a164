// kettle login setup-git [--login NAME]: make git ask kettle for the https
// credentials of each stored login's server (git's global
// credential.<server URL>.helper), keeping the user's other helpers.
import { instanceRoot } from '../../api/url.js';
import type { Context } from '../../context/context.js';
import { git, gitReason, helperLine } from '../../context/git.js';
import { KettleError } from '../../errors.js';

export async function run(ctx: Context): Promise<void> {
  // --login is the global flag: here it names the one login to set up.
  const only = ctx.flags.login;
  const logins = only ? { [only]: ctx.logins.stored(only) } : ctx.logins.config().logins;
  const names = Object.keys(logins);
  if (names.length === 0) throw new KettleError('no stored logins to set up git for; add one with: kettle login add --url URL');
  const helper = helperLine(ctx.io.self);
  const { cwd } = ctx.io;
  for (const name of names) {
    const login = logins[name];
    if (!login) continue;
    // With the trailing slash git matches every path under the server, and only those.
    const root = `${instanceRoot(login.url).replace(/\/+$/, '')}/`;
    const subPath = new URL(root).pathname !== '/';
    const key = `credential.${root}.helper`;
    const present = await git(cwd, ctx.env, ['config', '--global', '--get-all', key]);
    const helpers = present.code === 0 ? present.stdout.split('\n').filter((l) => l !== '') : [];
    const changes: string[][] = [];
    if (!helpers.includes(helper)) changes.push(['config', '--global', '--add', key, helper]);
    if (subPath) {
      const http = await git(cwd, ctx.env, ['config', '--global', '--get', `credential.${root}.useHttpPath`]);
      if (http.stdout.trim() !== 'true') changes.push(['config', '--global', `credential.${root}.useHttpPath`, 'true']);
    }
    for (const args of changes) {
      const r = await git(cwd, ctx.env, args, { dryRun: ctx.dryRun, on: 'local' });
      if (r.code !== 0) throw new KettleError(`cannot set git's ${args[args.length - 2] ?? key}: ${gitReason(r)}`);
    }
    if (changes.length === 0) ctx.term.info(`git already asks kettle for ${root} (login "${name}")`);
    else ctx.term.success(`git now asks kettle for the credentials of ${root} (login "${name}")${subPath ? ', with the path (useHttpPath)' : ''}`);
  }
}
