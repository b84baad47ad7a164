import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    root: fileURLToPath(new URL('..', import.meta.url)),
    include: ['test/**/*.test.ts'],
    globalSetup: ['test/global-setup.ts'],
    // Checks every request kettle sent in a test against Gitea's API description.
    setupFiles: ['test/contract/setup.ts'],
    // End-to-end tests spawn processes; keep room for a loaded CI machine.
    testTimeout: 20_000,
    hookTimeout: 20_000,
  },
});
