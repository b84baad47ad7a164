// kettle's end-to-end scenario: one user's day on a server, command after
// command, with what each must print and exit. It runs against any server
// given by URL and an administrator's token: a real Gitea or Forgejo (`npm run
// test:real`), the same through the recording proxy (`npm run record:real`),
// and the in-memory server in every flavour (test/contract/scenario.test.ts),
// so the in-memory server is held to what real servers are known to do.
//
// The expectations are the real servers' behaviour: where a flavour or
// release differs, the step says so with `when` or in its check, and names
// the handler it comes from. Steps share one throw-away repository, user and
// organization, named from a prefix, and the last steps delete them.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { platformSuffix } from '../../src/commands/extension/shared.js';
import { atLeast, parseServerVersion, type ServerInfo } from '../../src/context/server.js';
import { type RunResult, run } from '../support/harness.js';
import { ISSUE_FORM } from '../support/issue-form.js';

/** The server's flavour and version, as kettle itself reads GET /version (src/context/server.ts). */
export type { ServerInfo };
export { atLeast };

export interface Names {
  /** The administrator the token belongs to. */
  me: string;
  /** A second user the scenario creates (and deletes). */
  other: string;
  /** me/repo. */
  repo: string;
  org: string;
  /** Values learned along the way (a hook's id, a commit). */
  vars: Record<string, string>;
  /** A folder for files the steps read and write. */
  dir: string;
  /** The server's URL, as a login names it. */
  url: string;
  server: ServerInfo;
}

export interface Step {
  title: string;
  args: (n: Names) => string[];
  /** Standard input. */
  input?: string;
  /** The exit status the real servers lead to. */
  exit: number;
  /** What the output must show (throws when it does not); may learn values into `vars`. */
  check?: (r: RunResult, n: Names) => void;
  /** Only on the servers this is true for. */
  when?: (server: ServerInfo) => boolean;
  /** Run with the logins stored in the scenario's config folder, not KETTLE_URL and KETTLE_TOKEN. */
  stored?: true;
  /** Only where a runner takes the server's jobs (a host-mode runner beside a real server; the in-memory server's twin). */
  runner?: true;
  /** Where a runner takes jobs: first wait (outside kettle, unrecorded, bounded) until every run of the repository is done. */
  settle?: true;
  /** First wait (outside kettle, unrecorded, bounded) until the administrator has an unread notification: the servers notify from a queue. */
  inbox?: true;
  /** Before the step, outside kettle: what kettle has no command for, such as a package upload to a registry. */
  prepare?: (n: Names, server: { url: string; token: string }) => Promise<void>;
}

const json = <T = Record<string, unknown>>(r: RunResult): T => JSON.parse(r.stdout) as T;
const R = (n: Names) => ['-R', n.repo];
/** The numbers of a list of issues or pull requests, in order. */
const numbers = (r: RunResult): number[] => json<Array<{ number: number }>>(r).map((x) => x.number);
/** A deploy key (public; another than SSH_KEY, which a server takes only once). */
const DEPLOY_KEY = 'ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIPgdlUrg2RlyE7TaNi6oAtz6vc8Ij6+BO4PpGDfquH/X kettle-deploy';
/** A workflow that can be started by hand, with a boolean input (D22). */
const WORKFLOW = `name: Deploy
on:
  workflow_dispatch:
    inputs:
      dry_run:
        type: boolean
        default: false
jobs:
  deploy:
    runs-on: ubuntu-latest
    steps:
      - run: echo deploying
`;
/**
 * A workflow whose one job uploads an artifact through the servers' results
 * service (routers/api/actions/artifactsv4.go: CreateArtifact, the upload,
 * FinalizeArtifact), as actions/upload-artifact v4 does, in plain shell: a zip
 * of report.txt holding ARTIFACT_TEXT, named ARTIFACT_NAME.
 */
const ARTIFACT_WORKFLOW = `name: Pack
on:
  workflow_dispatch:
jobs:
  pack:
    runs-on: ubuntu-latest
    steps:
      - name: Upload the report
        env:
          ARTIFACT_NAME: report
          ARTIFACT_TEXT: kettle artifact
        run: |
          python3 -c "import os, zipfile; z = zipfile.ZipFile('report.zip', 'w'); z.writestr('report.txt', os.environ['ARTIFACT_TEXT'] + '\\n'); z.close()"
          svc="\${ACTIONS_RESULTS_URL}/twirp/github.actions.results.api.v1.ArtifactService"
          auth="Authorization: Bearer \${ACTIONS_RUNTIME_TOKEN}"
          ids="\\"workflow_run_backend_id\\":\\"\${GITHUB_RUN_ID}\\",\\"workflow_job_run_backend_id\\":\\"0\\""
          upload=$(curl -sSf -X POST -H "$auth" -H 'Content-Type: application/json' -d "{\${ids},\\"name\\":\\"\${ARTIFACT_NAME}\\",\\"version\\":4}" "$svc/CreateArtifact" | python3 -c "import json, sys; print(json.load(sys.stdin)['signedUploadUrl'])")
          curl -sSf -X PUT --data-binary @report.zip "\${upload}&comp=block"
          size=$(wc -c < report.zip)
          hash=$(sha256sum report.zip | cut -d' ' -f1)
          curl -sSf -X POST -H "$auth" -H 'Content-Type: application/json' -d "{\${ids},\\"name\\":\\"\${ARTIFACT_NAME}\\",\\"size\\":\\"\${size}\\",\\"hash\\":\\"sha256:\${hash}\\"}" "$svc/FinalizeArtifact"
`;
/** A workflow of plain shell steps for a runner: one job succeeds, one is skipped by its `if`, one fails. */
const SHELL_WORKFLOW = `name: Checks
on:
  workflow_dispatch:
jobs:
  build:
    runs-on: ubuntu-latest
    steps:
      - name: Say hello
        run: echo "hello from build"
  never:
    runs-on: ubuntu-latest
    if: \${{ false }}
    steps:
      - run: echo never
  broken:
    runs-on: ubuntu-latest
    steps:
      - name: Fail
        run: |
          echo "about to fail"
          exit 3
`;
/** Jobs of a run as run view --json shows them: name, id and status in GitHub's words. */
const jobsOf = (r: RunResult) => (json(r).jobs as Array<{ name: string; id: number; status: string; conclusion?: string }>) ?? [];
/** Runners are listed and deleted through the API by Gitea 1.24 and later and Forgejo 15 and later (routers/api/v1/api.go). */
const listsRunners = (s: ServerInfo) => atLeast(s, 'gitea', '1.24') || atLeast(s, 'forgejo', '15');
/** Packages link to a repository on Gitea 1.24 and later and on every Forgejo (routers/api/v1/api.go, LinkPackage). */
const linksPackages = (s: ServerInfo) => atLeast(s, 'gitea', '1.24') || s.flavour === 'forgejo';
/** A version of a generic package, uploaded to the owner's registry (PUT /api/packages/{owner}/generic/{name}/{version}/{file}). */
function uploadPackage(version: string): (n: Names, server: { url: string; token: string }) => Promise<void> {
  return async (n, server) => {
    const at = `${server.url.replace(/\/$/, '')}/api/packages/${n.me}/generic/${n.repo.split('/')[1]}-tools/${version}/tools.txt`;
    const answer = await fetch(at, { method: 'PUT', headers: { authorization: `token ${server.token}` }, body: `tools ${version}\n` });
    await answer.arrayBuffer();
    if (answer.status !== 201) throw new Error(`the package upload answered ${answer.status}`);
  };
}
const PKG = (n: Names) => `${n.repo.split('/')[1]}-tools`;
/**
 * A runner registered with the repository's token and listed by kettle: Gitea 1.24 and later (Forgejo 15 lists
 * runners but kettle gives it no registration token: its runners register directly).
 */
const registersRunners = (s: ServerInfo) => atLeast(s, 'gitea', '1.24');
/** The runner the scenario registers for its repository: its name, and its labels as the runner declares them. */
const RUNNER = (n: Names) => `${n.repo.split('/')[1]}-runner`;
const RUNNER_LABELS = ['kettle-scenario', 'ubuntu-latest:host'];
/**
 * Register a runner for the repository as act_runner's `register` does: the runner protocol's Register
 * (POST /api/actions/runner.v1.RunnerService/Register, routers/api/actions/runner/runner.go), in Connect's JSON
 * form, with the registration token kettle printed (vars.runnerToken). The runner is never started, so the server
 * lists it offline. Sent as the package uploads are (through the recorder, which the replay sends again); what went
 * wrong is kept in vars.runnerProblem for the step to show, never the tokens.
 */
