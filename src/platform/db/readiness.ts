// What GET /readyz checks (decision 0047): the database answers, every migration this code knows is
// applied (the journal in drizzle/meta against drizzle's migrations table, as the migrator compares
// them: by the last one's time), and the batch queue's unfinished items are within a bound. One short
// statement; the backlog is counted no further than the bound, so a long queue costs no more than it.
import { readFileSync } from 'node:fs';
import type { Queryable } from './pipeline.ts';
import { isConnectionFailure } from './database.ts';

/** The migrations this code ships, by time (drizzle's journal: each `when` is what the migrator records). */
function journalTimes(): number[] {
  const journal: unknown = JSON.parse(readFileSync(new URL('../../../drizzle/meta/_journal.json', import.meta.url), 'utf8'));
  const entries = journal && typeof journal === 'object' && 'entries' in journal && Array.isArray(journal.entries) ? journal.entries : [];
  return entries.map((e: unknown) => (e && typeof e === 'object' && 'when' in e ? Number(e.when) : NaN)).filter((n) => Number.isFinite(n));
}

export interface Readiness {
  ready: boolean;
  database: 'ok' | 'unreachable';
  migrations: { applied: number; expected: number } | null;
  batchBacklog: { items: number; max: number } | null;
}

const READINESS = {
  name: 'readiness',
  text: `select (select max(created_at)::text from drizzle.__drizzle_migrations) as last_migration,
                (select count(*)::int from (select 1 from batch_job_items where status in ('New', 'Processing') limit $1) b) as backlog`,
};

/** Checks readiness with `store` (the short-statement pipeline); `maxBacklog`: READY_MAX_BATCH_BACKLOG. */
export function readinessCheck(store: Queryable, maxBacklog: number): () => Promise<Readiness> {
  const expected = journalTimes();
  return async () => {
    let row: { last_migration: string | null; backlog: number } | undefined;
    try {
      ({ rows: [row] } = await store.query<{ last_migration: string | null; backlog: number }>({ ...READINESS, values: [maxBacklog + 1] }));
    } catch (error) {
      if (isConnectionFailure(error)) return { ready: false, database: 'unreachable', migrations: null, batchBacklog: null };
      // No migrations table or no queue yet: nothing is migrated.
      return { ready: false, database: 'ok', migrations: { applied: 0, expected: expected.length }, batchBacklog: null };
    }
    const last = Number(row?.last_migration ?? -1);
    const migrations = { applied: expected.filter((when) => when <= last).length, expected: expected.length };
    const batchBacklog = { items: row?.backlog ?? 0, max: maxBacklog };
    return { ready: migrations.applied === migrations.expected && batchBacklog.items <= maxBacklog, database: 'ok', migrations, batchBacklog };
  };
}
