// A test that always fails, run only by test/exit-code/check.js (never by `npm test`): the run must
// exit non-zero, with the global setup's embedded PostgreSQL started and stopped as in a real run.
import { it, expect } from 'vitest';

it('fails on purpose', () => {
  expect(1 + 1).toBe(3);
});