async function registerRunner(n: Names, server: { url: string; token: string }): Promise<void> {
  try {
    const answer = await fetch(`${server.url.replace(/\/$/, '')}/api/actions/runner.v1.RunnerService/Register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'connect-protocol-version': '1' },
      body: JSON.stringify({ name: RUNNER(n), token: n.vars.runnerToken ?? '', version: 'v0.0.0-kettle', labels: RUNNER_LABELS }),
    });
    const body = (await answer.json()) as { runner?: { id?: unknown; name?: unknown; labels?: unknown }; code?: unknown; message?: unknown };
    if (answer.status !== 200 || typeof body.runner?.id !== 'string') {
      n.vars.runnerProblem = `Register answered ${answer.status}: ${String(body.code)} ${String(body.message)}`;
      return;
    }
    // Connect's JSON writes the runner's id (an int64) as a string.
    n.vars.runnerId = body.runner.id;
    assert.equal(body.runner.name, RUNNER(n));
    assert.deepEqual(body.runner.labels, RUNNER_LABELS);
  } catch (err) {
    n.vars.runnerProblem = `Register: ${err instanceof Error ? err.message.split('\n')[0] : String(err)}`;
  }
}

/** The second user's password (a throw-away user on a throw-away server; the replay sends it again). */
export const SECOND_PASSWORD = 'Kettle-pw-2-long';
const SSH_KEY = 'ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIEkO7gScm2HQ27ZDBoZmQgC2Yu4JSf+byUUFMHxT9kLb kettle-recording';

/** The scenario, in order. */
export const STEPS: Step[] = [
  {
    title: 'whoami',
    args: () => ['whoami', '--json'],
    exit: 0,
    check: (r, n) => {
      assert.equal(json(r).login, n.me);
      n.vars.email = String(json(r).email);
    },
  },
  {
    title: 'the second user (administration, through the escape hatch)',
    args: (n) => ['api', '-X', 'POST', '/admin/users', '-f', `username=${n.other}`, '-f', `email=${n.other}@example.com`, '-f', `password=${SECOND_PASSWORD}`, '-F', 'must_change_password=false'],
    exit: 0,
  },
  { title: 'user view', args: (n) => ['user', 'view', n.other, '--json'], exit: 0, check: (r, n) => assert.equal(json(r).login, n.other) },
  // A login made with a password mints a token with every scope kettle needs: the inbox works with it.
  {
    title: 'login add --user (the second user): a token is minted',
    args: (n) => ['login', 'add', '--url', n.url, '--user', n.other, '--password-stdin', '--name', 'second'],
    input: `${SECOND_PASSWORD}\n`,
    stored: true,
    exit: 0,
  },
  { title: 'notification list with the minted token', args: () => ['notification', 'list', '--login', 'second', '--json'], stored: true, exit: 0, check: (r) => assert.deepEqual(json(r), []) },
  { title: 'status with the minted token', args: () => ['status'], stored: true, exit: 0 },
  {
    title: 'login status of the minted login: checked, its scopes known',
    args: () => ['login', 'status', '--login', 'second', '--json'],
    stored: true,
    exit: 0,
    check: (r, n) => {
      const [one] = json<Array<{ state: string; user: string; scopes: string[] | null; lacking: string[] | null }>>(r);
      assert.deepEqual([one?.state, one?.user, one?.lacking], ['ok', n.other, []]);
      assert.ok(one?.scopes?.includes('write:notification') && one.scopes.includes('write:admin'));
    },
  },
  { title: 'user view of nobody: 404', args: (n) => ['user', 'view', `${n.other}-nobody`], exit: 1, check: (r) => assert.match(r.stderr, /^kettle: .*not found/im) },
  {
    title: 'repo create --init',
    args: (n) => ['repo', 'create', n.repo.split('/')[1] as string, '--init', '-d', 'Recorded by kettle', '--json'],
    exit: 0,
    check: (r, n) => {
      const repo = json(r);
      assert.equal(repo.full_name, n.repo);
      assert.equal(repo.description, 'Recorded by kettle');
      assert.equal(repo.empty, false);
      assert.equal(repo.default_branch, 'main');
    },
  },
  { title: 'repo create again: 409', args: (n) => ['repo', 'create', n.repo.split('/')[1] as string], exit: 1, check: (r) => assert.match(r.stderr, /^kettle: /m) },
  { title: 'repo view', args: (n) => ['repo', 'view', n.repo, '--json'], exit: 0, check: (r, n) => assert.equal(json(r).full_name, n.repo) },
  // The wiki (routers/api/v1/repo/wiki.go, services/wiki/wiki_path.go): page names as the web page shows them,
  // spaces, a slash, a dash and non-ASCII included; the first page creates the wiki.
  { title: 'wiki list before any page', args: (n) => ['wiki', 'list', ...R(n), '--json'], exit: 0, check: (r) => assert.deepEqual(json(r), []) },
  { title: 'wiki create Home (creates the wiki)', args: (n) => ['wiki', 'create', 'Home', ...R(n), '--body', '# Welcome'], exit: 0 },
  { title: 'wiki create from standard input', args: (n) => ['wiki', 'create', 'Getting started', ...R(n), '--body-file', '-', '-m', 'Start here'], input: 'first\n', exit: 0 },
  { title: 'wiki create with a slash, a dash and non-ASCII', args: (n) => ['wiki', 'create', 'Tea/Brew time-table ü', ...R(n), '--body', 'steep'], exit: 0 },
  { title: 'wiki create again: refused', args: (n) => ['wiki', 'create', 'Home', ...R(n), '--body', 'x'], exit: 1, check: (r) => assert.match(r.stderr, /already has a wiki page "Home"/) },
  {
    title: 'wiki list',
    args: (n) => ['wiki', 'list', ...R(n), '--json', '--fields', 'title,sub_url'],
    exit: 0,
    check: (r) =>
      assert.deepEqual(
        json<Array<{ title: string; sub_url: string }>>(r)
          .map((p) => [p.title, p.sub_url])
          .sort(),
        [
          ['Getting started', 'Getting-started'],
          ['Home', 'Home'],
          ['Tea/Brew time-table ü', 'Tea%2FBrew+time-table+%C3%BC.-'],
        ],
      ),
  },
  { title: 'wiki view of the page with a slash', args: (n) => ['wiki', 'view', 'Tea/Brew time-table ü', ...R(n)], exit: 0, check: (r) => assert.equal(r.stdout, 'steep\n') },
  {
    title: 'wiki view by the name in its URL',
    args: (n) => ['wiki', 'view', 'Getting-started', ...R(n), '--json', '--fields', 'title,content'],
    exit: 0,
    check: (r) => assert.deepEqual(json(r), { title: 'Getting started', content: 'first\n' }),
  },
  { title: 'wiki edit --body', args: (n) => ['wiki', 'edit', 'Getting started', ...R(n), '--body', 'second', '-m', 'Second'], exit: 0 },
  {
    title: 'wiki revisions',
    args: (n) => ['wiki', 'revisions', 'Getting started', ...R(n), '--json'],
    exit: 0,
    check: (r, n) => {
      const commits = json<Array<{ sha: string; message: string }>>(r);
      assert.deepEqual(
        commits.map((c) => c.message.trim()),
        ['Second', 'Start here'],
      );
      n.vars.wikiFirst = commits[1]?.sha ?? '';
    },
  },
  // An earlier revision is read from the wiki's git repository (OWNER/NAME.wiki.git), fetched with kettle's credential helper.
  {
    title: 'wiki view --revision of the first revision (the wiki fetched with git)',
    args: (n) => ['wiki', 'view', 'Getting started', ...R(n), '--revision', n.vars.wikiFirst ?? ''],
    exit: 0,
    check: (r) => assert.equal(r.stdout, 'first\n'),
  },
  {
    title: 'wiki view --revision by a short SHA, --json',
    args: (n) => ['wiki', 'view', 'Getting started', ...R(n), '--revision', (n.vars.wikiFirst ?? '').slice(0, 8), '--json', '--fields', 'content,last_commit'],
    exit: 0,
    check: (r, n) => assert.deepEqual(json(r), { content: 'first\n', last_commit: { sha: n.vars.wikiFirst } }),
  },
  { title: 'wiki edit --title (renames, keeps the text)', args: (n) => ['wiki', 'edit', 'Getting started', ...R(n), '--title', 'Quick start'], exit: 0 },
  // A renamed page is a new file: its count of commits follows no rename (gitrepo.FileCommitsCount).
  {
    title: 'wiki view of the renamed page',
    args: (n) => ['wiki', 'view', 'Quick start', ...R(n), '--json', '--fields', 'content,commit_count'],
    exit: 0,
    check: (r) => assert.deepEqual(json(r), { content: 'second', commit_count: 1 }),
  },
  { title: 'wiki view of the old name: not found', args: (n) => ['wiki', 'view', 'Getting started', ...R(n)], exit: 1, check: (r) => assert.match(r.stderr, /not found/) },
  { title: 'wiki delete', args: (n) => ['wiki', 'delete', 'Tea/Brew time-table ü', ...R(n), '--yes'], exit: 0 },
  { title: 'wiki delete again: not found', args: (n) => ['wiki', 'delete', 'Tea/Brew time-table ü', ...R(n), '--yes'], exit: 1, check: (r) => assert.match(r.stderr, /not found/) },
  {
    title: 'repo edit',
    args: (n) => ['repo', 'edit', n.repo, '-d', 'Changed by kettle', '--website', 'https://example.com', '--disable-wiki', '--json'],
    exit: 0,
    check: (r) => {
      assert.equal(json(r).description, 'Changed by kettle');
      assert.equal(json(r).website, 'https://example.com');
      assert.equal(json(r).has_wiki, false);
    },
  },
  { title: 'repo topic add', args: (n) => ['repo', 'topic', 'add', 'kettle', 'recording', ...R(n)], exit: 0 },
  { title: 'repo topic list', args: (n) => ['repo', 'topic', 'list', ...R(n)], exit: 0, check: (r) => assert.deepEqual(r.stdout.trim().split('\n').sort(), ['kettle', 'recording']) },
  { title: 'repo topic set (none)', args: (n) => ['repo', 'topic', 'set', ...R(n), '--yes'], exit: 0 },
  { title: 'repo star', args: (n) => ['repo', 'star', n.repo], exit: 0 },
  { title: 'repo unstar', args: (n) => ['repo', 'unstar', n.repo], exit: 0 },
  { title: 'repo list', args: () => ['repo', 'list', '--json'], exit: 0, check: (r, n) => assert.ok(json<Array<{ full_name: string }>>(r).some((x) => x.full_name === n.repo)) },
  { title: 'repo collaborator add', args: (n) => ['repo', 'collaborator', 'add', n.other, '-p', 'read', ...R(n)], exit: 0 },
  {
    title: 'repo collaborator list',
    args: (n) => ['repo', 'collaborator', 'list', ...R(n), '--json'],
    exit: 0,
    check: (r, n) =>
      assert.deepEqual(
        json<Array<{ login: string }>>(r).map((u) => u.login),
        [n.other],
      ),
  },
  // Sudo: the administrator acts as the read-only collaborator (services/auth/... sudo; api.go `sudo`).
  {
    title: 'a read-only collaborator creates a label: 403',
    args: (n) => ['api', '-X', 'POST', `/repos/${n.repo}/labels`, '-H', `Sudo: ${n.other}`, '-f', 'name=nope', '-f', 'color=#000000'],
    exit: 1,
  },
  { title: 'repo collaborator remove', args: (n) => ['repo', 'collaborator', 'remove', n.other, ...R(n)], exit: 0 },

  // Labels and milestones.
  { title: 'label create', args: (n) => ['label', 'create', 'bug', '-c', 'ee0701', '-d', 'Something is broken', ...R(n), '--json'], exit: 0, check: (r) => assert.equal(json(r).color, 'ee0701') },
  {
    title: 'label create scoped, exclusive',
    args: (n) => ['label', 'create', 'kind/feature', '-c', '#0e8a16', '--exclusive', ...R(n), '--json'],
    exit: 0,
    check: (r) => assert.equal(json(r).exclusive, true),
  },
  { title: 'label edit', args: (n) => ['label', 'edit', 'bug', '-n', 'defect', '-d', 'Broken', ...R(n), '--json'], exit: 0, check: (r) => assert.equal(json(r).name, 'defect') },
  {
    title: 'label list',
    args: (n) => ['label', 'list', ...R(n), '--json'],
    exit: 0,
    check: (r) =>
      assert.deepEqual(
        json<Array<{ name: string }>>(r)
          .map((l) => l.name)
          .sort(),
        ['defect', 'kind/feature'],
      ),
  },
  // --dry-run (src/api/dry-run.ts): the reads are made, the write is printed and not sent.
  {
    title: 'label create --dry-run: printed, not sent',
    args: (n) => ['--dry-run', 'label', 'create', 'dry-only', '-c', 'ff0000', ...R(n)],
    exit: 0,
    check: (r, n) => {
      assert.equal(r.stdout, `POST /repos/${n.repo}/labels {"name":"dry-only","color":"#ff0000"}\n`);
      assert.match(r.stderr, /^kettle: dry run: stopped after POST \/repos\/.*\/labels: what follows needs the server's answer to it; nothing was sent\n$/);
    },
  },
  {
    title: 'label list: the dry run made no label',
    args: (n) => ['label', 'list', ...R(n), '--json'],
    exit: 0,
    check: (r) => assert.ok(!json<Array<{ name: string }>>(r).some((l) => l.name === 'dry-only')),
  },
  // Branches and tags (routers/api/v1/repo/branch.go, tag.go): every release known here has each endpoint.
  { title: 'branch create', args: (n) => ['branch', 'create', 'kettle-b1', ...R(n), '--json'], exit: 0, check: (r) => assert.equal(json(r).name, 'kettle-b1') },
  {
    title: 'branch create of one that exists: refused before sending',
    args: (n) => ['branch', 'create', 'kettle-b1', ...R(n)],
    exit: 1,
    check: (r) => assert.match(r.stderr, /already has a branch "kettle-b1"/),
  },
  { title: 'branch create --from', args: (n) => ['branch', 'create', 'kettle-b2', '--from', 'kettle-b1', ...R(n), '--json'], exit: 0, check: (r) => assert.equal(json(r).name, 'kettle-b2') },
  {
    title: 'branch list',
    args: (n) => ['branch', 'list', ...R(n), '--json'],
    exit: 0,
    check: (r) =>
      assert.deepEqual(
        json<Array<{ name: string }>>(r)
          .map((b) => b.name)
          .sort(),
        ['kettle-b1', 'kettle-b2', 'main'],
      ),
  },
  { title: 'branch view', args: (n) => ['branch', 'view', 'kettle-b1', ...R(n), '--json'], exit: 0, check: (r) => assert.equal(json(r).protected, false) },
  { title: 'branch rename', args: (n) => ['branch', 'rename', 'kettle-b2', 'kettle-b3', ...R(n)], exit: 0 },
  { title: 'branch view of the old name: 404', args: (n) => ['branch', 'view', 'kettle-b2', ...R(n)], exit: 1 },
  { title: 'a protection rule for kettle-b3', args: (n) => ['api', '-X', 'POST', `/repos/${n.repo}/branch_protections`, '-f', 'rule_name=kettle-b3'], exit: 0 },
  {
    title: 'branch list --protected',
    args: (n) => ['branch', 'list', '--protected', ...R(n), '--json'],
    exit: 0,
    check: (r) =>
      assert.deepEqual(
        json<Array<{ name: string }>>(r).map((b) => b.name),
        ['kettle-b3'],
      ),
  },
  {
    title: 'branch delete of the default, a protected and a plain one: the first two refused before sending',
    args: (n) => ['branch', 'delete', 'main', 'kettle-b3', 'kettle-b1', '--yes', ...R(n)],
    exit: 1,
    check: (r) => {
      assert.match(r.stderr, /"main" .*: it is the default branch/);
      assert.match(r.stderr, /"kettle-b3" .*: it is protected/);
      assert.match(r.stderr, /2 of 3 failed: main, kettle-b3/);
    },
  },
  { title: 'branch view of the deleted one: 404', args: (n) => ['branch', 'view', 'kettle-b1', ...R(n)], exit: 1 },
  {
    title: 'branch protection list',
    args: (n) => ['branch', 'protection', 'list', ...R(n), '--json'],
    exit: 0,
    check: (r) =>
      assert.deepEqual(
        json<Array<{ rule_name: string }>>(r).map((x) => x.rule_name),
        ['kettle-b3'],
      ),
  },
  {
    title: 'branch protection view: the defaults of a rule made with its name alone',
    args: (n) => ['branch', 'protection', 'view', 'kettle-b3', ...R(n), '--json'],
    exit: 0,
    check: (r) => {
      const rule = json(r);
      assert.equal(rule.rule_name, 'kettle-b3');
      assert.equal(rule.enable_push, false);
      assert.equal(rule.required_approvals, 0);
      assert.equal(rule.status_check_contexts, null);
    },
  },
  { title: 'branch protection view of a rule that does not exist: 404', args: (n) => ['branch', 'protection', 'view', 'kettle-*', ...R(n)], exit: 1 },
  {
    title: 'branch protect of a new glob: created (POST)',
    args: (n) => ['branch', 'protect', 'kettle-*', '--required-approvals', '1', '--status-check', 'ci/build', ...R(n), '--json'],
    exit: 0,
    check: (r) => {
      const rule = json(r);
      assert.equal(rule.rule_name, 'kettle-*');
      assert.equal(rule.branch_name, '');
      assert.equal(rule.required_approvals, 1);
      assert.equal(rule.enable_status_check, true);
      assert.deepEqual(rule.status_check_contexts, ['ci/build']);
      assert.doesNotMatch(r.stderr, /no branch/);
    },
  },
  {
    title: 'branch protect of a glob that matches no branch: a note, still created',
    args: (n) => ['branch', 'protect', 'kettle-none/*', '--push', 'all', ...R(n), '--json'],
    exit: 0,
    check: (r) => {
      assert.match(r.stderr, /no branch of .* matches "kettle-none\/\*" yet/);
      assert.equal(json(r).enable_push, true);
      assert.equal(json(r).enable_push_whitelist, false);
    },
  },
  {
    title: 'branch protect of an existing rule: only what is named changes (PATCH)',
    args: (n) => ['branch', 'protect', 'kettle-*', '--dismiss-stale-approvals', '--push', n.me, '--protected-files', '*.lock', ...R(n), '--json'],
    exit: 0,
    check: (r, n) => {
      const rule = json(r);
      assert.equal(rule.required_approvals, 1);
      assert.deepEqual(rule.status_check_contexts, ['ci/build']);
      assert.equal(rule.dismiss_stale_approvals, true);
      assert.equal(rule.enable_push, true);
      assert.equal(rule.enable_push_whitelist, true);
      assert.deepEqual(rule.push_whitelist_usernames, [n.me]);
      assert.equal(rule.protected_file_patterns, '*.lock');
    },
  },
  {
    title: 'branch protect --push of a user without write access (the server would leave them out in silence): refused before sending',
    args: (n) => ['branch', 'protect', 'kettle-*', '--push', n.other, ...R(n)],
    exit: 1,
    check: (r, n) => assert.match(r.stderr, new RegExp(`${n.other} has (read|no) access to .*, and the server keeps only users with write access among those who may push; nothing was changed`)),
  },
  {
    title: 'branch protect --push of nobody: refused before sending',
    args: (n) => ['branch', 'protect', 'kettle-*', '--push', `${n.other}-nobody`, ...R(n)],
    exit: 1,
    check: (r, n) => assert.match(r.stderr, new RegExp(`no user is called "${n.other}-nobody"; nothing was changed`)),
  },
  {
    title: 'branch protect with what the rule already has: a note, nothing sent',
    args: (n) => ['branch', 'protect', 'kettle-*', '--dismiss-stale-approvals', '--required-approvals', '1', ...R(n)],
    exit: 0,
    check: (r) => assert.match(r.stderr, /already has those settings/),
  },
  {
    title: 'branch protect --no-dismiss-stale-approvals --push none',
    args: (n) => ['branch', 'protect', 'kettle-*', '--no-dismiss-stale-approvals', '--push', 'none', '--status-check', '', ...R(n), '--json'],
    exit: 0,
    check: (r) => {
      const rule = json(r);
      assert.equal(rule.dismiss_stale_approvals, false);
      assert.equal(rule.enable_push, false);
      assert.equal(rule.enable_status_check, false);
      assert.deepEqual(rule.status_check_contexts, []);
      assert.equal(rule.required_approvals, 1);
      assert.equal(rule.protected_file_patterns, '*.lock');
    },
  },
  {
    title: 'branch protection list: every rule, priorities on Gitea only',
    args: (n) => ['branch', 'protection', 'list', ...R(n), '--json'],
    exit: 0,
    check: (r, n) => {
      const rules = json<Array<{ rule_name: string; priority?: number }>>(r);
      assert.deepEqual(
        rules.map((x) => x.rule_name),
        ['kettle-b3', 'kettle-*', 'kettle-none/*'],
      );
      if (n.server.flavour === 'forgejo') assert.ok(rules.every((x) => x.priority === undefined));
      else
        assert.deepEqual(
          rules.map((x) => x.priority),
          [1, 2, 3],
        );
    },
  },
  { title: 'branch unprotect without --yes, not on a terminal: refused', args: (n) => ['branch', 'unprotect', 'kettle-*', ...R(n)], exit: 2 },
  { title: 'branch unprotect', args: (n) => ['branch', 'unprotect', 'kettle-*', '--yes', ...R(n)], exit: 0 },
  { title: 'branch unprotect of the glob that matched nothing', args: (n) => ['branch', 'unprotect', 'kettle-none/*', '--yes', ...R(n)], exit: 0 },
  {
    title: 'branch unprotect of a rule that is gone: 404',
    args: (n) => ['branch', 'unprotect', 'kettle-*', '--yes', ...R(n)],
    exit: 1,
    check: (r) => assert.match(r.stderr, /branch protection rule "kettle-\*" in .* not found/),
  },
  {
    title: 'tag create',
    args: (n) => ['tag', 'create', 'kettle-t1', '--target', 'main', '--message', 'Tagged by kettle', ...R(n), '--json'],
    exit: 0,
    check: (r) => assert.equal(json(r).name, 'kettle-t1'),
  },
  {
    title: 'tag create of one that exists: refused before sending',
    args: (n) => ['tag', 'create', 'kettle-t1', ...R(n)],
    exit: 1,
    check: (r) => assert.match(r.stderr, /already has a tag "kettle-t1"/),
  },
  { title: 'tag create at a target that does not exist: 404', args: (n) => ['tag', 'create', 'kettle-t2', '--target', 'no-such-branch', ...R(n)], exit: 1 },
  {
    title: 'tag list',
    args: (n) => ['tag', 'list', ...R(n), '--json'],
    exit: 0,
    check: (r) =>
      assert.deepEqual(
        json<Array<{ name: string }>>(r).map((t) => t.name),
        ['kettle-t1'],
      ),
  },
  { title: 'tag view', args: (n) => ['tag', 'view', 'kettle-t1', ...R(n), '--json'], exit: 0, check: (r) => assert.equal(json(r).name, 'kettle-t1') },
  { title: 'tag delete', args: (n) => ['tag', 'delete', 'kettle-t1', '--yes', ...R(n)], exit: 0 },
  { title: 'tag view of a deleted one: 404', args: (n) => ['tag', 'view', 'kettle-t1', ...R(n)], exit: 1 },
  {
    title: 'milestone create',
    args: (n) => ['milestone', 'create', 'v1', '-d', 'The first', '--due', '2030-06-30T12:00:00Z', ...R(n), '--json'],
    exit: 0,
    check: (r) => assert.equal(json(r).title, 'v1'),
  },
  { title: 'milestone list', args: (n) => ['milestone', 'list', ...R(n), '--json'], exit: 0, check: (r) => assert.equal(json<unknown[]>(r).length, 1) },
  { title: 'milestone view', args: (n) => ['milestone', 'view', 'v1', ...R(n), '--json'], exit: 0, check: (r) => assert.equal(json(r).state, 'open') },
  { title: 'milestone edit', args: (n) => ['milestone', 'edit', 'v1', '-d', 'The very first', ...R(n), '--json'], exit: 0 },
  { title: 'milestone close', args: (n) => ['milestone', 'close', 'v1', ...R(n)], exit: 0 },
  { title: 'milestone reopen', args: (n) => ['milestone', 'reopen', 'v1', ...R(n)], exit: 0 },

  // Issues.
  {
    title: 'issue create with label, milestone, assignee, due date',
    args: (n) => ['issue', 'create', '-t', 'The lid rattles', '-b', 'When the water boils.', '-l', 'defect', '-m', 'v1', '-a', n.me, '--due', '2030-05-01T10:00:00Z', ...R(n), '--json'],
    exit: 0,
    check: (r, n) => {
      const issue = json<{ number: number; labels: Array<{ name: string }>; milestone: { title: string }; assignees: Array<{ login: string }> }>(r);
      assert.equal(issue.number, 1);
      assert.deepEqual(
        issue.labels.map((l) => l.name),
        ['defect'],
      );
      assert.equal(issue.milestone.title, 'v1');
      assert.deepEqual(
        issue.assignees.map((a) => a.login),
        [n.me],
      );
    },
  },
  { title: 'issue create, plain', args: (n) => ['issue', 'create', '-t', 'Spout drips', ...R(n), '--json'], exit: 0, check: (r) => assert.equal(json(r).number, 2) },
  {
    title: 'issue list',
    args: (n) => ['issue', 'list', ...R(n), '--json'],
    exit: 0,
    check: (r) => assert.deepEqual(numbers(r), [2, 1]),
  },
  {
    title: 'issue list --label',
    args: (n) => ['issue', 'list', '-l', 'defect', ...R(n), '--json'],
    exit: 0,
    check: (r) => assert.deepEqual(numbers(r), [1]),
  },
  { title: 'issue view', args: (n) => ['issue', 'view', '1', ...R(n), '--json'], exit: 0, check: (r) => assert.equal(json(r).title, 'The lid rattles') },
  { title: 'issue view of no issue: 404', args: (n) => ['issue', 'view', '99', ...R(n)], exit: 1 },
  {
    title: 'issue edit: title, labels, milestone and due date off',
    args: (n) => ['issue', 'edit', '1', '-t', 'The lid rattles loudly', '--add-label', 'kind/feature', '--remove-label', 'defect', '--remove-milestone', '--remove-due', ...R(n), '--json'],
    exit: 0,
    check: (r) => {
      const issue = json<{ title: string; labels: Array<{ name: string }>; milestone: unknown; due_date: unknown }>(r);
      assert.equal(issue.title, 'The lid rattles loudly');
      assert.equal(issue.milestone, null);
      assert.equal(issue.due_date, null);
    },
  },
  { title: 'issue comment', args: (n) => ['issue', 'comment', '1', '-b', 'Seen it too.', ...R(n)], exit: 0 },
  { title: 'issue comment --edit-last', args: (n) => ['issue', 'comment', '1', '--edit-last', '-b', 'Seen it twice.', ...R(n)], exit: 0 },
  { title: 'issue view --comments', args: (n) => ['issue', 'view', '1', '--comments', ...R(n)], exit: 0, check: (r) => assert.match(r.stdout, /Seen it twice\./) },
  { title: 'issue close', args: (n) => ['issue', 'close', '1', '2', ...R(n)], exit: 0 },
  { title: 'issue list --state closed', args: (n) => ['issue', 'list', '--state', 'closed', ...R(n), '--json'], exit: 0, check: (r) => assert.equal(json<unknown[]>(r).length, 2) },
  { title: 'issue reopen', args: (n) => ['issue', 'reopen', '2', ...R(n)], exit: 0 },
  { title: 'issue status', args: () => ['issue', 'status'], exit: 0 },
  // Pins (issue_pin.go), locks (issue_lock.go, Gitea 1.24 and later) and subscriptions (issue_subscription.go) of issue 2.
  { title: 'issue pin', args: (n) => ['issue', 'pin', '2', ...R(n)], exit: 0 },
  { title: 'issue view: pinned', args: (n) => ['issue', 'view', '2', ...R(n), '--json'], exit: 0, check: (r) => assert.equal(json(r).pin_order, 1) },
  { title: 'issue pin of a pinned issue: a note, nothing sent', args: (n) => ['issue', 'pin', '2', ...R(n)], exit: 0, check: (r) => assert.match(r.stderr, /already pinned/) },
  { title: 'issue unpin', args: (n) => ['issue', 'unpin', '2', ...R(n)], exit: 0 },
  { title: 'issue unpin of an issue not pinned: a note', args: (n) => ['issue', 'unpin', '2', ...R(n)], exit: 0, check: (r) => assert.match(r.stderr, /not pinned/) },
  { title: 'issue pin of no issue: 404', args: (n) => ['issue', 'pin', '99', ...R(n)], exit: 1 },
  { title: 'issue lock --reason of an unknown reason: usage', args: (n) => ['issue', 'lock', '2', '--reason', 'boring', ...R(n)], exit: 2, check: (r) => assert.match(r.stderr, /off-topic/) },
  { title: 'issue lock --reason', args: (n) => ['issue', 'lock', '2', '--reason', 'too-heated', ...R(n)], exit: 0, when: (s) => atLeast(s, 'gitea', '1.24') },
  { title: 'issue view: locked', args: (n) => ['issue', 'view', '2', ...R(n), '--json'], exit: 0, check: (r) => assert.equal(json(r).is_locked, true), when: (s) => atLeast(s, 'gitea', '1.24') },
  {
    title: 'issue lock of a locked issue: a note',
    args: (n) => ['issue', 'lock', '2', ...R(n)],
    exit: 0,
    check: (r) => assert.match(r.stderr, /already locked/),
    when: (s) => atLeast(s, 'gitea', '1.24'),
  },
  { title: 'issue unlock', args: (n) => ['issue', 'unlock', '2', ...R(n)], exit: 0, when: (s) => atLeast(s, 'gitea', '1.24') },
  {
    title: 'issue unlock of an issue not locked: a note',
    args: (n) => ['issue', 'unlock', '2', ...R(n)],
    exit: 0,
    check: (r) => assert.match(r.stderr, /not locked/),
    when: (s) => atLeast(s, 'gitea', '1.24'),
  },
  {
    title: 'issue lock where the server has no lock endpoint: which versions have it',
    args: (n) => ['issue', 'lock', '2', ...R(n)],
    exit: 1,
    check: (r) => assert.match(r.stderr, /needs Gitea 1\.24 or later/),
    when: (s) => !atLeast(s, 'gitea', '1.24'),
  },
  { title: 'issue subscribe by its poster: already subscribed', args: (n) => ['issue', 'subscribe', '2', ...R(n)], exit: 0, check: (r) => assert.match(r.stderr, /already subscribed/) },
  { title: 'issue unsubscribe', args: (n) => ['issue', 'unsubscribe', '2', ...R(n)], exit: 0 },
  { title: 'issue unsubscribe again: a note', args: (n) => ['issue', 'unsubscribe', '2', ...R(n)], exit: 0, check: (r) => assert.match(r.stderr, /not subscribed/) },
  { title: 'issue subscribe', args: (n) => ['issue', 'subscribe', '2', ...R(n)], exit: 0 },
  // Dependencies (issue_dependency.go) between issues 1 and 2: what is already so is a note; an issue blocked by
  // itself, which every release takes, and two issues blocking each other (a 500) are refused before sending.
  {
    title: 'issue dependency add --blocked-by',
    args: (n) => ['issue', 'dependency', 'add', '2', '--blocked-by', '1', ...R(n)],
    exit: 0,
    check: (r) => assert.match(r.stderr, /Added: #2 blocked by #1/),
  },
  {
    title: 'issue dependency list: blocked by',
    args: (n) => ['issue', 'dependency', 'list', '2', ...R(n), '--json'],
    exit: 0,
    check: (r) =>
      assert.deepEqual(
        json<Array<{ relation: string; number: number }>>(r).map((x) => [x.relation, x.number]),
        [['blocked by', 1]],
      ),
  },
  {
    title: 'issue dependency list: blocks',
    args: (n) => ['issue', 'dependency', 'list', '1', ...R(n), '--json'],
    exit: 0,
    check: (r) =>
      assert.deepEqual(
        json<Array<{ relation: string; number: number }>>(r).map((x) => [x.relation, x.number]),
        [['blocks', 2]],
      ),
  },
  {
    title: 'issue dependency add again: a note',
    args: (n) => ['issue', 'dependency', 'add', '2', '--blocked-by', '1', ...R(n)],
    exit: 0,
    check: (r) => assert.match(r.stderr, /#2 is already blocked by #1/),
  },
  {
    title: 'issue dependency add of the opposite: refused before sending',
    args: (n) => ['issue', 'dependency', 'add', '1', '--blocked-by', '2', ...R(n)],
    exit: 1,
    check: (r) => assert.match(r.stderr, /two issues cannot block each other/),
  },
  {
    title: 'issue dependency add on itself: usage',
    args: (n) => ['issue', 'dependency', 'add', '2', '--blocks', '2', ...R(n)],
    exit: 2,
    check: (r) => assert.match(r.stderr, /cannot depend on itself/),
  },
  { title: 'issue dependency add of no issue: 404', args: (n) => ['issue', 'dependency', 'add', '2', '--blocks', '99', ...R(n)], exit: 1, check: (r) => assert.match(r.stderr, /#99 .*not found/) },
  { title: 'issue dependency remove', args: (n) => ['issue', 'dependency', 'remove', '2', '--blocked-by', '1', ...R(n)], exit: 0, check: (r) => assert.match(r.stderr, /Removed: #2 blocked by #1/) },
  {
    title: 'issue dependency remove again: a note',
    args: (n) => ['issue', 'dependency', 'remove', '2', '--blocked-by', '1', ...R(n)],
    exit: 0,
    check: (r) => assert.match(r.stderr, /#2 is not blocked by #1/),
  },
  { title: 'issue dependency list: none', args: (n) => ['issue', 'dependency', 'list', '2', ...R(n), '--json'], exit: 0, check: (r) => assert.deepEqual(json(r), []) },
  // Reactions (issue_reaction.go): a reaction made already is answered 200, not 201, and said as a note.
  { title: 'issue react with the emoji', args: (n) => ['issue', 'react', '2', '👍', ...R(n)], exit: 0, check: (r) => assert.match(r.stderr, /Reacted 👍 \(\+1\)/) },
  { title: 'issue react again: a note', args: (n) => ['issue', 'react', '2', '+1', ...R(n)], exit: 0, check: (r) => assert.match(r.stderr, /already; nothing was changed/) },
  { title: 'issue react -1', args: (n) => ['issue', 'react', '2', '-1', ...R(n)], exit: 0, check: (r) => assert.match(r.stderr, /Reacted 👎/) },
  { title: 'issue react of an unknown reaction: the server’s list', args: (n) => ['issue', 'react', '2', 'wave', ...R(n)], exit: 2, check: (r) => assert.match(r.stderr, /allows \+1, -1, laugh/) },
  { title: 'issue react --remove', args: (n) => ['issue', 'react', '2', '+1', '--remove', ...R(n)], exit: 0, check: (r) => assert.match(r.stderr, /Removed your 👍/) },
  { title: 'issue react --remove again: a note', args: (n) => ['issue', 'react', '2', '+1', '--remove', ...R(n)], exit: 0, check: (r) => assert.match(r.stderr, /have not reacted/) },
  { title: 'issue react of no issue: 404', args: (n) => ['issue', 'react', '99', 'eyes', ...R(n)], exit: 1 },
  // Tracked time and the stopwatch (issue_tracked_time.go, issue_stopwatch.go) on issue 2.
  {
    title: 'time add',
    args: (n) => ['time', 'add', '2', '1h30m', ...R(n), '--json'],
    exit: 0,
    check: (r, n) => {
      assert.equal(json(r).time, 5400);
      n.vars.timeEntry = String(json(r).id);
    },
  },
  { title: 'time add 45m', args: (n) => ['time', 'add', '2', '45m', ...R(n)], exit: 0, check: (r) => assert.match(r.stderr, /Added 45min to issue #2/) },
  { title: 'time add of a duration that does not parse: usage', args: (n) => ['time', 'add', '2', '1.5h', ...R(n)], exit: 2, check: (r) => assert.match(r.stderr, /invalid duration/) },
  {
    title: 'time list of the issue',
    args: (n) => ['time', 'list', '2', ...R(n), '--json'],
    exit: 0,
    check: (r) =>
      assert.deepEqual(
        json<Array<{ time: number }>>(r).map((t) => t.time),
        [5400, 2700],
      ),
  },
  { title: 'time list shows durations as the page does', args: (n) => ['time', 'list', '2', ...R(n)], exit: 0, check: (r) => assert.match(r.stdout, /\t1h 30min\t/) },
  { title: 'time list --mine of the repository', args: (n) => ['time', 'list', '--mine', ...R(n), '--json'], exit: 0, check: (r) => assert.equal(json<unknown[]>(r).length, 2) },
  { title: 'time list --since later: none', args: (n) => ['time', 'list', '--since', '2999-01-01', ...R(n), '--json'], exit: 0, check: (r) => assert.deepEqual(json(r), []) },
  { title: 'time start', args: (n) => ['time', 'start', '2', ...R(n)], exit: 0, check: (r) => assert.match(r.stderr, /Started the stopwatch on issue #2/) },
  { title: 'time start again: a note', args: (n) => ['time', 'start', '2', ...R(n)], exit: 0, check: (r) => assert.match(r.stderr, /already running/) },
  { title: 'time stop', args: (n) => ['time', 'stop', '2', ...R(n)], exit: 0, check: (r) => assert.match(r.stderr, /Stopped the stopwatch on issue #2 in \S+; added /) },
  { title: 'time stop again: a note', args: (n) => ['time', 'stop', '2', ...R(n)], exit: 0, check: (r) => assert.match(r.stderr, /no stopwatch is running/) },
  { title: 'time start on issue 1', args: (n) => ['time', 'start', '1', ...R(n)], exit: 0 },
  { title: 'time cancel', args: (n) => ['time', 'cancel', '1', ...R(n)], exit: 0, check: (r) => assert.match(r.stderr, /Cancelled the stopwatch on issue #1 in \S+; no time was added/) },
  { title: 'time delete without --yes and no terminal: usage', args: (n) => ['time', 'delete', '2', n.vars.timeEntry ?? '', ...R(n)], exit: 2, check: (r) => assert.match(r.stderr, /pass --yes/) },
  { title: 'time delete', args: (n) => ['time', 'delete', '2', n.vars.timeEntry ?? '', '--yes', ...R(n)], exit: 0, check: (r) => assert.match(r.stderr, /Deleted time entry/) },
  { title: 'time delete again: 404', args: (n) => ['time', 'delete', '2', n.vars.timeEntry ?? '', '--yes', ...R(n)], exit: 1 },
  { title: 'time reset', args: (n) => ['time', 'reset', '2', '--yes', ...R(n)], exit: 0, check: (r) => assert.match(r.stderr, /Deleted your 2 entries/) },
  { title: 'time reset again: a note', args: (n) => ['time', 'reset', '2', '--yes', ...R(n)], exit: 0, check: (r) => assert.match(r.stderr, /no tracked time/) },
  // Time tracking and dependencies turned off for the repository (from Gitea 1.25 the edit needs has_issues beside
  // internal_tracker: routers/api/v1/repo/repo.go updateRepoUnits): one line each.
  {
    title: 'time tracking and dependencies off',
    args: (n) => [
      'api',
      '-X',
      'PATCH',
      `/repos/${n.repo}`,
      '-F',
      'has_issues=true',
      '-F',
      'internal_tracker[enable_time_tracker]=false',
      '-F',
      'internal_tracker[allow_only_contributors_to_track_time]=true',
      '-F',
      'internal_tracker[enable_issue_dependencies]=false',
    ],
    exit: 0,
  },
  { title: 'time add where tracking is off', args: (n) => ['time', 'add', '2', '5m', ...R(n)], exit: 1, check: (r) => assert.match(r.stderr, /^kettle: time tracking is disabled for \S+\n$/) },
  { title: 'time list where tracking is off', args: (n) => ['time', 'list', ...R(n)], exit: 1, check: (r) => assert.match(r.stderr, /time tracking is disabled/) },
  { title: 'time start where tracking is off', args: (n) => ['time', 'start', '2', ...R(n)], exit: 1, check: (r) => assert.match(r.stderr, /time tracking is disabled/) },
  {
    title: 'issue dependency list where dependencies are off',
    args: (n) => ['issue', 'dependency', 'list', '2', ...R(n)],
    exit: 1,
    check: (r) => assert.match(r.stderr, /^kettle: issue dependencies are disabled for \S+\n$/),
  },
  {
    title: 'time tracking and dependencies on again',
    args: (n) => [
      'api',
      '-X',
      'PATCH',
      `/repos/${n.repo}`,
      '-F',
      'has_issues=true',
      '-F',
      'internal_tracker[enable_time_tracker]=true',
      '-F',
      'internal_tracker[allow_only_contributors_to_track_time]=true',
      '-F',
      'internal_tracker[enable_issue_dependencies]=true',
    ],
    exit: 0,
    check: (r) => assert.equal((json(r).internal_tracker as { enable_time_tracker: boolean }).enable_time_tracker, true),
  },
  { title: 'search issues', args: () => ['search', 'issues', 'Spout', '--json'], exit: 0 },
  {
    title: 'search repos',
    args: (n) => ['search', 'repos', n.repo.split('/')[1] as string, '--json'],
    exit: 0,
    check: (r, n) => assert.ok(json<Array<{ full_name: string }>>(r).some((x) => x.full_name === n.repo)),
  },
  {
    title: 'search users',
    args: (n) => ['search', 'users', n.other, '--json'],
    exit: 0,
    check: (r, n) =>
      assert.deepEqual(
        json<Array<{ login: string }>>(r).map((u) => u.login),
        [n.other],
      ),
  },
  { title: 'label delete (it comes off the issue)', args: (n) => ['label', 'delete', 'kind/feature', ...R(n), '--yes'], exit: 0 },

  // A branch with a commit, a pull request, its checks, a review and the merge.
  {
    title: 'a branch (escape hatch)',
    args: (n) => ['api', '-X', 'POST', `/repos/${n.repo}/branches`, '-f', 'new_branch_name=topic', '-f', 'old_branch_name=main'],
    exit: 0,
  },
  {
    title: 'a commit on it (escape hatch)',
    args: (n) => ['api', '-X', 'POST', `/repos/${n.repo}/contents/hello.txt`, '-f', 'content=aGVsbG8K', '-f', 'message=Add hello', '-f', 'branch=topic'],
    exit: 0,
    check: (r, n) => {
      n.vars.sha = String((json(r).commit as { sha: string }).sha);
    },
  },
  {
    title: 'pr create',
    args: (n) => ['pr', 'create', '-t', 'Say hello', '-b', 'A greeting.', '-H', 'topic', '-B', 'main', ...R(n), '--json'],
    exit: 0,
    check: (r, n) => {
      assert.equal(json(r).number, 3);
      assert.equal((json(r).head as { sha: string }).sha, n.vars.sha);
    },
  },
  { title: 'pr create again on the same head: 409', args: (n) => ['pr', 'create', '-t', 'Again', '-H', 'topic', '-B', 'main', ...R(n)], exit: 1 },
  {
    title: 'pr list',
    args: (n) => ['pr', 'list', ...R(n), '--json'],
    exit: 0,
    check: (r) => assert.deepEqual(numbers(r), [3]),
  },
  // Right after creation `mergeable` is false on a real server until its background check ran (services/pull/check.go): not asserted.
  { title: 'pr view', args: (n) => ['pr', 'view', '3', ...R(n), '--json'], exit: 0, check: (r) => assert.equal(json(r).state, 'open') },
  { title: 'pr diff', args: (n) => ['pr', 'diff', '3', ...R(n)], exit: 0, check: (r) => assert.match(r.stdout, /^\+hello$/m) },
  { title: 'pr edit', args: (n) => ['pr', 'edit', '3', '-t', 'Say hello nicely', ...R(n), '--json'], exit: 0, check: (r) => assert.equal(json(r).title, 'Say hello nicely') },
  { title: 'pr comment', args: (n) => ['pr', 'comment', '3', '-b', 'Nice.', ...R(n)], exit: 0 },
  { title: 'pr react', args: (n) => ['pr', 'react', '3', '🚀', ...R(n)], exit: 0, check: (r) => assert.match(r.stderr, /Reacted 🚀 \(rocket\) to pull request #3/) },
  { title: 'pr checks with none', args: (n) => ['pr', 'checks', '3', ...R(n)], exit: 0 },
  {
    title: 'a pending status (escape hatch)',
    args: (n) => ['api', '-X', 'POST', `/repos/${n.repo}/statuses/${n.vars.sha}`, '-f', 'state=pending', '-f', 'context=ci/build'],
    exit: 0,
  },
  { title: 'pr checks pending: exit 8', args: (n) => ['pr', 'checks', '3', ...R(n)], exit: 8 },
  {
    title: 'a warning status (escape hatch)',
    args: (n) => ['api', '-X', 'POST', `/repos/${n.repo}/statuses/${n.vars.sha}`, '-f', 'state=warning', '-f', 'context=ci/lint'],
    exit: 0,
  },
  {
    title: 'a skipped status (Gitea 1.25 and later)',
    args: (n) => ['api', '-X', 'POST', `/repos/${n.repo}/statuses/${n.vars.sha}`, '-f', 'state=skipped', '-f', 'context=ci/deploy'],
    exit: 0,
    when: (s) => atLeast(s, 'gitea', '1.25'),
  },
  {
    title: 'a success status',
    args: (n) => ['api', '-X', 'POST', `/repos/${n.repo}/statuses/${n.vars.sha}`, '-f', 'state=success', '-f', 'context=ci/build'],
    exit: 0,
  },
  { title: 'pr checks: a warning is a failure', args: (n) => ['pr', 'checks', '3', ...R(n)], exit: 1 },
  {
    title: 'the combined status says so too',
    args: (n) => ['api', `/repos/${n.repo}/commits/${n.vars.sha}/status`],
    exit: 0,
    check: (r) => assert.notEqual(json(r).state, 'success'),
  },
  { title: 'pr checks --required: no protection', args: (n) => ['pr', 'checks', '3', '--required', ...R(n)], exit: 0 },
  { title: 'pr review of your own pull request: refused', args: (n) => ['pr', 'review', '3', '--approve', ...R(n)], exit: 1 },
  { title: 'pr review --comment', args: (n) => ['pr', 'review', '3', '--comment', '-b', 'One remark.', ...R(n)], exit: 0 },
  // Line comments: hello.txt is a new file of one line (+hello). CreatePullReview takes a line of the new
  // side as new_position; without an event the review stays pending (preparePullReviewType).
  {
    title: 'pr review --comment-on a line not in the diff: refused before sending, naming the nearest',
    args: (n) => ['pr', 'review', '3', '--comment-on', 'hello.txt:4', '--body', 'Here?', '--comment', ...R(n)],
    exit: 1,
    check: (r) => assert.match(r.stderr, /line 4 of hello\.txt is not part of the diff of pull request #3 .*the nearest lines that are: 1 /),
  },
  {
    title: 'pr review --comment-on, no verdict: a pending review',
    args: (n) => ['pr', 'review', '3', '--comment-on', 'hello.txt:1', '--body', 'Why hello?', ...R(n), '--json'],
    exit: 0,
    check: (r) => assert.deepEqual([json(r).state, json(r).comments_count], ['PENDING', 1]),
  },
  {
    title: 'pr comments: the conversation, pending',
    args: (n) => ['pr', 'comments', '3', ...R(n), '--json'],
    exit: 0,
    check: (r, n) => {
      const threads = json<Array<{ id: number; path: string; line: number; side: string; state: string; outdated: boolean }>>(r);
      assert.deepEqual(
        threads.map((t) => [t.path, t.line, t.side, t.state, t.outdated]),
        [['hello.txt', 1, 'new', 'pending', false]],
      );
      n.vars.lineComment = String(threads[0]?.id);
    },
  },
  // SubmitPullReview checks the verdict with len(review.Comments), never loaded: a comment needs a body there.
  { title: 'pr review submit --comment without a body: refused', args: (n) => ['pr', 'review', 'submit', '3', '--comment', ...R(n)], exit: 2 },
  {
    title: 'pr review submit --comment',
    args: (n) => ['pr', 'review', 'submit', '3', '--comment', '--body', 'Line notes.', ...R(n), '--json'],
    exit: 0,
    check: (r) => assert.deepEqual([json(r).state, json(r).body, json(r).comments_count], ['COMMENT', 'Line notes.', 1]),
  },
  { title: 'pr review discard with none pending: a note', args: (n) => ['pr', 'review', 'discard', '3', ...R(n)], exit: 0, check: (r) => assert.match(r.stderr, /no pending review/) },
  {
    title: 'pr review --comment-on, no verdict, to discard: pending',
    args: (n) => ['pr', 'review', '3', '--comment-on', 'hello.txt:1', '--body', 'Never mind.', ...R(n), '--json'],
    exit: 0,
    check: (r) => assert.equal(json(r).state, 'PENDING'),
  },
  { title: 'pr review discard', args: (n) => ['pr', 'review', 'discard', '3', ...R(n)], exit: 0, check: (r) => assert.match(r.stderr, /Discarded/i) },
  // Replies: CreatePullReviewCommentReply from Gitea 1.27; Forgejo adds to the review (CreatePullReviewComment).
  {
    title: 'pr comments reply',
    args: (n) => ['pr', 'comments', 'reply', n.vars.lineComment ?? '', '--body', 'Because.', ...R(n), '--json'],
    exit: 0,
    check: (r) => assert.deepEqual([json(r).path, json(r).position, json(r).body], ['hello.txt', 1, 'Because.']),
    when: (s) => s.flavour === 'forgejo' || atLeast(s, 'gitea', '1.27'),
  },
  {
    title: 'pr comments reply before Gitea 1.27: the versions that have it',
    args: (n) => ['pr', 'comments', 'reply', n.vars.lineComment ?? '', '--body', 'Because.', ...R(n)],
    exit: 1,
    check: (r) => assert.match(r.stderr, /needs Gitea 1\.27 or later or Forgejo/),
    when: (s) => s.flavour === 'gitea' && !atLeast(s, 'gitea', '1.27'),
  },
  // ResolvePullReviewComment from Gitea 1.26; no Forgejo release has it.
  { title: 'pr comments resolve', args: (n) => ['pr', 'comments', 'resolve', n.vars.lineComment ?? '', ...R(n)], exit: 0, when: (s) => atLeast(s, 'gitea', '1.26') },
  {
    title: 'pr comments --unresolved: none left',
    args: (n) => ['pr', 'comments', '3', '--unresolved', ...R(n), '--json'],
    exit: 0,
    check: (r) => assert.deepEqual(json(r), []),
    when: (s) => atLeast(s, 'gitea', '1.26'),
  },
  { title: 'pr comments unresolve', args: (n) => ['pr', 'comments', 'unresolve', n.vars.lineComment ?? '', ...R(n)], exit: 0, when: (s) => atLeast(s, 'gitea', '1.26') },
  {
    title: 'pr comments resolve without the endpoint: the versions that have it',
    args: (n) => ['pr', 'comments', 'resolve', n.vars.lineComment ?? '', ...R(n)],
    exit: 1,
    check: (r) => assert.match(r.stderr, /needs Gitea 1\.26 or later/),
    when: (s) => !atLeast(s, 'gitea', '1.26'),
  },
  {
    title: 'pr comments: the conversation, unresolved, with its reply where the server takes replies',
    args: (n) => ['pr', 'comments', '3', ...R(n), '--json'],
    exit: 0,
    check: (r, n) => {
      const [thread] = json<Array<{ state: string; comments: Array<{ body: string }> }>>(r);
      const replies = n.server.flavour === 'forgejo' || atLeast(n.server, 'gitea', '1.27');
      assert.deepEqual([thread?.state, thread?.comments.map((c) => c.body)], ['unresolved', replies ? ['Why hello?', 'Because.'] : ['Why hello?']]);
    },
  },
  { title: 'pr view, with its reviews and checks', args: (n) => ['pr', 'view', '3', ...R(n)], exit: 0, check: (r) => assert.match(r.stdout, /Say hello nicely/) },
  { title: 'pr edit --add-reviewer', args: (n) => ['pr', 'edit', '3', '--add-reviewer', n.other, ...R(n), '--json'], exit: 0 },
  // UpdatePullRequest (routers/api/v1/repo/pull.go): kettle asks the compare endpoint first whether the head is behind.
  {
    title: 'pr update-branch of a branch not behind: a note, nothing sent',
    args: (n) => ['pr', 'update-branch', '3', ...R(n)],
    exit: 0,
    check: (r) => assert.match(r.stderr, /^kettle: topic of pull request #3 in \S+ is already up to date with main; nothing was changed$/m),
  },
  {
    title: 'a commit on main (escape hatch)',
    args: (n) => ['api', '-X', 'POST', `/repos/${n.repo}/contents/kettle-main.txt`, '-f', 'content=bWFpbgo=', '-f', 'message=Move main on', '-f', 'branch=main'],
    exit: 0,
  },
  {
    title: 'pr update-branch: the server merges main into the head',
    args: (n) => ['pr', 'update-branch', '3', ...R(n)],
    exit: 0,
    check: (r) => assert.match(r.stderr, /^✓ Merged main into topic for pull request #3 in \S+$/m),
  },
  {
    title: 'the head now carries the merge',
    args: (n) => ['branch', 'view', 'topic', ...R(n), '--json'],
    exit: 0,
    check: (r) => assert.equal((json(r).commit as { message: string }).message, "Merge branch 'main' into topic\n"),
  },
  { title: 'pr merge --squash --delete-branch', args: (n) => ['pr', 'merge', '3', '--squash', '--delete-branch', ...R(n)], exit: 0 },
  { title: 'pr view merged', args: (n) => ['pr', 'view', '3', ...R(n), '--json'], exit: 0, check: (r) => assert.equal(json(r).merged, true) },
  { title: 'pr close of a merged one: nothing to do', args: (n) => ['pr', 'close', '3', ...R(n)], exit: 0, check: (r) => assert.match(r.stderr, /already merged/) },
  { title: 'pr update-branch of a merged one: one line, exit 1', args: (n) => ['pr', 'update-branch', '3', ...R(n)], exit: 1, check: (r) => assert.match(r.stderr, /it is merged$/m) },

  { title: 'a second branch (escape hatch)', args: (n) => ['api', '-X', 'POST', `/repos/${n.repo}/branches`, '-f', 'new_branch_name=spare', '-f', 'old_branch_name=main'], exit: 0 },
  {
    title: 'a commit on it too (escape hatch)',
    args: (n) => ['api', '-X', 'POST', `/repos/${n.repo}/contents/spare.txt`, '-f', 'content=c3BhcmUK', '-f', 'message=Add spare', '-f', 'branch=spare'],
    exit: 0,
  },
  { title: 'pr create of the spare branch', args: (n) => ['pr', 'create', '-t', 'Spare', '-H', 'spare', '-B', 'main', ...R(n), '--json'], exit: 0, check: (r) => assert.equal(json(r).number, 4) },
  { title: 'pr close --delete-branch', args: (n) => ['pr', 'close', '4', '--delete-branch', ...R(n)], exit: 0 },
  // Releases.
  { title: 'release create', args: (n) => ['release', 'create', 'v1.0', '-t', 'One', '-n', 'First release.', ...R(n), '--json'], exit: 0, check: (r) => assert.equal(json(r).tag_name, 'v1.0') },
  {
    title: 'release upload',
    args: (n) => {
      writeFileSync(join(n.dir, 'notes.txt'), 'release notes as a file\n');
      return ['release', 'upload', 'v1.0', join(n.dir, 'notes.txt'), ...R(n)];
    },
    exit: 0,
  },
  {
    title: 'release create with a file (the release read again with its asset)',
    args: (n) => {
      writeFileSync(join(n.dir, 'build.txt'), 'a build\n');
      return ['release', 'create', 'v1.1-rc', '-t', 'Candidate', '--prerelease', join(n.dir, 'build.txt'), ...R(n), '--json'];
    },
    exit: 0,
    check: (r) =>
      assert.deepEqual(
        (json(r).assets as Array<{ name: string }>).map((a) => a.name),
        ['build.txt'],
      ),
  },
  { title: 'release delete of the candidate', args: (n) => ['release', 'delete', 'v1.1-rc', '--yes', ...R(n)], exit: 0 },
  { title: 'release list', args: (n) => ['release', 'list', ...R(n), '--json'], exit: 0, check: (r) => assert.equal(json<unknown[]>(r).length, 1) },
  { title: 'release view', args: (n) => ['release', 'view', 'v1.0', ...R(n), '--json'], exit: 0, check: (r) => assert.equal((json(r).assets as unknown[]).length, 1) },
  { title: 'release edit', args: (n) => ['release', 'edit', 'v1.0', '--prerelease', ...R(n), '--json'], exit: 0, check: (r) => assert.equal(json(r).prerelease, true) },
  {
    title: 'release download',
    args: (n) => ['release', 'download', 'v1.0', '--dir', join(n.dir, 'down'), ...R(n)],
    exit: 0,
    check: (_r, n) => assert.equal(readFileSync(join(n.dir, 'down', 'notes.txt'), 'utf8'), 'release notes as a file\n'),
  },
  { title: 'release upload --clobber (the asset replaced)', args: (n) => ['release', 'upload', 'v1.0', join(n.dir, 'notes.txt'), '--clobber', ...R(n)], exit: 0 },
  { title: 'release view of no release: 404', args: (n) => ['release', 'view', 'v9.9', ...R(n)], exit: 1 },
  { title: 'release delete --cleanup-tag', args: (n) => ['release', 'delete', 'v1.0', '--cleanup-tag', '--yes', ...R(n)], exit: 0 },

  // Webhooks.
  {
    title: 'hook add',
    args: (n) => ['hook', 'add', '--url', 'https://ci.example.com/hook', '-e', 'push,issues', ...R(n), '--json'],
    exit: 0,
    check: (r, n) => {
      n.vars.hook = String(json(r).id);
      assert.equal(json(r).active, true);
    },
  },
  { title: 'hook list', args: (n) => ['hook', 'list', ...R(n), '--json'], exit: 0, check: (r) => assert.equal(json<unknown[]>(r).length, 1) },
  {
    title: 'hook view',
    args: (n) => ['hook', 'view', n.vars.hook as string, ...R(n), '--json'],
    exit: 0,
    check: (r) => assert.equal((json(r).config as { url: string }).url, 'https://ci.example.com/hook'),
  },
  { title: 'hook edit', args: (n) => ['hook', 'edit', n.vars.hook as string, '-e', 'push', ...R(n), '--json'], exit: 0 },
  { title: 'hook test', args: (n) => ['hook', 'test', n.vars.hook as string, ...R(n)], exit: 0 },
  { title: 'hook delete', args: (n) => ['hook', 'delete', n.vars.hook as string, ...R(n), '--yes'], exit: 0 },
  { title: 'hook view of a deleted hook: 404', args: (n) => ['hook', 'view', n.vars.hook as string, ...R(n)], exit: 1 },

  // Actions: secrets, variables, runs and workflows of a repository without any.
  { title: 'secret set', args: (n) => ['secret', 'set', 'DEPLOY_KEY', ...R(n)], input: 'not-a-real-secret\n', exit: 0 },
  {
    title: 'secret list',
    args: (n) => ['secret', 'list', ...R(n), '--json'],
    exit: 0,
    check: (r) =>
      assert.deepEqual(
        json<Array<{ name: string }>>(r).map((s) => s.name),
        ['DEPLOY_KEY'],
      ),
  },
  { title: 'secret set again (replaced)', args: (n) => ['secret', 'set', 'DEPLOY_KEY', ...R(n)], input: 'another\n', exit: 0 },
  { title: 'secret delete', args: (n) => ['secret', 'delete', 'DEPLOY_KEY', ...R(n), '--yes'], exit: 0 },
  { title: 'variable set (created)', args: (n) => ['variable', 'set', 'REGION', 'eu', ...R(n)], exit: 0 },
  { title: 'variable get', args: (n) => ['variable', 'get', 'REGION', ...R(n)], exit: 0, check: (r) => assert.equal(r.stdout, 'eu\n') },
  { title: 'variable set (updated)', args: (n) => ['variable', 'set', 'REGION', 'us', ...R(n)], exit: 0 },
  { title: 'variable list', args: (n) => ['variable', 'list', ...R(n), '--json'], exit: 0, check: (r) => assert.equal(json<Array<{ data: string }>>(r)[0]?.data, 'us') },
  { title: 'variable delete', args: (n) => ['variable', 'delete', 'REGION', ...R(n), '--yes'], exit: 0 },
  { title: 'variable get of a deleted one: 404', args: (n) => ['variable', 'get', 'REGION', ...R(n)], exit: 1 },
  { title: 'run list (none)', args: (n) => ['run', 'list', ...R(n), '--json'], exit: 0, check: (r) => assert.deepEqual(json(r), []) },
  { title: 'workflow list (none)', args: (n) => ['workflow', 'list', ...R(n), '--json'], exit: 0, when: (s) => atLeast(s, 'gitea', '1.24') },
  // A workflow file (no runner takes its jobs here: a dispatched run stays queued).
  {
    title: 'a workflow file (escape hatch)',
    args: (n) => [
      'api',
      '-X',
      'POST',
      `/repos/${n.repo}/contents/${n.server.flavour === 'forgejo' ? '.forgejo' : '.gitea'}/workflows/deploy.yml`,
      '-f',
      `content=${Buffer.from(WORKFLOW).toString('base64')}`,
      '-f',
      'message=Add a workflow',
    ],
    exit: 0,
  },
  {
    title: 'workflow view',
    args: (n) => ['workflow', 'view', 'deploy.yml', ...R(n), '--json'],
    exit: 0,
    check: (r) => assert.deepEqual(Object.keys((json(r).workflow_dispatch as { inputs: object }).inputs), ['dry_run']),
  },
  { title: 'workflow disable', args: (n) => ['workflow', 'disable', 'deploy.yml', ...R(n)], exit: 0, when: (s) => atLeast(s, 'gitea', '1.24') },
  { title: 'workflow run of a disabled workflow: refused', args: (n) => ['workflow', 'run', 'deploy.yml', ...R(n)], exit: 1, when: (s) => atLeast(s, 'gitea', '1.24') },
  { title: 'workflow enable', args: (n) => ['workflow', 'enable', 'deploy.yml', ...R(n)], exit: 0, when: (s) => atLeast(s, 'gitea', '1.24') },
  {
    title: 'workflow run',
    args: (n) => ['workflow', 'run', 'deploy.yml', '-f', 'dry_run=true', ...R(n)],
    exit: 0,
    when: (s) => s.flavour === 'forgejo' || atLeast(s, 'gitea', '1.24'),
    check: (r, n) => {
      n.vars.run = /: run (\d+)$/m.exec(r.stderr)?.[1] ?? '';
    },
  },
  {
    title: 'run view of the queued run',
    args: (n) => ['run', 'view', n.vars.run as string, ...R(n), '--json'],
    exit: 0,
    when: (s) => atLeast(s, 'gitea', '1.25') || atLeast(s, 'forgejo', '12'),
    settle: true,
  },
  // Actions with a runner: a job that succeeds, one its `if` skips, one that fails.
  {
    title: 'a workflow of shell steps (escape hatch)',
    args: (n) => [
      'api',
      '-X',
      'POST',
      `/repos/${n.repo}/contents/${n.server.flavour === 'forgejo' ? '.forgejo' : '.gitea'}/workflows/checks.yml`,
      '-f',
      `content=${Buffer.from(SHELL_WORKFLOW).toString('base64')}`,
      '-f',
      'message=Add checks',
    ],
    exit: 0,
    runner: true,
    when: (s) => atLeast(s, 'gitea', '1.25'),
  },
  {
    title: 'workflow run of the shell workflow',
    args: (n) => ['workflow', 'run', 'checks.yml', ...R(n)],
    exit: 0,
    runner: true,
    when: (s) => atLeast(s, 'gitea', '1.25'),
    check: (r, n) => {
      n.vars.checks = /: run (\d+)$/m.exec(r.stderr)?.[1] ?? '';
    },
  },
  {
    title: 'run view of the finished run: one job succeeded, one skipped, one failed',
    args: (n) => ['run', 'view', n.vars.checks as string, ...R(n), '--json'],
    exit: 0,
    runner: true,
    settle: true,
    when: (s) => atLeast(s, 'gitea', '1.25'),
    check: (r, n) => {
      assert.equal(json(r).conclusion, 'failure');
      assert.deepEqual(
        jobsOf(r).map((j) => [j.name, j.conclusion]),
        [
          ['build', 'success'],
          ['never', 'skipped'],
          ['broken', 'failure'],
        ],
      );
      for (const j of jobsOf(r)) n.vars[`job-${j.name}`] = String(j.id);
    },
  },
  {
    title: "run view --log of one job: its script's output",
    args: (n) => ['run', 'view', n.vars.checks as string, '--log', '--job', n.vars['job-build'] as string, ...R(n)],
    exit: 0,
    runner: true,
    when: (s) => atLeast(s, 'gitea', '1.25'),
    check: (r) => assert.match(r.stdout, /hello from build/),
  },
  {
    title: 'run view --log of every job: the skipped one reached the runner too (a log of its own)',
    args: (n) => ['run', 'view', n.vars.checks as string, '--log', ...R(n)],
    exit: 0,
    runner: true,
    when: (s) => atLeast(s, 'gitea', '1.25'),
    check: (r) => {
      assert.match(r.stdout, /received task \d+ of job never/);
      assert.match(r.stdout, /exit code 3/);
    },
  },
  { title: 'run watch of the failed run: exit 1', args: (n) => ['run', 'watch', n.vars.checks as string, ...R(n)], exit: 1, runner: true, when: (s) => atLeast(s, 'gitea', '1.25') },
  { title: 'run rerun --failed', args: (n) => ['run', 'rerun', n.vars.checks as string, '--failed', ...R(n)], exit: 0, runner: true, when: (s) => atLeast(s, 'gitea', '1.26') },
  {
    title: 'run watch after the rerun: failed again, exit 1',
    args: (n) => ['run', 'watch', n.vars.checks as string, ...R(n)],
    exit: 1,
    runner: true,
    settle: true,
    when: (s) => atLeast(s, 'gitea', '1.26'),
  },
  { title: 'run rerun of every job', args: (n) => ['run', 'rerun', n.vars.checks as string, ...R(n)], exit: 0, runner: true, settle: true, when: (s) => atLeast(s, 'gitea', '1.26') },
  {
    title: 'run view after the reruns: on Gitea 1.27 each rerun is a new attempt, its jobs new ids',
    args: (n) => ['run', 'view', n.vars.checks as string, ...R(n), '--json'],
    exit: 0,
    runner: true,
    settle: true,
    when: (s) => atLeast(s, 'gitea', '1.26'),
    check: (r, n) => {
      const before = n.vars['job-build'];
      for (const j of jobsOf(r)) n.vars[`job-${j.name}`] = String(j.id);
      assert.equal(n.vars['job-build'] === before, !atLeast(n.server, 'gitea', '1.27'));
    },
  },
  {
    title: 'run rerun --job of the job that succeeded',
    args: (n) => ['run', 'rerun', n.vars.checks as string, '--job', n.vars['job-build'] as string, ...R(n)],
    exit: 0,
    runner: true,
    settle: true,
    when: (s) => atLeast(s, 'gitea', '1.26'),
  },
  // An artifact made by a job (the results service, as upload-artifact v4 uses it): listed, downloaded, its zip whole.
  {
    title: 'a workflow that uploads an artifact (escape hatch)',
    args: (n) => [
      'api',
      '-X',
      'POST',
      `/repos/${n.repo}/contents/${n.server.flavour === 'forgejo' ? '.forgejo' : '.gitea'}/workflows/pack.yml`,
      '-f',
      `content=${Buffer.from(ARTIFACT_WORKFLOW).toString('base64')}`,
      '-f',
      'message=Add pack',
    ],
    exit: 0,
    runner: true,
    settle: true,
    when: (s) => atLeast(s, 'gitea', '1.25'),
  },
  {
    title: 'workflow run of the artifact workflow',
    args: (n) => ['workflow', 'run', 'pack.yml', ...R(n)],
    exit: 0,
    runner: true,
    when: (s) => atLeast(s, 'gitea', '1.25'),
    check: (r, n) => {
      n.vars.pack = /: run (\d+)$/m.exec(r.stderr)?.[1] ?? '';
    },
  },
  {
    title: 'run download of its artifact to standard output: the zip holds the report',
    args: (n) => ['run', 'download', n.vars.pack as string, '--name', 'report', '--dir', '-', ...R(n)],
    exit: 0,
    runner: true,
    settle: true,
    when: (s) => atLeast(s, 'gitea', '1.25'),
    check: (r) => {
      assert.match(r.stdout, /^PK/);
      assert.match(r.stdout, /report\.txt/);
      assert.match(r.stdout, /kettle artifact/);
    },
  },
  {
    title: 'run download of every artifact to a folder: report.zip',
    args: (n) => ['run', 'download', n.vars.pack as string, '--dir', join(n.dir, 'artifacts'), ...R(n)],
    exit: 0,
    runner: true,
    when: (s) => atLeast(s, 'gitea', '1.25'),
    check: (_r, n) => assert.match(readFileSync(join(n.dir, 'artifacts', 'report.zip'), 'latin1'), /kettle artifact/),
  },
  {
    title: 'run download of an artifact name the run lacks: exit 1',
    args: (n) => ['run', 'download', n.vars.pack as string, '--name', 'nothing-here', '--dir', '-', ...R(n)],
    exit: 1,
    runner: true,
    when: (s) => atLeast(s, 'gitea', '1.25'),
  },
  { title: 'run delete of the finished run', args: (n) => ['run', 'delete', n.vars.checks as string, '--yes', ...R(n)], exit: 0, runner: true, settle: true, when: (s) => atLeast(s, 'gitea', '1.25') },
  { title: 'run view of a deleted run: exit 1', args: (n) => ['run', 'view', n.vars.checks as string, ...R(n)], exit: 1, runner: true, when: (s) => atLeast(s, 'gitea', '1.25') },

  // Organizations.
  { title: 'org create', args: (n) => ['org', 'create', n.org, '--full-name', 'Kettle Recording', '--json'], exit: 0, check: (r, n) => assert.equal(json(r).name ?? json(r).username, n.org) },
  { title: 'org view', args: (n) => ['org', 'view', n.org, '--json'], exit: 0 },
  { title: 'org list', args: () => ['org', 'list', '--json'], exit: 0, check: (r, n) => assert.ok(json<Array<{ name?: string; username?: string }>>(r).some((o) => (o.name ?? o.username) === n.org)) },
  { title: 'org hook add', args: (n) => ['hook', 'add', '--org', n.org, '--url', 'https://ci.example.com/org', '--json'], exit: 0 },
  { title: 'org hook list', args: (n) => ['hook', 'list', '--org', n.org, '--json'], exit: 0, check: (r) => assert.equal(json<unknown[]>(r).length, 1) },
  { title: 'org secret set', args: (n) => ['secret', 'set', 'ORG_TOKEN', '--org', n.org], input: 'org-value\n', exit: 0 },
  { title: 'org secret list', args: (n) => ['secret', 'list', '--org', n.org, '--json'], exit: 0, check: (r) => assert.equal(json<unknown[]>(r).length, 1) },
  { title: 'org variable set', args: (n) => ['variable', 'set', 'ORG_REGION', 'eu', '--org', n.org], exit: 0 },
  { title: 'org variable list', args: (n) => ['variable', 'list', '--org', n.org, '--json'], exit: 0, check: (r) => assert.equal(json<unknown[]>(r).length, 1) },
  { title: 'repo list of the organization', args: (n) => ['repo', 'list', '--user', n.org, '--json'], exit: 0, check: (r) => assert.deepEqual(json(r), []) },
  {
    title: 'repo create in the organization',
    args: (n) => ['repo', 'create', 'kettle-in-org', '--org', n.org, '--json'],
    exit: 0,
    check: (r, n) => assert.equal(json(r).full_name, `${n.org}/kettle-in-org`),
  },
  // routers/api/v1/api.go mustAllowPulls: an empty repository (CanEnablePulls) answers 404 under /pulls, as a missing one does.
  {
    title: 'pr list of an empty repository: none (the servers answer 404, the repository says empty)',
    args: (n) => ['pr', 'list', '-R', `${n.org}/kettle-in-org`, '--json'],
    exit: 0,
    check: (r) => assert.deepEqual(json(r), []),
  },
  {
    title: 'pr view of an empty repository: not found, and why',
    args: (n) => ['pr', 'view', '1', '-R', `${n.org}/kettle-in-org`],
    exit: 1,
    check: (r, n) => assert.match(r.stderr, new RegExp(`^kettle: pull request #1 in ${n.org}/kettle-in-org not found: ${n.org}/kettle-in-org is empty, and has no pull requests$`, 'm')),
  },
  { title: "the organization's owner as a collaborator: refused", args: (n) => ['repo', 'collaborator', 'add', n.me, '-R', `${n.org}/kettle-in-org`], exit: 1 },
  {
    title: "branch protect in an organization's repository: teams, as ORG/TEAM or a bare name that is no user",
    args: (n) => ['branch', 'protect', 'main', '-R', `${n.org}/kettle-in-org`, '--push', `${n.org}/Owners`, '--merge', 'owners', '--json'],
    exit: 0,
    check: (r) => {
      const rule = json(r);
      assert.deepEqual(rule.push_whitelist_teams, ['Owners']);
      assert.deepEqual(rule.merge_whitelist_teams, ['Owners']);
      assert.equal(rule.enable_merge_whitelist, true);
    },
  },
  {
    title: 'branch protect with a team the organization lacks: refused before sending',
    args: (n) => ['branch', 'protect', 'main', '-R', `${n.org}/kettle-in-org`, '--push', `${n.org}/kettle-nobody`],
    exit: 1,
    check: (r, n) => assert.match(r.stderr, new RegExp(`${n.org} has no team "kettle-nobody"; nothing was changed`)),
  },
  // Teams (routers/api/v1/org/team.go) and the organization's members (member.go).
  { title: 'team list: the Owners team', args: (n) => ['team', 'list', '--org', n.org, '--json', '--jq', '.[].name'], exit: 0, check: (r) => assert.equal(r.stdout, 'Owners\n') },
  {
    title: 'team create --permission write --units code,issues',
    args: (n) => ['team', 'create', 'kettle-writers', '--org', n.org, '--permission', 'write', '--units', 'code,issues', '--json'],
    exit: 0,
    // Gitea 1.24 and later keep a team's own permission only as none or admin (CreateTeam: ParseAccessMode(…, None, Admin)).
    check: (r, n) => {
      assert.deepEqual(json(r).units_map, { 'repo.code': 'write', 'repo.issues': 'write' });
      assert.equal(json(r).permission, atLeast(n.server, 'gitea', '1.24') ? 'none' : 'write');
    },
  },
  { title: 'team create again: 422', args: (n) => ['team', 'create', 'kettle-writers', '--org', n.org], exit: 1, check: (r) => assert.match(r.stderr, /team already exists/) },
  { title: 'team view', args: (n) => ['team', 'view', 'kettle-writers', '--org', n.org, '--json', '--jq', '.name'], exit: 0, check: (r) => assert.equal(r.stdout, 'kettle-writers\n') },
  { title: 'team member add', args: (n) => ['team', 'member', 'add', 'kettle-writers', n.other, '--org', n.org], exit: 0 },
  {
    title: 'team member list',
    args: (n) => ['team', 'member', 'list', 'kettle-writers', '--org', n.org, '--json', '--jq', '.[].login'],
    exit: 0,
    check: (r, n) => assert.equal(r.stdout, `${n.other}\n`),
  },
  {
    title: 'org member list: the team member is a member',
    args: (n) => ['org', 'member', 'list', n.org, '--json', '--jq', '.[].login'],
    exit: 0,
    check: (r, n) => assert.deepEqual(r.stdout.trim().split('\n').sort(), [n.me, n.other].sort()),
  },
  { title: 'team repo add', args: (n) => ['team', 'repo', 'add', 'kettle-writers', 'kettle-in-org', '--org', n.org], exit: 0 },
  {
    title: 'team repo list',
    args: (n) => ['team', 'repo', 'list', 'kettle-writers', '--org', n.org, '--json', '--jq', '.[].full_name'],
    exit: 0,
    check: (r, n) => assert.equal(r.stdout, `${n.org}/kettle-in-org\n`),
  },
  { title: 'team repo remove', args: (n) => ['team', 'repo', 'remove', 'kettle-writers', `${n.org}/kettle-in-org`, '--org', n.org], exit: 0 },
  { title: 'team repo list after', args: (n) => ['team', 'repo', 'list', 'kettle-writers', '--org', n.org, '--json'], exit: 0, check: (r) => assert.deepEqual(json(r), []) },
  { title: 'team delete of Owners: refused before sending', args: (n) => ['team', 'delete', 'Owners', '--org', n.org, '--yes'], exit: 1, check: (r) => assert.match(r.stderr, /Owners team/) },
  { title: 'org member remove of the last owner: refused', args: (n) => ['org', 'member', 'remove', n.org, n.me, '--yes'], exit: 1, check: (r) => assert.match(r.stderr, /last owner/) },
  { title: 'org member remove', args: (n) => ['org', 'member', 'remove', n.org, n.other, '--yes'], exit: 0 },
  { title: 'team member list after: empty', args: (n) => ['team', 'member', 'list', 'kettle-writers', '--org', n.org, '--json'], exit: 0, check: (r) => assert.deepEqual(json(r), []) },
  { title: 'team member add again', args: (n) => ['team', 'member', 'add', 'kettle-writers', n.other, '--org', n.org], exit: 0 },
  { title: 'team member remove', args: (n) => ['team', 'member', 'remove', 'kettle-writers', n.other, '--org', n.org], exit: 0 },
  { title: 'team member list after the removal: empty', args: (n) => ['team', 'member', 'list', 'kettle-writers', '--org', n.org, '--json'], exit: 0, check: (r) => assert.deepEqual(json(r), []) },
  // Runners of the organization and of the user: none (the host runner beside a real server is the instance's).
  { title: 'runner list --org: none', args: (n) => ['runner', 'list', '--org', n.org, '--json'], exit: 0, check: (r) => assert.deepEqual(json(r), []), when: (s) => listsRunners(s) },
  { title: 'runner list --user: none', args: () => ['runner', 'list', '--user', '--json'], exit: 0, check: (r) => assert.deepEqual(json(r), []), when: (s) => listsRunners(s) },
  { title: 'runner token --org', args: (n) => ['runner', 'token', '--org', n.org], exit: 0, check: (r) => assert.match(r.stdout, /^[0-9A-Za-z]{20,}\n$/), when: (s) => !atLeast(s, 'forgejo', '15') },
  {
    title: 'runner delete --user of a runner that is not there: 404',
    args: () => ['runner', 'delete', '999999', '--user', '--yes'],
    exit: 1,
    check: (r) => assert.match(r.stderr, /not found/),
    when: (s) => listsRunners(s),
  },
  {
    title: 'runner delete --global of a runner that is not there: 404',
    args: () => ['runner', 'delete', '999999', '--global', '--yes'],
    exit: 1,
    check: (r) => assert.match(r.stderr, /not found/),
    when: (s) => listsRunners(s),
  },
  { title: 'team delete', args: (n) => ['team', 'delete', 'kettle-writers', '--org', n.org, '--yes'], exit: 0 },
  { title: 'team view of a deleted one', args: (n) => ['team', 'view', 'kettle-writers', '--org', n.org], exit: 1 },
  { title: 'repo fork into the organization', args: (n) => ['repo', 'fork', n.repo, '--org', n.org, '--json'], exit: 0 },
  // A fork's update from its parent: Gitea's merge-upstream (1.23.1 and later), Forgejo's sync_fork (12 and later).
  {
    title: 'repo sync of the new fork: up to date (Forgejo 11: no fork update, one line)',
    args: (n) => ['repo', 'sync', `${n.org}/${n.repo.split('/')[1]}`],
    exit: 0,
    check: (r) => assert.match(r.stderr, /is already up to date with \S+ main; nothing was changed$/m),
    when: (s) => !(s.flavour === 'forgejo' && !atLeast(s, 'forgejo', '12')),
  },
  {
    title: 'repo sync of a fork on Forgejo 11: the versions that have it',
    args: (n) => ['repo', 'sync', `${n.org}/${n.repo.split('/')[1]}`],
    exit: 1,
    check: (r) => assert.match(r.stderr, /^kettle: kettle repo sync of a fork needs Gitea 1\.23\.1 or later or Forgejo 12 or later; \S+ runs Forgejo 11\.\d+\.\d+$/m),
    when: (s) => s.flavour === 'forgejo' && !atLeast(s, 'forgejo', '12'),
  },
  {
    title: 'a commit on the parent (escape hatch)',
    args: (n) => ['api', '-X', 'POST', `/repos/${n.repo}/contents/kettle-upstream.txt`, '-f', 'content=dXAK', '-f', 'message=Upstream news', '-f', 'branch=main'],
    exit: 0,
  },
  {
    title: 'repo sync of the fork: a fast-forward',
    args: (n) => ['repo', 'sync', `${n.org}/${n.repo.split('/')[1]}`],
    exit: 0,
    check: (r) => assert.match(r.stderr, /^✓ Fast-forwarded \S+ main to \S+ main/m),
    when: (s) => !(s.flavour === 'forgejo' && !atLeast(s, 'forgejo', '12')),
  },
  {
    title: 'a commit on the fork (escape hatch)',
    args: (n) => ['api', '-X', 'POST', `/repos/${n.org}/${n.repo.split('/')[1]}/contents/kettle-own.txt`, '-f', 'content=b3duCg==', '-f', 'message=Our own', '-f', 'branch=main'],
    exit: 0,
  },
  {
    title: 'another on the parent (escape hatch)',
    args: (n) => ['api', '-X', 'POST', `/repos/${n.repo}/contents/kettle-upstream-2.txt`, '-f', 'content=dXAK', '-f', 'message=More upstream news', '-f', 'branch=main'],
    exit: 0,
  },
  {
    title: 'repo sync of a diverged fork: one line, exit 1, nothing changed',
    args: (n) => ['repo', 'sync', `${n.org}/${n.repo.split('/')[1]}`],
    exit: 1,
    check: (r) => assert.match(r.stderr, /^kettle: cannot sync \S+: its branch main has commits that \S+ main lacks \(it has diverged\); only a fast-forward is made, so nothing was changed$/m),
    when: (s) => !(s.flavour === 'forgejo' && !atLeast(s, 'forgejo', '12')),
  },
  {
    title: "the fork's main is still its own commit",
    args: (n) => ['branch', 'view', 'main', '-R', `${n.org}/${n.repo.split('/')[1]}`, '--json'],
    exit: 0,
    check: (r) => assert.equal((json(r).commit as { message: string }).message, 'Our own\n'),
  },
  // A repository from a template (routers/api/v1/repo/repo.go Generate).
  {
    title: 'repo create --template of a plain repository: refused',
    args: (n) => ['repo', 'create', `${n.org}/kettle-from-template`, '--template', n.repo],
    exit: 1,
    check: (r) => assert.match(r.stderr, /it is not a template repository/),
  },
  { title: 'make the repository a template (escape hatch)', args: (n) => ['api', '-X', 'PATCH', `/repos/${n.repo}`, '-F', 'template=true'], exit: 0 },
  {
    title: 'repo create --template --with content,labels',
    args: (n) => ['repo', 'create', `${n.org}/kettle-from-template`, '--template', n.repo, '--with', 'content,labels', '--json'],
    exit: 0,
    check: (r, n) => {
      assert.equal(json(r).full_name, `${n.org}/kettle-from-template`);
      assert.equal(json(r).empty, false);
    },
  },
  {
    title: 'repo create --template again: the name is taken',
    args: (n) => ['repo', 'create', `${n.org}/kettle-from-template`, '--template', n.repo],
    exit: 1,
    check: (r) => assert.match(r.stderr, /already exists/),
  },
  // Rename and transfer (repo.go Edit, transfer.go Transfer): an administrator's transfer is done at once (202).
  {
    title: 'repo rename',
    args: (n) => ['repo', 'rename', `${n.org}/kettle-from-template`, 'kettle-renamed'],
    exit: 0,
    check: (r) => assert.match(r.stderr, /^✓ Renamed \S+\/kettle-from-template to \S+\/kettle-renamed$/m),
  },
  {
    title: 'repo rename to a name taken: one line',
    args: (n) => ['repo', 'rename', `${n.org}/kettle-renamed`, 'kettle-in-org'],
    exit: 1,
    check: (r) => assert.match(r.stderr, /already exists; nothing was renamed$/m),
  },
  { title: 'repo transfer to its own owner: refused before sending', args: (n) => ['repo', 'transfer', `${n.org}/kettle-renamed`, n.org, '--yes'], exit: 2 },
  {
    title: 'repo transfer to a user nobody has: one line',
    args: (n) => ['repo', 'transfer', `${n.org}/kettle-renamed`, `${n.other}-nobody`, '--yes'],
    exit: 1,
    check: (r) => assert.match(r.stderr, /no user or organization/),
  },
  {
    title: 'repo transfer to the user',
    args: (n) => ['repo', 'transfer', `${n.org}/kettle-renamed`, n.me, '--yes'],
    exit: 0,
    check: (r, n) => assert.match(r.stderr, new RegExp(`^✓ Transferred \\S+ to ${n.me}/kettle-renamed$`, 'm')),
  },
  {
    title: 'repo transfer back, with the Owners team',
    args: (n) => ['repo', 'transfer', `${n.me}/kettle-renamed`, n.org, '--team', 'Owners', '--yes'],
    exit: 0,
    check: (r, n) => assert.match(r.stderr, new RegExp(`^✓ Transferred \\S+ to ${n.org}/kettle-renamed$`, 'm')),
  },
  { title: 'repo delete of the renamed one', args: (n) => ['repo', 'delete', `${n.org}/kettle-renamed`, '--yes'], exit: 0 },
  // An extension from a release asset named for this platform (kettle extension): the latest
  // release and its asset read through the API, the asset downloaded with the login's credentials.
  { title: 'extension repository', args: (n) => ['repo', 'create', 'kettle-brew', '--org', n.org, '--init'], exit: 0 },
  // mustAllowPulls again: a repository whose pull requests are turned off answers 404 under /pulls too.
  { title: 'repo edit --disable-prs', args: (n) => ['repo', 'edit', `${n.org}/kettle-brew`, '--disable-prs'], exit: 0 },
  {
    title: 'pr list with pull requests turned off: said so, not "not found"',
    args: (n) => ['pr', 'list', '-R', `${n.org}/kettle-brew`],
    exit: 1,
    check: (r, n) => assert.match(r.stderr, new RegExp(`^kettle: pull requests are turned off in ${n.org}/kettle-brew$`, 'm')),
  },
  {
    title: 'pr view with pull requests turned off: said so',
    args: (n) => ['pr', 'view', '1', '-R', `${n.org}/kettle-brew`],
    exit: 1,
    check: (r, n) => assert.match(r.stderr, new RegExp(`^kettle: pull requests are turned off in ${n.org}/kettle-brew$`, 'm')),
  },
  {
    title: 'extension release with the platform asset',
    args: (n) => {
      const asset = join(n.dir, `kettle-brew-${platformSuffix()}`);
      writeFileSync(asset, '#!/bin/sh\necho "brewing $*"\necho "host=$KETTLE_HOST token=${KETTLE_TOKEN:-none}"\n');
      return ['release', 'create', 'v1.0', asset, '-t', 'Brew', '-R', `${n.org}/kettle-brew`];
    },
    exit: 0,
  },
  {
    title: 'extension install from a release',
    args: (n) => ['extension', 'install', `${n.org}/kettle-brew`],
    exit: 0,
    check: (r) => assert.equal(r.stderr, '✓ Installed extension brew (release v1.0); run it with: kettle brew\n'),
  },
  {
    title: 'extension run as kettle NAME, without the token',
    args: () => ['brew', 'tea', '--strong'],
    exit: 0,
    check: (r, n) => assert.equal(r.stdout, `brewing tea --strong\nhost=${new URL(n.url).host} token=none\n`),
  },
  { title: 'extension upgrade: up to date', args: () => ['extension', 'upgrade', 'brew'], exit: 0, check: (r) => assert.equal(r.stderr, 'brew is up to date at v1.0\n') },
  { title: 'extension remove', args: () => ['extension', 'remove', 'brew'], exit: 0 },
  { title: 'repo delete of the extension', args: (n) => ['repo', 'delete', `${n.org}/kettle-brew`, '--yes'], exit: 0 },
  {
    title: 'org hook view, edit, delete',
    args: (n) => ['hook', 'list', '--org', n.org, '--json'],
    exit: 0,
    check: (r, n) => {
      n.vars.orgHook = String(json<Array<{ id: number }>>(r)[0]?.id);
    },
  },
  { title: 'org hook view', args: (n) => ['hook', 'view', n.vars.orgHook as string, '--org', n.org, '--json'], exit: 0 },
  { title: 'org hook edit', args: (n) => ['hook', 'edit', n.vars.orgHook as string, '--org', n.org, '--inactive', '--json'], exit: 0, check: (r) => assert.equal(json(r).active, false) },
  { title: 'org hook delete', args: (n) => ['hook', 'delete', n.vars.orgHook as string, '--org', n.org, '--yes'], exit: 0 },
  { title: 'org delete with repositories: refused', args: (n) => ['org', 'delete', n.org, '--yes'], exit: 1 },
  { title: "repo delete of the organization's", args: (n) => ['repo', 'delete', `${n.org}/kettle-in-org`, '--yes'], exit: 0 },
  { title: 'repo delete of the fork', args: (n) => ['repo', 'delete', `${n.org}/${n.repo.split('/')[1]}`, '--yes'], exit: 0 },
  { title: 'org delete', args: (n) => ['org', 'delete', n.org, '--yes'], exit: 0 },
  { title: 'org view of a deleted one: 404', args: (n) => ['org', 'view', n.org], exit: 1 },

  // Keys, the inbox.
  {
    title: 'ssh-key add',
    args: (n) => {
      writeFileSync(join(n.dir, 'id.pub'), `${SSH_KEY}\n`);
      return ['ssh-key', 'add', join(n.dir, 'id.pub'), '-t', 'recording', '--json'];
    },
    exit: 0,
    check: (r, n) => {
      n.vars.key = String(json(r).id);
    },
  },
  { title: 'ssh-key list', args: () => ['ssh-key', 'list', '--json'], exit: 0, check: (r) => assert.ok(json<Array<{ title: string }>>(r).some((k) => k.title === 'recording')) },
  { title: 'ssh-key delete', args: (n) => ['ssh-key', 'delete', n.vars.key as string, '--yes'], exit: 0 },
  { title: 'gpg-key list', args: () => ['gpg-key', 'list', '--json'], exit: 0 },
  {
    title: "gpg-key add (a key made here for the administrator's address)",
    args: (n) => {
      writeFileSync(join(n.dir, 'key.asc'), gpgPublicKey(n.dir, n.vars.email as string));
      return ['gpg-key', 'add', join(n.dir, 'key.asc'), '--json'];
    },
    exit: 0,
    check: (r, n) => {
      n.vars.gpgKey = String(json(r).id);
      assert.deepEqual(
        json<{ emails: Array<{ email: string }> }>(r).emails.map((e) => e.email),
        [n.vars.email],
      );
    },
  },
  { title: 'gpg-key add of the same key: a note, nothing sent', args: (n) => ['gpg-key', 'add', join(n.dir, 'key.asc')], exit: 0, check: (r) => assert.match(r.stderr, /already on your account/) },
  { title: 'gpg-key list shows it', args: () => ['gpg-key', 'list', '--json'], exit: 0, check: (r, n) => assert.ok(json<Array<{ id: number }>>(r).some((k) => String(k.id) === n.vars.gpgKey)) },
  { title: 'gpg-key delete', args: (n) => ['gpg-key', 'delete', n.vars.gpgKey as string, '--yes'], exit: 0 },
  // Another user's comment on the administrator's issue reaches the administrator's inbox.
  {
    title: 'issue comment by the second user',
    args: (n) => ['issue', 'comment', '1', '-b', 'A word from the second user.', '-R', n.repo, '--login', 'second'],
    stored: true,
    exit: 0,
  },
  {
    title: 'notification list: the thread of that issue, unread',
    args: () => ['notification', 'list', '--json'],
    inbox: true,
    exit: 0,
    check: (r, n) => {
      const thread = json<Array<{ id: number; unread: boolean; subject: { title: string } }>>(r).find((t) => t.subject.title === 'The lid rattles loudly');
      assert.ok(thread, 'a thread about issue 1');
      assert.equal(thread.unread, true);
      n.vars.thread = String(thread.id);
    },
  },
  { title: 'notification read of that thread', args: (n) => ['notification', 'read', n.vars.thread as string, '--json'], exit: 0, check: (r) => assert.equal(json(r).unread, false) },
  { title: 'notification read of it again: a note, nothing sent', args: (n) => ['notification', 'read', n.vars.thread as string], exit: 0, check: (r) => assert.match(r.stderr, /already read/) },
  { title: 'notification list', args: () => ['notification', 'list', '--json'], exit: 0 },
  { title: 'status', args: () => ['status'], exit: 0 },

  // More of a repository's life: deploy keys, topics, issues and milestones deleted, a mirror, the user's own Actions values.
  {
    title: 'deploy key add',
    args: (n) => {
      writeFileSync(join(n.dir, 'deploy.pub'), `${DEPLOY_KEY}\n`);
      return ['ssh-key', 'add', join(n.dir, 'deploy.pub'), '-R', n.repo, '--read-only', '--json'];
    },
    exit: 0,
    check: (r, n) => {
      n.vars.deployKey = String(json(r).id);
      assert.equal(json(r).read_only, true);
    },
  },
  { title: 'deploy key list', args: (n) => ['ssh-key', 'list', '-R', n.repo, '--json'], exit: 0, check: (r) => assert.equal(json<unknown[]>(r).length, 1) },
  { title: 'deploy key delete', args: (n) => ['ssh-key', 'delete', n.vars.deployKey as string, '-R', n.repo, '--yes'], exit: 0 },
  { title: 'repo topic add, then remove', args: (n) => ['repo', 'topic', 'add', 'teapots', ...R(n)], exit: 0 },
  { title: 'repo topic remove', args: (n) => ['repo', 'topic', 'remove', 'teapots', ...R(n)], exit: 0 },
  { title: 'issue delete', args: (n) => ['issue', 'delete', '2', ...R(n), '--yes'], exit: 0 },
  { title: 'issue view of a deleted issue: 404', args: (n) => ['issue', 'view', '2', ...R(n)], exit: 1 },
  { title: 'milestone delete', args: (n) => ['milestone', 'delete', 'v1', ...R(n), '--yes'], exit: 0 },
  { title: 'release create for latest', args: (n) => ['release', 'create', 'v2.0', '-t', 'Two', ...R(n)], exit: 0 },
  { title: 'release view of the latest', args: (n) => ['release', 'view', ...R(n), '--json'], exit: 0, check: (r) => assert.equal(json(r).tag_name, 'v2.0') },
  { title: 'repo list of another user', args: (n) => ['repo', 'list', '--user', n.other, '--json'], exit: 0, check: (r) => assert.deepEqual(json(r), []) },
  { title: 'notification read --all', args: () => ['notification', 'read', '--all'], exit: 0 },
  { title: 'notification read --all of a repository', args: (n) => ['notification', 'read', '--all', ...R(n)], exit: 0 },
  { title: 'notification list of a repository', args: (n) => ['notification', 'list', ...R(n), '--json'], exit: 0, check: (r) => assert.deepEqual(json(r), []) },
  { title: 'secret set for the user', args: () => ['secret', 'set', 'MY_TOKEN', '--user'], input: 'mine\n', exit: 0 },
  { title: 'variable set for the user', args: () => ['variable', 'set', 'MY_REGION', 'eu', '--user'], exit: 0 },
  { title: 'variable delete for the user', args: () => ['variable', 'delete', 'MY_REGION', '--user', '--yes'], exit: 0 },
  {
    title: "repo migrate (a mirror of this server's own repository)",
    args: (n) => ['repo', 'migrate', `${n.url.replace(/\/$/, '')}/${n.repo}.git`, `${n.repo.split('/')[1]}-mirror`, '--mirror', '--json'],
    exit: 0,
    check: (r) => assert.equal(json(r).mirror, true),
  },
  {
    title: 'repo migrate --with lfs (the server keeps LFS objects: asked first)',
    args: (n) => ['repo', 'migrate', `${n.url.replace(/\/$/, '')}/${n.repo}.git`, `${n.repo.split('/')[1]}-copy`, '--with', 'lfs', '--json'],
    exit: 0,
  },
  { title: 'repo delete of the copy', args: (n) => ['repo', 'delete', `${n.repo}-copy`, '--yes'], exit: 0 },
  { title: 'repo sync of the mirror', args: (n) => ['repo', 'sync', `${n.repo}-mirror`], exit: 0 },
  { title: 'repo delete of the mirror', args: (n) => ['repo', 'delete', `${n.repo}-mirror`, '--yes'], exit: 0 },

  // Bad credentials, and the end.
  // Runners: the repository has none (a runner registers through the runner's own protocol, not the API).
  { title: 'runner list of the repository', args: (n) => ['runner', 'list', ...R(n), '--json'], exit: 0, check: (r) => assert.deepEqual(json(r), []), when: listsRunners },
  {
    title: 'runner list where the server lists none: which versions do',
    args: (n) => ['runner', 'list', ...R(n)],
    exit: 1,
    check: (r) => assert.match(r.stderr, /^kettle: listing runners needs Gitea 1\.24 or later or Forgejo 15 or later; .* runs (Gitea|Forgejo) [\d.]+ /),
    when: (s) => !listsRunners(s),
  },
  {
    title: 'runner token of the repository: the token alone on stdout',
    args: (n) => ['runner', 'token', ...R(n)],
    exit: 0,
    check: (r, n) => {
      assert.match(r.stdout, /^[0-9A-Za-z]{20,}\n$/);
      assert.equal(r.stderr, '');
      n.vars.runnerToken = r.stdout.trim();
    },
    when: (s) => !atLeast(s, 'forgejo', '15'),
  },
  // A runner registered with that token, outside kettle (as act_runner registers), then listed and deleted by kettle.
  {
    title: 'runner list of the repository: the runner registered with its token (offline: never started)',
    args: (n) => ['runner', 'list', ...R(n), '--json', '--fields', 'id,name,status,busy,labels'],
    prepare: registerRunner,
    exit: 0,
    check: (r, n) => {
      assert.equal(n.vars.runnerProblem, undefined);
      // services/convert ToActionRunner: online or offline, busy when at work, labels numbered by their place.
      const labels = RUNNER_LABELS.map((name, id) => ({ id, name, type: 'custom' }));
      assert.deepEqual(json(r), [{ id: Number(n.vars.runnerId), name: RUNNER(n), status: 'offline', busy: false, labels }]);
    },
    when: registersRunners,
  },
  {
    title: "runner list --global: the repository's runner among the instance's, the polling ones first",
    args: () => ['runner', 'list', '--global'],
    exit: 0,
    check: (r, n) => {
      const rows = r.stdout
        .split('\n')
        .filter((l) => l !== '')
        .map((l) => l.split('\t'));
      assert.ok(
        rows.some((row) => row.join('\t') === [n.vars.runnerId, RUNNER(n), 'offline', RUNNER_LABELS.join(', ')].join('\t')),
        `no row for runner ${n.vars.runnerId}: ${r.stdout}`,
      );
      // FindRunnerOptions.ToOrders: last_online DESC (a host runner beside the server polls: online, first).
      const statuses = rows.map((row) => row[2]);
      assert.deepEqual(
        statuses,
        [...statuses].sort((a, b) => Number(a === 'offline') - Number(b === 'offline')),
      );
      assert.ok(
        statuses.every((x) => x === 'online' || x === 'offline'),
        r.stdout,
      );
    },
    when: registersRunners,
  },
  {
    title: 'runner delete of the registered runner',
    args: (n) => ['runner', 'delete', n.vars.runnerId ?? '', ...R(n), '--yes'],
    exit: 0,
    check: (r, n) => assert.equal(r.stderr, `✓ Deleted runner ${n.vars.runnerId} of ${n.repo}\n`),
    when: registersRunners,
  },
  {
    title: 'runner list of the repository after the delete: none',
    args: (n) => ['runner', 'list', ...R(n), '--json'],
    exit: 0,
    check: (r) => assert.deepEqual(json(r), []),
    when: registersRunners,
  },
  {
    title: 'runner token --user --debug: the trace shows the request, never the token',
    args: () => ['--debug', 'runner', 'token', '--user'],
    exit: 0,
    check: (r) => {
      const token = r.stdout.trim();
      assert.match(token, /^[0-9A-Za-z]{20,}$/);
      assert.match(r.stderr, /registration-token/);
      assert.ok(!r.stderr.includes(token), 'the token is in the trace');
    },
    when: (s) => !atLeast(s, 'forgejo', '15'),
  },
  {
    title: 'runner token --global',
    args: () => ['runner', 'token', '--global'],
    exit: 0,
    check: (r) => assert.match(r.stdout, /^[0-9A-Za-z]{20,}\n$/),
    when: (s) => !atLeast(s, 'forgejo', '15'),
  },
  {
    title: 'runner token where runners register directly: which command the runner takes',
    args: (n) => ['runner', 'token', ...R(n)],
    exit: 1,
    check: (r) => assert.match(r.stderr, /registers runners directly.*forgejo-runner daemon/),
    when: (s) => atLeast(s, 'forgejo', '15'),
  },
  {
    title: 'runner delete of a runner that is not there: 404',
    args: (n) => ['runner', 'delete', '999999', ...R(n), '--yes'],
    exit: 1,
    check: (r, n) => assert.equal(r.stderr, `kettle: runner 999999 of ${n.repo} not found\n`),
    when: listsRunners,
  },
  {
    title: 'runner delete where the server has no runner API: which versions do',
    args: (n) => ['runner', 'delete', '1', ...R(n), '--yes'],
    exit: 1,
    check: (r) => assert.match(r.stderr, /^kettle: deleting a runner needs Gitea 1\.24 or later or Forgejo 15 or later/),
    when: (s) => !listsRunners(s),
  },
  // Packages: two versions uploaded to the generic registry (outside kettle), then kettle's verbs.
  {
    title: 'package list --type generic (two versions uploaded)',
    args: () => ['package', 'list', '--type', 'generic', '--all', '--json', '--fields', 'name,version'],
    prepare: async (n, server) => {
      await uploadPackage('1.0.0')(n, server);
      await uploadPackage('1.1.0')(n, server);
    },
    exit: 0,
    check: (r, n) =>
      assert.deepEqual(
        json<Array<{ name: string; version: string }>>(r)
          .filter((p) => p.name === PKG(n))
          .map((p) => p.version)
          .sort(),
        ['1.0.0', '1.1.0'],
      ),
  },
  { title: 'package view without a version: the newest', args: (n) => ['package', 'view', 'generic', PKG(n), '--json'], exit: 0, check: (r) => assert.equal(json(r).version, '1.1.0') },
  {
    title: 'package view of a version',
    args: (n) => ['package', 'view', 'generic', PKG(n), '1.0.0', '--json'],
    exit: 0,
    check: (r, n) => assert.equal((json(r).owner as { login: string }).login, n.me),
  },
  {
    title: 'package view of a version that is not there: 404',
    args: (n) => ['package', 'view', 'generic', PKG(n), '9.9.9'],
    exit: 1,
    check: (r, n) => assert.equal(r.stderr, `kettle: generic package ${PKG(n)} 9.9.9 of ${n.me} not found\n`),
  },
  { title: 'package link to the repository', args: (n) => ['package', 'link', 'generic', PKG(n), n.repo], exit: 0, when: linksPackages },
  {
    title: 'package view: linked',
    args: (n) => ['package', 'view', 'generic', PKG(n), '1.0.0', '--json'],
    exit: 0,
    check: (r, n) => assert.equal((json(r).repository as { full_name: string }).full_name, n.repo),
    when: linksPackages,
  },
  {
    title: 'package link when linked already: refused',
    args: (n) => ['package', 'link', 'generic', PKG(n), n.repo],
    exit: 1,
    check: (r) => assert.match(r.stderr, /linked to a repository already/),
    when: linksPackages,
  },
  {
    title: 'package link to a repository that is not there: 404',
    args: (n) => ['package', 'link', 'generic', PKG(n), `${n.repo}-nope`],
    exit: 1,
    check: (r, n) => assert.equal(r.stderr, `kettle: repository ${n.repo}-nope not found\n`),
    when: linksPackages,
  },
  { title: 'package unlink', args: (n) => ['package', 'unlink', 'generic', PKG(n)], exit: 0, when: linksPackages },
  {
    title: 'package unlink when not linked: a note',
    args: (n) => ['package', 'unlink', 'generic', PKG(n)],
    exit: 0,
    check: (r) => assert.match(r.stderr, /is not linked to a repository; nothing was changed/),
    when: linksPackages,
  },
  {
    title: 'package link where the server has none: which versions do',
    args: (n) => ['package', 'link', 'generic', PKG(n), n.repo],
    exit: 1,
    check: (r) => assert.match(r.stderr, /^kettle: linking a package needs Gitea 1\.24 or later or Forgejo; /),
    when: (s) => !linksPackages(s),
  },
  { title: 'package delete without --yes and no terminal: usage', args: (n) => ['package', 'delete', 'generic', PKG(n), '1.0.0'], exit: 2 },
  { title: 'package delete of a version', args: (n) => ['package', 'delete', 'generic', PKG(n), '1.0.0', '--yes'], exit: 0 },
  { title: 'package delete of the last version', args: (n) => ['package', 'delete', 'generic', PKG(n), '1.1.0', '--yes'], exit: 0 },
  { title: 'package view of a deleted package: 404', args: (n) => ['package', 'view', 'generic', PKG(n)], exit: 1 },
  { title: 'whoami with a wrong token: 401, exit 4', args: () => ['whoami'], exit: 4 },
  // The pin limit (setting.Repository.Issue.MaxPinned, 3 by default): issue_pin.go answers a fourth pin as an internal error.
  ...[1, 2, 3, 4].map(
    (i): Step => ({
      title: `issue create for pinning (${i} of 4)`,
      args: (n) => ['issue', 'create', '-t', `Pin ${i}`, ...R(n), '--json'],
      exit: 0,
      check: (r, n) => {
        n.vars[`pin${i}`] = String(json(r).number);
      },
    }),
  ),
  ...[1, 2, 3].map((i): Step => ({ title: `issue pin (${i} of 3)`, args: (n) => ['issue', 'pin', n.vars[`pin${i}`] as string, ...R(n)], exit: 0 })),
  {
    title: 'issue pin of a fourth: refused, naming the pinned ones',
    args: (n) => ['issue', 'pin', n.vars.pin4 as string, ...R(n)],
    exit: 1,
    check: (r, n) => assert.match(r.stderr, new RegExp(`3 issues are pinned already \\(#${n.vars.pin1}, #${n.vars.pin2}, #${n.vars.pin3}\\)`)),
  },
  // An issue form (services/issue/template.go reads it from the default branch): the body kettle writes is the one
  // the web form writes for the same answers (modules/issue/template/template.go RenderToMarkdown; compared with
  // Gitea 1.27.0's own new-issue form).
  {
    title: 'an issue form (escape hatch)',
    args: (n) => ['api', '-X', 'POST', `/repos/${n.repo}/contents/.gitea/ISSUE_TEMPLATE/feature.yaml`, '-f', `content=${Buffer.from(ISSUE_FORM).toString('base64')}`, '-f', 'message=Add a form'],
    exit: 0,
  },
  {
    title: 'issue config (escape hatch): blank issues allowed, no links',
    args: (n) => ['api', `/repos/${n.repo}/issue_config`],
    exit: 0,
    check: (r) => assert.deepEqual(json(r), { blank_issues_enabled: true, contact_links: [] }),
  },
  {
    title: "the repository's top folder (escape hatch): its files, as pr create --template reads them",
    args: (n) => ['api', `/repos/${n.repo}/contents`],
    exit: 0,
    check: (r) => assert.ok(json<Array<{ name: string; type: string }>>(r).some((e) => e.name === 'README.md' && e.type === 'file')),
  },
  {
    title: 'issue create --template of a form, from --field',
    args: (n) => ['issue', 'create', '-T', 'Feature form', '-t', 'Whistle', '--field', 'summary=Loud', '--field', 'area=CLI', '--field', 'area=Docs', '--field', 'terms=1', ...R(n), '--json'],
    exit: 0,
    check: (r) => {
      assert.equal(json(r).title, '[feature] Whistle');
      assert.equal(json(r).body, '### Summary\n\nLoud\n\n### Logs\n\n_No response_\n\n### Area\n\nCLI, Docs\n\n### Terms\n\n- [x] I searched first\n- [ ] I can help\n\n');
    },
  },
  {
    title: 'issue create --template of a form without a required field: usage',
    args: (n) => ['issue', 'create', '-T', 'Feature form', '-t', 'Whistle', '--field', 'terms=1', ...R(n)],
    exit: 2,
    check: (r) => assert.match(r.stderr, /"Summary" is required/),
  },
  { title: 'repo delete', args: (n) => ['repo', 'delete', n.repo, '--yes'], exit: 0 },
  { title: 'repo view of a deleted one: 404', args: (n) => ['repo', 'view', n.repo], exit: 1 },
  // Site administration (admin/user.go, org.go, cron.go): a third user made, changed and deleted by kettle itself.
  { title: 'admin user list', args: () => ['admin', 'user', 'list', '--all', '--json'], exit: 0, check: (r, n) => assert.ok(json<Array<{ login: string }>>(r).some((u) => u.login === n.me)) },
  {
    title: 'admin user create (the password from standard input)',
    args: (n) => ['admin', 'user', 'create', `${n.other}-3`, '--email', `${n.other}-3@example.com`, '--password-stdin', '--no-must-change-password', '--json'],
    input: `${SECOND_PASSWORD}-3\n`,
    exit: 0,
    check: (r, n) => assert.equal(json(r).login, `${n.other}-3`),
  },
  {
    title: 'admin user edit --prohibit-login --full-name',
    args: (n) => ['admin', 'user', 'edit', `${n.other}-3`, '--prohibit-login', '--full-name', 'Third User', '--json'],
    exit: 0,
    check: (r) => assert.deepEqual([json(r).prohibit_login, json(r).full_name], [true, 'Third User']),
  },
  {
    title: 'admin user edit --allow-login --restricted',
    args: (n) => ['admin', 'user', 'edit', `${n.other}-3`, '--allow-login', '--restricted', '--json'],
    exit: 0,
    check: (r) => assert.deepEqual([json(r).prohibit_login, json(r).restricted], [false, true]),
  },
  { title: 'admin user edit of nobody: 404', args: (n) => ['admin', 'user', 'edit', `${n.other}-nobody`, '--admin'], exit: 1, check: (r) => assert.match(r.stderr, /^kettle: .*not found/m) },
  { title: 'admin org list', args: () => ['admin', 'org', 'list', '--json'], exit: 0 },
  { title: 'admin cron list', args: () => ['admin', 'cron', 'list', '--json'], exit: 0, check: (r) => assert.ok(json<Array<{ name: string }>>(r).some((t) => t.name === 'check_repo_stats')) },
  { title: 'admin cron run check_repo_stats', args: () => ['admin', 'cron', 'run', 'check_repo_stats'], exit: 0 },
  { title: 'admin cron run of no task: 404', args: () => ['admin', 'cron', 'run', 'no_such_task'], exit: 1 },
  { title: 'admin user delete', args: (n) => ['admin', 'user', 'delete', `${n.other}-3`, '--yes'], exit: 0 },
  { title: 'admin user delete of a deleted user: 404', args: (n) => ['admin', 'user', 'delete', `${n.other}-3`, '--yes'], exit: 1 },
  // --sudo: an administrator acts as another user (routers/api/v1/api.go sudo(), every release).
  { title: '--sudo the second user: the server answers as them', args: (n) => ['--sudo', n.other, 'whoami', '--json'], exit: 0, check: (r, n) => assert.equal(json(r).login, n.other) },
  {
    title: '--sudo from a login that is no administrator: refused in one line',
    args: (n) => ['--login', 'second', '--sudo', n.me, 'whoami'],
    stored: true,
    exit: 1,
    check: (r) => assert.equal(r.stderr, "kettle: cannot act as another user (--sudo): the login's user is not a site administrator\n"),
  },
  {
    title: '--sudo of a user that does not exist: the 404 says so',
    args: (n) => ['--sudo', `${n.other}-nobody`, 'repo', 'view', n.repo],
    exit: 1,
    check: (r, n) => assert.match(r.stderr, new RegExp(`or there is no user ${n.other}-nobody to act as \\(--sudo\\)`)),
  },
  { title: 'the second user goes (escape hatch)', args: (n) => ['api', '-X', 'DELETE', `/admin/users/${n.other}`], exit: 0 },
];

/** Steps that need another token than the administrator's. */
const WRONG_TOKEN = new Set(['whoami with a wrong token: 401, exit 4']);

/** What GET /version says, as kettle reads it. */
export async function serverInfo(url: string, token: string): Promise<ServerInfo> {
  const answer = await fetch(`${url.replace(/\/$/, '')}/api/v1/version`, { headers: { authorization: `token ${token}` } });
  return parseServerVersion(String(((await answer.json()) as { version?: string }).version ?? ''));
}

export interface Outcome {
  step: Step;
  result: RunResult | undefined;
  /** Why the step did not go as the real servers make it go; undefined when it did. */
  problem: string | undefined;
}

/**
 * Run the scenario against a server as its administrator (the token's owner),
 * step by step; `before` is told each step first (the recorder names it). Each
 * step's problem is collected rather than thrown, so one run shows them all.
 */
/** Until every run of the repository is done, read straight from the server (never through kettle or a recorder), 120 s at most. */
async function settled(direct: string, token: string, repo: string): Promise<void> {
  const deadline = Date.now() + 120_000;
  for (let i = 0; Date.now() < deadline; i++) {
    const answer = await fetch(`${direct.replace(/\/$/, '')}/api/v1/repos/${repo}/actions/runs?limit=50`, { headers: { authorization: `token ${token}` } });
    const runs = ((await answer.json()) as { workflow_runs?: Array<{ status?: string }> }).workflow_runs ?? [];
    // Gitea's words (completed), or Forgejo's own (success, failure, cancelled, skipped).
    if (answer.ok && runs.every((r) => ['completed', 'success', 'failure', 'cancelled', 'skipped'].includes(r.status ?? ''))) return;
    await new Promise((done) => setTimeout(done, Math.min(250 * 2 ** i, 2000)));
  }
  throw new Error(`the runs of ${repo} were not done within 120 s`);
}

/** Until the token's user has an unread notification, read straight from the server, 30 s at most. */
async function notified(direct: string, token: string): Promise<void> {
  const deadline = Date.now() + 30_000;
  for (let i = 0; Date.now() < deadline; i++) {
    const answer = await fetch(`${direct.replace(/\/$/, '')}/api/v1/notifications/new`, { headers: { authorization: `token ${token}` } });
    if (answer.ok && ((await answer.json()) as { new?: number }).new !== 0) return;
    await new Promise((done) => setTimeout(done, Math.min(100 * 2 ** i, 1000)));
  }
  throw new Error('no notification arrived within 30 s');
}

/**
 * A GPG public key for ADDRESS, made with gpg in a folder of its own under DIR
 * (its agent stopped before returning), armored.
 */
function gpgPublicKey(dir: string, address: string): string {
  const home = join(dir, 'gnupg');
  mkdirSync(home, { mode: 0o700, recursive: true });
  const gpg = (...args: string[]) => execFileSync('gpg', ['--homedir', home, '--batch', '--quiet', ...args], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  try {
    gpg('--passphrase', '', '--quick-gen-key', `Kettle Scenario <${address}>`, 'ed25519', 'sign', 'never');
    return gpg('--armor', '--export', address);
  } finally {
    execFileSync('gpgconf', ['--homedir', home, '--kill', 'gpg-agent'], { stdio: 'ignore' });
  }
}

export async function runScenario(
  target: { url: string; token: string; prefix: string; runner?: boolean; direct?: string },
  options: { before?: (step: Step) => void; server?: ServerInfo } = {},
): Promise<Outcome[]> {
  const server = options.server ?? (await serverInfo(target.url, target.token));
  const home = mkdtempSync(join(tmpdir(), 'kettle-scenario-'));
  const env: Record<string, string | undefined> = { KETTLE_URL: target.url, KETTLE_TOKEN: target.token, HOME: home, KETTLE_CONFIG_DIR: join(home, 'config'), XDG_CACHE_HOME: join(home, 'cache') };
  const outcomes: Outcome[] = [];
  try {
    const me = await run(['whoami', '--json'], { env, cwd: home });
    const login = String((JSON.parse(me.stdout || '{}') as { login?: string }).login ?? '');
    if (me.code !== 0 || login === '') throw new Error(`the token does not log in: ${me.stderr.trim()}`);
    const names: Names = { me: login, other: `${target.prefix}-other`, repo: `${login}/${target.prefix}-teapot`, org: `${target.prefix}-org`, vars: {}, dir: home, url: target.url, server };
    for (const step of STEPS) {
      if (step.when && !step.when(server)) continue;
      if (step.runner && !target.runner) continue;
      if (step.settle && target.runner) await settled(target.direct ?? target.url, target.token, names.repo);
      if (step.inbox) await notified(target.direct ?? target.url, target.token);
      // Through the recorder, when there is one: the replay sends a package upload again (test/contract/replay.test.ts).
      await step.prepare?.(names, { url: target.url, token: target.token });
      options.before?.(step);
      const stepEnv = WRONG_TOKEN.has(step.title) ? { ...env, KETTLE_TOKEN: 'not-a-token-of-this-server' } : step.stored ? { ...env, KETTLE_URL: undefined, KETTLE_TOKEN: undefined } : env;
      let result: RunResult | undefined;
      let problem: string | undefined;
      try {
        result = await run(step.args(names), { env: stepEnv, cwd: home, ...(step.input !== undefined ? { input: step.input } : {}) });
        if (result.code !== step.exit) problem = `exit ${String(result.code)}, not ${step.exit}: ${result.stderr.trim().split('\n').slice(0, 3).join(' | ')}`;
        else step.check?.(result, names);
      } catch (err) {
        problem = err instanceof Error ? err.message.split('\n').slice(0, 6).join(' | ') : String(err);
      }
      outcomes.push({ step, result, problem });
    }
  } finally {
    rmSync(home, { recursive: true, force: true });
  }
  return outcomes;
}
