// kettle's end-to-end scenario (test/real/scenario.ts) against the in-memory
// server in each flavour it plays: every step must exit and print as it does
// on the real servers, whose answers the scenario's expectations come from
// (`npm run test:real` runs the same steps against a real server).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { enableGit } from '../server/git-http.js';
import { startServer, type TestServer } from '../server/index.js';
import { type Outcome, runScenario, serverInfo } from '../real/scenario.js';

export const ADMIN = 'kettle-admin';

/** The flavours the in-memory server plays: the oldest and newest release of each that kettle is recorded against. */
export const PLAYED = [
  { name: 'Gitea 1.23.8', flavor: {} },
  { name: 'Gitea 1.27.0', flavor: { version: '1.27.0' } },
  { name: 'Forgejo 11.0.1', flavor: { forgejo: true } },
  { name: 'Forgejo 15.0.3', flavor: { forgejo: true, version: '15.0.3+gitea-1.22.0' } },
] as const;

/** An in-memory server as a fresh real one starts: one administrator, with a token of every scope. */
export async function freshServer(flavor: (typeof PLAYED)[number]['flavor']): Promise<{ server: TestServer; token: string; close: () => Promise<void> }> {
  const server = await startServer({ seed: 'empty', flavor });
  const git = mkdtempSync(join(tmpdir(), 'kettle-scenario-git-'));
  enableGit(server, git);
  const admin = server.state.addUser(ADMIN, '', 'kettle-admin-pw-1');
  admin.admin = true;
  admin.email = 'admin@example.com';
  const close = async () => {
    await server.close();
    rmSync(git, { recursive: true, force: true });
  };
  return { server, token: server.state.addToken(ADMIN, 'kettle').sha1, close };
}

describe.each(PLAYED)('the scenario on the in-memory $name', ({ flavor }) => {
  let server: TestServer;
  let close: () => Promise<void> = async () => undefined;
  let outcomes: Outcome[] = [];

  beforeAll(async () => {
    const fresh = await freshServer(flavor);
    server = fresh.server;
    close = fresh.close;
    outcomes = await runScenario({ url: server.url, token: fresh.token, prefix: 'mem' }, { server: await serverInfo(server.url, fresh.token) });
  }, 240_000);
  afterAll(() => close());

  it('goes as on the real servers, step by step', () => {
    const problems = outcomes.filter((o) => o.problem !== undefined).map((o) => `${o.step.title}: ${o.problem}`);
    expect(problems, problems.join('\n')).toEqual([]);
    expect(outcomes.length).toBeGreaterThan(90);
  });
});
