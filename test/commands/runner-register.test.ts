// Runners made through the runner protocol's Register (test/server/routes-runners.ts
// handleRunnerService), as act_runner makes them with a registration token, then
// listed and deleted by kettle: what each release lists for a runner that never
// started and for polling ones, in which order, Register's refusals per flavour,
// and ids never given twice.
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { json } from '../support/harness.js';
import { expectExit, useServer } from '../support/suite.js';
import { addRunner, clearRunners, runnersData } from '../server/routes-runners.js';
import type { Org, Repo } from '../server/state.js';
import { F11, F15, G23, G24, G27, runnerHomes } from '../support/runners.js';

const s = useServer({ runner: 'in-process' });

let repo: Repo;
let org: Org;
let asRoot: { env: { KETTLE_TOKEN: string } };
const R = () => ['-R', `alice/${repo.name}`];

interface Answer {
  status: number;
  body: { runner?: Record<string, unknown>; code?: string; message?: string } | undefined;
}

/** POST …/Register as act_runner sends it (Connect's JSON form), or as told. */
async function register(body: unknown, init: { method?: string; type?: string } = {}): Promise<Answer> {
  const method = init.method ?? 'POST';
  const answer = await fetch(`${s.server.url.replace(/\/$/, '')}/api/actions/runner.v1.RunnerService/Register`, {
    method,
    headers: { 'content-type': init.type ?? 'application/json', 'connect-protocol-version': '1' },
    ...(method === 'POST' ? { body: typeof body === 'string' ? body : JSON.stringify(body) } : {}),
  });
  const text = await answer.text();
  return { status: answer.status, body: text === '' ? undefined : (JSON.parse(text) as Answer['body']) };
}

/** The repository's registration token: kettle's where it gives one, else the API's GET (Forgejo 15, deprecated there). */
async function repoToken(flavor: { forgejo: boolean }): Promise<string> {
  if (!flavor.forgejo || flavor === F11) {
    const r = await s.kettle(['runner', 'token', ...R()]);
    expectExit(r, 0);
    return r.stdout.trim();
  }
  const answer = await fetch(`${s.server.apiUrl}/repos/alice/${repo.name}/actions/runners/registration-token`, { headers: { authorization: `token ${s.token}` } });
  return ((await answer.json()) as { token: string }).token;
}

beforeAll(() => {
  ({ repo, org, asRoot } = runnerHomes(s.server, 'registered-home', 'registered-guild', 'Registered Guild'));
});

beforeEach(() => {
  clearRunners(s.server.state);
});

describe('a runner registered through the runner protocol', () => {
  it.each([
    ['Gitea 1.24.0', G24],
    ['Gitea 1.27.0', G27],
  ])('%s: listed offline (it never started), its labels numbered by place, then deleted', async (_name, flavor) => {
    s.server.set({ flavor });
    const token = await repoToken(flavor);
    const made = await register({ name: 'reg-runner', token, version: 'v1.2.3', labels: ['kettle', 'ubuntu-latest:host'] });
    expect(made.status).toBe(200);
    // protojson: the int64 id as a string, the runner's own token for its later calls.
    expect(made.body?.runner).toEqual({
      id: '1',
      uuid: expect.stringMatching(/^[0-9a-f-]{36}$/),
      token: expect.stringMatching(/^[0-9a-f]{40}$/),
      name: 'reg-runner',
      version: 'v1.2.3',
      labels: ['kettle', 'ubuntu-latest:host'],
    });
    const listed = await s.kettle(['runner', 'list', ...R(), '--json']);
    expectExit(listed, 0);
    expect(json(listed)).toEqual([
      {
        id: 1,
        name: 'reg-runner',
        status: 'offline',
        busy: false,
        ...(flavor === G27 ? { disabled: false } : {}),
        ephemeral: false,
        labels: [
          { id: 0, name: 'kettle', type: 'custom' },
          { id: 1, name: 'ubuntu-latest:host', type: 'custom' },
        ],
      },
    ]);
    const table = await s.kettle(['runner', 'list', ...R()]);
    expect(table.stdout).toBe('1\treg-runner\toffline\tkettle, ubuntu-latest:host\n');
    expectExit(await s.kettle(['runner', 'delete', '1', ...R(), '--yes']), 0);
    expect(json(await s.kettle(['runner', 'list', ...R(), '--json']))).toEqual([]);
  });

  it('Forgejo 15: listed with the status word itself, its labels as names, whose it is', async () => {
    s.server.set({ flavor: F15 });
    const made = await register({ name: 'reg-runner', token: await repoToken(F15), version: 'v12.0.0', labels: ['docker'], ephemeral: true });
    expect(made.status).toBe(200);
    expect(made.body?.runner?.ephemeral).toBe(true);
    const listed = await s.kettle(['runner', 'list', ...R(), '--json']);
    expectExit(listed, 0);
    expect(json(listed)).toEqual([
      { id: 1, uuid: made.body?.runner?.uuid, name: 'reg-runner', version: 'v12.0.0', owner_id: 0, repo_id: repo.id, description: '', labels: ['docker'], status: 'offline', ephemeral: true },
    ]);
  });

  it("the token says whose runner it is: an organization's, the user's, the instance's", async () => {
    s.server.set({ flavor: G27 });
    const tokenOf = async (args: string[], opts = {}) => (await s.kettle(['runner', 'token', ...args], opts)).stdout.trim();
    expect((await register({ name: 'guild-runner', token: await tokenOf(['--org', org.login]) })).status).toBe(200);
    expect((await register({ name: 'own-runner', token: await tokenOf(['--user']) })).status).toBe(200);
    expect((await register({ name: 'site-runner', token: await tokenOf(['--global'], asRoot) })).status).toBe(200);
    const names = async (args: string[], opts = {}) => json<Array<{ name: string }>>(await s.kettle(['runner', 'list', ...args, '--json', '--fields', 'name'], opts)).map((r) => r.name);
    expect(await names(['--org', org.login])).toEqual(['guild-runner']);
    expect(await names(['--user'])).toEqual(['own-runner']);
    expect(await names(R())).toEqual([]);
    expect(await names(['--global'], asRoot)).toEqual(['guild-runner', 'own-runner', 'site-runner']);
  });

  it('a token stays usable after a registration; a deleted runner’s id is not given again', async () => {
    s.server.set({ flavor: G27 });
    const token = await repoToken(G27);
    expect((await register({ name: 'first', token })).body?.runner?.id).toBe('1');
    expectExit(await s.kettle(['runner', 'delete', '1', ...R(), '--yes']), 0);
    const second = await register({ name: 'second', token });
    // Nothing empty in protojson's answer: no version, no labels.
    expect(second.body?.runner).toEqual({ id: '2', uuid: expect.any(String), token: expect.any(String), name: 'second' });
    expect(json(await s.kettle(['runner', 'list', ...R(), '--json', '--fields', 'id,labels']))).toEqual([{ id: 2, labels: [] }]);
  });

  it('Gitea 1.23.8 and Forgejo 11.0.1 keep no ephemeral runners: the answer leaves it out', async () => {
    for (const flavor of [G23, F11]) {
      s.server.set({ flavor });
      const made = await register({ name: 'eph', token: await repoToken(flavor), ephemeral: true });
      expect(made.status).toBe(200);
      expect(made.body?.runner?.ephemeral).toBeUndefined();
    }
    expect(runnersData(s.server.state).runners.map((r) => r.ephemeral)).toEqual([false, false]);
  });

  it('a token of a deleted repository went with it', async () => {
    s.server.set({ flavor: G27 });
    const gone = s.server.state.addRepo('alice', 'registered-gone', { init: true });
    const token = (await s.kettle(['runner', 'token', '-R', `alice/${gone.name}`])).stdout.trim();
    expect((await register({ name: 'orphan', token })).status).toBe(200);
    s.server.state.deleteRepo(gone);
    expect(await register({ name: 'orphan-2', token })).toEqual({ status: 500, body: { code: 'unknown', message: 'runner registration token not found' } });
    expect(json(await s.kettle(['runner', 'list', '--global', '--json'], asRoot))).toEqual([]);
  });
});

