// Job board search answers, cached per process. Public job board traffic repeats itself (the same
// words, the same towns); an answer is kept until the tenant's job board data or settings change,
// which every process hears at once through NOTIFY from the search table's triggers
// (drizzle/0009), or for `ttlMs` at most. Without a live listener nothing is cached (an answer is
// never kept without a way to drop it): everything is dropped when the listener's connection is lost
// and caching resumes once it listens again (platform/db/listen.ts reconnects).
// The tenant's job board settings are reference data, not answers: they are kept while the listener
// is live whatever `ttlMs` is (0 included), and dropped by the same notifications.
// Decision: docs/decisions/0010-job-board-search.md.
import type { Database } from '../../platform/db/database.ts';
import type { JobBoardSettings } from '../reference-data/job-board.settings.ts';
import { listen, type Listener, type ListenOptions } from '../../platform/db/listen.ts';

export const JOB_BOARD_CHANNEL = 'staffing_job_board';

interface Entry { generation: number; until: number; value: unknown }

export class JobBoardSearchCache {
  private readonly entries = new Map<string, Entry>();
  private readonly settingsKept = new Map<number, { generation: number; value: JobBoardSettings }>();
  private readonly generations = new Map<number, number>();
  /** Every invalidation takes a new number; one of all tenants raises the floor (tenants never invalidated included). */
  private counter = 0;
  private floor = 0;
  private listener: Listener | undefined;

  constructor(private readonly maxEntries: number, private readonly ttlMs: number) {}

  /** The tenant's settings as `read` gives them, kept until the tenant's next notification. */
  async settings(tenantId: number, read: () => Promise<JobBoardSettings>): Promise<JobBoardSettings> {
    const generation = this.generation(tenantId), kept = this.settingsKept.get(tenantId);
    const live = this.listener?.listening === true;
    if (live && kept?.generation === generation) return kept.value;
    const value = await read();
    if (live && generation === this.generation(tenantId)) this.settingsKept.set(tenantId, { generation, value });
    return value;
  }

  get enabled(): boolean {
    return this.ttlMs > 0 && this.maxEntries > 0 && this.listener?.listening === true;
  }

  /** The tenant's current generation: take it before reading, store with it after. */
  generation(tenantId: number): number {
    return Math.max(this.generations.get(tenantId) ?? 0, this.floor);
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
      this.floor = ++this.counter;
      this.entries.clear();
      this.settingsKept.clear();
      return;
    }
    this.generations.set(tenantId, ++this.counter);
  }

  async listen(database: Database, log?: ListenOptions['log']): Promise<void> {
    this.listener = await listen(database, [JOB_BOARD_CHANNEL], (_channel, payload) => this.invalidate(Number(payload)), { onLost: () => this.invalidate(), log });
  }

  async close(): Promise<void> {
    await this.listener?.close();
  }
}
