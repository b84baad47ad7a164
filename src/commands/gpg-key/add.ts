// kettle gpg-key add [FILE|-]
import * as keys from '../../api/gitea/keys.js';
import { pageWindow } from '../../api/paginate.js';
import type { Context } from '../../context/context.js';
import { ApiError, UsageError } from '../../errors.js';
import { printRecord } from '../../output/printer.js';
import { failure } from '../failure.js';
import { readKeyFile } from '../keys.js';
import { gpgKeyColumns } from './columns.js';
import { armoredKey, primaryKeyId } from './parse.js';
import type { OptionsOf } from '../../spec/spec.js';
import type * as definitions from './index.js';

export type AddOptions = OptionsOf<typeof definitions.add>;

export async function run(ctx: Context, opts: AddOptions): Promise<void> {
  if (opts.file === undefined && ctx.io.stdinIsTTY) throw new UsageError('FILE is required: give the armored key file, or - for standard input (gpg --armor --export KEY-ID | kettle gpg-key add -)');
  const file = opts.file ?? '-';
  const shown = file === '-' ? 'standard input' : file;
  const armored = armoredKey(await readKeyFile(ctx, file, 'a GPG public key'), shown);
  const keyId = primaryKeyId(armored);
  const api = await ctx.api();
  if (keyId !== undefined) {
    for await (const page of keys.listGpgKeys(api, pageWindow({ all: true }))) {
      const same = page.find((k) => k.key_id?.toUpperCase() === keyId);
      if (same) {
        ctx.term.info(`kettle: GPG key ${keyId} is already on your account (id ${same.id}); nothing was changed`);
        await printRecord(ctx.io, ctx.output, same, gpgKeyColumns);
        return;
      }
    }
  }
  const added = await keys.addGpgKey(api, armored).catch((err: unknown) => {
    // routers/api/v1/user/gpg_key.go HandleAddGPGKeyError: 404 when none of the key's addresses is one of the account's.
    if (err instanceof ApiError && err.status === 404) {
      throw err.withMessage(`cannot add GPG key ${keyId ?? ''}: none of its e-mail addresses is a verified address of your account`.replace('  ', ' '));
    }
    return failure({ action: `add GPG key${keyId ? ` ${keyId}` : ''}` })(err);
  });
  ctx.term.success(`Added GPG key ${added.key_id} (id ${added.id})`);
  await printRecord(ctx.io, ctx.output, added, gpgKeyColumns);
}
