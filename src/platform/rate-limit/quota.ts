// Per-credential request quotas (decision 0046): every authenticated API request spends a point of its
// credential's quota for the minute, one budget for every API process, counted in the `rate_limits`
// table by rate-limiter-flexible (decision 0034's store, under the name `apiByCredential`).
//
// No statement per request: a process reserves points from the shared counter in blocks (one upsert
// reserves a block) and spends them in memory; a credential that has nothing left is refused in memory
// until its window ends. A block's grant is cut at the quota (what the counter had left before it), so
// all processes together never grant more than the quota. The price is the other way: points a
// process reserved and did not spend are not the others' until the window ends, so with N processes a
// credential may be refused up to N × (block - 1) requests early. The block is a hundredth of the
// quota (1 to 1,000): exact below 200 requests a minute, within 0.1 % per process above 100,000.
//
// The quota is the tenant's own (`tenants.api_quota_per_minute`, set by `staffing quota`), else
// API_QUOTA_PER_MINUTE; a process reads a tenant's at most once a minute.
import { eq, getTableName } from 'drizzle-orm';
import { RateLimiterPostgres, RateLimiterRes } from 'rate-limiter-flexible';
import type { Db } from '../db/database.ts';
import type { Queryable } from '../db/pipeline.ts';
import { tenants } from '../db/schema.ts';
import { keyOf, type LimitState } from './rate-limit.ts';
import { rateLimits } from './rate-limit.table.ts';

/** The quota's window: requests per minute. */
export const QUOTA_WINDOW_SECONDS = 60;
/** The policy's name in RateLimit-Policy and RateLimit. */
export const QUOTA_POLICY = 'credential';
const MAX_BLOCK = 1000;
const MAX_KEYS = 10_000;

/** Points one reservation asks for: a hundredth of the quota, at least 1 and at most 1,000. */
export function blockOf(quota: number): number {
  return Math.min(MAX_BLOCK, Math.max(1, Math.floor(quota / 100)));
}

/** What this process holds of a credential's window. */
interface Allowance {
  quota: number;
  /** When the shared window ends (this process's epoch ms). */
  until: number;
  /** Points reserved by this process and not spent yet. */
  left: number;
  /** Points of the quota nobody had reserved at this process's last reservation. */
  unreserved: number;
}

export interface QuotaOptions {
  /** Requests a minute per credential where its tenant has no quota of its own. */
  perMinute: number;
  /** The tenant's own quota, or null. */
  tenantQuota(tenantId: number): Promise<number | null>;
}

const seconds = (ms: number) => (ms > 0 ? Math.ceil(ms / 1000) : 0);

function stateOf(allowance: Allowance, allowed: boolean, now: number): LimitState {
  return { allowed, limit: allowance.quota, remaining: allowance.left + allowance.unreserved, resetSeconds: seconds(allowance.until - now) };
}

export class Quotas {
  private readonly allowances = new Map<string, Allowance>();
  private readonly reserving = new Map<string, Promise<void>>();
  private readonly tenantQuotas = new Map<number, { quota: number; until: number }>();
  private readonly counter: RateLimiterPostgres;

  constructor(store: Queryable, private readonly options: QuotaOptions) {
    this.counter = new RateLimiterPostgres({
      storeClient: store, storeType: 'pool', tableName: getTableName(rateLimits), tableCreated: true,
      // The API's set of limits (openLimits) cleans the table.
      clearExpiredByTimeout: false,
      keyPrefix: 'apiByCredential',
      // The library only counts: what a block grants is decided here, against each tenant's quota.
      points: Number.MAX_SAFE_INTEGER,
      duration: QUOTA_WINDOW_SECONDS,
    });
  }

