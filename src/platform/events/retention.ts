// How long the event log is kept (EVENT_RETENTION_DAYS, docs/events.md), and record history
// (HISTORY_RETENTION_DAYS, docs/history.md: kept for good unless set): every change writes an
// event, so without pruning the log grows with the business for ever. The worker prunes hourly, in
// batches (short statements, short locks): first the finished deliveries of old events, then old
// events no delivery still needs. An event a delivery still retries stays until it is done; an event
// not yet sequenced is never old enough (it committed moments ago). What was deleted is remembered
// per tenant (event_log_pruned), so the feed tells a cursor that fell behind (410), never skips.
import { sql } from 'drizzle-orm';
import type { Db } from '../db/database.ts';

/** Rows deleted per statement. */
const BATCH = 5000;

/** Deletes what is older than `days`; answers the events deleted. */
export async function pruneEvents(db: Db, days: number): Promise<number> {
  const cutoff = sql`now() - make_interval(days => ${days})`;
  for (;;) {
    const { rowCount } = await db.execute(sql`delete from webhook_deliveries d
      where (d.tenant_id, d.id) in (
        select q.tenant_id, q.id from webhook_deliveries q join events e on e.tenant_id = q.tenant_id and e.id = q.event_id
         where q.status <> 'Pending' and e.occurred_at < ${cutoff} limit ${BATCH})`);
    if ((rowCount ?? 0) < BATCH) break;
  }
  let deleted = 0;
  for (;;) {
    // Each tenant's highest sequence deleted is recorded in the same statement: a feed cursor below
    // it answers 410 rather than skipping what went (docs/decisions/0045).
    const { rows: [gone] } = await db.execute<{ n: number }>(sql`with gone as (
        delete from events e
         where (e.tenant_id, e.id) in (
           select o.tenant_id, o.id from events o
            where o.occurred_at < ${cutoff} and o.sequence is not null
              and not exists (select 1 from webhook_deliveries d where d.tenant_id = o.tenant_id and d.event_id = o.id)
            limit ${BATCH})
        returning e.tenant_id, e.sequence),
      marked as (
        insert into event_log_pruned as p (tenant_id, pruned_through)
        select tenant_id, max(sequence) from gone group by tenant_id
        on conflict (tenant_id) do update set pruned_through = greatest(p.pruned_through, excluded.pruned_through))
      select count(*)::int as n from gone`);
    const n = Number(gone?.n ?? 0);
    deleted += n;
    if (n < BATCH) return deleted;
  }
}

/**
 * Deletes the record history older than `days` (HISTORY_RETENTION_DAYS; unset, history is kept for
 * good), in batches; answers the entries deleted.
 */
export async function pruneHistory(db: Db, days: number): Promise<number> {
  let deleted = 0;
  for (;;) {
    const { rowCount } = await db.execute(sql`delete from record_changes c
      where (c.tenant_id, c.id) in (
        select o.tenant_id, o.id from record_changes o where o.at < now() - make_interval(days => ${days}) limit ${BATCH})`);
    deleted += rowCount ?? 0;
    if ((rowCount ?? 0) < BATCH) return deleted;
  }
}
