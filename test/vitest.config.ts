import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    root: fileURLToPath(new URL('..', import.meta.url)),
    include: ['test/**/*.test.ts'],
    globalSetup: ['test/global-setup.ts'],
    // Checks every request kettle sent in a test against Gitea's API description.
    setupFiles: ['test/contract/setup.ts'],
    // Two files at a time: vitest's default (CPUs - 1) runs one file at a time
    // on a 2-core machine, though most files spend their time waiting for
    // processes and sockets rather than computing.
    maxWorkers: 2,
    // End-to-end tests spawn processes; keep room for a loaded CI machine.
    testTimeout: 20_000,
    hookTimeout: 20_000,
  },
});
