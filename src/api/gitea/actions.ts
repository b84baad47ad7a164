// Actions: runs, their jobs, steps and logs, and artifacts, under
// /repos/{owner}/{repo}/actions. The servers differ by version (see
// test/server/README.md, "Actions"): Gitea 1.23 and Forgejo 11 list only tasks
// (one per job execution, named by the run's number); Gitea 1.25 and Forgejo 12
// list runs, each in its own record shape and status words. This module picks
// the endpoint from what the caller knows of the server, and reads every shape
// into kettle's words. Workflows are in workflows.ts.
import { ApiError } from '../../errors.js';
import type { ApiClient, ListOptions, StreamedResponse } from '../client.js';
import { download } from '../transfers.js';
import type { PageWindow } from '../paginate.js';
import type { RepoRef } from '../repo.js';
import { expectFields, expectRecord, type Shape } from '../response.js';
import { p, type QueryValue, RUN_PAGE } from '../url.js';
import { repoPath } from './repos.js';
import { type ActionsServer, FROM_INTERNAL, fromGithub, offers, type RunState, TO_INTERNAL } from './actions-features.js';

// Records --------------------------------------------------------------------

/** One run, as kettle shows it, whichever record the server sent. */
export interface Run {
  /** The RUN-ID the user types: the number the run's web page shows (…/actions/runs/N). */
  id: number;
  /** The id the server's API addresses the run by (its number where only tasks are listed). */
  apiId: number;
  number: number;
  workflow: string;
  title: string;
  branch: string;
  event: string;
  status: RunState;
  created: string;
  url: string;
  /** Job names with their status, where the record tells (tasks do, one per job). */
  jobs?: Array<{ name: string; status: RunState; id: number }>;
}

/** A run as the user names it: the number its web page shows, and the id the server's API takes. */
export interface RunRef {
  shown: number;
  api: number;
}

export interface Job {
  id: number;
  name: string;
  status: RunState;
  steps: Array<{ number: number; name: string; status: RunState }>;
}

/**
 * The fields of the three run records (Gitea's run, Forgejo's run, a task)
 * that runOf reads as numbers or status words: a field of another kind is one
 * line (expectFields), never a run numbered 0 or one whose status never ends.
 */
const RUN_SHAPE: Shape = { id: 'number', run_number: 'number', index_in_repo: 'number', status: 'string', conclusion: 'string' };
/** The same for a job (jobOf): its id, status words and steps. */
const JOB_SHAPE: Shape = { id: 'number', status: 'string', conclusion: 'string', steps: 'array' };

type Rec = Record<string, unknown>;
const str = (v: unknown): string => (typeof v === 'string' ? v : '');
export const num = (v: unknown): number => (typeof v === 'number' ? v : 0);
/** A zero time (the servers send 1970 or 0001 for "not yet") as none. */
const when = (v: unknown): string => (typeof v === 'string' && !/^(0001|1970)-01-01/.test(v) ? v : '');
/** The number a run's web address ends with (models/actions/run.go HTMLURL), or 0. */
const WEB_PAGE = new RegExp(`${RUN_PAGE}$`);
const webNumber = (v: unknown): number => Number(WEB_PAGE.exec(str(v))?.[1] ?? 0);

/** The runs kettle made from a list of tasks, kept beside the newest task record of each (which --json shows). */
const fromTasks = new WeakMap<object, Run>();

