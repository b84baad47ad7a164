// Which endpoints kettle calls, and which recording of a real server covers
// each, with the statuses that server answered:
//   KETTLE_ENDPOINTS_OUT=/tmp/endpoints.txt npx vitest run --config test/vitest.config.ts
//   npm run coverage:real -- /tmp/endpoints.txt
// The first writes every endpoint the suite made kettle send a request to
// (test/contract/setup.ts); the second prints a Markdown table of them against
// test/fixtures/recordings/, and the endpoints no recording reaches.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { findEndpoint } from '../contract/check.js';
import { type GiteaFixture, SERVERS } from './derive-gitea-fixture.js';
import type { Recording } from '../real/record.js';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
const listFile = process.argv[2];
if (!listFile) {
  process.stderr.write('coverage: name the file KETTLE_ENDPOINTS_OUT wrote\n');
  process.exit(2);
}
const fixtures = SERVERS.map((s) => JSON.parse(readFileSync(join(root, s.fixture), 'utf8')) as GiteaFixture);
const called = [...new Set(readFileSync(listFile, 'utf8').split('\n').filter(Boolean))].sort((a, b) => a.split(' ')[1]!.localeCompare(b.split(' ')[1]!) || a.localeCompare(b));
const dir = join(root, 'test', 'fixtures', 'recordings');
const recordings = readdirSync(dir)
  .filter((f) => f.endsWith('.json'))
  .map((f) => JSON.parse(readFileSync(join(dir, f), 'utf8')) as Recording);

/** Per recording: endpoint -> the statuses it answered there. */
const answered = recordings.map((r) => {
  const seen = new Map<string, Set<number>>();
  for (const e of r.exchanges) {
    const path = e.path
      .split('/')
      .map((s) => (s === '{sha}' ? '0'.repeat(40) : s))
      .join('/');
    for (const f of fixtures) {
      const found = findEndpoint(f, e.method, path);
      if (!found) continue;
      const key = `${found.endpoint.method} ${found.endpoint.path}`;
      if (!seen.has(key)) seen.set(key, new Set());
      seen.get(key)?.add(e.status);
      break;
    }
  }
  return seen;
});

const lines = [`| endpoint | ${recordings.map((r) => r.server.name).join(' | ')} |`, `|---|${recordings.map(() => '---').join('|')}|`];
let uncovered = 0;
for (const key of called) {
  const cells = answered.map((seen) => [...(seen.get(key) ?? [])].sort().join(', ') || '—');
  if (cells.every((c) => c === '—')) uncovered++;
  lines.push(`| \`${key}\` | ${cells.join(' | ')} |`);
}
process.stdout.write(`${lines.join('\n')}\n\n${called.length} endpoints called by the suite; ${called.length - uncovered} covered by at least one recording, ${uncovered} by none.\n`);
