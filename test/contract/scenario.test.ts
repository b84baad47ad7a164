// kettle's end-to-end scenario (test/real/scenario.ts) against the in-memory
// server in each flavour it plays: every step must exit and print as it does
// on the real servers, whose answers the scenario's expectations come from
// (`npm run test:real` runs the same steps against a real server).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestServer } from '../server/index.js';
import { actionsData } from '../server/routes-actions.js';
import { addHostRunner } from '../server/routes-runners.js';
import { freshServer, PLAYED } from '../support/fresh-server.js';
import { type Outcome, runScenario, serverInfo } from '../real/scenario.js';

describe.each(PLAYED)('the scenario on the in-memory $name', ({ flavor }) => {
  let server: TestServer;
  let close: () => Promise<void> = async () => undefined;
  let outcomes: Outcome[] = [];

  beforeAll(async () => {
    const fresh = await freshServer(flavor);
    server = fresh.server;
    close = fresh.close;
    // The runner twin takes dispatched runs' jobs, so the steps that need a runner run too; the instance lists it as a runner of its own.
    actionsData(server.state).noRunner = false;
    actionsData(server.state).runner = 'instant';
    addHostRunner(server.state);
    outcomes = await runScenario({ url: server.url, token: fresh.token, prefix: 'mem', runner: true }, { server: await serverInfo(server.url, fresh.token) });
  }, 240_000);
  afterAll(() => close());

  it('goes as on the real servers, step by step', () => {
    const problems = outcomes.filter((o) => o.problem !== undefined).map((o) => `${o.step.title}: ${o.problem}`);
    expect(problems, problems.join('\n')).toEqual([]);
    expect(outcomes.length).toBeGreaterThan(90);
  });
});
