#!/usr/bin/env node
// Entry point: keep it tiny. Compile cache where the running Node has it
// (22.1+), then the bundle.
import module from 'node:module';

module.enableCompileCache?.();
const { main } = await import('../dist/cli/main.js');
await main(process.argv.slice(2));
