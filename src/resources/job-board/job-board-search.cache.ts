// Job board search answers, cached per process. Public job board traffic repeats itself (the same
// words, the same towns); an answer is kept until the tenant's job board data or settings change,
// which every process hears at once through NOTIFY from the search table's triggers
// (drizzle/0009), or for `ttlMs` at most (a notification missed while reconnecting).
// Without a live listener nothing is cached: an answer is never kept without a way to drop it.
// Decision: docs/decisions/0010-job-board-search.md.
import pg from 'pg';
import type { Database } from '../../platform/db/database.ts';

export const JOB_BOARD_CHANNEL = 'staffing_job_board';

interface Entry { generation: number; until: number; value: unknown }

export class JobBoardSearchCache {
  private readonly entries = new Map<string, Entry>();
  private readonly generations = new Map<number, number>();
  private listener: pg.Client | undefined;
  private closed = false;

  constructor(private readonly maxEntries: number, private readonly ttlMs: number) {}

  get enabled(): boolean {
    return this.ttlMs > 0 && this.maxEntries > 0 && this.listener !== undefined;
  }

  /** The tenant's current generation: take it before reading, store with it after. */
  generation(tenantId: number): number {
    return this.generations.get(tenantId) ?? 0;
  }

  get(tenantId: number, key: string, now = Date.now()): unknown {
    if (!this.enabled) return undefined;
    const entry = this.entries.get(`${tenantId}\u0000${key}`);
    if (!entry) return undefined;
    if (entry.generation !== this.generation(tenantId) || entry.until <= now) {
      this.entries.delete(`${tenantId}\u0000${key}`);
      return undefined;
    }
    return entry.value;
  }

  /** Stores an answer read at `generation`; one read across a change is stale at once and not stored. */
  set(tenantId: number, key: string, generation: number, value: unknown, now = Date.now()): void {
    if (!this.enabled || generation !== this.generation(tenantId)) return;
    if (this.entries.size >= this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
    this.entries.set(`${tenantId}\u0000${key}`, { generation, until: now + this.ttlMs, value });
  }

  /** The tenant's answers are stale (or every tenant's, when the listener was lost). */
  invalidate(tenantId?: number): void {
    if (tenantId === undefined) {
      for (const t of this.generations.keys()) this.generations.set(t, this.generation(t) + 1);
      this.entries.clear();
      return;
    }
    this.generations.set(tenantId, this.generation(tenantId) + 1);
  }

  async listen(database: Database): Promise<void> {
    if (this.closed || this.ttlMs <= 0) return;
    const client = new pg.Client(database.pool.options);
    client.on('notification', (n) => this.invalidate(Number(n.payload)));
    client.on('error', () => {
      this.listener = undefined;
      this.invalidate();
      if (!this.closed) setTimeout(() => void this.listen(database).catch(() => {}), 1000).unref();
    });
    await client.connect();
    await client.query(`LISTEN ${JOB_BOARD_CHANNEL}`);
    this.listener = client;
  }

  async close(): Promise<void> {
    this.closed = true;
    const listener = this.listener;
    this.listener = undefined;
    await listener?.end().catch(() => {});
  }
}
