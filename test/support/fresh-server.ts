// A fresh in-memory server as a fresh real one starts (one administrator with
// a token of every scope, real git behind it), for the end-to-end scenario
// (test/contract/scenario.test.ts) and the replay of recordings
// (test/contract/replay.test.ts).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { enableGit } from '../server/git-http.js';
import { startServer, type TestServer } from '../server/index.js';
import { actionsData } from '../server/routes-actions.js';
import { settingsData } from '../server/routes-settings.js';

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
  // The real servers recorded run with [migrations] ALLOW_LOCALNETWORKS on, so that a migration may come from loopback.
  settingsData(server.state).allowLocalNetworks = true;
  // Nor do they have a runner: a dispatched run stays queued.
  actionsData(server.state).noRunner = true;
  const admin = server.state.addUser(ADMIN, '', 'kettle-admin-pw-1');
  admin.admin = true;
  admin.email = 'admin@example.com';
  const close = async () => {
    await server.close();
    rmSync(git, { recursive: true, force: true });
  };
  return { server, token: server.state.addToken(ADMIN, 'kettle').sha1, close };
}
