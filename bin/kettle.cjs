#!/usr/bin/env node
// Entry point: keep it tiny. CommonJS on purpose: Node starts an ES module
// entry more slowly (about 4 ms on Node 20), and this file decides whether
// anything else needs loading at all.
'use strict';

const args = process.argv.slice(2);
if (args.length === 1 && (args[0] === '--version' || args[0] === '-V')) {
  // Scripts run `kettle --version` to see that kettle is there and which one
  // it is: answer from package.json without loading the CLI. Loading commander
  // alone costs more than a third of bare Node's start-up on Node 20.
  const fs = require('node:fs');
  const { version } = JSON.parse(fs.readFileSync(require('node:path').join(__dirname, '..', 'package.json'), 'utf8'));
  const text = `${version}\n`;
  try {
    fs.writeSync(1, text);
  } catch (err) {
    // A full non-blocking pipe: write through the stream instead. A closed
    // stdout (kettle --version | true): nothing to tell anyone.
    if (err.code === 'EAGAIN') process.stdout.on('error', () => undefined).write(text);
  }
} else {
  // undici parses HTTP with WebAssembly (llhttp). V8 compiles it twice: a
  // quick baseline (Liftoff), then an optimised one in the background that a
  // short command never profits from. Measured on `kettle whoami`: about 40 ms
  // of CPU and 30 MiB of peak memory less with the baseline only; parsing a
  // few hundred kilobytes of responses is no slower to notice. Set before
  // undici loads.
  require('node:v8').setFlagsFromString('--liftoff-only');
  // The compile cache where the running Node has it (22.1+).
  require('node:module').enableCompileCache?.();
  import('../dist/cli/main.js').then(
    // main() reports every error itself; this catch is a last resort that
    // still prints one line and no stack (a stack may hold a secret).
    ({ main }) =>
      main(args).catch((err) => {
        process.stderr.write(`kettle: unexpected error: ${String((err && err.message) || err).split('\n')[0]}\n`);
        process.exitCode = 1;
      }),
    (err) => {
      // Only a checkout that was never built gets here: say how to build it.
      const missing = err && err.code === 'ERR_MODULE_NOT_FOUND';
      process.stderr.write(missing ? 'kettle: the CLI is not built yet; run: npm run build\n' : `kettle: cannot load the CLI: ${err && err.message}\n`);
      process.exitCode = 1;
    },
  );
}