/** A run in kettle's words, from any of the three records (Gitea's run, Forgejo's run, or the newest task of a run). */
export function runOf(record: object): Run {
  const grouped = fromTasks.get(record);
  if (grouped) return grouped;
  const r = record as Rec;
  if ('index_in_repo' in r) {
    // Forgejo's web page shows the run's number in the repository.
    return {
      id: num(r.index_in_repo),
      apiId: num(r.id),
      number: num(r.index_in_repo),
      workflow: str(r.workflow_id),
      title: str(r.title),
      branch: str(r.prettyref),
      event: str(r.trigger_event) || str(r.event),
      status: FROM_INTERNAL[str(r.status)] ?? 'unknown',
      created: when(r.created),
      url: str(r.html_url),
    };
  }
  if ('conclusion' in r || 'path' in r) {
    // Gitea's web page shows the run's number up to 1.25 and its id from 1.26; its web address says which.
    return {
      id: webNumber(r.html_url) || num(r.id),
      apiId: num(r.id),
      number: num(r.run_number),
      // path is "<file>@<ref>".
      workflow: str(r.path).replace(/@.*$/, ''),
      title: str(r.display_title),
      branch: str(r.head_branch),
      event: str(r.event),
      status: fromGithub(r.status, r.conclusion),
      created: when(r.started_at),
      url: str(r.html_url),
    };
  }
  return {
    id: num(r.run_number),
    apiId: num(r.run_number),
    number: num(r.run_number),
    workflow: str(r.workflow_id),
    title: str(r.display_title),
    branch: str(r.head_branch),
    event: str(r.event),
    status: FROM_INTERNAL[str(r.status)] ?? 'unknown',
    created: when(r.created_at),
    url: str(r.url),
  };
}

/** A run's status from its jobs' tasks: anything still going decides, then a failure, then a cancellation. */
function combined(states: RunState[]): RunState {
  for (const s of ['in_progress', 'queued', 'waiting', 'failure', 'cancelled', 'unknown'] as const) if (states.includes(s)) return s;
  return states.every((s) => s === 'skipped') ? 'skipped' : 'success';
}

/** Tasks of one run (newest first) as that run: the newest attempt of each job counts. */
function groupTasks(tasks: Rec[]): Run {
  const first = tasks[0] as Rec;
  const byJob = new Map<string, Rec>();
  for (const t of tasks) if (!byJob.has(str(t.name))) byJob.set(str(t.name), t);
  const jobs = [...byJob.values()].reverse().map((t) => ({ name: str(t.name), status: FROM_INTERNAL[str(t.status)] ?? ('unknown' as RunState), id: num(t.id) }));
  const oldest = tasks[tasks.length - 1] as Rec;
  return { ...runOf({ ...first, created_at: oldest.created_at }), status: combined(jobs.map((j) => j.status)), jobs };
}

export function jobOf(record: object): Job {
  const r = record as Rec;
  const steps = Array.isArray(r.steps) ? (r.steps as Rec[]) : [];
  return {
    id: num(r.id),
    name: str(r.name),
    status: fromGithub(r.status, r.conclusion),
    steps: steps.map((s) => ({ number: num(s.number), name: str(s.name), status: fromGithub(s.status, s.conclusion) })),
  };
}

// Lists ----------------------------------------------------------------------

export interface RunFilter {
  status?: RunState | undefined;
  branch?: string | undefined;
  workflow?: string | undefined;
  event?: string | undefined;
}

/** Take the list out of an envelope ({total_count, <key>: [...]}), refusing any other shape. */
export function unwrapper(key: string): NonNullable<ListOptions['unwrap']> {
  return (data, path, status) => {
    const list = data !== null && typeof data === 'object' && !Array.isArray(data) ? (data as Rec)[key] : undefined;
    // Go writes a nil list as null.
    if (list === null) return [];
    if (!Array.isArray(list)) throw new ApiError({ message: `the server's answer to GET ${path} has no "${key}" list`, method: 'GET', path, status });
    return list;
  };
}

/** Every record of a list, in the largest pages. */
function everything(window?: PageWindow): PageWindow {
  return { count: Number.POSITIVE_INFINITY, offset: 0, pageSize: Math.max(window?.pageSize ?? 0, 50) };
}

function matches(run: Run, f: RunFilter): boolean {
  return (
    (f.status === undefined || run.status === f.status) &&
    (f.branch === undefined || run.branch === f.branch) &&
    (f.workflow === undefined || run.workflow === f.workflow) &&
    (f.event === undefined || run.event === f.event)
  );
}

/**
 * A repository's runs, newest first, in pages of the server's records. Where
 * the server lists runs, the filters it takes are sent and the rest applied
 * here on every page; where it lists only tasks, the tasks are read whole
 * (a run's tasks may span pages), grouped by run, filtered, and the window cut
 * from that.
 */
