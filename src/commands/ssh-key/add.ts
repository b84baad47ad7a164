// kettle ssh-key add [FILE|-] [--title TEXT] [--read-only]
import { readdir } from 'node:fs/promises';
import { homedir } from 'node:os';
import { basename, join } from 'node:path';
import * as keys from '../../api/gitea/keys.js';
import { pageWindow } from '../../api/paginate.js';
import type { Context } from '../../context/context.js';
import { canPrompt } from '../../context/io.js';
import { choose } from '../../context/prompt.js';
import { UsageError } from '../../errors.js';
import { printRecord } from '../../output/printer.js';
import { failure } from '../failure.js';
import { readKeyFile } from '../keys.js';
import { sshKeyColumns } from './columns.js';
import type { AddOptions } from './index.js';
import { parseSshKey } from './parse.js';

/** On a terminal without FILE: pick one of ~/.ssh/*.pub. */
async function pickFile(ctx: Context): Promise<string> {
  if (!canPrompt(ctx.io)) throw new UsageError('FILE is required (no terminal to pick one of ~/.ssh/*.pub on); give FILE, or - for standard input');
  const dir = join(ctx.env.HOME || homedir(), '.ssh');
  const names = await readdir(dir).then(
    (all) => all.filter((n) => n.endsWith('.pub')).sort(),
    () => [] as string[],
  );
  if (names.length === 0) throw new UsageError(`no public keys (*.pub) in ${dir}; give FILE`);
  return choose(
    ctx.io,
    'FILE',
    'Which public key?',
    names.map((n) => ({ title: n, value: join(dir, n) })),
  );
}

export async function run(ctx: Context, opts: AddOptions): Promise<void> {
  if (opts.readOnly) {
    // routers/api/v1/user/key.go CreateUserPublicKey never reads read_only: an account's keys always have write access.
    throw new UsageError('--read-only: Gitea and Forgejo give the SSH keys of an account write access always; nothing was sent (a repository\'s deploy keys can be read-only)');
  }
  const file = opts.file ?? (await pickFile(ctx));
  const shown = file === '-' ? 'standard input' : file;
  const key = parseSshKey(await readKeyFile(ctx, file, 'an SSH public key'), shown);
  const fallback = file === '-' ? undefined : basename(file).replace(/\.pub$/, '');
  const title = (opts.title ?? key.comment ?? fallback)?.trim();
  if (!title) throw new UsageError('--title is required: the key has no comment to name it by');
  const api = await ctx.api();
  for await (const page of keys.listSshKeys(api, pageWindow({ all: true }))) {
    const same = page.find((k) => k.fingerprint === key.fingerprint);
    if (same) {
      ctx.info(`kettle: this key is already on your account as SSH key ${same.id} (${same.title}); nothing was changed`);
      await printRecord(ctx.io, ctx.flags, same, sshKeyColumns);
      return;
    }
  }
  const added = await keys.addSshKey(api, { key: key.line, title }).catch(failure({ action: `add the SSH key ${key.fingerprint}` }));
  ctx.success(`Added SSH key ${added.id} (${added.title}): ${added.fingerprint}`);
  await printRecord(ctx.io, ctx.flags, added, sshKeyColumns);
}
