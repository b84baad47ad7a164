import { target } from '../../context/target.js';
import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import * as actions from '../../api/gitea/actions.js';
import type { Context } from '../../context/context.js';
import { KettleError, UsageError } from '../../errors.js';
import { failure } from '../failure.js';
import { formatSize } from '../sizes.js';
import { saveDownload, streamDownload } from '../transfer.js';
import { parseRunId, runRef } from './shared.js';
import { type Place, connect, requireFeature, runName } from '../runs.js';
import type { OptionsOf } from '../../spec/spec.js';
import type * as definition from './defs/download.js';

export type DownloadOptions = OptionsOf<typeof definition.download>;

/** Characters no file kettle writes may hold in its name (controls, bidirectional overrides), nor a path separator. */
const UNWRITABLE = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069/\\]/;

export async function run(ctx: Context, opts: DownloadOptions): Promise<void> {
  const runNumber = parseRunId(opts.id);
  if (opts.dir === '') throw new UsageError('--dir must not be empty');
  const at = await connect(await target(ctx, { repo: opts.repo, numbers: opts.id }));
  requireFeature(at, 'artifacts', 'run download');
  const id = await runRef(at, runNumber);
  const what = runName(at, id);
  const all = await actions.runArtifacts(at.api, at.repo, id.api).catch(failure({ action: `list the artifacts of ${what}`, missing: what, within: { api: at.api, repo: at.repo } }));
  const unknown = opts.name.filter((n) => !all.some((a) => a.name === n));
  if (unknown.length > 0) {
    throw new KettleError(`${what} has no artifact named ${unknown.map((n) => `"${n}"`).join(', ')}; it has ${all.length === 0 ? 'none' : all.map((a) => a.name).join(', ')}`);
  }
  const chosen = opts.name.length > 0 ? all.filter((a) => opts.name.includes(a.name)) : all;
  if (chosen.length === 0) throw new KettleError(`${what} has no artifacts`);
  const expired = chosen.filter((a) => a.expired);
  if (expired.length > 0 && opts.name.length > 0) throw new KettleError(`${expired.map((a) => a.name).join(', ')} of ${what} expired; nothing was downloaded`);
  for (const a of expired) ctx.term.warn(`artifact ${a.name} has expired; left out`);
  if (opts.dir === '-') {
    // Standard output holds one file, as release download's --dir - does: more would run together.
    const live = chosen.filter((a) => !a.expired);
    const [only, ...more] = live;
    if (!only || more.length > 0) {
      throw new UsageError(`--dir - writes one artifact to standard output; ${live.length} would (${live.map((a) => a.name).join(', ')}): pick one with --name`);
    }
    await streamDownload(ctx, only.name, () => actions.artifactZip(at.api, at.repo, only.id).catch(failure({ action: `download artifact ${only.name}`, missing: `artifact ${only.name}` })), undefined);
    return;
  }
  const shown = opts.dir ?? '.';
  const dir = resolve(ctx.io.cwd, shown);
  // Every target is checked before the first byte is fetched.
  const targets = chosen
    .filter((a) => !a.expired)
    .map((a) => {
      if (a.name === '' || a.name === '.' || a.name === '..' || UNWRITABLE.test(a.name)) throw new KettleError(`the server named an artifact "${a.name}", which is not a file name kettle will write`);
      return { artifact: a, path: join(dir, `${a.name}.zip`), shown: join(shown, `${a.name}.zip`) };
    });
  const there = opts.clobber ? [] : targets.filter((t) => existsSync(t.path)).map((t) => t.shown);
  if (there.length > 0) throw new KettleError(`${there.join(', ')} already exist${there.length === 1 ? 's' : ''}; nothing was downloaded (pass --clobber to overwrite)`);
  await mkdir(dir, { recursive: true });
  for (const t of targets) {
    const size = await save(ctx, at, t.artifact, t.path);
    ctx.term.success(`Downloaded ${t.shown} (${formatSize(size)})`);
  }
}

function save(ctx: Context, at: Place, artifact: actions.Artifact, final: string): Promise<number> {
  // The count checked is the answer's Content-Length; the recorded size only feeds the progress line when there is none.
  return saveDownload(
    ctx,
    artifact.name,
    final,
    () => actions.artifactZip(at.api, at.repo, artifact.id).catch(failure({ action: `download artifact ${artifact.name}`, missing: `artifact ${artifact.name}` })),
    artifact.size_in_bytes,
    'header',
  );
}