export async function* listRuns(api: ApiClient, server: ActionsServer, repo: RepoRef, filter: RunFilter, window: PageWindow, options: ListOptions = {}): AsyncGenerator<object[]> {
  const base = `${repoPath(repo)}/actions`;
  if (offers(server, 'runs')) {
    const query: Record<string, QueryValue> = {};
    const rest: RunFilter = {};
    if (server.flavour === 'forgejo') {
      // Forgejo's own status words, each filter a list.
      if (filter.status) query.status = [TO_INTERNAL[filter.status] ?? filter.status];
      if (filter.event) query.event = [filter.event];
    }
    if (server.flavour === 'forgejo' && !offers(server, 'orderedRuns')) {
      // Forgejo 12 to 14: the ref and workflow filters are not read and the runs come in no order, so every page
      // is read, the filters applied here, and the runs put newest first before the window is cut.
      const all: Array<{ record: object; run: Run }> = [];
      for await (const page of api.pages<object>(`${base}/runs`, everything(window), query, { ...options, unwrap: unwrapper('workflow_runs'), shape: RUN_SHAPE })) {
        for (const record of page) all.push({ record, run: runOf(record) });
      }
      const kept = all.filter((x) => matches(x.run, { branch: filter.branch, workflow: filter.workflow })).sort((a, b) => b.run.id - a.run.id);
      const out = kept.slice(window.offset, window.offset + window.count).map((x) => x.record);
      if (out.length > 0) yield out;
      return;
    }
    if (server.flavour === 'forgejo') {
      if (filter.branch) query.ref = `refs/heads/${filter.branch}`;
      if (filter.workflow) query.workflow_id = filter.workflow;
    } else {
      if (filter.status) query.status = filter.status;
      if (filter.event) query.event = filter.event;
      if (filter.branch) query.branch = filter.branch;
      // No workflow filter on Gitea's run list.
      rest.workflow = filter.workflow;
    }
    if (rest.workflow === undefined) {
      yield* api.pages<object>(`${base}/runs`, window, query, { ...options, unwrap: unwrapper('workflow_runs'), shape: RUN_SHAPE });
      return;
    }
    // Filtered here: every page is read, and the window cut from what matches.
    let skip = window.offset;
    let left = window.count;
    for await (const page of api.pages<object>(`${base}/runs`, everything(window), query, { ...options, unwrap: unwrapper('workflow_runs'), shape: RUN_SHAPE })) {
      const kept = page.filter((r) => matches(runOf(r), rest)).slice(skip);
      skip = Math.max(0, skip - page.length);
      const out = kept.slice(0, left);
      left -= out.length;
      if (out.length > 0) yield out;
      if (left <= 0) return;
    }
    return;
  }
  const tasks: Rec[] = [];
  for await (const page of api.pages<Rec>(`${base}/tasks`, everything(window), {}, { ...options, unwrap: unwrapper('workflow_runs'), shape: RUN_SHAPE })) tasks.push(...page);
  const byRun = new Map<number, Rec[]>();
  for (const t of tasks) {
    const n = num(t.run_number);
    byRun.set(n, [...(byRun.get(n) ?? []), t]);
  }
  const runs: object[] = [];
  for (const group of [...byRun.values()].sort((a, b) => num((b[0] as Rec).run_number) - num((a[0] as Rec).run_number))) {
    const run = groupTasks(group);
    if (!matches(run, filter)) continue;
    const record = group[0] as Rec;
    fromTasks.set(record, run);
    runs.push(record);
  }
  yield runs.slice(window.offset, window.offset + window.count);
}

/**
 * The id the API addresses a run by, from the number its web page shows: the
 * same where the server lists only tasks (named by the run's number) and on
 * Gitea 1.26+ (whose pages show the id); Forgejo's run list finds a number in
 * one request (`run_number`, routers/api/v1/repo/action.go ListActionRuns);
 * Gitea 1.25's list is read newest first until the number is passed.
 * Undefined when no run has that number.
 */
