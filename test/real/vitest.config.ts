import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// `npm run test:real`: the end-to-end scenario against a real server named by
// KETTLE_REAL_URL and KETTLE_REAL_TOKEN (test/real/scenario.real.ts); without
// them it says so and runs nothing.
export default defineConfig({
  test: {
    root: fileURLToPath(new URL('../..', import.meta.url)),
    include: ['test/real/**/*.real.ts'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
