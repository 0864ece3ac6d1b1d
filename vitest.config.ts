import { defineConfig } from 'vitest/config';

// test/exit-code/check.js sets VITEST_EXIT_CODE_CHECK to run only the test that always fails.
const include = process.env.VITEST_EXIT_CODE_CHECK ? ['test/exit-code/*.check.ts'] : ['src/**/*.test.ts', 'test/**/*.test.ts'];

export default defineConfig({
  test: {
    include,
    globalSetup: ['test/global-setup.ts'],
    pool: 'forks',
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Each file gets its own database cloned from a migrated template, so files run in parallel.
    fileParallelism: true,
  },
});
