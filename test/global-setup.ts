// The end-to-end tests run the built binary: build it first when the bundle is
// missing or older than the sources, so `npx vitest` alone never tests stale code.
import { execSync } from 'node:child_process';
import { readdirSync, statSync } from 'node:fs';
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

export default function setup(): void {
  let built = 0;
  try {
    built = statSync(join(root, 'dist', 'cli', 'main.cjs')).mtimeMs;
  } catch {
    built = 0;
  }
  if (built < Math.max(newest(join(root, 'src')), statSync(join(root, 'package.json')).mtimeMs)) {
    execSync('npm run --silent build:cli', { cwd: root, stdio: 'inherit' });
  }
}
