#!/usr/bin/env node
// Entry point: keep it tiny. Compile cache where the running Node has it
// (22.1+), then the bundle.
import module from 'node:module';
import v8 from 'node:v8';

// undici parses HTTP with WebAssembly (llhttp). V8 compiles it twice: a quick
// baseline (Liftoff), then an optimised one in the background that a short
// command never profits from. Measured on `kettle whoami`: about 40 ms of CPU
// and 30 MiB of peak memory less with the baseline only; parsing a few
// hundred kilobytes of responses is no slower to notice. Set before undici loads.
v8.setFlagsFromString('--liftoff-only');
module.enableCompileCache?.();
const { main } = await import('../dist/cli/main.js');
await main(process.argv.slice(2));
