// Actions runs, jobs, steps, logs, artifacts and workflows, as each server
// answers them (test/server/README.md, "Actions", has the table of which
// version has which endpoint). Statuses are kept as the servers keep them
// (models/actions/status.go: waiting, blocked, running, success, failure,
// cancelled, skipped) and written out in each endpoint's own words.
//
// A run can be given phases: every actions read of its repository moves each
// such run one phase on (request-counted, so a test of `watch` is deterministic).
// A job's log can be generated (a size, never held whole) and cut partway.
import { Readable } from 'node:stream';
import { crc32 } from 'node:zlib';
import { createHmac, randomBytes } from 'node:crypto';
import { forbidden, HttpError, notFound } from './http.js';
import { type Call, flavorAtLeast, type Handler, obj, visibleRepo, writableRepo } from './routes.js';
import type { Json, Repo, State } from './state.js';
import { tick } from './state.js';

/** models/actions/status.go: the status names every server keeps internally. */
export type RunStatus = 'waiting' | 'blocked' | 'running' | 'success' | 'failure' | 'cancelled' | 'skipped';
const DONE: RunStatus[] = ['success', 'failure', 'cancelled', 'skipped'];

export interface StepRecord {
  name: string;
  status: RunStatus;
}

export interface LogSpec {
  /** The log as text. */
  text?: string;
  /** Or a generated log of this many bytes (numbered lines), produced as it is sent. */
  size?: number;
  /** Close the connection after this many bytes of the body (a stream cut partway). */
  cutAt?: number;
}

export interface JobRecord {
  id: number;
  runId: number;
  name: string;
  status: RunStatus;
  /** 0 until a runner picked the job up (models/actions/run_job.go TaskID). */
  taskId: number;
  attempt: number;
  steps: StepRecord[];
  log: LogSpec | undefined;
  labels: string[];
  started: string;
  stopped: string;
}

/** What one phase sets: the run's status, and jobs' (by name) with their steps'. */
export interface Phase {
  run?: RunStatus;
  jobs?: Record<string, { status: RunStatus; steps?: RunStatus[] }>;
}

export interface RunRecord {
  id: number;
  repoId: number;
  /** The number within the repository (ActionRun.Index). */
  index: number;
  workflowId: string;
  title: string;
  /** The full ref, refs/heads/main. */
  ref: string;
  sha: string;
  event: string;
  triggerUser: string;
  status: RunStatus;
  created: string;
  started: string;
  stopped: string;
  jobs: JobRecord[];
  phases: Phase[];
  /** The inputs a dispatch gave it. */
  inputs: Record<string, string>;
  /** The runner twin runs it (runNow) at the next read once its phases are over. */
  pending?: WorkflowRecord;
  /** Gitea 1.27's attempt: each rerun makes a new one (services/actions/rerun.go). */
  attempt?: number;
}

/** A job as its workflow file declares it: what the runner twin (ActionsData.runner) makes of it. */
export interface WorkflowJob {
  name: string;
  steps: string[];
  /** `if: false` (or `${{ false }}`) on the job. */
  never?: boolean;
  /** The first non-zero `exit N` of its steps' scripts. */
  exit?: number;
  /** The steps' `echo` lines, in order: what its log shows. */
  echoes?: string[];
  /**
   * What its scripts upload through the results service (CreateArtifact): the twin runs no script, so it
   * reads the artifact from the step's `ARTIFACT_NAME` and `ARTIFACT_TEXT` and the zip's one file from
   * its `writestr('FILE'` (the shape of the scenario's upload step), and makes the same zip.
   */
  artifacts?: Array<{ name: string; file: string; text: string }>;
}

export interface WorkflowInput {
  description?: string;
  required?: boolean;
  default?: string;
  type?: string;
}

export interface WorkflowRecord {
  repoId: number;
  file: string;
  folder: '.gitea/workflows' | '.forgejo/workflows';
  name: string;
  /** `on: workflow_dispatch` with these inputs; undefined when the workflow cannot be dispatched. */
  dispatch: Record<string, WorkflowInput> | undefined;
  disabled: boolean;
  /** Jobs (and their steps) a dispatched run gets. */
  jobs: WorkflowJob[];
  /** The file's text; written from the fields above when not given. */
  yaml?: string;
  /** The file's blob, when it was committed through the contents API (git-http.ts). */
  sha?: string;
}

/** The workflow file as a person would write it: name, triggers, the dispatch inputs, jobs. */
export function workflowYaml(w: WorkflowRecord): string {
  if (w.yaml !== undefined) return w.yaml;
  const out = [`name: ${JSON.stringify(w.name)}`, 'on:', '  push:'];
  if (w.dispatch) {
    out.push('  workflow_dispatch:');
    const inputs = Object.entries(w.dispatch);
    if (inputs.length > 0) out.push('    inputs:');
    for (const [name, spec] of inputs) {
      out.push(`      ${name}:`);
      if (spec.description !== undefined) out.push(`        description: ${JSON.stringify(spec.description)}`);
      if (spec.required !== undefined) out.push(`        required: ${spec.required}`);
      if (spec.default !== undefined) out.push(`        default: ${JSON.stringify(spec.default)}`);
      if (spec.type !== undefined) out.push(`        type: ${spec.type}`);
    }
  }
  out.push('jobs:');
  for (const j of w.jobs) out.push(`  ${j.name}:`, '    runs-on: ubuntu-latest', '    steps:', ...j.steps.map((st) => `      - run: echo ${JSON.stringify(st)}`));
  return `${out.join('\n')}\n`;
}

export interface ArtifactRecord {
  id: number;
  repoId: number;
  runId: number;
  name: string;
  content: Buffer;
  expired: boolean;
  created: string;
}

export interface ActionsData {
  runs: RunRecord[];
  workflows: WorkflowRecord[];
  artifacts: ArtifactRecord[];
  nextTask: number;
  /** No runner is registered: a dispatched run stays queued (as on the real servers the recordings come from). */
  noRunner?: boolean;
  /**
   * A runner twin that has run a dispatched run by its second read (queued at the first), as the host-mode runner
   * the recordings with a runner were made with (act_runner v1.0.8 beside a real Gitea 1.27.0) had: see runNow.
   */
  runner?: 'instant';
  /** The subject of a ref's head commit, where the server keeps real repositories (git-http.ts): a dispatched run's title. */
  headSubject?: (repo: Repo, ref: string) => string | undefined;
}

export function actionsData(state: State): ActionsData {
  return state.extension<ActionsData>('actions', () => ({ runs: [], workflows: [], artifacts: [], nextTask: 1 }));
}

// Seeding ------------------------------------------------------------------

export interface RunSeed {
  workflow?: string;
  title?: string;
  branch?: string;
  event?: string;
  status?: RunStatus;
  jobs?: Array<{ name: string; status?: RunStatus; steps?: Array<[string, RunStatus]> | string[]; log?: LogSpec }>;
  phases?: Phase[];
  user?: string;
}

