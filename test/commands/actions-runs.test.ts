// kettle run and kettle workflow against the in-memory server's Actions
// (routes-actions.ts), the same command lines against old servers (Gitea 1.23,
// Forgejo 11: tasks only) and new ones (Gitea 1.26, Forgejo 15).
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it, onTestFinished } from 'vitest';
import { json } from '../support/harness.js';
import { expectExit, expectUsage, record, rows, sent, useServer } from '../support/suite.js';
import { actionsData, addArtifact, addRun, addWorkflow } from '../server/routes-actions.js';
import { movingClock } from '../support/io.js';

const s = useServer({ runner: 'in-process' });

const G23 = {};
const G25 = { version: '1.25.0' };
const G26 = { version: '1.26.4' };
const F11 = { forgejo: true };
const F15 = { forgejo: true, version: '15.0.3+gitea-1.22.0' };
/** Forgejo 12 to 14 list runs without reading ref and workflow_id, in no order (D29). */
const F13 = { forgejo: true, version: '13.0.0+gitea-1.22.0' };
/** The servers whose run web pages (and so RUN-IDs) show the run's id, not its number (Gitea 1.26+). */
const BY_ID = new Set<object>([G26]);
/** A run's RUN-ID on a server: the number its web page shows. */
const runId = (flavor: object, x: { id: number; index: number }) => String(BY_ID.has(flavor) ? x.id : x.index);
const FLAVORS = [
  ['Gitea 1.23', G23, 'old'],
  ['Gitea 1.26', G26, 'new'],
  ['Forgejo 11', F11, 'old'],
  ['Forgejo 13', F13, 'new'],
  ['Forgejo 15', F15, 'new'],
] as const;

let counter = 0;
function repo() {
  const name = `actions-${++counter}`;
  const r = s.server.state.addRepo('alice', name, { init: true });
  r.branches.push('topic');
  return { repo: r, R: ['-R', `alice/${name}`], full: `alice/${name}` };
}

/** Three runs: a success on main, a failure on topic, a dispatch still running. */
function threeRuns() {
  const t = repo();
  const a = addRun(s.server.state, t.repo, { workflow: 'ci.yml', title: 'Quieter lid', branch: 'main', event: 'push', status: 'success' });
  const b = addRun(s.server.state, t.repo, {
    workflow: 'ci.yml',
    title: 'Louder whistle',
    branch: 'topic',
    event: 'pull_request',
    status: 'failure',
    jobs: [
      { name: 'build', status: 'success' },
      {
        name: 'test',
        status: 'failure',
        steps: [
          ['Set up job', 'success'],
          ['Run tests', 'failure'],
        ],
      },
    ],
  });
  const c = addRun(s.server.state, t.repo, { workflow: 'deploy.yml', title: 'Deploy', branch: 'main', event: 'workflow_dispatch', status: 'running' });
  return { ...t, a, b, c };
}

describe('run list', () => {
  it.each(FLAVORS)('%s: every run, newest first, with its RUN-ID (the number its web page shows)', async (_name, flavor, age) => {
    s.server.set({ flavor });
    const t = threeRuns();
    const r = await s.kettle(['run', 'list', ...t.R]);
    expectExit(r, 0);
    const ids = [t.c, t.b, t.a].map((x) => runId(flavor, x));
    expect(rows(r.stdout).map((row) => row.slice(0, 6))).toEqual([
      [ids[0], 'deploy.yml', 'Deploy', 'main', 'workflow_dispatch', 'in_progress'],
      [ids[1], 'ci.yml', 'Louder whistle', 'topic', 'pull_request', 'failure'],
      [ids[2], 'ci.yml', 'Quieter lid', 'main', 'push', 'success'],
    ]);
    expect(sent(s, 'GET', `/repos/${t.full}/actions/${age === 'new' ? 'runs' : 'tasks'}`)).toHaveLength(1);
  });

  it.each(FLAVORS)('%s: filters give the same runs whether the server applies them or kettle does', async (_name, flavor) => {
    s.server.set({ flavor });
    const t = threeRuns();
    const idOf = (x: { id: number; index: number }) => runId(flavor, x);
    const ids = async (...args: string[]) => {
      const r = await s.kettle(['run', 'list', ...t.R, ...args]);
      expectExit(r, 0);
      return rows(r.stdout).map((row) => row[0]);
    };
    expect(await ids('--status', 'failure')).toEqual([idOf(t.b)]);
    expect(await ids('--status', 'in_progress')).toEqual([idOf(t.c)]);
    expect(await ids('--workflow', 'ci.yml')).toEqual([idOf(t.b), idOf(t.a)]);
    expect(await ids('--branch', 'main', '--event', 'push')).toEqual([idOf(t.a)]);
    expect(await ids('--workflow', 'ci.yml', '--limit', '1')).toEqual([idOf(t.b)]);
  });

  it('Gitea 1.26: sends the filters it takes, in its words', async () => {
    s.server.set({ flavor: G26 });
    const t = threeRuns();
    expectExit(await s.kettle(['run', 'list', ...t.R, '--status', 'queued', '--branch', 'main', '--event', 'push']), 0);
    expect(sent(s, 'GET', `/repos/${t.full}/actions/runs`)[0]?.query).toMatchObject({ status: 'queued', branch: 'main', event: 'push' });
  });

  it('Forgejo 15: status in its own words, the branch as a full ref, the workflow', async () => {
    s.server.set({ flavor: F15 });
    const t = threeRuns();
    const r = await s.kettle(['run', 'list', ...t.R, '--status', 'queued', '--branch', 'main', '--workflow', 'ci.yml']);
    expectExit(r, 0);
    expect(sent(s, 'GET', `/repos/${t.full}/actions/runs`)[0]?.query).toMatchObject({ status: 'waiting', ref: 'refs/heads/main', workflow_id: 'ci.yml' });
  });

  it.each([
    ['Gitea 1.23', G23],
    ['Forgejo 15', F15],
  ] as const)('%s: --all reads every page, though the server sends no Link header', async (_n, flavor) => {
    s.server.set({ flavor });
    const t = repo();
    for (let i = 0; i < 75; i++) addRun(s.server.state, t.repo, { title: `Run ${i + 1}`, jobs: [{ name: 'a' }, { name: 'b' }] });
    const r = await s.kettle(['run', 'list', ...t.R, '--all']);
    expectExit(r, 0);
    const titles = rows(r.stdout).map((row) => row[2]);
    expect(titles).toHaveLength(75);
    expect(titles[0]).toBe('Run 75');
    expect(titles.at(-1)).toBe('Run 1');
  });

  it("--json: the server's records", async () => {
    s.server.set({ flavor: F15 });
    const t = threeRuns();
    const r = await s.kettle(['run', 'list', ...t.R, '--json']);
    expectExit(r, 0);
    const list = json<Array<Record<string, unknown>>>(r);
    expect(list.map((x) => x.index_in_repo)).toEqual([3, 2, 1]);
    expect(list[0]?.status).toBe('running');
  });

  it('an empty list says so on stderr only', async () => {
    const t = repo();
    const r = await s.kettle(['run', 'list', ...t.R]);
    expectExit(r, 0);
    expect(r.stdout).toBe('');
  });

  it("--status takes only kettle's words", async () => {
    const t = repo();
    const r = await s.kettle(['run', 'list', ...t.R, '--status', 'running']);
    expectUsage(s, r, /queued/);
  });
});

