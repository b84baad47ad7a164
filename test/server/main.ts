// The in-memory server as its own process (for benchmarks and trying kettle
// by hand): prints one JSON line with its URL and a token for alice, then
// serves until stopped with SIGINT or SIGTERM.
//   node dist/dev/main.js [--latency MS] [--issues N] [--max-page-size N] [--pagination spec|gitea|none] [--full-records] [--tls-key FILE --tls-cert FILE]
// --full-records: issues with every field of Gitea's description present (about
// 3 KB each, as a real server's; see full-records.ts), for the bench.
// --tls-key FILE --tls-cert FILE: https with this key and certificate (PEM).
import { parseArgs } from 'node:util';
import { fileURLToPath } from 'node:url';
import { fullIssues } from './full-records.js';
import { startServer } from './index.js';

const { values } = parseArgs({
  options: {
    latency: { type: 'string', default: '0' },
    issues: { type: 'string', default: '0' },
    'max-page-size': { type: 'string', default: '50' },
    pagination: { type: 'string', default: 'gitea' },
    'full-records': { type: 'boolean', default: false },
    'tls-key': { type: 'string' },
    'tls-cert': { type: 'string' },
  },
});

function count(name: string, value: string | undefined): number {
  if (!/^\d+$/.test(value ?? '')) {
    process.stderr.write(`test server: --${name} takes a whole number\n`);
    process.exit(2);
  }
  return Number(value);
}

const pagination = values.pagination as 'spec' | 'gitea' | 'none';
if (!['spec', 'gitea', 'none'].includes(pagination)) {
  process.stderr.write('test server: --pagination is spec, gitea or none\n');
  process.exit(2);
}
const server = await startServer({
  seed: 'demo',
  latencyMs: count('latency', values.latency),
  maxPageSize: count('max-page-size', values['max-page-size']),
  pagination,
  ...(values['tls-key'] !== undefined && values['tls-cert'] !== undefined ? { tls: { keyFile: values['tls-key'], certFile: values['tls-cert'] } } : {}),
});
if (values['full-records']) {
  // Run from the bundle, dist/dev/server/main.js: three folders below the root.
  const fill = fullIssues(fileURLToPath(new URL('../../../test/fixtures/gitea-swagger.json', import.meta.url)));
  const plain = server.state.issueJson.bind(server.state);
  server.state.issueJson = (i) => fill(plain(i));
}
const issues = count('issues', values.issues);
if (issues > 0) {
  const repo = server.state.addRepo('alice', 'bulk', { init: true });
  server.state.bulkIssues(repo, 'alice', issues);
}
const token = server.addToken('alice');
process.stdout.write(`${JSON.stringify({ url: server.url, apiUrl: server.apiUrl, token, bulkRepo: issues > 0 ? 'alice/bulk' : null })}\n`);
const stop = () => void server.close().then(() => process.exit(0));
process.once('SIGINT', stop);
process.once('SIGTERM', stop);
