// npm run demo: start the in-memory server with sample data on a free loopback
// port, take a short tour of real kettle commands against it, and stop.
// npm run demo -- --serve: keep the server running to try kettle by hand, a
// playground with real git repositories served over HTTP (clone, push, open,
// review and merge pull requests, cut releases) and the real clock for what
// is created there.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { enableGit } from './server/git-http.js';
import { startServer, type TestServer } from './server/index.js';
import { useRealClock } from './server/state.js';
import { actionsData, addArtifact, addRun, addWorkflow } from './server/routes-actions.js';
import { addPackage } from './server/routes-packages.js';
import { seedPullsDemo } from './server/routes-pulls.js';
import { addRunner } from './server/routes-runners.js';
import { addTeam } from './server/routes-teams.js';
import { addWikiPage } from './server/routes-wiki.js';
import { addComment, addMilestone, setMilestone } from './server/routes-triage.js';

/** The newest release kettle is held to (test/fixtures/recordings/, fresh-server.ts): the demo and the playground play it. */
const NEWEST = '1.27.0';

/**
 * The newest server kettle knows (Gitea 1.27.0: runs, jobs, logs, artifacts,
 * rerun, workflows that can be listed and dispatched), with Actions in
 * alice/teapot: two workflows, a run that passed (with a log and an
 * artifact) and one that failed.
 */
function seedActions(server: TestServer): number {
  server.set({ flavor: { version: NEWEST } });
  const teapot = server.state.repo('alice', 'teapot');
  if (!teapot) throw new Error('the demo data has no alice/teapot');
  // A runner takes what is dispatched or rerun (the in-memory server's twin), so watching it ends.
  actionsData(server.state).runner = 'instant';
  addWorkflow(server.state, teapot, { file: 'ci.yml', name: 'CI', dispatch: undefined });
  addWorkflow(server.state, teapot, { file: 'deploy.yml', name: 'Deploy', dispatch: { target: { description: 'where to deploy', required: true, type: 'choice' } } });
  const passed = addRun(server.state, teapot, {
    workflow: 'ci.yml',
    title: 'Quieter lid',
    jobs: [{ name: 'test', steps: ['Set up job', 'Run tests'], log: { text: '::group::Run tests\nok 1 - the lid is quiet\nok 2 - the spout pours\n::endgroup::\n' } }],
  });
  addArtifact(server.state, passed, 'test-report', Buffer.from('ok 1 - the lid is quiet\nok 2 - the spout pours\n'));
  addRun(server.state, teapot, {
    workflow: 'ci.yml',
    title: 'Kettle whistles',
    branch: 'fix/spout',
    status: 'failure',
    jobs: [
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
  return passed.id;
}

/** Triage data beside the shared sample data: a milestone, more labels, a conversation. */
function seedTriage(server: TestServer): void {
  const state = server.state;
  const teapot = state.repo('alice', 'teapot');
  if (!teapot) return;
  state.addLabel(teapot, 'triaged', '0e8a16', 'Looked at');
  state.addLabel(teapot, 'needs-info', 'fbca04', 'Waiting for the reporter');
  const v1 = addMilestone(state, teapot, 'v1.0', { description: 'The first boil', due_on: '2026-06-30T23:59:59Z' });
  addMilestone(state, teapot, 'v0.9', { state: 'closed' });
  const [first, second] = state.issuesOf(teapot);
  if (first) {
    setMilestone(state, first, v1);
    addComment(state, first, 'bob', 'Same here: it rattles at full boil.');
    addComment(state, first, 'carol', 'Felt under the lid might help.');
  }
  if (second) setMilestone(state, second, v1);
}

/**
 * Runners, packages and a site administrator to try: a runner of alice/teapot
 * and one of the instance, two versions of alice's generic package
 * teapot-tools, and the user `admin` (who may use --global and --sudo).
 */
function seedRunnersAndPackages(server: TestServer): void {
  const state = server.state;
  const teapot = state.repo('alice', 'teapot');
  if (!teapot) return;
  addRunner(state, { name: 'teapot-runner', repoId: teapot.id, status: 'idle', labels: ['ubuntu-latest', 'docker'] });
  addRunner(state, { name: 'shared-runner', status: 'offline', labels: ['ubuntu-latest'] });
  addPackage(state, { owner: 'alice', type: 'generic', name: 'teapot-tools', version: '1.0.0' });
  addPackage(state, { owner: 'alice', type: 'generic', name: 'teapot-tools', version: '1.1.0' });
  if (!state.user('admin')) state.addUser('admin', 'Site Administrator', 'admin-password').admin = true;
}

/** A wiki in alice/teapot and a team in wonderland, to try `kettle wiki` and `kettle team` on. */
function seedForge(server: TestServer): void {
  const state = server.state;
  const teapot = state.repo('alice', 'teapot');
  if (teapot) {
    addWikiPage(state, teapot, 'Home', '# The teapot wiki\n\nStart with [Getting started](Getting-started).\n');
    addWikiPage(state, teapot, 'Getting started', 'Fill to the line, then boil.\n');
  }
  const wonderland = state.org('wonderland');
  if (wonderland) {
    addTeam(state, wonderland, 'brewers', { members: ['bob'], repos: state.repos.filter((r) => r.owner === 'wonderland'), description: 'Keep the tea party going' });
  }
}

/** The repository root: the folder above this file (or its bundle) holding bin/kettle.cjs. */
function findRoot(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 5; i++) {
    if (existsSync(join(dir, 'bin', 'kettle.cjs'))) return dir;
    dir = dirname(dir);
  }
  throw new Error('cannot find bin/kettle.cjs above the demo script');
}

interface Step {
  /** What is shown after "$ kettle". */
  args: string[];
  /** Shown instead of the real arguments (to keep the token off the screen). */
  shown?: string;
  input?: string;
}

function runKettle(bin: string, step: Step, env: NodeJS.ProcessEnv): Promise<number> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [bin, ...step.args], { env, stdio: ['pipe', 'inherit', 'inherit'] });
    child.on('error', reject);
    child.on('close', (code) => resolve(code ?? 1));
    child.stdin.end(step.input ?? '');
  });
}

