// The end-to-end tests run the built binary: build it first when the bundle is
// missing or older than the sources, so `npx vitest` alone never tests stale code.
//
// Every temporary file of the run goes to a folder of its own (TMPDIR, which
// the test workers and the processes they start inherit); when the run ends,
// anything a test left there fails the run, by name, and the folder goes.
import { execSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));

function newest(dir: string): number {
  let latest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    latest = Math.max(latest, entry.isDirectory() ? newest(path) : statSync(path).mtimeMs);
  }
  return latest;
}

export default function setup(): () => void {
  const temp = mkdtempSync(join(tmpdir(), 'kettle-suite-'));
  process.env.TMPDIR = temp;
  let built = 0;
  try {
    built = statSync(join(root, 'dist', 'cli', 'main.cjs')).mtimeMs;
  } catch {
    built = 0;
  }
  if (built < Math.max(newest(join(root, 'src')), statSync(join(root, 'package.json')).mtimeMs)) {
    execSync('npm run --silent build:cli', { cwd: root, stdio: 'inherit' });
  }
  return () => {
    const left = readdirSync(temp);
    rmSync(temp, { recursive: true, force: true });
    if (left.length > 0) throw new Error(`the tests left ${left.length} file(s) or folder(s) in the temporary folder: ${left.slice(0, 10).join(', ')}`);
  };
}
