// kettle variable set NAME VALUE [--org ORG | --user]
import { target, type Target } from '../../context/target.js';
import * as variables from '../../api/gitea/actions-secrets.js';
import type { ApiClient } from '../../api/client.js';
import type { Context } from '../../context/context.js';
import { atLeast, known } from '../../context/server.js';
import { ApiError } from '../../errors.js';
import { checkValue, newName } from '../actions-scope.js';
import { failure, unlessRefused } from '../failure.js';
import type { OptionsOf } from '../../spec/spec.js';
import type * as definitions from './index.js';

export type SetOptions = OptionsOf<typeof definitions.set>;

/**
 * Creates or updates, in as few requests as every server allows:
 * - CreateVariable (routers/api/v1/repo/action.go, org/action.go,
 *   user/action.go) answers 409 for a name that exists (204 on Gitea 1.23 and
 *   1.24 and Forgejo, 201 on Gitea 1.25 and later); UpdateVariable answers 204,
 *   or 404 for a name that does not.
 * - On Gitea 1.24 and later a variable has a description, which UpdateVariable
 *   replaces with what is sent (empty when nothing is). So there kettle reads the
 *   variable first (GetVariable) and sends its description back: one read and
 *   one write, whether it creates or updates.
 * - Elsewhere nothing but the name and value is kept: create first, and on 409
 *   update (one request to create, two to update).
 * A server whose version cannot be read (or that has no GET /version) gets the read first: that is right on
 * every server, the description sent back only where the record has one.
 */
export async function run(ctx: Context, opts: SetOptions): Promise<void> {
  const s = await target(ctx, opts);
  const name = await newName(ctx, 'variable', opts.name);
  await checkValue(ctx, 'variable', opts.value);
  const api = await s.api();
  const info = await unlessRefused(ctx.server(), undefined);
  const described = !known(info) || atLeast(info, 'gitea', '1.24');
  const created = await (described ? readThenWrite : createOrUpdate)(api, s, name, opts.value);
  ctx.term.success(`${created ? 'Created' : 'Updated'} variable ${name} of ${s.where}`);
}

const conflict = (err: unknown): boolean => err instanceof ApiError && err.status === 409;
const notFound = (err: unknown): boolean => err instanceof ApiError && err.status === 404;

function attempt(s: Target, name: string) {
  return failure({ action: `set variable ${name} of ${s.where}`, missing: s.missing });
}

async function createOrUpdate(api: ApiClient, s: Target, name: string, value: string): Promise<boolean> {
  try {
    await variables.createVariable(api, s, name, value);
    return true;
  } catch (err) {
    if (!conflict(err)) return attempt(s, name)(err);
  }
  await variables.updateVariable(api, s, name, value).catch(attempt(s, name));
  return false;
}

async function readThenWrite(api: ApiClient, s: Target, name: string, value: string, again = true): Promise<boolean> {
  const existing = await variables.getVariable(api, s, name).catch((err: unknown) => (notFound(err) ? undefined : attempt(s, name)(err)));
  if (existing === undefined) {
    try {
      await variables.createVariable(api, s, name, value);
      return true;
    } catch (err) {
      // Made by someone else since it was read: update it as it now is.
      if (!conflict(err) || !again) return attempt(s, name)(err);
      return readThenWrite(api, s, name, value, false);
    }
  }
  // The description goes back only where the record has one (Gitea 1.24 and later).
  await variables.updateVariable(api, s, name, value, typeof existing.description === 'string' ? existing.description : undefined).catch(attempt(s, name));
  return false;
}
