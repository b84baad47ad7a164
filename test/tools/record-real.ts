// Record what a real Gitea or Forgejo answers to kettle: the end-to-end
// scenario (test/real/scenario.ts) runs through a recording proxy in front of
// the server, and every exchange is written, values made neutral
// (test/real/record.ts), to test/fixtures/recordings/<flavour>-<version>.json.
//   KETTLE_REAL_URL=http://127.0.0.1:3000 KETTLE_REAL_TOKEN=… [KETTLE_REAL_RUNNER=1] npm run record:real [-- --out FILE]
// (KETTLE_REAL_RUNNER=1: a host-mode runner takes the server's jobs, so the Actions steps that need one are recorded)
// The token is an administrator's (the scenario creates and deletes a user)
// and is read from the environment only. Use a throw-away server: the
// scenario creates a repository, a user and an organization, and deletes them.
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startRecorder } from '../real/proxy.js';
import { neutral, type Recording } from '../real/record.js';
import { runScenario, serverInfo } from '../real/scenario.js';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
const url = process.env.KETTLE_REAL_URL ?? '';
const token = process.env.KETTLE_REAL_TOKEN ?? '';
if (url === '' || token === '') {
  process.stderr.write("record-real: set KETTLE_REAL_URL to the server and KETTLE_REAL_TOKEN to an administrator's token\n");
  process.exit(2);
}
const outAt = process.argv.indexOf('--out');

const server = await serverInfo(url, token);
const name = `${server.flavour === 'gitea' ? 'Gitea' : 'Forgejo'} ${server.numbers.join('.')}`;
const recorder = await startRecorder(url);
const at = Date.now();
try {
  const runner = process.env.KETTLE_REAL_RUNNER === '1';
  const outcomes = await runScenario({ url: recorder.url, token, prefix: 'rec', runner, direct: url }, { server, before: (step) => recorder.step(step.title) });
  const origin = new URL(url).origin;
  const n = { origins: [origin, recorder.url.replace(/\/+$/, '')], at };
  const admin = String((recorder.exchanges.find((e) => e.path === '/user' && e.status === 200)?.answer as { login?: string } | undefined)?.login ?? '');
  const recording: Recording = {
    server: { flavour: server.flavour, version: server.numbers, versionText: server.version, name },
    recorded: new Date(at).toISOString().slice(0, 10),
    admin,
    ...(runner ? { runner: true as const } : {}),
    steps: outcomes.map((o) => ({ title: o.step.title, exit: o.result?.code ?? null, ...(o.problem !== undefined ? { problem: o.problem } : {}) })),
    exchanges: recorder.exchanges.map((e) => neutral(e, n) as typeof e),
  };
  const out = outAt > 0 ? resolve(process.argv[outAt + 1] ?? '') : join(root, 'test', 'fixtures', 'recordings', `${server.flavour}-${server.numbers.join('.')}.json`);
  mkdirSync(dirname(out), { recursive: true });
  writeFileSync(out, `${JSON.stringify(recording, null, 1)}\n`);
  const failed = outcomes.filter((o) => o.problem !== undefined);
  process.stdout.write(`${name} (${server.version}): ${recorder.exchanges.length} exchanges in ${outcomes.length} steps, written to ${out}\n`);
  for (const o of failed) process.stdout.write(`  step "${o.step.title}": ${o.problem}\n`);
  process.exitCode = failed.length > 0 ? 1 : 0;
} finally {
  await recorder.close();
}
