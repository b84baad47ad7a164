// run watch and workflow run --watch at a real terminal: the run, its jobs and
// their steps drawn again in place on each refresh (never a second copy below
// the first), and Ctrl-C stops watching with 130 and leaves the run alone.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { actionsData, addRun, addWorkflow } from '../server/routes-actions.js';
import { startServer, type TestServer } from '../server/index.js';
import { kettleCommand, Terminal } from './tmux.js';

let server: TestServer;
let token: string;
let term: Terminal;
let counter = 0;

beforeAll(async () => {
  server = await startServer({ seed: 'demo' });
  token = server.addToken('alice');
});
afterAll(async () => {
  await server.close();
});
beforeEach(() => {
  server.set({ flavor: { version: '1.26.4' } });
  term = new Terminal({ KETTLE_URL: server.url, KETTLE_TOKEN: token });
});
afterEach(async () => {
  await term.close();
  server.resetSettings();
});

function repo() {
  return server.state.addRepo('alice', `watch-${++counter}`, { init: true });
}

const runReads = (id: number) => server.requests.filter((q) => q.method === 'GET' && q.path.endsWith(`/actions/runs/${id}`)).length;

async function until(done: () => boolean, timeoutMs = 15_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!done()) {
    if (Date.now() > end) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('run watch', () => {
  it('redraws the run, jobs and steps in place until it finishes, then exits 0', async () => {
    const r = repo();
    const run = addRun(server.state, r, {
      title: 'Quieter lid',
      status: 'running',
      jobs: [
        {
          name: 'build',
          status: 'running',
          steps: [
            ['Set up job', 'success'],
            ['Compile', 'running'],
          ],
        },
      ],
    });
    const pane = await term.shell(`echo above; ${kettleCommand(['run', 'watch', String(run.id), '-R', `alice/${r.name}`, '--interval', '0.5'])}`);
    await pane.waitFor(/Refreshing every 0\.5 s/);
    const job = run.jobs[0];
    if (!job) throw new Error('no job');
    (job.steps[1] as { status: string }).status = 'success';
    job.steps.push({ name: 'Test', status: 'running' });
    const before = runReads(run.id);
    await until(() => runReads(run.id) >= before + 2);
    await pane.waitFor('Test');
    const during = await pane.screen();
    expect(during.match(/Quieter lid/g), during).toHaveLength(1);
    expect(during.match(/Compile/g), during).toHaveLength(1);
    run.status = 'success';
    job.status = 'success';
    (job.steps[2] as { status: string }).status = 'success';
    const { code, screen } = await pane.exit();
    expect(code, screen).toBe(0);
    expect(screen.match(/Quieter lid/g), screen).toHaveLength(1);
    expect(screen).toMatch(/✓ ci\.yml · Quieter lid · main · run \d+: success/);
    expect(screen).toMatch(/✓ build: success/);
    expect(screen).not.toContain('Refreshing');
    expect(screen).toContain(`✓ run ${run.id} of alice/${r.name} succeeded`);
    expect(screen.startsWith('above\n✓ ci.yml')).toBe(true);
  });

  it('at 80 columns a line wider than the window is cut to it: one header however many refreshes', async () => {
    const r = repo();
    const title = 'Make the lid quieter when the water boils and keep the whistle for the tea party';
    const run = addRun(server.state, r, {
      title,
      status: 'running',
      jobs: [{ name: 'build', status: 'running', steps: [['Compile every teapot in the cupboard, the chipped ones and the ones with a lid that rattles', 'running']] }],
    });
    // Below a line of its own: tmux keeps what is cleared from the top-left corner in its history, which the screen includes.
    const pane = await term.shell(`echo above; ${kettleCommand(['run', 'watch', String(run.id), '-R', `alice/${r.name}`, '--interval', '0.3'])}`, { cols: 80 });
    await pane.waitFor(/Refreshing every/);
    const before = runReads(run.id);
    await until(() => runReads(run.id) >= before + 3);
    const during = await pane.screen();
    expect(during.match(/ci\.yml · /g), during).toHaveLength(1);
    expect(during.match(/Compile every/g), during).toHaveLength(1);
    // Each line fits the window (capture-pane joins a wrapped line into one).
    for (const line of during.split('\n')) expect([...line].length, line).toBeLessThanOrEqual(80);
    expect(during).toMatch(/^\* ci\.yml · Make the lid quieter .*…$/m);
    run.status = 'success';
    const { code, screen } = await pane.exit();
    expect(code, screen).toBe(0);
    expect(screen.match(/ci\.yml · /g), screen).toHaveLength(1);
  });

  it('Ctrl-C stops watching: exit 130, and the run goes on untouched', async () => {
    const r = repo();
    const run = addRun(server.state, r, { status: 'running' });
    const pane = await term.kettle(['run', 'watch', String(run.id), '-R', `alice/${r.name}`, '--interval', '0.5']);
    await pane.waitFor(/Refreshing every/);
    await pane.interrupt();
    const { code, screen } = await pane.exit();
    expect(code).toBe(130);
    // The refresh line is erased; the run stays drawn as last seen.
    expect(screen).not.toContain('Refreshing');
    expect(screen).toMatch(/\* ci\.yml · Run 1 · main · run \d+: in_progress/);
    expect(run.status).toBe('running');
    expect(server.requests.filter((q) => q.method !== 'GET')).toEqual([]);
  });
});

describe('workflow run --watch', () => {
  it('starts the run and follows it in place to success', async () => {
    const r = repo();
    addWorkflow(server.state, r, { file: 'deploy.yml', name: 'Deploy', dispatch: { target: { required: true } }, jobs: [{ name: 'ship', steps: ['Set up job', 'Upload'] }] });
    const pane = await term.shell(`echo above; ${kettleCommand(['workflow', 'run', 'deploy.yml', '-f', 'target=staging', '--watch', '--interval', '0.3', '-R', `alice/${r.name}`])}`);
    const { code, screen } = await pane.exit();
    expect(code, screen).toBe(0);
    const run = actionsData(server.state).runs.find((x) => x.repoId === r.id);
    expect(run?.status).toBe('success');
    // One block, in its last state: the queued and running drawings were drawn over.
    expect(screen.match(/deploy\.yml · /g), screen).toHaveLength(1);
    expect(screen).toMatch(/✓ ship: success/);
    expect(screen).toMatch(/✓ Upload/);
    expect(screen).toContain(`✓ run ${run?.id} of alice/${r.name} succeeded`);
  });
});
