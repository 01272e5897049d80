// Test runner setup: every test under test/, run in worker threads on the machine's cores.
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    testTimeout: 60_000,
    pool: 'threads',
  },
});
