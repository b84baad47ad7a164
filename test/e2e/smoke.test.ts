// The bundle end to end, one command line per resource: the command tests run
// in-process (test/commands/), so this is where each resource goes through
// bin/kettle.cjs, the esbuild bundle and a real process exit. Each line is run
// in-process too, and both runs must answer alike: what the command tests see
// is what users get.
import { beforeEach, describe, expect, it } from 'vitest';
import { secretsData } from '../server/routes-actions-secrets.js';
import { actionsData, addRun, addWorkflow } from '../server/routes-actions.js';
import { settingsData } from '../server/routes-settings.js';
import { kettle as inProcess } from '../support/inprocess.js';
import { sshKeyPair } from '../support/keys.js';
import { json, type RunResult } from '../support/harness.js';
import { expectExit, useServer } from '../support/suite.js';

const s = useServer();

/** The same command line as the suite's spawned kettle, run in this process. */
function inProcessLikeSuite(args: string[], env: Record<string, string> = {}): Promise<RunResult> {
  return inProcess(args, { cwd: s.dir, env: { HOME: s.configDir, KETTLE_CONFIG_DIR: s.configDir, ...s.ciEnv, ...env } });
}

function teapot() {
  const repo = s.server.state.repo('alice', 'teapot');
  if (!repo) throw new Error('no alice/teapot');
  return repo;
}

describe('one command line per resource through the built binary', () => {
  beforeEach(async () => {
    // A secret and a variable for the Actions lines.
    const actions = secretsData(s.server.state);
    const key = `repo:${teapot().id}` as const;
    if (!actions.secrets.has(key)) {
      actions.secrets.set(key, [{ id: s.server.state.id(), name: 'SMOKE_TOKEN', data: 'never shown', description: '', created_at: '2026-01-05T09:00:00Z' }]);
      actions.variables.set(key, [{ id: s.server.state.id(), ownerId: 0, repoId: teapot().id, name: 'SMOKE', data: 'smoke value', description: '' }]);
    }
    // Actions in alice/teapot for the run and workflow lines.
    if (!actionsData(s.server.state).runs.some((r) => r.repoId === teapot().id)) {
      addRun(s.server.state, teapot(), { title: 'Quieter lid' });
      addWorkflow(s.server.state, teapot(), { file: 'deploy.yml', name: 'Deploy', dispatch: {} });
    }
    // A key for the key commands' line, added as a user would.
    if (settingsData(s.server.state).sshKeys.length > 0) return;
    const added = await s.kettle(['ssh-key', 'add', '-', '--title', 'smoke'], { input: sshKeyPair('').pub });
    expectExit(added, 0);
  });

  it.each<[string, string[], () => unknown, (r: RunResult) => unknown]>([
    ['issue', ['issue', 'view', '1', '-R', 'alice/teapot', '--json', '--fields', 'number,title'], () => ({ number: 1, title: s.server.state.issue(teapot(), 1)?.title }), json],
    ['repo', ['repo', 'view', 'alice/teapot', '--json', '--fields', 'full_name,private'], () => ({ full_name: 'alice/teapot', private: teapot().private }), json],
    [
      'pr',
      ['pr', 'list', '-R', 'alice/teapot', '--state', 'all', '--json', '--fields', 'number'],
      () =>
        s.server.state
          .issuesOf(teapot())
          .filter((i) => i.pull)
          .reverse()
          .map((i) => i.number),
      (r) => json<Array<{ number: number }>>(r).map((p) => p.number),
    ],
    [
      'org',
      ['org', 'list', '--json', '--fields', 'username'],
      () => s.server.state.orgs.filter((o) => o.members.includes('alice')).map((o) => o.login),
      (r) => json<Array<{ username: string }>>(r).map((o) => o.username),
    ],
    [
      'hook',
      ['hook', 'list', '-R', 'alice/teapot', '--json'],
      () => s.server.state.hooks.filter((h) => h.repoId === teapot().id).map((h) => h.id),
      (r) => json<Array<{ id: number }>>(r).map((h) => h.id),
    ],
    ['user', ['user', 'view', 'bob', '--json', '--fields', 'login'], () => ({ login: 'bob' }), json],
    [
      'ssh-key',
      ['ssh-key', 'list', '--json', '--fields', 'title'],
      () =>
        settingsData(s.server.state)
          .sshKeys.filter((k) => k.owner === 'alice')
          .map((k) => ({ title: k.title })),
      json,
    ],
    ['secret', ['secret', 'list', '-R', 'alice/teapot', '--json', '--fields', 'name'], () => [{ name: 'SMOKE_TOKEN' }], json],
    ['variable', ['variable', 'get', 'smoke', '-R', 'alice/teapot'], () => 'smoke value\n', (r) => r.stdout],
    ['api', ['api', '/repos/alice/teapot'], () => 'alice/teapot', (r) => json<{ full_name: string }>(r).full_name],
    ['notification', ['notification', 'list', '--json', '--fields', 'subject.title'], () => [{ subject: { title: 'Quieter lid' } }], json],
    ['search', ['search', 'repos', 'teapot', '--json', '--fields', 'full_name'], () => [{ full_name: 'alice/teapot' }], json],
    ['run', ['run', 'list', '-R', 'alice/teapot', '--json', '--fields', 'run_number,display_title'], () => [{ run_number: 1, display_title: 'Quieter lid' }], json],
    ['workflow', ['workflow', 'view', 'deploy.yml', '-R', 'alice/teapot', '--json', '--jq', '.name'], () => 'Deploy\n', (r) => r.stdout],
    ['status', ['status', '--json', '--jq', '.[].assigned[].title'], () => 'Spout drips after pouring\n', (r) => r.stdout],
  ])('%s', async (_resource, args, expected, read) => {
    const r = await s.kettle(args);
    expectExit(r, 0);
    expect(r.stderr).toBe('');
    const want = expected();
    // An empty answer would make the comparison below pass for nothing.
    expect(want).not.toEqual([]);
    expect(read(r)).toEqual(want);
    expect(await inProcessLikeSuite(args)).toMatchObject({ code: r.code, stdout: r.stdout, stderr: r.stderr });
  });
});

describe('exit codes through a real process', () => {
  it.each([
    ['a missing issue', ['issue', 'view', '99', '-R', 'alice/teapot'], 1, {}],
    ['a usage error', ['issue', 'list', '-R', 'alice/teapot', '--state', 'shut'], 2, {}],
    ['an unknown command', ['isue', 'list'], 2, {}],
    ['a rejected token', ['repo', 'list'], 4, { KETTLE_TOKEN: 'not-a-token' }],
  ])('%s (%j): exit %i, the same as in-process', async (_what, args, code, env) => {
    const r = await s.kettle(args, { env });
    expectExit(r, code);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(/^kettle: /);
    expect(await inProcessLikeSuite(args, env)).toMatchObject({ code: r.code, stdout: r.stdout, stderr: r.stderr });
  });
});