/** An argument as a shell user would type it. */
function quoted(arg: string): string {
  return /^[\w@%+=:,./-]+$/.test(arg) ? arg : `'${arg.replace(/'/g, "'\\''")}'`;
}

/** The playground: git on, the sample data's passwords and how to run kettle printed, until Ctrl-C. */
async function serve(): Promise<void> {
  const server = await startServer({ seed: 'demo' });
  const gitRoot = mkdtempSync(join(tmpdir(), 'kettle-demo-git-'));
  let stopping = false;
  const stop = () => {
    if (stopping) return;
    stopping = true;
    void server.close().finally(() => {
      rmSync(gitRoot, { recursive: true, force: true });
      process.exit(0);
    });
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  // Git first: the pull requests' head commits (and so their checks) are real ones.
  enableGit(server, gitRoot);
  seedPullsDemo(server.state);
  seedTriage(server);
  seedRunnersAndPackages(server);
  seedForge(server);
  const runId = seedActions(server);
  useRealClock();
  const alice = server.addToken('alice');
  const bin = join(findRoot(), 'bin', 'kettle.cjs');
  const users = server.state.users.map((u) => `  ${u.login.padEnd(6)} password ${u.password}`).join('\n');
  const orgs = server.state.orgs.map((o) => `org ${o.login}: ${o.members.join(' and ')}`).join('; ');
  const repos = server.state.repos.map((r) => `${r.owner}/${r.name}${r.private ? ' (private)' : ''}`).join(', ');
  process.stdout.write(
    `kettle demo server: ${server.url}\n` +
      `It answers as Gitea ${NEWEST} does, Actions included (in alice/teapot: workflows ci.yml and deploy.yml; run ${runId} passed, with a log and an artifact).\n` +
      `Runners: teapot-runner of alice/teapot and shared-runner of the instance (kettle runner list --global, as admin); alice's generic package teapot-tools 1.0.0 and 1.1.0 (kettle package list).\n` +
      `The user admin is a site administrator: kettle --sudo alice whoami, as admin, answers as alice.\n\n` +
      `alice/teapot has a wiki (Home, Getting started: \`kettle wiki list -R alice/teapot\`); wonderland has a team, brewers (\`kettle team list --org wonderland\`).\n\n` +
      `Users (${orgs}; repositories ${repos}):\n${users}\n\n` +
      `In another shell, in this checkout (the README's "Try it: the demo playground" goes on from here):\n\n` +
      `  alias kettle='node ${bin}'   # or \`npm link\` once, to put kettle on your PATH\n` +
      `  URL=${server.url}\n` +
      `  kettle login add --url $URL --user alice      # asks for the password\n\n` +
      `git clones, fetches and pushes over HTTP here too (git asks for the same user name and password).\n` +
      `Or skip the login: export KETTLE_URL=${server.url} KETTLE_TOKEN=${alice}\n\n` +
      `Press Ctrl-C to stop (the repositories are thrown away).\n`,
  );
}

async function main(): Promise<void> {
  if (process.argv.includes('--serve')) return serve();
  const server = await startServer({ seed: 'demo' });
  seedPullsDemo(server.state);
  const alice = server.addToken('alice');
  seedTriage(server);
  seedRunnersAndPackages(server);
  seedForge(server);
  const runId = String(seedActions(server));

  // A second server, as a sub-path deployment: kettle status shows both at once.
  const work = await startServer({ seed: 'demo', basePath: '/forge' });
  const aliceAtWork = work.addToken('alice');

  const root = findRoot();
  const bin = join(root, 'bin', 'kettle.cjs');
  const config = mkdtempSync(join(tmpdir(), 'kettle-demo-'));
  const env: NodeJS.ProcessEnv = { ...process.env, KETTLE_CONFIG_DIR: config };
  delete env.KETTLE_URL;
  delete env.KETTLE_TOKEN;
  delete env.KETTLE_LOGIN;

  const steps: Step[] = [
    {
      args: ['login', 'add', '--url', server.url, '--name', 'demo', '--with-token'],
      shown: `login add --url ${server.url} --name demo --with-token < token.txt`,
      input: `${alice}\n`,
    },
    { args: ['login', 'list'] },
    { args: ['whoami'] },
    { args: ['user', 'view', 'bob'] },
    { args: ['user', 'view', 'carol', '--json', '--fields', 'login,full_name'] },
    { args: ['user', 'view', 'nobody'] },
    // A short tour of the resource commands.
    { args: ['repo', 'list'] },
    { args: ['repo', 'view', 'alice/teapot', '--json', '--fields', 'full_name,description,html_url'] },
    { args: ['issue', 'list', '-R', 'alice/teapot'] },
    { args: ['issue', 'create', '-R', 'alice/teapot', '--title', 'Kettle whistles too early', '--body', 'Found during the demo.', '--json', '--fields', 'number,title,state'] },
    { args: ['issue', 'close', '6', '-R', 'alice/teapot', '--json', '--fields', 'number,state'] },
    // Triage: a comment, the conversation, labels and a milestone by name on two issues at once.
    { args: ['issue', 'comment', '1', '-R', 'alice/teapot', '--body', 'Confirmed on the demo server.'] },
    { args: ['issue', 'view', '1', '-R', 'alice/teapot', '--comments'] },
    { args: ['issue', 'edit', '1', '2', '-R', 'alice/teapot', '--add-label', 'triaged', '--remove-label', 'bug', '--milestone', 'v1.0', '--fields', 'number,labels'] },
    { args: ['label', 'list', '-R', 'alice/teapot'] },
    { args: ['milestone', 'list', '-R', 'alice/teapot', '--state', 'all'] },
    { args: ['issue', 'list', '-R', 'alice/teapot', '--state', 'closed'] },
    { args: ['issue', 'list', '--all-repos', '--filter', 'created'] },
    { args: ['pr', 'list', '-R', 'alice/teapot'] },
    { args: ['pr', 'view', '5', '-R', 'alice/teapot', '--comments'] },
    { args: ['pr', 'diff', '5', '-R', 'alice/teapot'] },
    { args: ['pr', 'merge', '5', '-R', 'alice/teapot', '--style', 'squash', '--message', 'Quieter lid (#5)', '--json', '--fields', 'number,merged,merged_at'] },
    { args: ['release', 'list', '-R', 'alice/teapot'] },
    // The wiki and the teams.
    { args: ['wiki', 'list', '-R', 'alice/teapot'] },
    { args: ['wiki', 'view', 'Getting started', '-R', 'alice/teapot'] },
    { args: ['team', 'list', '--org', 'wonderland'] },
    { args: ['team', 'member', 'list', 'brewers', '--org', 'wonderland'] },
    { args: ['release', 'view', '-R', 'alice/teapot'] },
    {
      args: ['release', 'download', 'v1.0', '-R', 'alice/teapot', '--pattern', '*.txt', '--dir', join(config, 'downloads')],
      shown: 'release download v1.0 -R alice/teapot --pattern "*.txt" --dir downloads',
    },
    { args: ['org', 'list'] },
    { args: ['hook', 'list', '-R', 'alice/teapot'] },
    {
      args: ['hook', 'add', '-R', 'alice/teapot', '--url', 'https://ci.example.com/kettle', '--events', 'push,issues', '--secret-file', '-'],
      shown: 'hook add -R alice/teapot --url https://ci.example.com/kettle --events push,issues --secret-file - < secret.txt',
      input: 'a-demo-secret\n',
    },
    // Repository settings: a star, topics and a collaborator.
    { args: ['repo', 'star', 'alice/teapot'] },
    { args: ['repo', 'topic', 'add', 'tea', 'kitchen', '-R', 'alice/teapot'] },
    { args: ['repo', 'topic', 'list', '-R', 'alice/teapot'] },
    { args: ['repo', 'collaborator', 'add', 'bob', '--permission', 'read', '-R', 'alice/teapot'] },
    { args: ['repo', 'collaborator', 'list', 'alice/teapot'] },
    { args: ['repo', 'view', 'alice/teapot', '--json', '--fields', 'full_name,stars_count,topics'] },
    { args: ['repo', 'delete', 'alice/notes'] },
    // Actions: runs, a job's log, a dispatch, a secret and a variable.
    { args: ['run', 'list', '-R', 'alice/teapot'] },
    { args: ['run', 'view', runId, '-R', 'alice/teapot'] },
    { args: ['run', 'view', runId, '--log', '-R', 'alice/teapot'] },
    { args: ['workflow', 'list', '-R', 'alice/teapot'] },
    { args: ['workflow', 'run', 'deploy.yml', '-f', 'target=staging', '-R', 'alice/teapot'] },
    { args: ['secret', 'set', 'DEPLOY_TOKEN', '--body-file', '-', '-R', 'alice/teapot'], shown: 'secret set DEPLOY_TOKEN --body-file - -R alice/teapot < token.txt', input: 'not-a-real-token\n' },
    { args: ['secret', 'list', '-R', 'alice/teapot'] },
    { args: ['variable', 'set', 'REGION', 'eu-west', '-R', 'alice/teapot'] },
    { args: ['variable', 'get', 'REGION', '-R', 'alice/teapot'] },
    // Runners and packages.
    { args: ['runner', 'list', '-R', 'alice/teapot'] },
    { args: ['package', 'list'] },
    { args: ['package', 'view', 'generic', 'teapot-tools'] },
    { args: ['package', 'link', 'generic', 'teapot-tools', 'alice/teapot'] },
    // The inbox, and one view of every server logged in to.
    { args: ['notification', 'list', '--unread', '--pinned'] },
    { args: ['search', 'repos', 'tea', '--sort', 'stars'] },
    { args: ['search', 'issues', 'lid', '--state', 'all'] },
    {
      args: ['login', 'add', '--url', work.url, '--name', 'work', '--with-token'],
      shown: `login add --url ${work.url} --name work --with-token < work-token.txt`,
      input: `${aliceAtWork}\n`,
    },
    { args: ['status'] },
    { args: ['status', '--json', '--jq', 'to_entries[] | "\\(.key): \\(.value.notifications | length) unread, \\(.value.assigned | length) assigned"'] },
  ];

  let failed = 0;
  try {
    process.stdout.write(`kettle demo: a server with sample data is running at ${server.url}\n`);
    for (const step of steps) {
      process.stdout.write(`\n$ kettle ${step.shown ?? step.args.map(quoted).join(' ')}\n`);
      const code = await runKettle(bin, step, env);
      // The tour shows two refusals on purpose (an unknown user; a delete
      // without --yes and no terminal to confirm on); anything else is a real failure.
      const expectedFailure = step.args.includes('nobody') || (step.args[0] === 'repo' && step.args[1] === 'delete');
      if (code !== 0) process.stdout.write(`(exit code ${code}${expectedFailure ? ', as expected' : ''})\n`);
      if (code !== 0 && !expectedFailure) failed++;
    }
    process.stdout.write(`\nThat was kettle against the demo server. Run \`npm run demo -- --serve\` to try it by hand (see the README's "Try it").\n`);
  } finally {
    await server.close();
    await work.close();
    rmSync(config, { recursive: true, force: true });
  }
  if (failed > 0) {
    process.stderr.write(`kettle demo: ${failed} step(s) failed\n`);
    process.exitCode = 1;
  }
}

main().catch((err: unknown) => {
  process.stderr.write(`kettle demo: ${err instanceof Error ? err.message : String(err)}\n`);
  process.exitCode = 1;
});
