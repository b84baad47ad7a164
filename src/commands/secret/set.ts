// kettle secret set NAME [--org ORG | --user] [--body-file FILE|-]
import { target } from '../../context/target.js';
import * as secrets from '../../api/gitea/actions-secrets.js';
import type { Context } from '../../context/context.js';
import { atLeast } from '../../context/server.js';
import { checkValue, newName } from '../actions-scope.js';
import { failure, unlessRefused } from '../failure.js';
import { secretValue } from './value.js';
import type { OptionsOf } from '../../spec/spec.js';
import type * as definitions from './index.js';

export type SetOptions = OptionsOf<typeof definitions.set>;

/**
 * Gitea 1.24 and later keep a description with each secret and replace it with
 * whatever an update sends, an empty one when none (UpdateSecret): there
 * kettle reads the repository's or organization's list first and sends the
 * secret's description back. A user's secrets have no list on any server, so
 * a replaced user secret's description cannot be kept: said after the fact.
 */
export async function run(ctx: Context, opts: SetOptions): Promise<void> {
  const scope = await target(ctx, opts);
  const { where, missing } = scope;
  const name = await newName(ctx, 'secret', opts.name);
  const value = await secretValue(ctx, name, opts.bodyFile);
  await checkValue(ctx, 'secret', value);
  const api = await scope.api();
  const attempt = failure({ action: `set secret ${name} of ${where}`, missing });
  // Whether the server keeps descriptions: a guess would drop an existing one.
  const info = await unlessRefused(ctx.server(), undefined);
  const described = info !== undefined && atLeast(info, 'gitea', '1.24');
  const existing = described && scope.kind !== 'user' ? await secrets.findSecret(api, scope, name).catch(attempt) : undefined;
  const description = typeof existing?.description === 'string' && existing.description !== '' ? existing.description : undefined;
  const created = await secrets.putSecret(api, scope, name, value, description).catch(attempt);
  ctx.term.success(`${created ? 'Created' : 'Updated'} secret ${name} of ${where}`);
  if (!created && described && scope.kind === 'user') ctx.term.warn(`the server clears a replaced secret's description, and has no list of ${where} for kettle to keep it from`);
}
