// History retention (HISTORY_RETENTION_DAYS, docs/history.md): kept for good unless configured; the
// background loop prunes entries older than the days given, in batches, and nothing newer.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pino from 'pino';
import { seededDatabase, testConfig, type TenantFixture } from '../../../test/helpers.ts';
import type { Database } from '../db/database.ts';
import { createBackground } from '../background.ts';
import { pruneHistory } from '../events/retention.ts';

let database: Database;
let tenant: TenantFixture;
beforeAll(async () => ({ database, tenant } = await seededDatabase()));
afterAll(async () => { await database?.close(); });

/** `count` entries of one record, made `daysAgo` days ago; their ids. */
async function entries(count: number, daysAgo: number): Promise<string[]> {
  const { rows } = await database.pool.query<{ id: string }>(
    `insert into record_changes (tenant_id, record_type, record_id, action, actor, fields, at, xid)
     select $1, 'Employee', n, 'updated', '{"type": "system"}', '{}', now() - make_interval(days => $2), pg_current_xact_id()
       from generate_series(1, $3) n returning id::text`, [tenant.tenantId, daysAgo, count]);
  return rows.map((r) => r.id);
}
const remaining = async (ids: string[]) =>
  (await database.pool.query<{ id: string }>('select id::text from record_changes where id = any($1::bigint[]) order by id', [ids])).rows.map((r) => r.id);

describe('HISTORY_RETENTION_DAYS', () => {
  it('is unset by default (history is kept for good) and takes a number of days', () => {
    expect(testConfig().HISTORY_RETENTION_DAYS).toBeUndefined();
    expect(testConfig({ HISTORY_RETENTION_DAYS: '30' }).HISTORY_RETENTION_DAYS).toBe(30);
    expect(() => testConfig({ HISTORY_RETENTION_DAYS: '0' })).toThrow(/HISTORY_RETENTION_DAYS/);
  });

  it('pruneHistory deletes the entries older than the days given, past one batch, and keeps the newer ones', async () => {
    const old = await entries(5_100, 40);
    const recent = await entries(3, 10);
    expect(await pruneHistory(database.db, 30)).toBe(old.length);
    expect(await remaining(old)).toEqual([]);
    expect(await remaining(recent)).toEqual(recent);
  });

  it('the background loop prunes when configured, and leaves history alone when not', async () => {
    const old = await entries(2, 400);
    const quiet = { pollMs: 60_000, loops: [] };
    const keeping = createBackground(database, testConfig(), [], pino({ level: 'silent' }), quiet);
    await keeping.start();
    await keeping.stop();
    expect(await remaining(old)).toEqual(old);
    const pruning = createBackground(database, testConfig({ HISTORY_RETENTION_DAYS: '365' }), [], pino({ level: 'silent' }), quiet);
    await pruning.start();
    await pruning.stop();
    expect(await remaining(old)).toEqual([]);
  });
});
