// kettle workflow run FILE [--ref REF] [-f KEY=VALUE]... [--watch]: dispatch a
// workflow_dispatch workflow, inputs checked against the file's before anything
// is sent, and print the run it started: the one the server names, else the
// newest workflow_dispatch run of that workflow and ref that shows up after the
// dispatch, looked for within a bounded wait.
import { target } from '../../context/target.js';
import * as actions from '../../api/gitea/actions.js';
import * as workflows from '../../api/gitea/workflows.js';
import * as features from '../../api/gitea/actions-features.js';
import * as repos from '../../api/gitea/repos.js';
import type { Context } from '../../context/context.js';
import { fullName } from '../../context/repo.js';
import { ApiError, KettleError, UsageError } from '../../errors.js';
import { printRecord, printText } from '../../output/printer.js';
import { failure } from '../failure.js';
import { runViewColumns } from '../run-columns.js';
import { DEFAULT_INTERVAL_S, follow } from '../follow.js';
import { type Place, connect, requireFeature } from '../runs.js';
import type { DispatchInput } from '../workflow-file.js';
import { checkFile, readWorkflow } from './shared.js';
import type { OptionsOf } from '../../spec/spec.js';
import type * as definitions from './index.js';

export type RunOptions = OptionsOf<typeof definitions.runVerb>;

/** How long kettle looks for the run a dispatch started, where the server does not name it. */
export const FIND_RUN_MS = 20_000;
const FIND_EVERY_MS = 1_000;

/** -f KEY=VALUE pairs, each key once. */
export function parseFields(fields: string[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const f of fields) {
    const at = f.indexOf('=');
    if (at <= 0) throw new UsageError(`-f takes KEY=VALUE, not "${f}"`);
    const key = f.slice(0, at);
    if (key in out) throw new UsageError(`input ${key} is given twice`);
    out[key] = f.slice(at + 1);
  }
  return out;
}

/** Inputs checked against the workflow's: unknown names and missing required ones are usage errors. */
export function checkInputs(file: string, declared: Record<string, DispatchInput>, given: Record<string, string>): void {
  const names = Object.keys(declared);
  const unknown = Object.keys(given).filter((k) => !(k in declared));
  if (unknown.length > 0) {
    throw new UsageError(`${file} has no input ${unknown.join(', ')}; ${names.length > 0 ? `its inputs: ${names.join(', ')}` : 'it takes no inputs'}`);
  }
  const missing = names.filter((n) => declared[n]?.required && declared[n]?.default === undefined && !(n in given));
  if (missing.length > 0) throw new UsageError(`${file} needs input ${missing.map((m) => `-f ${m}=…`).join(' and ')}`);
  for (const [k, v] of Object.entries(given)) {
    const options = declared[k]?.options;
    if (declared[k]?.type === 'choice' && options && options.length > 0 && !options.includes(v)) throw new UsageError(`input ${k} takes one of ${options.join(', ')}, not "${v}"`);
    if (declared[k]?.type === 'boolean' && !/^(true|false)$/i.test(v)) throw new UsageError(`input ${k} is a boolean: true or false, not "${v}"`);
  }
}

/** The inputs as the server reads them: a boolean's true and false in the words each server takes (D22). */
function sentInputs(server: features.ActionsServer, declared: Record<string, DispatchInput>, given: Record<string, string>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(given)) out[k] = declared[k]?.type === 'boolean' ? features.dispatchBoolean(server, v.toLowerCase() === 'true') : v;
  return out;
}

