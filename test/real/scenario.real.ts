// kettle against a real Gitea or Forgejo: `npm run test:real` with
//   KETTLE_REAL_URL    the server (http://127.0.0.1:3000, or a sub-path)
//   KETTLE_REAL_TOKEN  an administrator's token (the scenario creates and
//                      deletes a user, a repository and an organization)
//   KETTLE_REAL_RUNNER 1 when a runner (host mode, label ubuntu-latest)
//                      takes the server's jobs: the Actions steps that need
//                      jobs that really run are run too
// Each step of the scenario (test/real/scenario.ts) that applies to the
// server is a test of its own. Use a throw-away server, or one where names
// starting `real-` are free.
import { beforeAll, describe, expect, it } from 'vitest';
import { type Outcome, runScenario, STEPS, serverInfo } from './scenario.js';

const url = process.env.KETTLE_REAL_URL ?? '';
const token = process.env.KETTLE_REAL_TOKEN ?? '';
const server = url !== '' && token !== '' ? await serverInfo(url, token) : undefined;
if (!server) process.stderr.write('test:real: no server given (set KETTLE_REAL_URL and KETTLE_REAL_TOKEN); nothing to run\n');
const steps = server ? STEPS.filter((s) => (!s.when || s.when(server)) && (!s.runner || process.env.KETTLE_REAL_RUNNER === '1')) : [];

describe.runIf(server)(`the scenario against ${server?.flavour ?? ''} ${server?.version ?? ''} at ${url}`, () => {
  const outcomes = new Map<string, Outcome>();

  beforeAll(async () => {
    for (const o of await runScenario({ url, token, prefix: `real-${Date.now().toString(36)}`, runner: process.env.KETTLE_REAL_RUNNER === '1' }, server ? { server } : {}))
      outcomes.set(o.step.title, o);
  }, 600_000);

  it.each(steps.map((s) => [s.title]))('%s', (title) => {
    const o = outcomes.get(title);
    expect(o, 'the step did not run').toBeDefined();
    expect(o?.problem, o?.problem).toBeUndefined();
  });
});
