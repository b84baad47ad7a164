// The bench's floor (test/tools/bench.ts): one GET through kettle's own HTTP
// set-up and nothing else. Bundled by `node test/tools/build-cli.mjs --floor
// DIR` with the CLI's esbuild options and plugins, and run by a copy of
// bin/kettle.cjs (the same V8 flags and code cache): what any command that
// makes one request costs at least, commander, the context, the login and
// the output aside.
//
//   node DIR/bin/kettle.cjs URL TOKEN    prints the answer's body
import { Transport } from '../../src/api/transport.js';

export async function main(argv: string[]): Promise<void> {
  const [url, token] = argv;
  if (url === undefined || token === undefined) throw new Error('usage: floor URL TOKEN');
  const transport = new Transport({ timeoutMs: 30_000, maxResponseBytes: 50 * 1024 * 1024, insecure: false, env: process.env, now: Date.now });
  try {
    const answer = await transport.send({
      method: 'GET',
      url: new URL(url),
      headers: { accept: 'application/json', 'user-agent': 'kettle-floor', authorization: `token ${token}` },
      body: undefined,
      path: new URL(url).pathname,
    });
    if (answer.status !== 200) throw new Error(`status ${answer.status}`);
    process.stdout.write(`${answer.text}\n`);
  } finally {
    await transport.close();
  }
}
