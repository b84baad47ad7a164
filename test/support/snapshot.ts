// Every file under a folder with its mode and bytes: what a test compares
// before and after a command that must leave the folder as it was (--dry-run).
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';

/** Each file and folder under `dir` (none when it is missing), but those `skip` names (relative paths). */
export function snapshot(dir: string, skip: readonly string[] = []): Record<string, string> {
  const out: Record<string, string> = {};
  const walk = (at: string) => {
    for (const e of readdirSync(at, { withFileTypes: true })) {
      const path = join(at, e.name);
      const rel = relative(dir, path);
      if (skip.includes(rel)) continue;
      const mode = (statSync(path).mode & 0o777).toString(8);
      if (e.isDirectory()) {
        out[`${rel}/`] = mode;
        walk(path);
      } else out[rel] = `${mode} ${readFileSync(path, 'base64')}`;
    }
  };
  if (existsSync(dir)) walk(dir);
  return out;
}