  /**
   * Spends a point of credential `key` (of tenant `tenantId`); refused (`allowed: false`) when none is
   * left in its window. Answers without the database while this process holds points of the key, or
   * knows it has none.
   */
  async spend(key: string, tenantId: number): Promise<LimitState> {
    for (;;) {
      const now = Date.now();
      const allowance = this.allowances.get(key);
      if (allowance && allowance.until > now) {
        if (allowance.left > 0) {
          allowance.left -= 1;
          return stateOf(allowance, true, now);
        }
        if (allowance.unreserved === 0) return stateOf(allowance, false, now);
      }
      // One reservation at a time per key: the requests that arrive meanwhile wait for its block.
      let reservation = this.reserving.get(key);
      if (!reservation) {
        reservation = this.reserve(key, tenantId).finally(() => this.reserving.delete(key));
        this.reserving.set(key, reservation);
      }
      await reservation;
    }
  }

  private async reserve(key: string, tenantId: number): Promise<void> {
    const quota = await this.quotaOf(tenantId);
    const block = blockOf(quota);
    let counted: RateLimiterRes;
    try {
      counted = await this.counter.consume(keyOf(key), block);
    } catch (refused) {
      if (refused instanceof RateLimiterRes) counted = refused;
      else throw refused;
    }
    const before = counted.consumedPoints - block;
    this.remember(key, {
      quota,
      until: Date.now() + counted.msBeforeNext,
      left: Math.min(block, Math.max(0, quota - before)),
      unreserved: Math.max(0, quota - counted.consumedPoints),
    });
  }

  private async quotaOf(tenantId: number): Promise<number> {
    const now = Date.now();
    const known = this.tenantQuotas.get(tenantId);
    if (known && known.until > now) return known.quota;
    const quota = (await this.options.tenantQuota(tenantId)) ?? this.options.perMinute;
    if (this.tenantQuotas.size >= MAX_KEYS) this.tenantQuotas.clear();
    this.tenantQuotas.set(tenantId, { quota, until: now + QUOTA_WINDOW_SECONDS * 1000 });
    return quota;
  }

  private remember(key: string, allowance: Allowance): void {
    if (this.allowances.size >= MAX_KEYS && !this.allowances.has(key)) {
      const now = Date.now();
      for (const [k, a] of this.allowances) if (a.until <= now) this.allowances.delete(k);
      // Every window still open: the oldest entry goes (its credential reserves again, a little early).
      if (this.allowances.size >= MAX_KEYS) this.allowances.delete(this.allowances.keys().next().value!);
    }
    this.allowances.set(key, allowance);
  }
}

/** RateLimit-Policy and RateLimit (IETF httpapi ratelimit-headers draft) for a quota's state. */
export function quotaHeaders(state: LimitState): Record<string, string> {
  return {
    'ratelimit-policy': `"${QUOTA_POLICY}";q=${state.limit};w=${QUOTA_WINDOW_SECONDS}`,
    ratelimit: `"${QUOTA_POLICY}";r=${state.remaining};t=${state.resetSeconds}`,
  };
}

/** Reads a tenant's own quota (null: none): one short statement, at most once a minute per tenant and process. */
export function tenantQuotaReader(store: Queryable): (tenantId: number) => Promise<number | null> {
  return async (tenantId) => {
    const { rows } = await store.query<{ quota: number | null }>({
      name: 'tenant_api_quota', text: 'select api_quota_per_minute as quota from tenants where id = $1', values: [tenantId],
    });
    return rows[0]?.quota ?? null;
  };
}

/** Sets a tenant's own quota (null: back to API_QUOTA_PER_MINUTE); every process applies it within a minute. */
export async function setTenantQuota(db: Db, tenantId: number, perMinute: number | null): Promise<void> {
  await db.update(tenants).set({ apiQuotaPerMinute: perMinute }).where(eq(tenants.id, tenantId));
}

/** A tenant's own quota, or null. */
export async function readTenantQuota(db: Db, tenantId: number): Promise<number | null> {
  const [row] = await db.select({ quota: tenants.apiQuotaPerMinute }).from(tenants).where(eq(tenants.id, tenantId));
  return row?.quota ?? null;
}
