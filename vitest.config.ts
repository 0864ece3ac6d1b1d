import { configDefaults, defineConfig } from 'vitest/config';

// test/exit-code/check.js sets VITEST_EXIT_CODE_CHECK to run only the test that always fails.
const include = process.env.VITEST_EXIT_CODE_CHECK ? ['test/exit-code/*.check.ts'] : ['src/**/*.test.ts', 'test/**/*.test.ts', 'eval/**/*.test.ts', 'packages/*/test/**/*.test.ts'];
// The chaos test (test/chaos) loads the machine for minutes: `npm run test:chaos` (VITEST_CHAOS=1), a CI step of its own.
const exclude = process.env.VITEST_CHAOS ? [...configDefaults.exclude] : [...configDefaults.exclude, 'test/chaos/**'];

export default defineConfig({
  test: {
    include,
    exclude,
    globalSetup: ['test/global-setup.ts'],
    pool: 'forks',
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Each file gets its own database cloned from a migrated template, so files run in parallel.
    fileParallelism: true,
  },
});