describe('run view', () => {
  it('Gitea 1.26: the run, then a row per job and per step', async () => {
    s.server.set({ flavor: G26 });
    const t = threeRuns();
    const r = await s.kettle(['run', 'view', String(t.b.id), ...t.R]);
    expectExit(r, 0);
    const lines = r.stdout.trimEnd().split('\n');
    const head = record(lines.filter((l) => !/^(job|step)\t/.test(l)).join('\n'));
    expect(head).toMatchObject({ id: String(t.b.id), workflow: 'ci.yml', status: 'failure', number: '2' });
    const [build, test] = t.b.jobs;
    expect(rows(lines.filter((l) => /^(job|step)\t/.test(l)).join('\n'))).toEqual([
      ['job', String(build?.id), 'build', 'success'],
      ['step', String(build?.id), '0', 'Set up job', 'success'],
      ['step', String(build?.id), '1', 'Run tests', 'success'],
      ['job', String(test?.id), 'test', 'failure'],
      ['step', String(test?.id), '0', 'Set up job', 'success'],
      ['step', String(test?.id), '1', 'Run tests', 'failure'],
    ]);
  });

  it('on a terminal: the run as a view, then its jobs with their steps', async () => {
    s.server.set({ flavor: G26 });
    const t = threeRuns();
    const r = await s.kettle(['run', 'view', String(t.b.id), ...t.R], { tty: { stdout: true }, columns: 100, env: { KETTLE_PAGER: '', NO_COLOR: '1' } });
    expectExit(r, 0);
    expect(r.stdout).toMatch(/^status: +failure$/m);
    expect(r.stdout).toMatch(/^title: +Louder whistle$/m);
    const jobs = r.stdout.slice(r.stdout.indexOf('\nJOBS\n'));
    expect(jobs.split('\n').slice(1, 8)).toEqual([
      'JOBS',
      `✓ build (ID ${t.b.jobs[0]?.id}): success`,
      '    ✓ Set up job: success',
      '    ✓ Run tests: success',
      `X test (ID ${t.b.jobs[1]?.id}): failure`,
      '    ✓ Set up job: success',
      '    X Run tests: failure',
    ]);
  });

  it('Forgejo 11: the run by its number, the jobs its tasks name', async () => {
    s.server.set({ flavor: F11 });
    const t = threeRuns();
    const r = await s.kettle(['run', 'view', String(t.b.index), ...t.R]);
    expectExit(r, 0);
    expect(r.stdout).toMatch(/^status\tfailure$/m);
    expect(r.stdout).toMatch(/^job\t\d+\tbuild\tsuccess$/m);
    expect(r.stdout).toMatch(/^job\t\d+\ttest\tfailure$/m);
  });

  it.each(FLAVORS)('%s: an unknown RUN-ID is one line, exit 1', async (_name, flavor) => {
    s.server.set({ flavor });
    const t = threeRuns();
    const r = await s.kettle(['run', 'view', '999', ...t.R]);
    expectExit(r, 1);
    expect(r.stderr).toBe(`kettle: run 999 of ${t.full} not found\n`);
  });

  it('--json: the run record with its jobs', async () => {
    s.server.set({ flavor: G26 });
    const t = threeRuns();
    const r = await s.kettle(['run', 'view', String(t.b.id), ...t.R, '--json']);
    expectExit(r, 0);
    const data = json<{ id: number; conclusion: string; jobs: Array<{ name: string }> }>(r);
    expect(data.id).toBe(t.b.id);
    expect(data.conclusion).toBe('failure');
    expect(data.jobs.map((j) => j.name)).toEqual(['build', 'test']);
  });

  it.each([['abc'], ['0'], ['1.5']])('RUN-ID %s: exit 2 before any request', async (id) => {
    const t = repo();
    expectUsage(s, await s.kettle(['run', 'view', id, ...t.R]), /RUN-ID must be a whole number/);
  });
});

