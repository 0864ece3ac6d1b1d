#!/usr/bin/env node
// Proves that a failing test fails the run. The embedded PostgreSQL package once ended every test
// run with exit code 0 (its beforeExit hook), so `npm test` could not fail; this runs Vitest with the
// project's own configuration (global setup included) on a test that always fails and requires a
// non-zero exit. CI runs it before the suite.
import { spawnSync } from 'node:child_process';

const run = spawnSync('npx', ['vitest', 'run'], {
  env: { ...process.env, VITEST_EXIT_CODE_CHECK: '1' },
  encoding: 'utf8',
});
const failedAsExpected = run.status !== 0 && /1 failed/.test(run.stdout + run.stderr);
if (!failedAsExpected) {
  process.stderr.write(`${run.stdout}\n${run.stderr}\n`);
  process.stderr.write(`A deliberately failing test run exited with ${run.status}: a failing test would not fail \`npm test\`.\n`);
  process.exit(1);
}
console.log(`A deliberately failing test run exited with ${run.status}, as it must.`);
