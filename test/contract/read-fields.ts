// The names of the record fields kettle reads: every property name its
// source uses (`.html_url`, `'full_name'`, a snake_case word in a column
// definition), found by scanning src/ (the generated types left out, which
// name every field of every record). The replay compares these fields of the
// servers' answers; a field kettle never reads is passed through as the server
// sent it (`--json`), so the in-memory server's lack of it changes nothing
// kettle does.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return sources(path);
    // The generated types (src/api/gitea/types.ts), which name every field of every record.
    return e.name.endsWith('.ts') && !path.endsWith(join('api', 'gitea', 'types.ts')) ? [path] : [];
  });
}

export function fieldsKettleReads(src: string): Set<string> {
  const names = new Set<string>();
  for (const file of sources(src)) {
    const text = readFileSync(file, 'utf8');
    for (const re of [/\.([a-z][a-z0-9_]*)\b/g, /['"`]([a-z][a-z0-9_]*)['"`]/g, /\b([a-z][a-z0-9]*_[a-z0-9_]+)\b/g]) {
      for (const m of text.matchAll(re)) names.add(m[1] as string);
    }
  }
  return names;
}