export function addRun(state: State, repo: Repo, seed: RunSeed = {}): RunRecord {
  const data = actionsData(state);
  const now = tick();
  const index = data.runs.filter((r) => r.repoId === repo.id).length + 1;
  const status = seed.status ?? 'success';
  const run: RunRecord = {
    id: state.id(),
    repoId: repo.id,
    index,
    workflowId: seed.workflow ?? 'ci.yml',
    title: seed.title ?? `Run ${index}`,
    ref: `refs/heads/${seed.branch ?? 'main'}`,
    sha: `${String(index).padStart(2, '0')}${'c0ffee'.repeat(7)}`.slice(0, 40),
    event: seed.event ?? 'push',
    triggerUser: seed.user ?? repo.owner,
    status,
    created: now,
    started: status === 'waiting' || status === 'blocked' ? '' : now,
    stopped: DONE.includes(status) ? now : '',
    jobs: [],
    phases: seed.phases ?? [],
    inputs: {},
  };
  for (const j of seed.jobs ?? [{ name: 'build' }]) {
    const jobStatus = j.status ?? status;
    const steps = (j.steps ?? ['Set up job', 'Run tests']).map((s): StepRecord => (typeof s === 'string' ? { name: s, status: jobStatus } : { name: s[0], status: s[1] }));
    run.jobs.push(makeJob(data, state, run, j.name, jobStatus, steps, j.log));
  }
  data.runs.push(run);
  return run;
}

function makeJob(data: ActionsData, state: State, run: RunRecord, name: string, status: RunStatus, steps: StepRecord[], log: LogSpec | undefined): JobRecord {
  // A job skipped (by `needs` or `if`) never reaches a runner, so it has no task and no log
  // (services/actions/job_emitter.go marks it skipped while it waits; models/actions/run_job.go TaskID stays 0).
  const started = status !== 'waiting' && status !== 'blocked' && status !== 'skipped';
  return {
    id: state.id(),
    runId: run.id,
    name,
    status,
    taskId: started ? data.nextTask++ : 0,
    attempt: 1,
    steps: started ? steps : steps.map((s) => ({ ...s, status: 'waiting' })),
    log: log ?? { text: steps.map((s) => `${s.name}\n`).join('') },
    labels: ['ubuntu-latest'],
    started: started ? run.created : '',
    stopped: DONE.includes(status) ? run.created : '',
  };
}

export function addWorkflow(state: State, repo: Repo, w: Partial<Omit<WorkflowRecord, 'repoId'>> & { file: string }): WorkflowRecord {
  const made: WorkflowRecord = {
    repoId: repo.id,
    folder: '.gitea/workflows',
    name: w.file,
    dispatch: undefined,
    disabled: false,
    jobs: [{ name: 'build', steps: ['Set up job', 'Run'] }],
    ...w,
  };
  actionsData(state).workflows.push(made);
  return made;
}

/**
 * A workflow committed as a file (the contents API, git-http.ts createFile)
 * becomes one the server knows: its name, its workflow_dispatch inputs and its
 * jobs, read from the YAML as kettle's scenario writes it (two-space indents).
 */
export function addWorkflowFile(state: State, repo: Repo, path: string, text: string, sha?: string): WorkflowRecord | undefined {
  const m = /^(\.gitea|\.forgejo|\.github)\/workflows\/([^/]+\.ya?ml)$/.exec(path);
  if (!m) return undefined;
  const lines = text.split('\n');
  const unquote = (v: string) => v.trim().replace(/^(['"])(.*)\1$/, '$2');
  const name = unquote(/^name:(.*)$/m.exec(text)?.[1] ?? '') || (m[2] as string);
  let dispatch: Record<string, WorkflowInput> | undefined;
  const jobs: WorkflowJob[] = [];
  let section = '';
  let input: WorkflowInput | undefined;
  for (const line of lines) {
    const indent = line.length - line.trimStart().length;
    const t = line.trim();
    if (t === '' || t.startsWith('#')) continue;
    if (indent === 0) section = t.replace(/:.*$/, '');
    else if (section === 'on' && indent === 2 && t.startsWith('workflow_dispatch')) dispatch = {};
    else if (section === 'on' && dispatch && indent === 6 && t.endsWith(':')) dispatch[t.slice(0, -1)] = input = {};
    else if (section === 'on' && input && indent === 8) {
      const [k = '', ...v] = t.split(':');
      const value = unquote(v.join(':'));
      if (k === 'type' || k === 'description' || k === 'default') input[k] = value;
      if (k === 'required') input.required = value === 'true';
    } else if (section === 'jobs' && indent === 2 && t.endsWith(':')) jobs.push({ name: t.slice(0, -1), steps: [], echoes: [] });
    else if (section === 'jobs' && t.startsWith('- ')) {
      // act names a step by its name, else "Run " and its script's first line (recorded from act_runner v1.0.8).
      const item = t.slice(2);
      jobs.at(-1)?.steps.push(/^run:/.test(item) && !/^run:\s*\|/.test(item) ? `Run ${unquote(item.slice(4))}` : unquote(item.replace(/^(run|uses|name):/, '')));
      const echo = /\becho\s+(?:"([^"$]*)"|'([^']*)'|([^\s;"'$]+))\s*$/.exec(item);
      if (echo) jobs.at(-1)?.echoes?.push(echo[1] ?? echo[2] ?? echo[3] ?? '');
    } else if (section === 'jobs' && indent === 4 && /^if:\s*(\$\{\{\s*false\s*\}\}|false)\s*$/.test(t)) {
      const job = jobs.at(-1);
      if (job) job.never = true;
    } else if (section === 'jobs') {
      const job = jobs.at(-1);
      const env = /^(ARTIFACT_NAME|ARTIFACT_TEXT):\s*(.*)$/.exec(t);
      if (job && env) {
        const last = job.artifacts?.at(-1);
        const a = last && !(env[1] === 'ARTIFACT_NAME' ? last.name : last.text) ? last : { name: '', file: '', text: '' };
        if (a !== last) (job.artifacts ??= []).push(a);
        if (env[1] === 'ARTIFACT_NAME') a.name = unquote(env[2] ?? '');
        else a.text = unquote(env[2] ?? '');
      }
      const file = /writestr\('([^']+)'/.exec(t);
      const pending = job?.artifacts?.at(-1);
      if (file && pending) pending.file = file[1] as string;
      const exit = /^exit\s+(\d+)$/.exec(t);
      if (job && exit && Number(exit[1]) !== 0) job.exit ??= Number(exit[1]);
      const echo = /^(?:run:\s*)?echo\s+(?:"([^"$]*)"|'([^']*)'|([^\s;"'$]+))\s*$/.exec(t);
      if (job && echo) job.echoes?.push(echo[1] ?? echo[2] ?? echo[3] ?? '');
    }
  }
  const folder = m[1] === '.forgejo' ? '.forgejo/workflows' : '.gitea/workflows';
  const known = actionsData(state).workflows.filter((w) => !(w.repoId === repo.id && w.file === m[2]));
  actionsData(state).workflows = known;
  return addWorkflow(state, repo, { file: m[2] as string, folder, name, dispatch, jobs, yaml: text, ...(sha ? { sha } : {}) });
}