export async function run(ctx: Context, opts: RunOptions): Promise<void> {
  const file = checkFile(opts.file);
  const given = parseFields(opts.field);
  if (opts.interval !== undefined && !opts.watch) ctx.term.warn('--interval has no effect without --watch');
  const at = await connect(await target(ctx, { repo: opts.repo }));
  requireFeature(at, 'dispatch', 'workflow run');
  const name = fullName(at.repo);
  let ref = opts.ref;
  if (ref === undefined) {
    const repo = await repos.get(at.api, at.repo).catch(failure({ action: `read ${name}`, missing: `repository ${name}` }));
    ref = repo.default_branch || 'main';
  }
  if (ref === '') throw new UsageError('--ref must not be empty');
  const workflow = await readWorkflow(at, file, ref);
  if (workflow.dispatch.kind === 'none') throw new KettleError(`${file} has no workflow_dispatch trigger: it cannot be started by hand`);
  if (workflow.dispatch.kind === 'inputs') checkInputs(file, workflow.dispatch.inputs, given);
  const what = `workflow ${file} of ${name} on ${ref}`;
  const filter: actions.RunFilter = { workflow: file, event: 'workflow_dispatch', branch: ref };
  const named = features.offers(at.server, 'runDetails');
  const before = named ? undefined : await runIds(at, filter).catch(() => new Map<number, number>());
  const inputs = workflow.dispatch.kind === 'inputs' ? sentInputs(at.server, workflow.dispatch.inputs, given) : given;
  const id = await workflows.dispatch(at.api, at.server, at.repo, file, ref, inputs).catch(async (err: unknown) => {
    if (err instanceof ApiError && (err.status === 400 || err.status === 403 || err.status === 500)) {
      throw new KettleError(`cannot start ${what}: ${err.serverMessage ?? `HTTP ${err.status}`}`);
    }
    return failure({ action: `start ${what}`, missing: what, within: { api: at.api, repo: at.repo } })(err);
  });
  const runId = id ?? (await findRun(ctx, at, filter, before ?? new Map()));
  if (runId === undefined) {
    ctx.term.success(`Started ${what}`);
    const hint = `kettle run list --workflow ${file} --event workflow_dispatch -R ${name}`;
    if (opts.watch) throw new KettleError(`started ${what}, but its run did not show within ${FIND_RUN_MS / 1000} s, so there is nothing to watch yet; see ${hint}`);
    ctx.term.info(`Its run did not show within ${FIND_RUN_MS / 1000} s; see ${hint}`);
    return;
  }
  ctx.term.success(`Started ${what}: run ${runId.shown}`);
  if (opts.watch) {
    await follow(ctx, at, runId, (opts.interval ?? DEFAULT_INTERVAL_S) * 1000, true);
    return;
  }
  // Where only tasks are listed, the run shows once a runner took a job: until then its number is all there is.
  const shown = await actions.getRun(at.api, at.server, at.repo, runId.api).catch(() => undefined);
  if (shown) await printRecord(ctx.io, ctx.output, shown.record, runViewColumns);
  else printText(ctx.io, `${runId.shown}\n`);
}

/** The matching runs: the number each one's web page shows, with the id the API takes. */
async function runIds(at: Place, filter: actions.RunFilter): Promise<Map<number, number>> {
  const ids = new Map<number, number>();
  for await (const page of actions.listRuns(at.api, at.server, at.repo, filter, { count: 50, offset: 0, pageSize: 50 })) {
    for (const r of page.map(actions.runOf)) ids.set(r.id, r.apiId);
  }
  return ids;
}

/** The newest matching run that was not there before the dispatch, looked for until the deadline. */
async function findRun(ctx: Context, at: Place, filter: actions.RunFilter, before: Map<number, number>): Promise<actions.RunRef | undefined> {
  const deadline = ctx.io.now().getTime() + FIND_RUN_MS;
  for (;;) {
    const now = await runIds(at, filter).catch(() => new Map<number, number>());
    const fresh = [...now.keys()].filter((i) => !before.has(i)).sort((a, b) => b - a);
    if (fresh[0] !== undefined) return { shown: fresh[0], api: now.get(fresh[0]) ?? fresh[0] };
    if (ctx.io.now().getTime() + FIND_EVERY_MS > deadline) return undefined;
    await ctx.io.sleep(FIND_EVERY_MS);
  }
}
