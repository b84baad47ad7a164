// kettle ssh-key add [FILE|-] [--title TEXT] [--read-only] [-R OWNER/NAME]
import { target } from '../../context/target.js';
import { readdir } from 'node:fs/promises';
import { homedir } from 'node:os';
import { basename, join } from 'node:path';
import * as keys from '../../api/gitea/keys.js';
import { pageWindow } from '../../api/paginate.js';
import type { Context } from '../../context/context.js';
import { canPrompt } from '../../io.js';
import { choose } from '../../context/prompt.js';
import { fullName } from '../../context/repo.js';
import { KettleError, UsageError } from '../../errors.js';
import { printRecord } from '../../output/printer.js';
import { failure } from '../failure.js';
import { readKeyFile } from '../keys.js';
import { deployKeyColumns, sshKeyColumns } from './columns.js';
import { parseSshKey, type SshPublicKey } from './parse.js';
import type { OptionsOf } from '../../spec/spec.js';
import type * as definitions from './index.js';

export type AddOptions = OptionsOf<typeof definitions.add>;

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
  const file = opts.file ?? (await pickFile(ctx));
  const shown = file === '-' ? 'standard input' : file;
  const key = parseSshKey(await readKeyFile(ctx, file, 'an SSH public key'), shown);
  const fallback = file === '-' ? undefined : basename(file).replace(/\.pub$/, '');
  const title = (opts.title ?? key.comment ?? fallback)?.trim();
  if (!title) throw new UsageError('--title is required: the key has no comment to name it by');
  // routers/api/v1/user/key.go CreateUserPublicKey never reads read_only (an account's keys can always
  // write): a read-only key is a repository's deploy key, of -R's repository or the git remote's.
  if (opts.repo !== undefined || opts.readOnly) return addDeployKey(ctx, opts, key, title);
  const api = await ctx.api();
  for await (const page of keys.listSshKeys(api, pageWindow({ all: true }))) {
    const same = page.find((k) => k.fingerprint === key.fingerprint);
    if (same) {
      ctx.term.info(`kettle: this key is already on your account as SSH key ${same.id} (${same.title}); nothing was changed`);
      await printRecord(ctx.io, ctx.output, same, sshKeyColumns);
      return;
    }
  }
  const added = await keys.addSshKey(api, { key: key.line, title }).catch(failure({ action: `add the SSH key ${key.fingerprint}` }));
  ctx.term.success(`Added SSH key ${added.id} (${added.title}): ${added.fingerprint}`);
  await printRecord(ctx.io, ctx.output, added, sshKeyColumns);
}

async function addDeployKey(ctx: Context, opts: AddOptions, key: SshPublicKey, title: string): Promise<void> {
  const at = await target(ctx, { repo: opts.repo });
  const { repo } = at;
  const name = fullName(repo);
  const api = await at.api();
  const attempt = { action: `add the deploy key ${key.fingerprint} to ${name}`, missing: `repository ${name}` };
  const found = await (async () => {
    for await (const page of keys.listDeployKeys(api, repo, pageWindow({ all: true }))) {
      const same = page.find((k) => k.fingerprint === key.fingerprint);
      if (same) return same;
    }
    return undefined;
  })().catch(failure(attempt));
  if (found) {
    if (found.read_only !== opts.readOnly) {
      throw new KettleError(`this key is already a ${found.read_only ? 'read-only' : 'read-write'} deploy key of ${name} (id ${found.id}); delete it first to change that`);
    }
    ctx.term.info(`kettle: this key is already a deploy key of ${name} (id ${found.id}, ${found.title}); nothing was changed`);
    await printRecord(ctx.io, ctx.output, found, deployKeyColumns);
    return;
  }
  const added = await keys.addDeployKey(api, repo, { key: key.line, title, read_only: opts.readOnly }).catch(failure(attempt));
  const access = added.read_only ? 'read-only' : 'read-write';
  ctx.term.success(`Added ${access} deploy key ${added.id} (${added.title}) to ${name}: ${added.fingerprint}`);
  await printRecord(ctx.io, ctx.output, added, deployKeyColumns);
  if (added.read_only !== opts.readOnly) {
    throw new KettleError(`the server made deploy key ${added.id} ${access}, not ${opts.readOnly ? 'read-only' : 'read-write'} as asked`);
  }
}
