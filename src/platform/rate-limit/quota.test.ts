// Per-credential request quotas (issue 29 item 5, decision 0046): RateLimit-Policy and RateLimit on
// every answer to a credential (2xx and 4xx), a 429 RATE_LIMITED problem with Retry-After once the
// minute's quota is spent, one budget for two app instances over one database, and no statement per
// request while a process holds points of the credential.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { as, testApp, type TestContext } from '../../../test/helpers.ts';
import { buildApp } from '../../app.ts';
import type { Queryable } from '../db/pipeline.ts';
import { blockOf, Quotas } from './quota.ts';

const QUOTA = 5;
let t: TestContext;
let second: FastifyInstance;

beforeAll(async () => {
  t = await testApp({ API_QUOTA_PER_MINUTE: String(QUOTA) });
  // Another process's app: its own quotas in memory, the same database.
  second = await buildApp({ config: t.config, database: t.database, listenForRevocations: false });
  await second.ready();
});
afterAll(async () => { await second?.close(); await t?.close(); });

/** RateLimit's remaining (r) and reset (t). */
function rateLimit(headers: Record<string, unknown>): { r: number; t: number } {
  const match = /^"credential";r=(\d+);t=(\d+)$/.exec(String(headers.ratelimit));
  expect(match, String(headers.ratelimit)).not.toBeNull();
  return { r: Number(match![1]), t: Number(match![2]) };
}

describe('RateLimit headers and the 429', () => {
  it('every answer to a credential carries the policy and what is left, 2xx and 4xx alike; the quota spent, 429 RATE_LIMITED with Retry-After', async () => {
    const admin = as(t.app, t.tenant.adminToken);
    const answers = [
      await admin({ url: '/Datalists/Branches' }),
      await admin({ url: '/Employees/2000000000' }),
      await admin({ url: '/Datalists/Branches?skip=-1&take=0' }),
      await admin({ method: 'POST', url: '/Employees', payload: {} }),
      await admin({ url: '/Datalists/Branches' }),
    ];
    expect(answers.map((a) => a.statusCode)).toEqual([200, 404, 400, 400, 200]);
    for (const a of answers) expect(a.headers['ratelimit-policy']).toBe(`"credential";q=${QUOTA};w=60`);
    expect(answers.map((a) => rateLimit(a.headers).r)).toEqual([4, 3, 2, 1, 0]);
    for (const a of answers) expect(rateLimit(a.headers).t).toBeGreaterThan(0);

    const refused = await admin({ url: '/Datalists/Branches' });
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['content-type']).toContain('application/problem+json');
    expect(refused.json()).toMatchObject({ code: 'RATE_LIMITED', status: 429, type: '/problems/rate-limited', 'violated-policies': ['credential'] });
    const retry = Number(refused.headers['retry-after']);
    expect(retry).toBeGreaterThanOrEqual(1);
    expect(retry).toBeLessThanOrEqual(60);
    expect(refused.headers['ratelimit-policy']).toBe(`"credential";q=${QUOTA};w=60`);
    expect(rateLimit(refused.headers)).toEqual({ r: 0, t: retry });
    // Another credential of the tenant has its own quota; an answer without a credential has none.
    expect((await as(t.app, t.tenant.northToken)({ url: '/Datalists/Branches' })).statusCode).toBe(200);
    const anonymous = await t.app.inject({ url: '/health' });
    expect(anonymous.headers['ratelimit-policy']).toBeUndefined();
  });

  it('two app instances over one database spend one budget', async () => {
    const [here, there] = [as(t.app, t.tenant.southToken), as(second, t.tenant.southToken)];
    const statuses = [];
    for (const call of [here, there, here, there, here, there, here]) statuses.push((await call({ url: '/Datalists/Branches' })).statusCode);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429, 429]);
  });

  it('requests sent together never pass the quota between them', async () => {
    const call = as(second, t.other.adminToken);
    const answers = await Promise.all(Array.from({ length: 12 }, () => call({ url: '/Datalists/Branches' })));
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(QUOTA);
    expect(answers.filter((a) => a.statusCode === 429)).toHaveLength(12 - QUOTA);
  });
});

describe('the cost', () => {
  it('a block is a hundredth of the quota, from 1 to 1,000', () => {
    expect([1, 5, 199, 200, 10_000, 100_000, 1_000_000, 50_000_000].map(blockOf)).toEqual([1, 1, 1, 2, 100, 1000, 1000, 1000]);
  });

  it('1,000 requests of a credential cost one reservation and one read of the tenant\'s quota, not a statement each', async () => {
    let statements = 0;
    const counting: Queryable = { query: (config: pg.QueryConfig) => { statements += 1; return t.database.pipeline.query(config); } };
    const quotas = new Quotas(counting, { perMinute: 100_000, tenantQuota: async () => { statements += 1; return null; } });
    const states = [];
    for (let i = 0; i < 1000; i++) states.push(await quotas.spend('counted', t.tenant.tenantId));
    expect(states.every((s) => s.allowed)).toBe(true);
    expect(statements).toBe(2);
    expect(states.at(-1)).toMatchObject({ limit: 100_000, remaining: 99_000 });
  });
});
