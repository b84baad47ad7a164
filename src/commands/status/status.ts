// kettle status [--login NAME]...: every server at once. Each login's
// requests go out together and the servers are asked side by side; the view
// is printed once every server has answered or failed, so a slow server holds
// back only the printing, never another server's requests.
import type { Credentials } from '../../api/auth.js';
import { apiRoot } from '../../api/url.js';
import { envLogin, envLoginName } from '../../config/env.js';
import type { Context } from '../../context/context.js';
import { authHint, credentialsOf, type ResolvedLogin } from '../../context/logins.js';
import { ApiError, combinedExitCode, ExitCode, exitCodeFor, formatError, KettleError } from '../../errors.js';
import { gather, type ServerView } from './gather.js';
import { type Outcome, printPlain, printSections, printStatusJson, serverUrl } from './render.js';

interface Target {
  name: string;
  login: ResolvedLogin;
  insecure: boolean;
}

/** The logins to show: those named, else KETTLE_URL's server, else KETTLE_LOGIN's, else every stored one. */
function targets(ctx: Context): Target[] {
  const stored = (name: string): Target => {
    const l = ctx.logins.stored(name);
    const credentials: Credentials = credentialsOf(l, name);
    return { name, insecure: l.insecure === true, login: { name, source: 'stored', root: l.url, credentials, ...(l.user ? { user: l.user } : {}) } };
  };
  const named = [...new Set(ctx.flags.logins ?? [])];
  if (named.length > 0) return named.map(stored);
  const fromEnv = envLogin(ctx.env);
  if (fromEnv) {
    const root = apiRoot(fromEnv.url);
    return [{ name: new URL(root).host, insecure: false, login: { source: 'env', root, credentials: { method: 'header', token: fromEnv.token } } }];
  }
  const one = envLoginName(ctx.env);
  if (one !== undefined) return [stored(one)];
  const names = Object.keys(ctx.logins.config().logins);
  // No login at all: the usual "not logged in" (exit 4) with what to do.
  if (names.length === 0) ctx.logins.resolve();
  return names.map(stored);
}

/** The lines that say why a server failed: the error's, and for a refused credential how to log in again. */
function whyFailed(ctx: Context, t: Target, err: unknown): string[] {
  const lines = formatError(err, ctx.flags.debug).map((l) => l.replace(/^kettle: /, ''));
  if (err instanceof ApiError && err.status === 401) {
    lines[0] = `authentication failed: ${lines[0] ?? ''}`;
    lines.push(...authHint(t.login).map((l) => l.trim()));
  }
  return lines;
}

export async function run(ctx: Context): Promise<void> {
  const list = targets(ctx);
  const outcomes: Outcome[] = await Promise.all(
    list.map(async (t): Promise<Outcome> => {
      const server = serverUrl(t.login.root);
      try {
        // The user's timeout bounds the whole view: all of a server's reads are one wait.
        const api = await ctx.clients.clientFor(t.login.root, t.login.credentials, { ...(t.insecure ? { insecure: true } : {}), name: t.name, timeoutScope: 'client' });
        const view: ServerView = await gather(api);
        const missed = view.missed.map((m) => ({ read: m.read, section: m.section, why: whyFailed(ctx, t, m.error) }));
        return { name: t.name, server, view, missed };
      } catch (err) {
        return { name: t.name, server, error: whyFailed(ctx, t, err), code: exitCodeFor(err) };
      }
    }),
  );
  if (ctx.output.kind !== 'view') printStatusJson(ctx, outcomes);
  else if (ctx.io.stdoutIsTTY) await printSections(ctx, outcomes);
  else printPlain(ctx, outcomes);
  const failed = outcomes.filter((o) => o.error !== undefined);
  const incomplete = outcomes.filter((o) => (o.missed ?? []).length > 0);
  if (failed.length === 0 && incomplete.length === 0) return;
  // On a terminal the sections said why; for a script, stderr says it.
  if (!ctx.io.stdoutIsTTY || ctx.output.kind !== 'view') {
    const say = (o: Outcome, lines: string[], what = '') => {
      for (const [i, line] of lines.entries()) ctx.io.stderr.write(i === 0 ? `kettle: ${o.name} (${o.server}): ${what}${line}\n` : `  ${line.trimStart()}\n`);
    };
    for (const o of outcomes) {
      if (o.error) say(o, o.error);
      for (const m of o.missed ?? []) say(o, m.why, `could not read ${m.read}: `);
    }
  }
  const parts: string[] = [];
  if (failed.length > 0) parts.push(`${failed.length} of ${outcomes.length} server${outcomes.length === 1 ? '' : 's'} could not be read: ${failed.map((o) => o.name).join(', ')}`);
  if (incomplete.length > 0) parts.push(`incomplete: ${incomplete.map((o) => `${o.name} (${(o.missed ?? []).map((m) => m.read).join(', ')})`).join(', ')}`);
  // A server that answered in part did not fail as a whole: it counts as 1, whatever its reads' codes.
  const codes = [...failed.map((o) => o.code ?? ExitCode.failure), ...incomplete.map(() => ExitCode.failure)];
  throw new KettleError(parts.join('; '), combinedExitCode(codes, outcomes.length));
}