/** A zip of one file, stored (not deflated), as Python's zipfile writes it by default: the twin's artifact. */
export function zipOf(name: string, text: string): Buffer {
  const data = Buffer.from(text);
  const file = Buffer.from(name);
  const crc = crc32(data);
  const local = Buffer.alloc(30);
  local.writeUInt32LE(0x04034b50, 0);
  local.writeUInt16LE(20, 4);
  local.writeUInt32LE(crc, 14);
  local.writeUInt32LE(data.length, 18);
  local.writeUInt32LE(data.length, 22);
  local.writeUInt16LE(file.length, 26);
  const central = Buffer.alloc(46);
  central.writeUInt32LE(0x02014b50, 0);
  central.writeUInt16LE(20, 4);
  central.writeUInt16LE(20, 6);
  central.writeUInt32LE(crc, 16);
  central.writeUInt32LE(data.length, 20);
  central.writeUInt32LE(data.length, 24);
  central.writeUInt16LE(file.length, 28);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(1, 8);
  end.writeUInt16LE(1, 10);
  end.writeUInt32LE(central.length + file.length, 12);
  end.writeUInt32LE(local.length + file.length + data.length, 16);
  return Buffer.concat([local, file, data, central, file, end]);
}

export function addArtifact(state: State, run: RunRecord, name: string, content: Buffer, expired = false): ArtifactRecord {
  const made: ArtifactRecord = { id: state.id(), repoId: run.repoId, runId: run.id, name, content, expired, created: tick() };
  actionsData(state).artifacts.push(made);
  return made;
}

// Time passing ---------------------------------------------------------------

/** Each read of a repository's actions moves its runs that have phases left one phase on. */
function advance(state: State, repo: Repo): void {
  const data = actionsData(state);
  for (const run of data.runs) {
    if (run.repoId !== repo.id) continue;
    const phase = run.phases.shift();
    if (!phase) {
      caughtUp(state, run);
      continue;
    }
    const now = tick();
    for (const [name, j] of Object.entries(phase.jobs ?? {})) {
      const job = run.jobs.find((x) => x.name === name);
      if (!job) continue;
      setJob(data, job, j.status, now);
      if (j.steps) job.steps.forEach((s, i) => (s.status = j.steps?.[i] ?? s.status));
    }
    if (phase.run) {
      run.status = phase.run;
      if (!run.started && phase.run !== 'waiting' && phase.run !== 'blocked') run.started = now;
      run.stopped = DONE.includes(phase.run) ? now : '';
    }
  }
}

/** The runner twin has done a run it took by the next request about the run (runNow). */
function caughtUp(state: State, run: RunRecord): void {
  if (run.pending && run.phases.length === 0) runNow(state, run, run.pending);
  run.pending = undefined;
}

function setJob(data: ActionsData, job: JobRecord, status: RunStatus, now: string): void {
  job.status = status;
  if (status !== 'waiting' && status !== 'blocked' && job.taskId === 0) {
    job.taskId = data.nextTask++;
    job.started = now;
  }
  job.stopped = DONE.includes(status) ? now : '';
}

// Offers per flavour and version -----------------------------------------------

const gitea = (c: Call, v: string) => !c.flavor.forgejo && flavorAtLeast(c.flavor, v);
const forgejo = (c: Call, v: string) => c.flavor.forgejo && flavorAtLeast(c.flavor, v);
/** A route this server does not have: the router's 404. */
function offered(c: Call, yes: boolean): void {
  if (!yes) throw notFound(c.state.apiRoot);
}

// Record shapes ----------------------------------------------------------------

/** services/convert/convert.go ToActionsStatus (Gitea 1.25+): status and conclusion in GitHub's words. */
/** A status in GitHub's words; `conclusion` only once done (omitempty: recorded from a real Gitea 1.27.0). */
function githubStatus(s: RunStatus): { status: string; conclusion?: string } {
  if (s === 'waiting') return { status: 'queued' };
  if (s === 'blocked') return { status: 'waiting' };
  if (s === 'running') return { status: 'in_progress' };
  return { status: 'completed', conclusion: s };
}

const ZERO_TIME = '1970-01-01T00:00:00Z';
const time = (t: string) => t || ZERO_TIME;

function repoOf(state: State, id: number): Repo {
  const repo = state.repos.find((r) => r.id === id);
  if (!repo) throw new Error(`no repository ${id}`);
  return repo;
}

