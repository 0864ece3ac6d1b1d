// The shared rate limits on a real database (decision 0034): what a gate and a count of failures
// read from them, the block that starts with the last point, and two processes' limiters (separate
// objects) counting one budget.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testConfig, testDatabase } from '../../../test/helpers.ts';
import type { Database } from '../db/database.ts';
import { openLimits, retryAfter, type Limits } from './rate-limit.ts';

let database: Database;
let limits: Limits;
const config = testConfig({ REGISTRATION_MAX_PER_ADDRESS: '3', REGISTRATION_WINDOW_SECONDS: '3600', LOGIN_MAX_FAILURES: '2', LOGIN_LOCK_SECONDS: '900' });

beforeAll(async () => {
  database = await testDatabase();
  limits = openLimits(database.pipeline, config);
});
afterAll(async () => { await database?.close(); });

describe('a gate (consume before the work)', () => {
  it('allows the rule\'s points in a window, then refuses with the time to the window\'s end; remaining counts down', async () => {
    const gate = limits.registrationByAddress;
    expect(await gate.peek('a')).toEqual({ allowed: true, limit: 3, remaining: 3, resetSeconds: 0 });
    const states = [await gate.consume('a'), await gate.consume('a'), await gate.consume('a'), await gate.consume('a')];
    expect(states.map((s) => [s.allowed, s.remaining])).toEqual([[true, 2], [true, 1], [true, 0], [false, 0]]);
    const refused = states[3]!;
    expect(refused.resetSeconds).toBeGreaterThan(3500);
    expect(refused.resetSeconds).toBeLessThanOrEqual(3600);
    expect(retryAfter(refused)).toBe(String(refused.resetSeconds));
    // Another key has its own budget.
    expect((await gate.consume('b')).allowed).toBe(true);
  });

  it('a refund gives a point back; a reset forgets the key', async () => {
    const gate = limits.registrationByAddress;
    for (let i = 0; i < 3; i++) await gate.consume('c');
    await gate.refund('c');
    expect(await gate.consume('c')).toMatchObject({ allowed: true, remaining: 0 });
    expect((await gate.consume('c')).allowed).toBe(false);
    await gate.reset('c');
    expect(await gate.peek('c')).toMatchObject({ allowed: true, remaining: 3 });
  });

  it('requests sent together never pass the limit between them', async () => {
    const states = await Promise.all(Array.from({ length: 10 }, () => limits.registrationByAddress.consume('together')));
    expect(states.filter((s) => s.allowed)).toHaveLength(3);
  });
});

describe('a count of failures (peek, then consume on failure)', () => {
  it('the failure that spends the last point holds the key for blockSeconds from then', async () => {
    const failures = limits.signInByUser;
    expect((await failures.peek('u')).allowed).toBe(true);
    await failures.consume('u');
    expect((await failures.peek('u')).allowed).toBe(true);
    expect(await failures.consume('u')).toMatchObject({ allowed: true, remaining: 0, resetSeconds: 900 });
    const held = await failures.peek('u');
    expect(held.allowed).toBe(false);
    expect(held.resetSeconds).toBeGreaterThan(890);
  });
});

describe('keys', () => {
  it('a key of any length is counted (long ones by their hash)', async () => {
    const long = 'x'.repeat(50_000);
    await limits.signInByUser.consume(long);
    expect(await limits.signInByUser.peek(long)).toMatchObject({ remaining: 1 });
    expect(await limits.signInByUser.peek(`${long}y`)).toMatchObject({ remaining: 2 });
  });
});

describe('every process', () => {
  it('limits opened apart (as in two processes) spend one budget', async () => {
    const other = openLimits(database.pipeline, config);
    await limits.registrationByAddress.consume('shared');
    await other.registrationByAddress.consume('shared');
    expect(await limits.registrationByAddress.consume('shared')).toMatchObject({ allowed: true, remaining: 0 });
    expect((await other.registrationByAddress.consume('shared')).allowed).toBe(false);
  });
});