describe("Register's refusals, as each release words them: nothing registered", () => {
  const cases = [
    ['Gitea 1.23.8', G23, 500, 'unknown'],
    ['Gitea 1.27.0', G27, 500, 'unknown'],
    ['Forgejo 11.0.1', F11, 400, 'invalid_argument'],
    ['Forgejo 15.0.3', F15, 400, 'invalid_argument'],
  ] as const;

  it.each(cases)('%s', async (_name, flavor, status, code) => {
    s.server.set({ flavor });
    const token = await repoToken(flavor);
    expect(await register({ token })).toEqual({ status, body: { code, message: 'missing runner token, name' } });
    expect(await register({ name: 'x' })).toEqual({ status, body: { code, message: 'missing runner token, name' } });
    expect(await register({ name: 'x', token: 'not-a-token' })).toEqual({ status, body: { code, message: 'runner registration token not found' } });
    // connect-go's own refusals, alike everywhere: what is no RegisterRequest, another method, another type.
    expect(await register('{')).toEqual({ status: 400, body: { code: 'invalid_argument', message: expect.stringMatching(/^unmarshal message: unmarshal into \*runnerv1\.RegisterRequest: proto: /) } });
    expect(await register({ name: 5, token })).toEqual({ status: 400, body: { code: 'invalid_argument', message: expect.stringContaining('invalid value for string field name') } });
    expect(await register('')).toEqual({ status: 400, body: { code: 'invalid_argument', message: 'unmarshal message: zero-length payload is not a valid JSON object' } });
    expect((await register({ name: 'x', token }, { method: 'GET' })).status).toBe(405);
    expect((await register({ name: 'x', token }, { type: 'text/plain' })).status).toBe(415);
    expect(runnersData(s.server.state).runners).toEqual([]);
  });
});

describe('polling runners', () => {
  beforeEach(() => {
    addRunner(s.server.state, { name: 'never-started', repoId: repo.id });
    addRunner(s.server.state, { name: 'polling', repoId: repo.id, status: 'idle' });
    addRunner(s.server.state, { name: 'at-work', repoId: repo.id, status: 'active' });
  });

  it('Gitea: online, busy when at work; the polling ones first (last_online DESC), then by id', async () => {
    s.server.set({ flavor: G27 });
    const r = await s.kettle(['runner', 'list', ...R(), '--json', '--fields', 'id,name,status,busy']);
    expectExit(r, 0);
    expect(json(r)).toEqual([
      { id: 2, name: 'polling', status: 'online', busy: false },
      { id: 3, name: 'at-work', status: 'online', busy: true },
      { id: 1, name: 'never-started', status: 'offline', busy: false },
    ]);
  });

  it('Forgejo 15: the status word itself, in the same order', async () => {
    s.server.set({ flavor: F15 });
    const r = await s.kettle(['runner', 'list', ...R(), '--json', '--fields', 'id,status']);
    expectExit(r, 0);
    expect(json(r)).toEqual([
      { id: 2, status: 'idle' },
      { id: 3, status: 'active' },
      { id: 1, status: 'offline' },
    ]);
  });
});
