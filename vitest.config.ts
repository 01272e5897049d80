// Test runner setup: every test under test/, run in worker threads on the machine's cores. `yomi` (as the
// examples import it) is the library's source here, as the typecheck sees it through tsconfig.json's paths.
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  resolve: {
    alias: [
      { find: /^yomi$/, replacement: fileURLToPath(new URL('src/index.ts', import.meta.url)) },
      {
        find: /^yomi\/boardgame-io$/,
        replacement: fileURLToPath(new URL('src/adapters/boardgame-io/index.ts', import.meta.url)),
      },
    ],
  },
  test: {
    include: ['test/**/*.test.ts'],
    // A file whose thread blocks (no timeout can stop it) ends the run with what it was doing; a run
    // whose process holds too many files open at once fails.
    reporters: [
      'default',
      './test/slowest-reporter.ts',
      './test/stalled-file-reporter.ts',
      './test/open-files-reporter.ts',
    ],
    // The playground built once, before the files that drive it in a browser start side by side.
    globalSetup: ['./test/global-setup.ts'],
    testTimeout: 45_000,
    hookTimeout: 45_000,
    pool: 'threads',
    // Three files at once on two cores: most tests wait on a spawned yomi, a browser or Redis.
    maxWorkers: 3,
  },
});
