// What the secret and variable verbs share: the names the servers accept, and
// the size they take. Whose they are (a repository, an organization with
// --org, or the user's own with --user) is target()'s (src/context/target.ts).
import type { Context } from '../context/context.js';
import { canPrompt } from '../io.js';
import { ask } from '../context/prompt.js';
import { atLeast, describeServer, type ServerInfo } from '../context/server.js';
import { UsageError } from '../errors.js';

export type Kind = 'secret' | 'variable';

/**
 * A name as the servers store it (upper case: models/secret/secret.go
 * InsertEncryptedSecret, models/actions/variable.go InsertVariable), or a
 * usage error when no server could hold it: letters, digits and `_`, not
 * starting with a digit (services/secrets/validation.go ValidateName; Forgejo
 * 15 models/secret/secret.go).
 */
export function storedName(kind: Kind, name: string): string {
  if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(name)) {
    throw new UsageError(`invalid ${kind} name "${name}": use letters, digits and _, not starting with a digit; nothing was sent`);
  }
  return name.toUpperCase();
}

/**
 * A name for a new or changed secret or variable: also not starting with
 * GITEA_ or GITHUB_ (every server) or FORGEJO_ (Forgejo 15; refused on all, as
 * a Forgejo upgrade would make it unusable). Names starting with CI differ by
 * server (see ciRule), so only those cost a look at the server's version.
 */
export async function newName(ctx: Context, kind: Kind, name: string): Promise<string> {
  const stored = storedName(kind, name);
  const prefix = /^(GITEA|GITHUB|FORGEJO)_/.exec(stored);
  if (prefix) throw new UsageError(`invalid ${kind} name "${name}": names starting with ${prefix[0]} are reserved for the server; nothing was sent`);
  if (stored.startsWith('CI')) {
    const info = await ctx.server();
    const why = ciRule(info, kind, stored);
    if (why !== undefined) throw new UsageError(`invalid ${kind} name "${name}": ${describeServer(info)} refuses ${why}; nothing was sent`);
  }
  return stored;
}

/**
 * Which CI names a server refuses. Variables: any name starting with CI on
 * Gitea 1.23 and 1.24 and on Forgejo before 15 (services/actions/variables.go
 * envNameCIRegexMatch, `^CI`), only CI itself on Gitea 1.25 and later and
 * Forgejo 15 (`^CI$`). Secrets: CI itself on Gitea 1.25 and later
 * (services/secrets/validation.go ValidateName), none elsewhere.
 */
export function ciRule(info: ServerInfo, kind: Kind, stored: string): string | undefined {
  const newGitea = atLeast(info, 'gitea', '1.25');
  if (kind === 'secret') return newGitea && stored === 'CI' ? 'the name CI' : undefined;
  if (newGitea || atLeast(info, 'forgejo', '15')) return stored === 'CI' ? 'the name CI for a variable' : undefined;
  return 'variable names starting with CI';
}

/**
 * The most a server takes for a value: 65536 bytes for a secret and 65536
 * characters for a variable on Gitea 1.24 and later (models/secret/secret.go
 * SecretDataMaxLength, models/actions/variable.go VariableDataMaxLength);
 * Gitea 1.23 and Forgejo check none (kettle still reads at most 4 MiB).
 */
export const MAX_VALUE = 65536;

/** Refuse an empty value, or one the server would refuse as too long (asking its version only then). */
export async function checkValue(ctx: Context, kind: Kind, value: string): Promise<void> {
  if (value === '') throw new UsageError(`the ${kind}'s value is empty; nothing was sent`);
  const size = kind === 'secret' ? Buffer.byteLength(value) : [...value].length;
  if (size <= MAX_VALUE) return;
  const info = await ctx.server();
  if (atLeast(info, 'gitea', '1.24')) {
    const unit = kind === 'secret' ? 'bytes' : 'characters';
    throw new UsageError(`the ${kind}'s value holds ${size} ${unit}; ${describeServer(info)} takes at most ${MAX_VALUE}; nothing was sent`);
  }
}

/** Before deleting: --yes, or on a terminal the name typed back; otherwise a usage error naming --yes. */
export async function confirmDelete(ctx: Context, kind: Kind, name: string, where: string, yes: boolean): Promise<void> {
  if (yes) return;
  if (!canPrompt(ctx.io)) throw new UsageError(`refusing to delete ${kind} ${name} of ${where} without confirmation; pass --yes`);
  const typed = await ask(ctx.io, '--yes', { message: `Type ${name} to delete the ${kind} from ${where}`, required: false });
  if (typed.toUpperCase() !== name) throw new UsageError(`confirmation did not match ${name}; nothing was deleted`);
}