function shortRef(ref: string): string {
  return ref.replace(/^refs\/(heads|tags)\//, '');
}

/** services/convert/convert.go ToActionTask: one per job execution. */
function taskJson(c: Call, run: RunRecord, job: JobRecord): Json {
  const repo = repoOf(c.state, run.repoId);
  return {
    id: job.taskId,
    name: job.name,
    head_branch: shortRef(run.ref),
    head_sha: run.sha,
    run_number: run.index,
    event: run.event,
    display_title: run.title,
    status: job.status,
    workflow_id: run.workflowId,
    // models/actions/run.go Link: the run's web page (webNumber).
    url: `${c.state.webRoot}/${repo.owner}/${repo.name}/actions/runs/${webNumber(c, run)}`,
    created_at: time(job.started || run.created),
    updated_at: time(job.stopped || job.started || run.created),
    run_started_at: time(job.started),
  };
}

/**
 * The number a Gitea run's web page is at: models/actions/run.go HTMLURL uses
 * run.ID from 1.26 (a real Gitea 1.27.0 answered html_url …/runs/2 for its run
 * number 1) and run.Index before (v1.25.5); every Forgejo release uses the index.
 */
function webNumber(c: Call, run: RunRecord): number {
  return gitea(c, '1.26') ? run.id : run.index;
}

/** services/convert/convert.go ToActionWorkflowRun (Gitea 1.25+). */
function giteaRunJson(c: Call, run: RunRecord): Json {
  const repo = repoOf(c.state, run.repoId);
  const full = `${repo.owner}/${repo.name}`;
  const user = c.state.user(run.triggerUser);
  return {
    id: run.id,
    url: `${c.state.apiRoot}/repos/${full}/actions/runs/${run.id}`,
    html_url: `${c.state.webRoot}/${full}/actions/runs/${webNumber(c, run)}`,
    run_number: run.index,
    started_at: time(run.started),
    completed_at: time(run.stopped),
    event: run.event,
    display_title: run.title,
    head_branch: shortRef(run.ref),
    head_sha: run.sha,
    run_attempt: run.attempt ?? 1,
    // convert.go ToActionWorkflowRun (1.27): the attempt before this one, null for the first.
    ...((run.attempt ?? 1) > 1 ? { previous_attempt_url: `${c.state.apiRoot}/repos/${full}/actions/runs/${run.id}/attempts/${(run.attempt ?? 1) - 1}` } : {}),
    pull_requests: [],
    ...githubStatus(run.status),
    path: `${run.workflowId}@${run.ref}`,
    repository: c.state.repoJson(repo, c.user.login),
    trigger_actor: user ? c.state.userJson(user) : null,
    actor: user ? c.state.userJson(user) : null,
  };
}

/** services/convert/action.go ToActionRun (Forgejo 12+): the internal status word, times as created/started/stopped. */
function forgejoRunJson(c: Call, run: RunRecord): Json {
  const repo = repoOf(c.state, run.repoId);
  const user = c.state.user(run.triggerUser);
  return {
    id: run.id,
    title: run.title,
    repository: c.state.repoJson(repo, c.user.login),
    workflow_id: run.workflowId,
    index_in_repo: run.index,
    trigger_user: user ? c.state.userJson(user) : null,
    ScheduleID: 0,
    prettyref: shortRef(run.ref),
    is_ref_deleted: false,
    commit_sha: run.sha,
    is_fork_pull_request: false,
    need_approval: false,
    approved_by: 0,
    event: run.event,
    event_payload: '{}',
    trigger_event: run.event,
    status: run.status,
    started: time(run.started),
    stopped: time(run.stopped),
    created: run.created,
    updated: run.stopped || run.started || run.created,
    duration: 0,
    html_url: `${c.state.webRoot}/${repo.owner}/${repo.name}/actions/runs/${run.index}`,
  };
}

/** services/convert/convert.go ToActionWorkflowJob: steps only once a task ran it, numbered from 0. */
function jobJson(c: Call, run: RunRecord, job: JobRecord): Json {
  const repo = repoOf(c.state, run.repoId);
  const full = `${repo.owner}/${repo.name}`;
  return {
    id: job.id,
    url: `${c.state.apiRoot}/repos/${full}/actions/jobs/${job.id}`,
    // convert.go ToActionWorkflowJob: the job's id from 1.26, its place in the run before (v1.25.5 jobIndex).
    html_url: `${c.state.webRoot}/${full}/actions/runs/${webNumber(c, run)}/jobs/${gitea(c, '1.26') ? job.id : run.jobs.indexOf(job)}`,
    run_id: run.id,
    run_url: `${c.state.apiRoot}/repos/${full}/actions/runs/${run.id}`,
    name: job.name,
    labels: job.labels,
    run_attempt: job.attempt,
    head_sha: run.sha,
    head_branch: shortRef(run.ref),
    ...githubStatus(job.status),
    // A job no runner took has neither (omitempty: recorded from a real Gitea 1.27.0).
    ...(job.taskId === 0 ? {} : { runner_id: 1, runner_name: 'runner-1' }),
    steps:
      job.taskId === 0
        ? []
        : // A step the runner skipped never started (recorded from a real Gitea 1.27.0 with act_runner v1.0.8).
          job.steps.map((s, i) => ({
            name: s.name,
            number: i,
            ...githubStatus(s.status),
            started_at: time(s.status === 'skipped' ? '' : job.started),
            completed_at: time(DONE.includes(s.status) ? job.stopped : ''),
          })),
    created_at: run.created,
    started_at: time(job.started),
    completed_at: time(job.stopped),
  };
}

/** services/convert/convert.go ToActionArtifact. */
function artifactJson(c: Call, a: ArtifactRecord): Json {
  const repo = repoOf(c.state, a.repoId);
  const url = `${c.state.apiRoot}/repos/${repo.owner}/${repo.name}/actions/artifacts/${a.id}`;
  return {
    id: a.id,
    name: a.name,
    size_in_bytes: a.content.length,
    expired: a.expired,
    url,
    archive_download_url: `${url}/zip`,
    created_at: a.created,
    updated_at: a.created,
    // [actions] ARTIFACT_RETENTION_DAYS, 90 unless set: the upload's time and 90 days.
    expires_at: new Date(Date.parse(a.created) + 90 * 86_400_000).toISOString().replace(/\.\d{3}Z$/, 'Z'),
    workflow_run: artifactRun(c, a),
  };
}

/**
 * ToActionArtifact's workflow_run: an api.ActionWorkflowRun with only the run's id, repository and commit set,
 * shown with the fields the release's struct does not omit when empty (Gitea 1.24: those three; 1.25 adds the
 * run's own fields, zero here; 1.27 also previous_attempt_url and pull_requests; recorded from a real 1.27.0).
 */
function artifactRun(c: Call, a: ArtifactRecord): Json {
  const run = actionsData(c.state).runs.find((r) => r.id === a.runId);
  const base: Json = { id: a.runId, repository_id: a.repoId, head_sha: run?.sha ?? '' };
  if (!flavorAtLeast(c.flavor, '1.25')) return base;
  const zero = '0001-01-01T00:00:00Z';
  const newer = flavorAtLeast(c.flavor, '1.27');
  return {
    id: a.runId,
    url: '',
    ...(newer ? { previous_attempt_url: null } : {}),
    html_url: '',
    display_title: '',
    path: '',
    event: '',
    run_attempt: 0,
    run_number: 0,
    repository_id: a.repoId,
    head_sha: run?.sha ?? '',
    status: '',
    ...(newer ? { pull_requests: null } : {}),
    started_at: zero,
    completed_at: zero,
  };
}

/** services/convert/convert.go getActionWorkflowEntry: the id is the file name; state active or disabled_manually. */
function workflowJson(c: Call, w: WorkflowRecord): Json {
  const repo = repoOf(c.state, w.repoId);
  const full = `${repo.owner}/${repo.name}`;
  return {
    id: w.file,
    name: w.name,
    path: `${w.folder}/${w.file}`,
    state: w.disabled ? 'disabled_manually' : 'active',
    created_at: repo.created_at,
    updated_at: repo.updated_at,
    url: `${c.state.apiRoot}/repos/${full}/actions/workflows/${w.file}`,
    html_url: `${c.state.webRoot}/${full}/src/branch/main/${w.folder}/${w.file}`,
    badge_url: `${c.state.webRoot}/${full}/actions/workflows/${w.file}/badge.svg?branch=main`,
  };
}

// Handlers ---------------------------------------------------------------------

function runsOf(state: State, repo: Repo): RunRecord[] {
  return actionsData(state)
    .runs.filter((r) => r.repoId === repo.id)
    .sort((a, b) => b.id - a.id);
}

/** A page of a list that the server wraps in an envelope with total_count. */
function envelope(c: Call, key: string, items: unknown[], headers: boolean): { status: number; body: Json; headers: Record<string, string> } {
  const q = c.query;
  const page = Math.max(1, Number(q.get('page')) || 1);
  let limit = Number(q.get('limit')) || c.paging.defaultPageSize;
  limit = Math.min(Math.max(1, limit), c.paging.maxPageSize);
  const slice = items.slice((page - 1) * limit, page * limit);
  const h: Record<string, string> = {};
  if (headers) {
    h['x-total-count'] = String(items.length);
    if (page * limit < items.length) {
      const u = new URL(c.url);
      u.searchParams.set('page', String(page + 1));
      u.searchParams.set('limit', String(limit));
      h.link = `<${u.toString()}>; rel="next"`;
    }
  }
  return { status: 200, body: { total_count: items.length, [key]: slice }, headers: h };
}

// routers/api/v1/repo/action.go ListActionTasks: every task, newest first (task_list.go ToOrders `id` DESC);
// Forgejo 15 also takes status[] (StatusFromString, 400 on an unknown word). Neither Link nor
// X-Total-Count: only the body's total_count.
const listTasks: Handler = (c) => {
  const repo = visibleRepo(c);
  advance(c.state, repo);
  let tasks: Array<[RunRecord, JobRecord]> = [];
  for (const run of runsOf(c.state, repo)) for (const job of run.jobs) if (job.taskId !== 0) tasks.push([run, job]);
  tasks.sort((a, b) => b[1].taskId - a[1].taskId);
  const statuses = c.query.getAll('status');
  if (forgejo(c, '15') && statuses.length > 0) {
    for (const s of statuses) if (!isStatus(s)) throw new HttpError(400, { message: `unknown status: ${s}`, url: '' });
    tasks = tasks.filter(([, j]) => statuses.includes(j.status));
  }
  return envelope(
    c,
    'workflow_runs',
    tasks.map(([r, j]) => taskJson(c, r, j)),
    false,
  );
};

function isStatus(s: string): s is RunStatus {
  return ['waiting', 'blocked', 'running', 'success', 'failure', 'cancelled', 'skipped', 'unknown'].includes(s);
}

// routers/api/v1/shared/action.go convertToInternal (Gitea 1.25+): GitHub's words, 400 for others.
const GITEA_STATUS: Record<string, RunStatus[]> = {
  pending: ['blocked'],
  waiting: ['blocked'],
  requested: ['blocked'],
  action_required: ['blocked'],
  queued: ['waiting'],
  in_progress: ['running'],
  completed: ['success', 'failure', 'skipped', 'cancelled'],
  failure: ['failure'],
  success: ['success'],
  skipped: ['skipped'],
  neutral: ['skipped'],
  cancelled: ['cancelled'],
  timed_out: ['cancelled'],
};

// Gitea 1.25+: routers/api/v1/shared/action.go ListRuns (event, branch as refs/heads/…, status[], actor, head_sha;
// no workflow filter). Forgejo 12+: routers/api/v1/repo/action.go ListActionRuns (event[], status[] in its own
// words, run_number, head_sha, ref as the full ref, workflow_id), with no Link or X-Total-Count header.
const listRuns: Handler = (c) => {
  offered(c, gitea(c, '1.25') || forgejo(c, '12'));
  const repo = visibleRepo(c);
  advance(c.state, repo);
  let runs = runsOf(c.state, repo);
  const q = c.query;
  if (c.flavor.forgejo) {
    const statuses = q.getAll('status');
    for (const s of statuses) if (!isStatus(s)) throw new HttpError(400, { message: `unknown status: ${s}`, url: '' });
    const events = q.getAll('event');
    if (statuses.length) runs = runs.filter((r) => statuses.includes(r.status));
    if (events.length) runs = runs.filter((r) => events.includes(r.event));
    const num = Number(q.get('run_number') ?? 0);
    if (num) runs = runs.filter((r) => r.index === num);
    if (q.get('head_sha')) runs = runs.filter((r) => r.sha === q.get('head_sha'));
    // Forgejo 12 to 14 query runs with the job options (FindRunJobOptions): ref and workflow_id are not read, and
    // the runs come in the table's order, oldest first, not newest first (15: FindRunOptions, id DESC).
    if (forgejo(c, '15')) {
      if (q.get('ref')) runs = runs.filter((r) => r.ref === q.get('ref'));
      if (q.get('workflow_id')) runs = runs.filter((r) => r.workflowId === q.get('workflow_id'));
    } else runs = [...runs].sort((a, b) => a.id - b.id);
    return envelope(
      c,
      'workflow_runs',
      runs.map((r) => forgejoRunJson(c, r)),
      false,
    );
  }
  const wanted: RunStatus[] = [];
  for (const s of q.getAll('status')) {
    const mapped = GITEA_STATUS[s];
    if (!mapped) throw new HttpError(400, { message: `Invalid status ${s}`, url: '' });
    wanted.push(...mapped);
  }
  if (wanted.length) runs = runs.filter((r) => wanted.includes(r.status));
  if (q.get('event')) runs = runs.filter((r) => r.event === q.get('event'));
  if (q.get('branch')) runs = runs.filter((r) => r.ref === `refs/heads/${q.get('branch')}`);
  if (q.get('head_sha')) runs = runs.filter((r) => r.sha === q.get('head_sha'));
  return envelope(
    c,
    'workflow_runs',
    runs.map((r) => giteaRunJson(c, r)),
    true,
  );
};

/** A run of this repository by its id, else 404 (Gitea getCurrentRepoActionRunByID; Forgejo GetActionRun checks the repository too). */
function runParam(c: Call, repo: Repo): RunRecord {
  const raw = c.params.run ?? '';
  const run = /^\d+$/.test(raw) ? actionsData(c.state).runs.find((r) => r.id === Number(raw) && r.repoId === repo.id) : undefined;
  if (!run) throw notFound(c.state.apiRoot);
  return run;
}

const getRun: Handler = (c) => {
  offered(c, gitea(c, '1.25') || forgejo(c, '12'));
  const repo = visibleRepo(c);
  advance(c.state, repo);
  const run = runParam(c, repo);
  return { status: 200, body: c.flavor.forgejo ? forgejoRunJson(c, run) : giteaRunJson(c, run) };
};

// routers/api/v1/repo/action.go DeleteActionRun (Gitea 1.25+): 400 while the run is not done, else 204.
const deleteRun: Handler = (c) => {
  offered(c, gitea(c, '1.25'));
  const repo = writableRepo(c);
  const run = runParam(c, repo);
  caughtUp(c.state, run);
  if (!DONE.includes(run.status)) throw new HttpError(400, { message: 'this workflow run is not done', url: '' });
  const data = actionsData(c.state);
  data.runs = data.runs.filter((r) => r !== run);
  data.artifacts = data.artifacts.filter((a) => a.runId !== run.id);
  return { status: 204 };
};

// routers/api/v1/repo/action.go ListWorkflowRunJobs (Gitea 1.25+).
const listJobs: Handler = (c) => {
  offered(c, gitea(c, '1.25'));
  const repo = visibleRepo(c);
  advance(c.state, repo);
  const run = runParam(c, repo);
  return envelope(
    c,
    'jobs',
    run.jobs.map((j) => jobJson(c, run, j)),
    true,
  );
};

function jobParam(c: Call, repo: Repo): [RunRecord, JobRecord] {
  const raw = c.params.job ?? '';
  for (const run of actionsData(c.state).runs) {
    if (run.repoId !== repo.id) continue;
    const job = run.jobs.find((j) => String(j.id) === raw);
    if (job) return [run, job];
  }
  throw notFound(c.state.apiRoot);
}

const getJob: Handler = (c) => {
  offered(c, gitea(c, '1.25'));
  const repo = visibleRepo(c);
  const [run, job] = jobParam(c, repo);
  return { status: 200, body: jobJson(c, run, job) };
};

/** The log's bytes, produced as they are read: numbered lines, never held whole. */
export function logStream(spec: LogSpec): { size: number; body: Readable } {
  const text = spec.text !== undefined ? Buffer.from(spec.text) : undefined;
  const size = text ? text.length : (spec.size ?? 0);
  const cut = spec.cutAt;
  let sent = 0;
  let line = 0;
  let pending = Buffer.alloc(0);
  const body = new Readable({
    read() {
      // Cut: the body ends short of its Content-Length, and the server closes the connection (index.ts).
      if (cut !== undefined && sent >= cut) {
        this.push(null);
        return;
      }
      if (sent >= size) {
        this.push(null);
        return;
      }
      let chunk: Buffer;
      if (text) chunk = text.subarray(sent, sent + 64 * 1024);
      else {
        const parts: Buffer[] = [pending];
        let have = pending.length;
        while (have < 64 * 1024) {
          line++;
          const b = Buffer.from(`${line % 1000 === 1 ? '::group::step ' : ''}line ${line}: the kettle is on and the water is warming\n`);
          parts.push(b);
          have += b.length;
        }
        const all = Buffer.concat(parts);
        chunk = all.subarray(0, Math.min(all.length, size - sent));
        pending = all.subarray(chunk.length);
      }
      if (cut !== undefined && sent + chunk.length > cut) chunk = chunk.subarray(0, cut - sent);
      sent += chunk.length;
      this.push(chunk);
    },
  });
  return { size, body };
}

// routers/common/actions.go DownloadActionsRunJobLogs (Gitea 1.24+): 404 until a task ran the job; text/plain with
// its length and an attachment disposition.
const jobLogs: Handler = (c) => {
  offered(c, gitea(c, '1.24'));
  const repo = visibleRepo(c);
  const [run, job] = jobParam(c, repo);
  if (job.taskId === 0 || !job.log) throw notFound(c.state.apiRoot, 'job not started');
  const { size, body } = logStream(job.log);
  return {
    status: 200,
    stream: body,
    headers: {
      'content-type': 'text/plain; charset=utf-8',
      'content-length': String(size),
      'content-disposition': `attachment; filename="${run.workflowId.split('.')[0]}-${job.name}-${job.taskId}.log"`,
    },
  };
};

// routers/api/v1/repo/action.go RerunWorkflowRun / RerunFailedWorkflowRun / RerunWorkflowJob (Gitea 1.26):
// 201; a run that is not done cannot be rerun (services/actions/rerun.go: 400 "run is not done").
function rerun(c: Call, pick: (run: RunRecord) => JobRecord[], answer: (run: RunRecord, jobs: JobRecord[]) => unknown): ReturnType<Handler> {
  offered(c, gitea(c, '1.26'));
  const repo = writableRepo(c);
  const run = runParam(c, repo);
  caughtUp(c.state, run);
  if (!DONE.includes(run.status)) throw new HttpError(400, { message: 'this workflow run is not done', url: '' });
  const jobs = pick(run);
  // Gitea 1.27 reruns in a new attempt: every job of the run is cloned into it, with a new id and the attempt's
  // number, those not rerun keeping their outcome (services/actions/rerun.go execRerunPlan; a real Gitea 1.27.0
  // answered jobs 2, 3, 4 at attempt 1, then 5, 6, 7 at attempt 2 after rerun-failed-jobs).
  if (gitea(c, '1.27') && jobs.length > 0) {
    run.attempt = (run.attempt ?? 1) + 1;
    // The run shows its new attempt, not started yet (started_at the zero time in the answer).
    run.started = '';
    for (const job of run.jobs) {
      job.id = c.state.id();
      // Those rerun reach the new attempt's number below.
      job.attempt = jobs.includes(job) ? run.attempt - 1 : run.attempt;
    }
  }
  for (const job of jobs) {
    job.status = 'waiting';
    job.taskId = 0;
    job.attempt++;
    job.started = job.stopped = '';
    for (const s of job.steps) s.status = 'waiting';
  }
  if (jobs.length > 0) {
    run.status = 'waiting';
    run.stopped = '';
  }
  const body = answer(run, jobs);
  const w = actionsData(c.state).workflows.find((x) => x.repoId === repo.id && x.file === run.workflowId);
  if (jobs.length > 0 && actionsData(c.state).runner === 'instant' && w) run.pending = w;
  return { status: 201, body };
}

const rerunRun: Handler = (c) =>
  rerun(
    c,
    (run) => run.jobs,
    (run) => giteaRunJson(c, run),
  );
const rerunFailed: Handler = (c) =>
  rerun(
    c,
    (run) => run.jobs.filter((j) => j.status === 'failure' || j.status === 'cancelled'),
    () => undefined,
  );
const rerunJob: Handler = (c) => {
  const repo = visibleRepo(c);
  const run = runParam(c, repo);
  const job = run.jobs.find((j) => String(j.id) === c.params.job);
  if (!job) throw notFound(c.state.apiRoot);
  return rerun(
    c,
    () => [job],
    (r) => jobJson(c, r, job),
  );
};

// routers/api/v1/repo/action.go GetArtifactsOfRun (Gitea 1.24+): the run's artifacts, `name` narrowing them.
const runArtifacts: Handler = (c) => {
  offered(c, gitea(c, '1.24'));
  const repo = visibleRepo(c);
  advance(c.state, repo);
  const run = runParam(c, repo);
  const name = c.query.get('name');
  const arts = actionsData(c.state).artifacts.filter((a) => a.runId === run.id && (!name || a.name === name));
  return { status: 200, body: { total_count: arts.length, artifacts: arts.map((a) => artifactJson(c, a)) } };
};

/** buildSignature (routers/api/v1/repo/action.go): an HMAC of the raw endpoint, its expiry and the artifact's id, with the server's own secret. */
function artifactSignature(state: State, endpoint: string, expires: number, id: number): string {
  const secret = state.extension('artifact-secret', () => randomBytes(32));
  return createHmac('sha256', secret).update(`${endpoint}${expires}${id}`).digest('base64url');
}

// routers/api/v1/repo/action.go DownloadArtifact (Gitea 1.24+): 404 for an expired one; with storage that serves
// no direct links (a local disk, as on the recorded servers), a 302 to a signed …/zip/raw address, valid for a
// while, that DownloadArtifactRaw checks before sending the zip (recorded from a real 1.27.0). Reading it is a read
// of the repository's actions like any other: the runner twin has done the runs it took.
const artifactZip: Handler = (c) => {
  offered(c, gitea(c, '1.24'));
  const repo = visibleRepo(c);
  advance(c.state, repo);
  const a = actionsData(c.state).artifacts.find((x) => String(x.id) === c.params.artifact && x.repoId === repo.id);
  if (!a) throw notFound(c.state.apiRoot);
  if (a.expired) throw notFound(c.state.apiRoot, 'Artifact has expired');
  const endpoint = `${c.state.apiRoot}/repos/${repo.owner}/${repo.name}/actions/artifacts/${a.id}/zip/raw`;
  const expires = Math.floor(Date.now() / 1000) + 3600;
  const location = `${endpoint}?sig=${artifactSignature(c.state, endpoint, expires, a.id)}&expires=${expires}`;
  return { status: 302, headers: { location, 'content-type': 'text/html; charset=utf-8' }, body: `<a href="${location.replace(/&/g, '&amp;')}">Found</a>.\n\n` };
};

// DownloadArtifactRaw: no token needed, the signature is the permission; 401 for a wrong or expired one.
const artifactRaw: Handler = (c) => {
  const repo = c.state.repo(c.params.owner ?? '', c.params.repo ?? '');
  if (!repo) throw notFound(c.state.apiRoot);
  const a = actionsData(c.state).artifacts.find((x) => String(x.id) === c.params.artifact && x.repoId === repo.id);
  if (!a) throw notFound(c.state.apiRoot);
  const endpoint = `${c.state.apiRoot}/repos/${repo.owner}/${repo.name}/actions/artifacts/${a.id}/zip/raw`;
  const expires = Number(c.query.get('expires') ?? '0');
  if (c.query.get('sig') !== artifactSignature(c.state, endpoint, expires, a.id)) throw new HttpError(401, { message: 'Error unauthorized', url: '' });
  if (expires * 1000 < Date.now()) throw new HttpError(401, { message: 'Error link expired', url: '' });
  if (a.expired) throw notFound(c.state.apiRoot, 'Artifact has expired');
  return { status: 200, stream: Readable.from([a.content]), headers: { 'content-type': 'application/zip', 'content-length': String(a.content.length) } };
};

function workflowsOf(state: State, repo: Repo): WorkflowRecord[] {
  return actionsData(state).workflows.filter((w) => w.repoId === repo.id);
}

// routers/api/v1/repo/action.go ActionsListRepositoryWorkflows (Gitea 1.24+): the default branch's workflows.
const listWorkflows: Handler = (c) => {
  offered(c, gitea(c, '1.24'));
  const repo = visibleRepo(c);
  const ws = workflowsOf(c.state, repo);
  return { status: 200, body: { total_count: ws.length, workflows: ws.map((w) => workflowJson(c, w)) } };
};

function workflowParam(c: Call, repo: Repo): WorkflowRecord | undefined {
  return workflowsOf(c.state, repo).find((w) => w.file === (c.params.workflow ?? ''));
}

const getWorkflow: Handler = (c) => {
  offered(c, gitea(c, '1.24'));
  const repo = visibleRepo(c);
  const w = workflowParam(c, repo);
  if (!w) throw notFound(c.state.apiRoot);
  return { status: 200, body: workflowJson(c, w) };
};

// services/actions/workflow.go EnableOrDisableWorkflow: 404 for an unknown file, 204 either way (idempotent).
function setDisabled(disabled: boolean): Handler {
  return (c) => {
    offered(c, gitea(c, '1.24'));
    const repo = writableRepo(c);
    const w = workflowParam(c, repo);
    if (!w) throw notFound(c.state.apiRoot);
    w.disabled = disabled;
    return { status: 204 };
  };
}

function startRun(c: Call, repo: Repo, w: WorkflowRecord, ref: string, inputs: Record<string, string>): RunRecord {
  const data = actionsData(c.state);
  // services/actions: a dispatched run's title is its head commit's subject (recorded from a real Gitea 1.27.0).
  const run = addRun(c.state, repo, {
    workflow: w.file,
    title: data.headSubject?.(repo, ref) ?? `${w.name}`,
    branch: ref.replace(/^refs\/heads\//, ''),
    event: 'workflow_dispatch',
    status: 'waiting',
    jobs: w.jobs.map((j) => ({ name: j.name, status: 'waiting' as const, steps: j.steps })),
    user: c.user.login,
    phases: data.noRunner || data.runner ? [] : dispatchPhases(w),
  });
  run.inputs = inputs;
  // The twin has taken it by the read after the one that first shows it queued, as a real runner soon does.
  if (data.runner === 'instant') {
    run.phases = [{}];
    run.pending = w;
  }
  return run;
}

/**
 * The runner twin: a run's jobs done as act_runner v1.0.8 in host mode did
 * them beside a real Gitea 1.27.0 (test/fixtures/recordings/gitea-1.27.0.json,
 * the runner's part). A job with `if: false` still reaches the runner, which
 * skips it (a task, and a log of the runner's two lines); a job whose script
 * exits non-zero fails at that step, and its later steps are skipped; the
 * others succeed. The run fails when a job did.
 */
export function runNow(state: State, run: RunRecord, w: WorkflowRecord): void {
  const data = actionsData(state);
  const now = tick();
  for (const job of run.jobs) {
    const declared = w.jobs.find((j) => j.name === job.name);
    const status: RunStatus = declared?.never ? 'skipped' : declared?.exit !== undefined ? 'failure' : 'success';
    job.status = status;
    if (job.taskId === 0) job.taskId = data.nextTask++;
    job.started = now;
    job.stopped = now;
    job.steps.forEach((st, i) => {
      st.status = status === 'failure' && i < job.steps.length - 1 ? 'success' : status;
    });
    const head = `${now} host-runner(version:v1.0.8) received task ${job.taskId} of job ${job.name}, be triggered by event: ${run.event}\n${now} workflow prepared\n`;
    const body =
      status === 'skipped'
        ? ''
        : job.steps.map((st, i) => `${now} ::group::${st.name}\n${now} ::endgroup::\n${i === job.steps.length - 1 ? (declared?.echoes ?? []).map((e) => `${now} ${e}\n`).join('') : ''}`).join('');
    const tail = status === 'failure' ? `${now} ##[error]Process completed with exit code ${declared?.exit}.\n` : status === 'success' ? `${now} Job succeeded\n` : '';
    job.log = { text: head + body + tail };
    if (status === 'success') for (const a of declared?.artifacts ?? []) if (a.name && a.file) addArtifact(state, run, a.name, zipOf(a.file, `${a.text}\n`));
  }
  run.status = run.jobs.some((j) => j.status === 'failure') ? 'failure' : run.jobs.every((j) => j.status === 'skipped') ? 'skipped' : 'success';
  run.started ||= now;
  run.stopped = now;
}

/** A dispatched run moves on by itself: still queued at the first read, then running, then success (read by read). */
function dispatchPhases(w: WorkflowRecord): Phase[] {
  const jobs = (status: RunStatus) => Object.fromEntries(w.jobs.map((j) => [j.name, { status, steps: j.steps.map(() => status) }]));
  return [{}, { run: 'running', jobs: jobs('running') }, { run: 'success', jobs: jobs('success') }];
}

// Gitea 1.24+: routers/api/v1/repo/action.go ActionsDispatchWorkflow and services/actions/workflow.go
// DispatchActionWorkflow: 422 without a ref, 403 for a disabled workflow, 404 for an unknown ref or file, 422 for one
// without workflow_dispatch; inputs not given take their defaults (no required check); 204, or 200 with RunDetails
// when return_run_details is true (1.26). Forgejo 11+: routers/api/v1/repo/action.go DispatchWorkflow: 400 without a
// ref, 500 for an unknown file (GetWorkflowFromCommit's error is not ErrNotExist), 400 for a missing required input,
// 201 with the run (id, run_number, jobs) when return_run_info is true, else 204.
const dispatch: Handler = (c) => {
  offered(c, gitea(c, '1.24') || c.flavor.forgejo);
  const repo = writableRepo(c);
  const body = obj(c.body);
  const ref = typeof body.ref === 'string' ? body.ref : '';
  const given = obj(body.inputs) as Record<string, unknown>;
  const w = workflowParam(c, repo);
  if (c.flavor.forgejo) {
    if (!ref) throw new HttpError(400, { message: 'ref is empty', url: '' });
    if (!repo.branches.includes(ref.replace(/^refs\/heads\//, ''))) throw notFound(c.state.apiRoot, 'reference not found');
    if (!w) throw new HttpError(500, { message: 'workflow not found', url: '' });
    if (!w.dispatch) throw new HttpError(500, { message: 'workflow does not have a workflow_dispatch trigger', url: '' });
    const inputs: Record<string, string> = {};
    for (const [name, spec] of Object.entries(w.dispatch)) {
      let v = typeof given[name] === 'string' ? (given[name] as string) : '';
      if (!v && spec.required) throw new HttpError(400, { message: `input required for '${name}'`, url: '' });
      // services/actions/workflows.go: a boolean given is the web form's checkbox before Forgejo 14 (only "on" is
      // true); Forgejo 14 reads "on" as "true" and keeps the rest as sent.
      if (v && spec.type === 'boolean') v = flavorAtLeast(c.flavor, '14') ? (v === 'on' ? 'true' : v) : String(v === 'on');
      inputs[name] = v || spec.default || '';
    }
    const run = startRun(c, repo, w, ref, inputs);
    if (body.return_run_info === true) return { status: 201, body: { id: run.id, run_number: run.index, jobs: run.jobs.map((j) => j.name) } };
    return { status: 204 };
  }
  if (!ref) throw new HttpError(422, { message: 'ref is required parameter', url: '' });
  if (w?.disabled) throw forbidden('workflow is disabled');
  if (!repo.branches.includes(ref.replace(/^refs\/heads\//, ''))) throw notFound(c.state.apiRoot, `ref "${ref}" doesn't exist`);
  if (!w) throw notFound(c.state.apiRoot, `workflow "${c.params.workflow}" doesn't exist`);
  if (!w.dispatch) throw new HttpError(422, { message: `workflow "${w.file}" has no workflow_dispatch event trigger`, url: '' });
  const inputs: Record<string, string> = {};
  for (const [name, spec] of Object.entries(w.dispatch)) inputs[name] = typeof given[name] === 'string' ? (given[name] as string) : (spec.default ?? '');
  const run = startRun(c, repo, w, ref, inputs);
  if (gitea(c, '1.26') && c.query.get('return_run_details') === 'true') {
    const full = `${repo.owner}/${repo.name}`;
    return {
      status: 200,
      body: { workflow_run_id: run.id, html_url: `${c.state.webRoot}/${full}/actions/runs/${run.id}`, run_url: `${c.state.apiRoot}/repos/${full}/actions/runs/${run.id}` },
    };
  }
  return { status: 204 };
};

// routers/api/v1/repo/file.go GetContents, for the workflow files only (what kettle reads to learn a
// workflow's dispatch inputs): the file's record with its text in base64; 404 for any other path.
const workflowContents: Handler = (c) => {
  const repo = visibleRepo(c);
  const filepath = c.params.filepath ?? '';
  const folder = filepath.slice(0, filepath.lastIndexOf('/'));
  const file = filepath.slice(filepath.lastIndexOf('/') + 1);
  const ref = c.query.get('ref');
  if (ref && !repo.branches.includes(ref.replace(/^refs\/heads\//, ''))) throw notFound(c.state.apiRoot, 'object does not exist');
  const w = workflowsOf(c.state, repo).find((x) => x.folder === folder && x.file === file);
  if (!w) throw notFound(c.state.apiRoot, 'object does not exist');
  const text = Buffer.from(workflowYaml(w));
  const path = `${w.folder}/${w.file}`;
  const full = `${repo.owner}/${repo.name}`;
  return {
    status: 200,
    body: {
      name: w.file,
      path,
      sha: w.sha ?? 'f'.repeat(40),
      type: 'file',
      target: null,
      size: text.length,
      encoding: 'base64',
      content: text.toString('base64'),
      url: `${c.state.apiRoot}/repos/${full}/contents/${path}?ref=main`,
      html_url: `${c.state.webRoot}/${full}/src/branch/main/${path}`,
      download_url: `${c.state.webRoot}/${full}/raw/branch/main/${path}`,
    },
  };
};

const R = '/repos/:owner/:repo/actions';
export const ACTIONS_ROUTES: Array<[string, string, Handler]> = [
  ['GET', `${R}/tasks`, listTasks],
  ['GET', `${R}/runs`, listRuns],
  ['GET', `${R}/runs/:run`, getRun],
  ['DELETE', `${R}/runs/:run`, deleteRun],
  ['GET', `${R}/runs/:run/jobs`, listJobs],
  ['POST', `${R}/runs/:run/rerun`, rerunRun],
  ['POST', `${R}/runs/:run/rerun-failed-jobs`, rerunFailed],
  ['POST', `${R}/runs/:run/jobs/:job/rerun`, rerunJob],
  ['GET', `${R}/runs/:run/artifacts`, runArtifacts],
  ['GET', `${R}/jobs/:job`, getJob],
  ['GET', `${R}/jobs/:job/logs`, jobLogs],
  ['GET', `${R}/artifacts/:artifact/zip`, artifactZip],
  ['GET', `${R}/artifacts/:artifact/zip/raw`, artifactRaw],
  ['GET', `${R}/workflows`, listWorkflows],
  ['GET', `${R}/workflows/:workflow`, getWorkflow],
  ['PUT', `${R}/workflows/:workflow/enable`, setDisabled(false)],
  ['PUT', `${R}/workflows/:workflow/disable`, setDisabled(true)],
  ['POST', `${R}/workflows/:workflow/dispatches`, dispatch],
  ['GET', '/repos/:owner/:repo/contents/*filepath', workflowContents],
];