export async function findRun(api: ApiClient, server: ActionsServer, repo: RepoRef, shown: number): Promise<number | undefined> {
  if (!offers(server, 'runs') || offers(server, 'webRunIds')) return shown;
  const path = `${repoPath(repo)}/actions/runs`;
  if (server.flavour === 'forgejo') {
    for await (const page of api.pages<object>(path, { count: 1, offset: 0, pageSize: 1 }, { run_number: shown }, { unwrap: unwrapper('workflow_runs') })) {
      const found = page.map(runOf).find((r) => r.number === shown);
      return found?.apiId;
    }
    return undefined;
  }
  for await (const page of api.pages<object>(path, everything(), {}, { unwrap: unwrapper('workflow_runs') })) {
    for (const r of page.map(runOf)) {
      if (r.number === shown) return r.apiId;
      // Newest first: numbers only fall from here.
      if (r.number < shown) return undefined;
    }
  }
  return undefined;
}

/** One run by the id the API addresses it by (findRun): the run's record, or (tasks only) the newest task of the run with that number. */
export async function getRun(api: ApiClient, server: ActionsServer, repo: RepoRef, id: number): Promise<{ run: Run; record: object }> {
  if (offers(server, 'runs')) {
    const path = `${repoPath(repo)}${p`/actions/runs/${id}`}`;
    const res = await api.request('GET', path);
    const record = expectRecord(res.data, 'GET', path, res.status);
    expectFields(record, RUN_SHAPE, 'GET', path, res.status);
    return { run: runOf(record), record };
  }
  const tasks: Rec[] = [];
  for await (const page of api.pages<Rec>(`${repoPath(repo)}/actions/tasks`, everything(), {}, { unwrap: unwrapper('workflow_runs'), shape: RUN_SHAPE })) {
    tasks.push(...page.filter((t) => num(t.run_number) === id));
  }
  if (tasks.length === 0) throw new ApiError({ message: `no run number ${id}`, method: 'GET', path: `${repoPath(repo)}/actions/tasks`, status: 404 });
  const run = groupTasks(tasks);
  const record = tasks[0] as Rec;
  fromTasks.set(record, run);
  return { run, record };
}

/** A run's jobs with their steps (Gitea 1.25+). */
export async function listJobs(api: ApiClient, repo: RepoRef, runId: number, window: PageWindow): Promise<object[]> {
  const all: object[] = [];
  for await (const page of api.pages<object>(`${repoPath(repo)}${p`/actions/runs/${runId}/jobs`}`, window, {}, { unwrap: unwrapper('jobs'), shape: JOB_SHAPE })) all.push(...page);
  return all;
}

/** A job's log, as a stream of bytes (Gitea 1.24+). */
export function jobLog(api: ApiClient, repo: RepoRef, jobId: number): Promise<StreamedResponse> {
  return api.stream(`${repoPath(repo)}${p`/actions/jobs/${jobId}/logs`}`, { headers: { accept: 'text/plain, */*' } });
}

export async function rerun(api: ApiClient, repo: RepoRef, runId: number, which: { failed?: boolean; job?: number }): Promise<void> {
  const base = `${repoPath(repo)}${p`/actions/runs/${runId}`}`;
  const path = which.job !== undefined ? `${base}${p`/jobs/${which.job}/rerun`}` : which.failed ? `${base}/rerun-failed-jobs` : `${base}/rerun`;
  await api.request('POST', path);
}

export async function deleteRun(api: ApiClient, repo: RepoRef, runId: number): Promise<void> {
  await api.request('DELETE', `${repoPath(repo)}${p`/actions/runs/${runId}`}`);
}

export interface Artifact {
  id: number;
  name: string;
  size_in_bytes?: number;
  expired?: boolean;
  archive_download_url?: string;
}

export async function runArtifacts(api: ApiClient, repo: RepoRef, runId: number): Promise<Artifact[]> {
  const path = `${repoPath(repo)}${p`/actions/runs/${runId}/artifacts`}`;
  const res = await api.request('GET', path);
  return unwrapper('artifacts')(res.data, path, res.status) as Artifact[];
}

/** An artifact's zip as a stream (redirects followed; credentials only under the server). */
export function artifactZip(api: ApiClient, repo: RepoRef, artifactId: number, signal?: AbortSignal) {
  const url = new URL(`${api.root.replace(/\/$/, '')}${repoPath(repo)}${p`/actions/artifacts/${artifactId}/zip`}`);
  return download(api, url.toString(), signal);
}