describe('RUN-IDs: the number the web page shows (issue 34, 9)', () => {
  it.each([
    ['Gitea 1.25 (its page shows the number; its run list read newest first)', G25, 'index'],
    ['Gitea 1.26 (its page shows the id the API takes: nothing to find)', G26, 'id'],
    ['Forgejo 15 (its page shows the number; found with run_number)', F15, 'index'],
  ] as const)('%s', async (_n, flavor, key) => {
    s.server.set({ flavor });
    const t = threeRuns();
    expect(t.b.id).not.toBe(t.b.index);
    const listed = await s.kettle(['run', 'list', ...t.R]);
    expect(rows(listed.stdout).map((row) => row[0])).toEqual([t.c, t.b, t.a].map((x) => String(x[key])));
    s.server.requests.length = 0;
    const r = await s.kettle(['run', 'view', String(t.b[key]), ...t.R]);
    expectExit(r, 0);
    const shown = record(r.stdout);
    expect(shown).toMatchObject({ id: String(t.b[key]), number: String(t.b.index), title: 'Louder whistle' });
    // The web address kettle shows is the page of the same number.
    expect(shown.url).toBe(`${s.server.url.replace(/\/api\/v1$/, '')}/${t.full}/actions/runs/${t.b[key]}`);
    expect(sent(s, 'GET', `/repos/${t.full}/actions/runs/${t.b.id}`)).toHaveLength(1);
    const lists = sent(s, 'GET', `/repos/${t.full}/actions/runs`);
    if (key === 'id') expect(lists).toHaveLength(0);
    else expect(lists).toHaveLength(1);
    if (flavor === F15) expect(lists[0]?.query).toMatchObject({ run_number: String(t.b.index) });
  });

  it.each([
    ['Gitea 1.25', G25, 'index'],
    ['Gitea 1.26', G26, 'id'],
    ['Forgejo 15', F15, 'index'],
    ['Forgejo 11', F11, 'index'],
  ] as const)("%s: the run's web address (or a job's page) is taken, and names the repository", async (_n, flavor, key) => {
    s.server.set({ flavor });
    const t = threeRuns();
    const web = `${s.server.url.replace(/\/api\/v1$/, '')}/${t.full}/actions/runs/${t.b[key]}`;
    for (const address of [web, `${web}/jobs/0`]) {
      const r = await s.kettle(['run', 'view', address]);
      expectExit(r, 0);
      expect(record(r.stdout)).toMatchObject({ id: String(t.b[key]), title: 'Louder whistle' });
    }
    s.server.requests.length = 0;
    expectUsage(s, await s.kettle(['run', 'view', web, '-R', 'alice/elsewhere']), /name different repositories/);
    expectUsage(s, await s.kettle(['run', 'view', `${s.server.url.replace(/\/api\/v1$/, '')}/${t.full}/issues/1`]), /is not a run's web address/);
  });

  it.each([
    ['Gitea 1.25', G25],
    ['Gitea 1.26', G26],
    ['Forgejo 15', F15],
  ] as const)('%s: a number no run has is one line, exit 1', async (_n, flavor) => {
    s.server.set({ flavor });
    const t = threeRuns();
    const r = await s.kettle(['run', 'view', '99999', ...t.R]);
    expectExit(r, 1);
    expect(r.stdout).toBe('');
    expect(r.stderr).toBe(`kettle: run 99999 of ${t.full} not found\n`);
  });
});

describe('run view --log', () => {
  it("Gitea 1.26: the job's log byte for byte in a pipe", async () => {
    s.server.set({ flavor: G26 });
    const t = repo();
    const run = addRun(s.server.state, t.repo, { jobs: [{ name: 'build', log: { text: 'one\n\u001b[31mtwo\u001b[0m\nthree\n' } }] });
    const r = await s.kettle(['run', 'view', String(run.id), '--log', ...t.R]);
    expectExit(r, 0);
    expect(r.stdout).toBe('one\n\u001b[31mtwo\u001b[0m\nthree\n');
  });

  it("a job that never ran (skipped by needs: no task, no log) is said, and the others' logs shown, exit 0 (D23)", async () => {
    s.server.set({ flavor: G26 });
    const t = repo();
    const run = addRun(s.server.state, t.repo, {
      status: 'failure',
      jobs: [
        { name: 'test', status: 'failure', log: { text: 'FAIL\n' } },
        { name: 'deploy', status: 'skipped' },
      ],
    });
    const deploy = run.jobs[1]?.id as number;
    const r = await s.kettle(['run', 'view', String(run.id), '--log', ...t.R]);
    expectExit(r, 0);
    expect(r.stdout).toBe('FAIL\n');
    expect(r.stderr).toBe(`Job deploy (ID ${deploy}) never ran (skipped): no log.\n`);
    const only = await s.kettle(['run', 'view', String(run.id), '--log', '--job', String(deploy), ...t.R]);
    expectExit(only, 1);
    expect(only.stderr).toBe(`kettle: job deploy (ID ${deploy}) of run ${run.id} of ${t.full} never ran (skipped): it has no log\n`);
  });

  it("a job that ran but whose log the server no longer has is a failure naming that log, not 'never ran'", async () => {
    s.server.set({ flavor: G26 });
    const t = repo();
    const run = addRun(s.server.state, t.repo, { status: 'success', jobs: [{ name: 'build', status: 'success' }] });
    const build = run.jobs[0]?.id as number;
    s.server.fault({ kind: 'status', status: 404, method: 'GET', path: `/repos/${t.full}/actions/jobs/${build}/logs`, body: '{"message":"not found"}' });
    const r = await s.kettle(['run', 'view', String(run.id), '--log', ...t.R]);
    expectExit(r, 1);
    expect(r.stdout).toBe('');
    expect(r.stderr).toBe(`kettle: the log of job ${build} of run ${run.id} of ${t.full} not found\n`);
  });

  it('--job picks one job; an unknown one is named with the jobs there are', async () => {
    s.server.set({ flavor: G26 });
    const t = repo();
    const run = addRun(s.server.state, t.repo, {
      jobs: [
        { name: 'a', log: { text: 'A\n' } },
        { name: 'b', log: { text: 'B\n' } },
      ],
    });
    const b = run.jobs[1]?.id as number;
    const both = await s.kettle(['run', 'view', String(run.id), '--log', ...t.R]);
    expect(both.stdout).toBe('A\nB\n');
    const one = await s.kettle(['run', 'view', String(run.id), '--log', '--job', String(b), ...t.R]);
    expectExit(one, 0);
    expect(one.stdout).toBe('B\n');
    const none = await s.kettle(['run', 'view', String(run.id), '--log', '--job', '9999', ...t.R]);
    expectExit(none, 1);
    expect(none.stderr).toMatch(/^kettle: job 9999 of run \d+ of alice\/actions-\d+ not found; its jobs: a \(ID \d+\), b \(ID \d+\)\n$/);
  });

  it('on a terminal: through the pager, each step in a colour of its own, control characters shown', async () => {
    s.server.set({ flavor: G26 });
    const t = repo();
    const log = '2026-01-05T09:00:00Z ::group::Set up job\n2026-01-05T09:00:01Z ready\n2026-01-05T09:00:02Z ::group::Run tests\n2026-01-05T09:00:03Z \u001b]0;owned\u0007ok\n';
    const run = addRun(s.server.state, t.repo, { jobs: [{ name: 'build', log: { text: log } }] });
    const r = await s.kettle(['run', 'view', String(run.id), '--log', ...t.R], { tty: { stdout: true }, env: { KETTLE_PAGER: 'cat', FORCE_COLOR: '1' } });
    expectExit(r, 0);
    const [first, second] = ['\u001b[36m', '\u001b[33m'];
    expect(r.stdout.split('\n').slice(0, 4)).toEqual([
      `${first}2026-01-05T09:00:00Z ::group::Set up job\u001b[0m`,
      `${first}2026-01-05T09:00:01Z ready\u001b[0m`,
      `${second}2026-01-05T09:00:02Z ::group::Run tests\u001b[0m`,
      expect.stringMatching(/^\u001b\[33m2026-01-05T09:00:03Z .*ok\u001b\[0m$/),
    ]);
    // The log's own escape sequence is shown, not sent to the terminal.
    expect(r.stdout).not.toContain('\u001b]0;owned');
    const failed = await s.kettle(['run', 'view', String(run.id), '--log', ...t.R], { tty: { stdout: true }, env: { KETTLE_PAGER: 'false' } });
    expectExit(failed, 1);
    expect(failed.stderr).toMatch(/so the log was not shown/);
  });

  it('a stream cut partway: what arrived stays on stdout, one line on stderr, exit 1', async () => {
    s.server.set({ flavor: G26 });
    const t = repo();
    const run = addRun(s.server.state, t.repo, { jobs: [{ name: 'build', log: { size: 2_000_000, cutAt: 300_000 } }] });
    const r = await s.kettle(['run', 'view', String(run.id), '--log', ...t.R]);
    expectExit(r, 1);
    expect(r.stdout.length).toBe(300_000);
    expect(r.stdout.startsWith('::group::step line 1:')).toBe(true);
    expect(r.stderr.split('\n').filter(Boolean)).toHaveLength(1);
    expect(r.stderr).toMatch(/^kettle: .*the log of job build/);
  });

  it.each([
    ['Gitea 1.23', G23, 'Gitea 1.23.8', 'index'],
    ['Forgejo 11', F11, 'Forgejo 11.0.1', 'index'],
    ['Forgejo 15', F15, 'Forgejo 15.0.3', 'index'],
  ] as const)("%s: which versions have it, and the run's web page; no log asked for", async (_n, flavor, runs, key) => {
    s.server.set({ flavor });
    const t = threeRuns();
    const r = await s.kettle(['run', 'view', String(t.b[key]), '--log', ...t.R]);
    expectExit(r, 1);
    expect(r.stdout).toBe('');
    expect(r.stderr).toBe(
      `kettle: run view --log needs Gitea 1.25 or later (no release of Forgejo up to 15.0.3 has it); ${new URL(s.server.url).host} runs ${runs}; the run's log is on its web page: ${s.server.url.replace(/\/api\/v1$/, '')}/${t.full}/actions/runs/${t.b.index}\n`,
    );
    expect(s.server.requests.filter((q) => q.path.includes('/logs'))).toEqual([]);
  });
});

describe('run rerun, cancel, delete', () => {
  it('rerun: all jobs, the failed ones, one job (Gitea 1.26)', async () => {
    s.server.set({ flavor: G26 });
    const t = threeRuns();
    const failed = await s.kettle(['run', 'rerun', String(t.b.id), '--failed', ...t.R]);
    expectExit(failed, 0);
    expect(failed.stderr).toBe(`✓ Rerunning its failed jobs (test) of run ${t.b.id} of ${t.full}\n`);
    expect(sent(s, 'POST', `/repos/${t.full}/actions/runs/${t.b.id}/rerun-failed-jobs`)).toHaveLength(1);
    expect(t.b.jobs.map((j) => j.status)).toEqual(['success', 'waiting']);
    const running = await s.kettle(['run', 'rerun', String(t.b.id), ...t.R]);
    expectExit(running, 1);
    expect(running.stderr).toBe(`kettle: cannot rerun run ${t.b.id} of ${t.full}: this workflow run is not done; nothing was rerun\n`);
    const ok = await s.kettle(['run', 'rerun', String(t.a.id), '--job', String(t.a.jobs[0]?.id), ...t.R]);
    expectExit(ok, 0);
    expect(sent(s, 'POST', `/repos/${t.full}/actions/runs/${t.a.id}/jobs/${t.a.jobs[0]?.id}/rerun`)).toHaveLength(1);
  });

  it('Gitea 1.27: a rerun is a new attempt whose jobs have new ids; an id from before is named with the new ones', async () => {
    s.server.set({ flavor: { version: '1.27.0' } });
    const t = threeRuns();
    const old = t.b.jobs.map((j) => j.id);
    const r = await s.kettle(['run', 'rerun', String(t.b.id), '--failed', ...t.R]);
    expectExit(r, 0);
    const now = t.b.jobs.map((j) => j.id);
    expect(now.some((id) => old.includes(id))).toBe(false);
    const view = await s.kettle(['run', 'view', String(t.b.id), '--json', ...t.R]);
    expect((JSON.parse(view.stdout) as { run_attempt: number; jobs: Array<{ id: number; run_attempt: number }> }).jobs.map((j) => [j.id, j.run_attempt])).toEqual(now.map((id) => [id, 2]));
    const stale = await s.kettle(['run', 'view', String(t.b.id), '--log', '--job', String(old[0]), ...t.R]);
    expectExit(stale, 1);
    expect(stale.stderr).toBe(`kettle: job ${old[0]} of run ${t.b.id} of ${t.full} not found; its jobs: build (ID ${now[0]}), test (ID ${now[1]})\n`);
  });

  it.each([
    ['Gitea 1.23', G23, 'Gitea 1.23.8'],
    ['Forgejo 15', F15, 'Forgejo 15.0.3'],
  ] as const)('rerun on %s: one line naming Gitea 1.26, nothing sent but the version', async (_n, flavor, runs) => {
    s.server.set({ flavor });
    const t = threeRuns();
    const r = await s.kettle(['run', 'rerun', '1', ...t.R]);
    expectExit(r, 1);
    expect(r.stderr).toBe(`kettle: run rerun needs Gitea 1.26 or later (no release of Forgejo up to 15.0.3 has it); ${new URL(s.server.url).host} runs ${runs}\n`);
    expect(s.server.requests.map((q) => `${q.method} ${q.path}`)).toEqual(['GET /version']);
  });

  it('--failed with --job: exit 2', async () => {
    const t = repo();
    expectUsage(s, await s.kettle(['run', 'rerun', '3', '--failed', '--job', '4', ...t.R]), /either --failed or --job/);
  });

  it('cancel: no server has the endpoint; says so with the Actions page', async () => {
    s.server.set({ flavor: G26 });
    const t = threeRuns();
    const r = await s.kettle(['run', 'cancel', String(t.c.id), ...t.R]);
    expectExit(r, 1);
    expect(r.stderr).toMatch(
      /^kettle: run cancel needs a server release with that endpoint \(none known here has one: Gitea up to 1\.27\.0, Forgejo up to 15\.0\.3\); .* runs Gitea 1\.26\.4; cancel it on the web: http:\/\/.*\/alice\/actions-\d+\/actions\n$/,
    );
    expect(s.server.requests.filter((q) => q.method !== 'GET')).toEqual([]);
  });

  it('delete: asks first (refused without a terminal or --yes), then deletes a finished run', async () => {
    s.server.set({ flavor: G26 });
    const t = threeRuns();
    expectUsage(s, await s.kettle(['run', 'delete', String(t.a.id), ...t.R]), /pass --yes/);
    const r = await s.kettle(['run', 'delete', String(t.a.id), '--yes', ...t.R]);
    expectExit(r, 0);
    expect(r.stderr).toBe(`✓ Deleted run ${t.a.id} of ${t.full}\n`);
    expect(actionsData(s.server.state).runs.some((x) => x.id === t.a.id)).toBe(false);
    const busy = await s.kettle(['run', 'delete', String(t.c.id), '--yes', ...t.R]);
    expectExit(busy, 1);
    expect(busy.stderr).toBe(`kettle: cannot delete run ${t.c.id} of ${t.full}: this workflow run is not done; nothing was deleted\n`);
    const gone = await s.kettle(['run', 'delete', String(t.a.id), '--yes', ...t.R]);
    expectExit(gone, 1);
    expect(gone.stderr).toBe(`kettle: run ${t.a.id} of ${t.full} not found\n`);
  });
});

describe('run download', () => {
  it('each artifact to NAME.zip, nothing partial left; an existing file stops it before any byte, unless --clobber (issue 34, 10)', async () => {
    s.server.set({ flavor: G26 });
    const t = threeRuns();
    const coverage = addArtifact(s.server.state, t.a, 'coverage', Buffer.from('PK coverage'));
    addArtifact(s.server.state, t.a, 'binaries', Buffer.alloc(200_000, 7));
    const out = join(s.dir, 'out');
    const r = await s.kettle(['run', 'download', String(t.a.id), '--dir', out, ...t.R]);
    expectExit(r, 0);
    expect(readdirSync(out).sort()).toEqual(['binaries.zip', 'coverage.zip']);
    expect(readFileSync(join(out, 'coverage.zip'), 'utf8')).toBe('PK coverage');
    expect(readFileSync(join(out, 'binaries.zip')).length).toBe(200_000);
    const again = await s.kettle(['run', 'download', String(t.a.id), '--dir', out, '--name', 'coverage', ...t.R]);
    expectExit(again, 1);
    expect(again.stderr).toMatch(/coverage\.zip already exists; nothing was downloaded \(pass --clobber to overwrite\)/);
    coverage.content = Buffer.from('PK newer');
    const clobbered = await s.kettle(['run', 'download', String(t.a.id), '--dir', out, '--name', 'coverage', '--clobber', ...t.R]);
    expectExit(clobbered, 0);
    expect(readFileSync(join(out, 'coverage.zip'), 'utf8')).toBe('PK newer');
    const unknown = await s.kettle(['run', 'download', String(t.a.id), '--name', 'docs', ...t.R]);
    expectExit(unknown, 1);
    expect(unknown.stderr).toBe(`kettle: run ${t.a.id} of ${t.full} has no artifact named "docs"; it has coverage, binaries\n`);
  });

  it('--dir - writes one artifact to standard output, as release download does; not a folder named "-" (issue 34, 10)', async () => {
    s.server.set({ flavor: G26 });
    const t = threeRuns();
    addArtifact(s.server.state, t.a, 'coverage', Buffer.from('PK coverage'));
    addArtifact(s.server.state, t.a, 'binaries', Buffer.from('PK binaries'));
    const one = await s.kettle(['run', 'download', String(t.a.id), '--name', 'coverage', '--dir', '-', ...t.R]);
    expectExit(one, 0);
    expect(one.stdout).toBe('PK coverage');
    expect(existsSync(join(s.dir, '-'))).toBe(false);
    const both = await s.kettle(['run', 'download', String(t.a.id), '--dir', '-', ...t.R]);
    expectExit(both, 2);
    expect(both.stderr).toBe('kettle: --dir - writes one artifact to standard output; 2 would (coverage, binaries): pick one with --name\n');
  });

  it('a download cut partway leaves no file under the final name', async () => {
    s.server.set({ flavor: G26 });
    const t = threeRuns();
    const a = addArtifact(s.server.state, t.a, 'big', Buffer.alloc(3_000_000, 1));
    s.server.fault({ kind: 'stall', path: new RegExp(`/artifacts/${a.id}/zip$`), bytes: 1000 } as never);
    const out = join(s.dir, 'cut');
    mkdirSync(out);
    const r = await s.kettle(['run', 'download', String(t.a.id), '--dir', out, ...t.R], { env: { KETTLE_TIMEOUT: '2' } });
    expectExit(r, 1);
    expect(readdirSync(out)).toEqual([]);
  });

  it('Forgejo 15: which versions have it', async () => {
    s.server.set({ flavor: F15 });
    const t = threeRuns();
    const r = await s.kettle(['run', 'download', String(t.a.id), ...t.R]);
    expectExit(r, 1);
    expect(r.stderr).toMatch(/^kettle: run download needs Gitea 1\.25 or later/);
  });
});

describe('workflow list, view, enable, disable', () => {
  function workflows() {
    const t = repo();
    addWorkflow(s.server.state, t.repo, { file: 'ci.yml', name: 'CI' });
    addWorkflow(s.server.state, t.repo, {
      file: 'deploy.yml',
      name: 'Deploy',
      dispatch: { target: { required: true, description: 'where to' }, dry: { default: 'false' } },
    });
    return t;
  }

  it('Gitea 1.26: list, disable, enable', async () => {
    s.server.set({ flavor: G26 });
    const t = workflows();
    const r = await s.kettle(['workflow', 'list', ...t.R]);
    expectExit(r, 0);
    expect(rows(r.stdout)).toEqual([
      ['ci.yml', 'CI', 'active', '.gitea/workflows/ci.yml'],
      ['deploy.yml', 'Deploy', 'active', '.gitea/workflows/deploy.yml'],
    ]);
    const off = await s.kettle(['workflow', 'disable', 'ci.yml', ...t.R]);
    expectExit(off, 0);
    expect(off.stderr).toBe(`✓ Disabled workflow ci.yml of ${t.full}\n`);
    // kettle's word for the state; --json keeps the server's (issue 34, 11).
    expect(rows((await s.kettle(['workflow', 'list', ...t.R])).stdout)[0]?.[2]).toBe('disabled');
    expect(json<Array<{ state: string }>>(await s.kettle(['workflow', 'list', ...t.R, '--json']))[0]?.state).toBe('disabled_manually');
    // Disabling a disabled workflow is a note, and nothing is sent.
    const again = await s.kettle(['workflow', 'disable', 'ci.yml', ...t.R]);
    expectExit(again, 0);
    expect(again.stderr).toBe(`kettle: workflow ci.yml of ${t.full} is already disabled; nothing was changed\n`);
    expect(sent(s, 'PUT').filter((q) => q.path.endsWith('/disable'))).toHaveLength(1);
    expectExit(await s.kettle(['workflow', 'enable', 'ci.yml', ...t.R]), 0);
    expect(rows((await s.kettle(['workflow', 'list', ...t.R])).stdout)[0]?.[2]).toBe('active');
    const missing = await s.kettle(['workflow', 'enable', 'nope.yml', ...t.R]);
    expectExit(missing, 1);
    expect(missing.stderr).toBe(`kettle: workflow nope.yml of ${t.full} not found\n`);
  });

  it.each([
    ['Gitea 1.23', G23, 'Gitea 1.23.8'],
    ['Forgejo 15', F15, 'Forgejo 15.0.3'],
  ] as const)('%s: workflow list names the versions that have it', async (_n, flavor, runs) => {
    s.server.set({ flavor });
    const t = workflows();
    const r = await s.kettle(['workflow', 'list', ...t.R]);
    expectExit(r, 1);
    expect(r.stderr).toBe(`kettle: workflow list needs Gitea 1.24 or later (no release of Forgejo up to 15.0.3 has it); ${new URL(s.server.url).host} runs ${runs}\n`);
  });

  it.each(FLAVORS)('%s: view shows the dispatch inputs from the file', async (_n, flavor) => {
    s.server.set({ flavor });
    const t = workflows();
    const r = await s.kettle(['workflow', 'view', 'deploy.yml', ...t.R]);
    expectExit(r, 0);
    expect(r.stdout).toMatch(/^name\tDeploy$/m);
    // Where the server has no workflow endpoint it cannot say whether the workflow is disabled (D34).
    expect(r.stdout).toMatch(_n === 'Gitea 1.26' ? /^state\tactive$/m : /^state\tunknown$/m);
    expect(
      rows(
        r.stdout
          .split('\n')
          .filter((l) => l.startsWith('input\t'))
          .join('\n'),
      ),
    ).toEqual([
      ['input', 'target', 'required', '', 'where to'],
      ['input', 'dry', 'optional', 'false', ''],
    ]);
  });
});

describe('workflow run', () => {
  function deployable() {
    const t = repo();
    addWorkflow(s.server.state, t.repo, {
      file: 'deploy.yml',
      name: 'Deploy',
      folder: '.gitea/workflows',
      dispatch: { target: { required: true }, dry: { default: 'false' } },
    });
    addWorkflow(s.server.state, t.repo, { file: 'ci.yml', name: 'CI' });
    return t;
  }

  it.each([
    ['Gitea 1.26 (return_run_details)', G26, 'id', true],
    ['Gitea 1.25 (found in the run list)', G25, 'index', true],
    ['Forgejo 15 (return_run_info)', F15, 'index', true],
    ['Forgejo 11 (return_run_info: the number)', F11, 'index', false],
  ] as const)('%s: dispatches with the inputs and names the run it started by the number its web page shows', async (_n, flavor, key, listed) => {
    s.server.set({ flavor });
    const t = deployable();
    const r = await s.kettle(['workflow', 'run', 'deploy.yml', '-f', 'target=staging', ...t.R]);
    expectExit(r, 0);
    const started = actionsData(s.server.state).runs.filter((x) => x.repoId === t.repo.id);
    expect(started).toHaveLength(1);
    const run = started[0];
    expect(run?.inputs).toEqual({ target: 'staging', dry: 'false' });
    expect(run?.ref).toBe('refs/heads/main');
    expect(r.stderr).toBe(`✓ Started workflow deploy.yml of ${t.full} on main: run ${run?.[key]}\n`);
    // The run it started on stdout: its record where the server lists it, else its RUN-ID (a run that has
    // no task yet is not in a task list).
    if (listed) expect(record(r.stdout)).toMatchObject({ id: String(run?.[key]), workflow: 'deploy.yml', event: 'workflow_dispatch', branch: 'main' });
    else expect(r.stdout).toBe(`${run?.index}\n`);
    const post = sent(s, 'POST', `/repos/${t.full}/actions/workflows/deploy.yml/dispatches`);
    expect(post).toHaveLength(1);
    expect(post[0]?.body).toMatchObject({ ref: 'main', inputs: { target: 'staging' } });
  });

  it.each([
    ['Gitea 1.26', G26, 'true'],
    ['Forgejo 11 (only the checkbox\'s "on" is true there)', F11, 'on'],
    ['Forgejo 15', F15, 'true'],
  ] as const)('%s: a boolean input given as true is true on the server (D22)', async (_n, flavor, word) => {
    s.server.set({ flavor });
    const t = repo();
    addWorkflow(s.server.state, t.repo, { file: 'deploy.yml', name: 'Deploy', folder: '.gitea/workflows', dispatch: { dry_run: { type: 'boolean', default: 'false' } } });
    const r = await s.kettle(['workflow', 'run', 'deploy.yml', '-f', 'dry_run=true', ...t.R]);
    expectExit(r, 0);
    expect(actionsData(s.server.state).runs.filter((x) => x.repoId === t.repo.id)[0]?.inputs).toEqual({ dry_run: 'true' });
    expect(sent(s, 'POST', `/repos/${t.full}/actions/workflows/deploy.yml/dispatches`)[0]?.body).toMatchObject({ inputs: { dry_run: word } });
    const bad = await s.kettle(['workflow', 'run', 'deploy.yml', '-f', 'dry_run=yes', ...t.R]);
    expectExit(bad, 2);
    // Checked against the file, so after reading it, and before anything is dispatched.
    expect(bad.stderr).toBe('kettle: input dry_run is a boolean: true or false, not "yes"\n');
    expect(sent(s, 'POST', `/repos/${t.full}/actions/workflows/deploy.yml/dispatches`)).toHaveLength(1);
  });

  it('Gitea 1.23: one line, nothing dispatched', async () => {
    const t = deployable();
    const r = await s.kettle(['workflow', 'run', 'deploy.yml', '-f', 'target=x', ...t.R]);
    expectExit(r, 1);
    expect(r.stderr).toBe(`kettle: workflow run needs Gitea 1.24 or later or Forgejo; ${new URL(s.server.url).host} runs Gitea 1.23.8\n`);
    expect(sent(s, 'POST')).toEqual([]);
  });

  it.each([
    [['-f', 'colour=red', '-f', 'target=x'], /deploy\.yml has no input colour; its inputs: target, dry/],
    [[], /deploy\.yml needs input -f target=…/],
    [['-f', 'target'], /-f takes KEY=VALUE/],
  ])('inputs %j: exit 2, nothing dispatched', async (args, message) => {
    s.server.set({ flavor: G26 });
    const t = deployable();
    const r = await s.kettle(['workflow', 'run', 'deploy.yml', ...args, ...t.R]);
    expectExit(r, 2);
    expect(r.stderr).toMatch(message);
    expect(sent(s, 'POST')).toEqual([]);
  });

  it('a workflow without workflow_dispatch, and an unknown one: exit 1 before dispatching', async () => {
    s.server.set({ flavor: F11 });
    const t = deployable();
    const ci = await s.kettle(['workflow', 'run', 'ci.yml', ...t.R]);
    expectExit(ci, 1);
    expect(ci.stderr).toBe('kettle: ci.yml has no workflow_dispatch trigger: it cannot be started by hand\n');
    const nope = await s.kettle(['workflow', 'run', 'nope.yml', ...t.R]);
    expectExit(nope, 1);
    expect(nope.stderr).toBe(`kettle: workflow nope.yml not found in .forgejo/workflows or .gitea/workflows of ${t.full} at main\n`);
    expect(sent(s, 'POST')).toEqual([]);
  });

  it("a disabled workflow (Gitea): the server's refusal, worded, exit 1", async () => {
    s.server.set({ flavor: G26 });
    const t = deployable();
    actionsData(s.server.state)
      .workflows.filter((w) => w.repoId === t.repo.id)
      .forEach((w) => (w.disabled = true));
    const r = await s.kettle(['workflow', 'run', 'deploy.yml', '-f', 'target=x', ...t.R]);
    expectExit(r, 1);
    expect(r.stderr).toBe(`kettle: cannot start workflow deploy.yml of ${t.full} on main: workflow is disabled\n`);
    expect(actionsData(s.server.state).runs.filter((x) => x.repoId === t.repo.id)).toEqual([]);
  });

  it('--ref: the run is on that branch', async () => {
    s.server.set({ flavor: G26 });
    const t = deployable();
    const r = await s.kettle(['workflow', 'run', 'deploy.yml', '--ref', 'topic', '-f', 'target=x', ...t.R]);
    expectExit(r, 0);
    expect(actionsData(s.server.state).runs.find((x) => x.repoId === t.repo.id)?.ref).toBe('refs/heads/topic');
  });
});

describe('run watch and workflow run --watch in a pipe', () => {
  it.each([
    ['Gitea 1.26', G26, 'id'],
    ['Forgejo 11', F11, 'index'],
  ] as const)('%s: one line per change, exit 0 on success', async (_n, flavor, key) => {
    s.server.set({ flavor });
    const t = repo();
    // The workflow file tells which jobs a run has where the server lists only tasks (D24).
    addWorkflow(s.server.state, t.repo, { file: 'ci.yml', name: 'CI', jobs: [{ name: 'build', steps: ['Set up job', 'Run tests'] }] });
    const run = addRun(s.server.state, t.repo, {
      status: 'running',
      jobs: [
        {
          name: 'build',
          status: 'running',
          steps: [
            ['Set up job', 'success'],
            ['Run tests', 'running'],
          ],
        },
      ],
      phases: [{}, { jobs: { build: { status: 'running', steps: ['success', 'running'] } } }, { run: 'success', jobs: { build: { status: 'success', steps: ['success', 'success'] } } }],
    });
    const r = await s.kettle(['run', 'watch', String(run[key]), '--interval', '0.1', ...t.R]);
    expectExit(r, 0);
    const lines = r.stdout.trimEnd().split('\n');
    expect(lines[0]).toBe(`run\t${run[key]}\tin_progress`);
    expect(lines.at(-1)).toMatch(/success$/);
    // Each line is a change: none repeats.
    expect(new Set(lines).size).toBe(lines.length);
    expect(lines).toContain(`run\t${run[key]}\tsuccess`);
    expect(r.stderr).toBe(`✓ run ${run[key]} of ${t.full} succeeded\n`);
  });

  it.each([
    ['Gitea 1.23', G23],
    ['Forgejo 11', F11],
  ] as const)('%s (tasks only): a run whose first job succeeded is not over while a job of its workflow waits for a runner (D24)', async (_n, flavor) => {
    s.server.set({ flavor });
    const t = repo();
    addWorkflow(s.server.state, t.repo, {
      file: 'ci.yml',
      name: 'CI',
      jobs: [
        { name: 'build', steps: ['Run'] },
        { name: 'deploy', steps: ['Run'] },
      ],
    });
    const run = addRun(s.server.state, t.repo, {
      status: 'running',
      jobs: [
        { name: 'build', status: 'success', steps: ['Run'] },
        { name: 'deploy', status: 'waiting', steps: ['Run'] },
      ],
      phases: [{}, {}, { jobs: { deploy: { status: 'running' } } }, { run: 'success', jobs: { deploy: { status: 'success' } } }],
    });
    const r = await s.kettle(['run', 'watch', String(run.index), '--interval', '0.1', ...t.R]);
    expectExit(r, 0);
    expect(r.stderr).toBe(`Waiting for jobs deploy: this server lists a job only once a runner takes it.\n✓ run ${run.index} of ${t.full} succeeded\n`);
    expect(r.stdout).toMatch(/^job\tdeploy\tsuccess$/m);
  });

  it('a read that fails once (503) is retried, and the watch goes on', async () => {
    s.server.set({ flavor: G26 });
    const t = repo();
    const run = addRun(s.server.state, t.repo, { status: 'running', phases: [{}, { run: 'success', jobs: { build: { status: 'success' } } }] });
    s.server.fault({ kind: 'status', status: 503, path: new RegExp(`/actions/runs/${run.id}$`), skip: 1 });
    const r = await s.kettle(['run', 'watch', String(run.id), '--interval', '0.1', ...t.R]);
    expectExit(r, 0);
    expect(sent(s, 'GET', `/repos/${t.full}/actions/runs/${run.id}`).some((q) => q.status === 503)).toBe(true);
  });

  it('a server away for a while (502 for two rounds) is waited for: a note when it goes, one when it is back, exit 0', async () => {
    s.server.set({ flavor: G26 });
    const t = repo();
    const run = addRun(s.server.state, t.repo, { status: 'running', phases: [{}, { run: 'success', jobs: { build: { status: 'success' } } }] });
    // The first read passes; the next two rounds (three tries each) meet 502.
    s.server.fault({ kind: 'status', status: 502, path: new RegExp(`/actions/runs/${run.id}$`), skip: 1, times: 6 });
    const r = await s.kettle(['run', 'watch', String(run.id), '--interval', '0.1', ...t.R]);
    expectExit(r, 0);
    expect(r.stderr.split('\n')).toEqual([
      expect.stringMatching(/^kettle: the server is not answering \(.*HTTP 502.*\); still watching, for up to 5 minutes$/),
      'kettle: the server answers again; watching on',
      `✓ run ${run.id} of ${t.full} succeeded`,
      '',
    ]);
    expect(sent(s, 'GET', `/repos/${t.full}/actions/runs/${run.id}`).filter((q) => q.status === 502)).toHaveLength(6);
  });

  it('a restart (connections refused, then back) is waited for, said once each way', async () => {
    s.server.set({ flavor: G26 });
    const t = repo();
    const run = addRun(s.server.state, t.repo, { status: 'running' });
    const path = `/repos/${t.full}/actions/runs/${run.id}`;
    const watching = s.kettle(['run', 'watch', String(run.id), '--interval', '0.1', ...t.R]);
    onTestFinished(() => s.server.comeBack());
    await until(() => sent(s, 'GET', path).length >= 1);
    await s.server.goAway();
    await new Promise((resolve) => setTimeout(resolve, 500));
    await s.server.comeBack();
    run.status = 'success';
    const r = await watching;
    expectExit(r, 0);
    expect(r.stderr.split('\n')).toEqual([
      expect.stringMatching(/^kettle: the server is not answering \(GET http:\/\/127\.0\.0\.1:\d+\/api\/v1\/repos\/.*: connection refused\); still watching, for up to 5 minutes$/),
      'kettle: the server answers again; watching on',
      `✓ run ${run.id} of ${t.full} succeeded`,
      '',
    ]);
  });

  it('a server that stays away: gives up after 5 minutes, saying so, exit 1', async () => {
    s.server.set({ flavor: G26 });
    const t = repo();
    const run = addRun(s.server.state, t.repo, { status: 'running' });
    const path = `/repos/${t.full}/actions/runs/${run.id}`;
    const clock = movingClock();
    const started = clock.now().getTime();
    const watching = s.kettle(['run', 'watch', String(run.id), '--interval', '20', ...t.R], { clock });
    onTestFinished(() => s.server.comeBack());
    await until(() => sent(s, 'GET', path).length >= 1);
    await s.server.goAway();
    const r = await watching;
    await s.server.comeBack();
    expectExit(r, 1);
    expect(r.stderr).toMatch(
      new RegExp(
        `^kettle: the server is not answering \\(.*connection refused\\); still watching, for up to 5 minutes\nkettle: the server has not answered for 5 minutes \\(.*connection refused\\); giving up watching run ${run.id} of ${t.full}\n$`,
      ),
    );
    // Read every 20 s, the clock's minutes: given up once five had passed, not before.
    const waited = clock.now().getTime() - started;
    expect(waited).toBeGreaterThanOrEqual(5 * 60_000);
    expect(waited).toBeLessThan(6 * 60_000);
  });

  it.each([
    [401, 4],
    [403, 1],
    [404, 1],
    [422, 1],
  ])('a %i during the watch is no outage: it ends the watch at once (exit %i)', async (status, code) => {
    s.server.set({ flavor: G26 });
    const t = repo();
    const run = addRun(s.server.state, t.repo, { status: 'running' });
    s.server.fault({ kind: 'status', status, path: new RegExp(`/actions/runs/${run.id}$`), skip: 1 });
    const r = await s.kettle(['run', 'watch', String(run.id), '--interval', '0.1', ...t.R]);
    expectExit(r, code);
    expect(r.stderr).not.toContain('not answering');
    expect(sent(s, 'GET', `/repos/${t.full}/actions/runs/${run.id}`)).toHaveLength(2);
  });

  it('a failure: exit 1 with one line', async () => {
    s.server.set({ flavor: G26 });
    const t = repo();
    const run = addRun(s.server.state, t.repo, { status: 'running', phases: [{ run: 'failure', jobs: { build: { status: 'failure' } } }] });
    const r = await s.kettle(['run', 'watch', String(run.id), '--interval', '0.1', ...t.R]);
    expectExit(r, 1);
    expect(r.stderr).toBe(`kettle: run ${run.id} of ${t.full} failed\n`);
    expect(r.stdout).toMatch(/^job\tbuild\tfailure$/m);
  });

  it('a run that never settles is read once per interval', async () => {
    s.server.set({ flavor: G26 });
    const t = repo();
    const run = addRun(s.server.state, t.repo, { status: 'running' });
    const controller = new AbortController();
    const started = Date.now();
    const watching = s.kettle(['run', 'watch', String(run.id), '--interval', '0.2', ...t.R]);
    await new Promise((resolve) => setTimeout(resolve, 1200));
    const reads = sent(s, 'GET', `/repos/${t.full}/actions/runs/${run.id}`).length;
    // 1.2 s at one read per 0.2 s: about six, never a burst.
    expect(reads).toBeGreaterThanOrEqual(3);
    expect(reads).toBeLessThanOrEqual(8);
    run.status = 'success';
    const r = await watching;
    controller.abort();
    expectExit(r, 0);
    expect(Date.now() - started).toBeLessThan(10_000);
  });

  it('workflow run --watch: follows the run it started (Forgejo 11, where it shows only once a job starts)', async () => {
    s.server.set({ flavor: F11 });
    const t = repo();
    addWorkflow(s.server.state, t.repo, { file: 'deploy.yml', folder: '.forgejo/workflows', dispatch: {} });
    const r = await s.kettle(['workflow', 'run', 'deploy.yml', '--watch', '--interval', '0.1', ...t.R]);
    expectExit(r, 0);
    const lines = r.stdout.trimEnd().split('\n');
    expect(lines[0]).toBe('run\t1\tqueued');
    expect(lines).toContain('run\t1\tsuccess');
    expect(r.stderr).toMatch(/✓ run 1 of alice\/actions-\d+ succeeded\n$/);
  });
});

async function until(done: () => boolean, timeoutMs = 10_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!done()) {
    if (Date.now() > end) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

describe('files and folders', () => {
  it('download writes nothing when the folder holds a file of the name', async () => {
    s.server.set({ flavor: G26 });
    const t = threeRuns();
    addArtifact(s.server.state, t.a, 'coverage', Buffer.from('new'));
    writeFileSync(join(s.dir, 'coverage.zip'), 'old');
    const r = await s.kettle(['run', 'download', String(t.a.id), ...t.R], { cwd: s.dir });
    expectExit(r, 1);
    expect(readFileSync(join(s.dir, 'coverage.zip'), 'utf8')).toBe('old');
    expect(existsSync(join(s.dir, 'coverage.zip'))).toBe(true);
  });
});
