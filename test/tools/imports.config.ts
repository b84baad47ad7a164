// The import-graph rules (test/unit/imports.test.ts) as part of `npm run lint`:
// that one file alone, without the suite's set-up (no build, no server).
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    root: fileURLToPath(new URL('../..', import.meta.url)),
    include: ['test/unit/imports.test.ts'],
  },
});
