// The bench's floor (test/tools/floor.ts): `build-cli.mjs --floor DIR` bundles
// it as the CLI is bundled, beside a copy of bin/kettle.cjs, and that copy runs
// it: one GET through kettle's Transport, its body on stdout, the code cache
// written as the CLI's is.
import { execFile, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { ROOT, tempDir } from '../support/harness.js';
import { useServer } from '../support/suite.js';

const s = useServer();

/** Run a command without blocking this process, which serves the in-memory server. */
function runAsync(args: string[], env: NodeJS.ProcessEnv): Promise<{ status: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(process.execPath, args, { encoding: 'utf8', env }, (err, stdout, stderr) => resolve({ status: err ? Number(err.code ?? 1) : 0, stdout, stderr }));
  });
}
const tmp = tempDir('kettle-floor-');
afterAll(() => tmp.cleanup());

it('the floor is built as the CLI is and makes its one GET through the same bin', async () => {
  const dir = join(tmp.path, 'floor');
  const built = spawnSync(process.execPath, [join(ROOT, 'test', 'tools', 'build-cli.mjs'), '--floor', dir], { encoding: 'utf8' });
  expect(built.status, built.stderr).toBe(0);
  // The floor's build leaves the CLI's own build alone.
  expect(existsSync(join(ROOT, 'dist', 'cli', 'help', 'index.json'))).toBe(true);
  expect(readFileSync(join(dir, 'bin', 'kettle.cjs'), 'utf8')).toBe(readFileSync(join(ROOT, 'bin', 'kettle.cjs'), 'utf8'));
  const bundle = readFileSync(join(dir, 'dist', 'cli', 'main.cjs'), 'latin1');
  expect(bundle).toMatch(/^\/\/ kettle-bundle [0-9a-f]{16}\n\/\/ kettle-commands floor\n/);
  // Not commander, nor any verb: the request alone.
  expect(bundle).not.toContain('node_modules/commander');
  expect(bundle).not.toContain('src/commands/');

  const cache = join(tmp.path, 'cache');
  const env = { PATH: process.env.PATH ?? '', HOME: tmp.path, XDG_CACHE_HOME: cache };
  const run = () => runAsync([join(dir, 'bin', 'kettle.cjs'), `${s.server.apiUrl}/user`, s.token], env);
  const first = await run();
  expect(first.status, first.stderr).toBe(0);
  expect(JSON.parse(first.stdout).login).toBe('alice');
  expect(readdirSync(join(cache, 'kettle')).filter((f) => /-kettle-[0-9a-f]{1,8}\.bin$/.test(f))).toHaveLength(1);
  const second = await run();
  expect(second.status, second.stderr).toBe(0);
  expect(second.stdout).toBe(first.stdout);
  // A status other than 200 is a failure of the floor (the bench then stops).
  const refused = await runAsync([join(dir, 'bin', 'kettle.cjs'), `${s.server.apiUrl}/user`, 'not-a-token'], env);
  expect(refused.status).toBe(1);
});
