// Health for orchestrators (issue 29 item 8, decision 0047): /livez answers while the process runs,
// database or not; /readyz answers 200 with its checks when the database answers, every migration is
// applied and the batch backlog is within READY_MAX_BATCH_BACKLOG, else 503 NOT_READY naming what is
// not ready. Neither needs a credential.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { testApp, testConfig, type TestContext } from '../../../test/helpers.ts';
import { buildApp } from '../../app.ts';
import { openDatabase, type Database } from '../../platform/db/database.ts';
import { freePort } from '../../platform/db/embedded.ts';

let t: TestContext;
let down: { app: FastifyInstance; database: Database };

beforeAll(async () => {
  t = await testApp({ READY_MAX_BATCH_BACKLOG: '2' });
  // A port nothing listens on: the database is unreachable.
  const database = openDatabase(`postgres://staffing@127.0.0.1:${await freePort()}/staffing`, 2);
  down = { app: await buildApp({ config: testConfig(), database, listenForRevocations: false }), database };
  await down.app.ready();
});
afterAll(async () => { await down?.app.close(); await down?.database.close(); await t?.close(); });

/** Queues `count` unfinished batch items (a job of the acme tenant's admin). */
async function queueItems(count: number): Promise<number> {
  const { rows: [job] } = await t.database.pool.query<{ id: number }>(
    `insert into batch_jobs (tenant_id, batch_job_type, parameters, hier_id, service_rep_id) values ($1, 'Health_Check_Backlog', '{}', $2, $3) returning id`,
    [t.tenant.tenantId, t.tenant.rootHierId, t.tenant.adminRepId]);
  for (let i = 0; i < count; i++) {
    await t.database.pool.query(`insert into batch_job_items (tenant_id, batch_job_id, job_type, record_id) values ($1, $2, 'Health_Check_Backlog', $3)`, [t.tenant.tenantId, job!.id, i + 1]);
  }
  return job!.id;
}

describe('/livez', () => {
  it('answers 200 without a credential, with the database unreachable too', async () => {
    for (const app of [t.app, down.app]) {
      const res = await app.inject({ url: '/livez' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ status: 'ok' });
    }
  });
});

describe('/readyz', () => {
  it('answers 200 with its checks when the database answers, every migration is applied and the backlog is within bounds', async () => {
    const res = await t.app.inject({ url: '/readyz' });
    expect(res.statusCode, res.body).toBe(200);
    const { checks } = res.json();
    expect(checks.database).toBe('ok');
    expect(checks.migrations.applied).toBe(checks.migrations.expected);
    expect(checks.migrations.expected).toBeGreaterThan(20);
    expect(checks.batchBacklog).toEqual({ items: 0, max: 2 });
  });

  it('answers 503 NOT_READY naming the database when it is unreachable', async () => {
    const res = await down.app.inject({ url: '/readyz' });
    expect(res.statusCode).toBe(503);
    expect(res.headers['content-type']).toContain('application/problem+json');
    expect(res.json()).toMatchObject({ code: 'NOT_READY', checks: { database: 'unreachable' } });
    expect(res.json().detail).toContain('the database is not reachable');
  });

  it('answers 503 naming the migrations while the last is not applied', async () => {
    const { rows: [last] } = await t.database.pool.query<{ id: number; hash: string; created_at: string }>(
      'delete from drizzle.__drizzle_migrations where created_at = (select max(created_at) from drizzle.__drizzle_migrations) returning id, hash, created_at');
    try {
      const res = await t.app.inject({ url: '/readyz' });
      expect(res.statusCode).toBe(503);
      const { checks, detail } = res.json();
      expect(checks.migrations.applied).toBe(checks.migrations.expected - 1);
      expect(detail).toContain(`migrations: ${checks.migrations.expected - 1} of ${checks.migrations.expected} applied`);
    } finally {
      await t.database.pool.query('insert into drizzle.__drizzle_migrations (id, hash, created_at) values ($1, $2, $3)', [last!.id, last!.hash, last!.created_at]);
    }
    expect((await t.app.inject({ url: '/readyz' })).statusCode).toBe(200);
  });

  it('answers 503 naming the batch backlog above READY_MAX_BATCH_BACKLOG, 200 again once it is worked off', async () => {
    const job = await queueItems(2);
    expect((await t.app.inject({ url: '/readyz' })).statusCode).toBe(200);
    await queueItems(1);
    const res = await t.app.inject({ url: '/readyz' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({ code: 'NOT_READY', checks: { database: 'ok', batchBacklog: { items: 3, max: 2 } } });
    expect(res.json().detail).toContain('batch backlog: more than 2 unfinished items');
    await t.database.pool.query(`update batch_job_items set status = 'Completed' where tenant_id = $1 and batch_job_id = $2`, [t.tenant.tenantId, job]);
    expect((await t.app.inject({ url: '/readyz' })).statusCode).toBe(200);
  });
});
