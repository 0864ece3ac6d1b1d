// The post-registration procedure (REG-05, decision 0023): a tenant's HTTPS callback receives every
// query parameter of the link with what the registration created. The registration writes the
// delivery into an outbox in its own transaction; the deliverer sends it after the commit (the
// applicant never waits for it), signed with the tenant's secret, and retries with backoff.
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/database.ts';
import type { DataScope } from '../../platform/scope.ts';
import { registrationCallbacks } from './registration.table.ts';

export const SIGNATURE_HEADER = 'staffing-signature';
export const DELIVERY_HEADER = 'staffing-delivery';
/** Seconds to wait after each failed attempt; after the last, the delivery is given up. */
export const BACKOFF_SECONDS = [30, 120, 600, 3600, 4 * 3600, 12 * 3600, 24 * 3600] as const;
const TIMEOUT_MS = 10_000;
/** How long a claimed delivery is held by its deliverer before another may take it. */
const CLAIM_SECONDS = 120;

/** Why a callback address is refused: HTTPS, or plain HTTP to this machine (tests, a local relay). */
export function callbackUrlProblem(url: string): string | undefined {
  let parsed: URL;
  try { parsed = new URL(url); } catch { return 'is not an absolute URL'; }
  if (parsed.username || parsed.password) return 'must not hold credentials';
  if (parsed.protocol === 'https:') return undefined;
  const loopback = ['127.0.0.1', '[::1]', 'localhost'].includes(parsed.hostname);
  return parsed.protocol === 'http:' && loopback ? undefined : 'must be https (http only to 127.0.0.1, ::1 or localhost)';
}

export const newCallbackSecret = () => `whsec_${randomBytes(32).toString('base64url')}`;

/** `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>">`. */
export function signatureHeader(secret: string, body: string, now = new Date()): string {
  const t = Math.floor(now.getTime() / 1000);
  return `t=${t},v1=${createHmac('sha256', secret).update(`${t}.${body}`).digest('hex')}`;
}

/** What a receiver does: the header's signature matches the body and is at most `toleranceSeconds` old. */
export function verifySignature(secret: string, header: string, body: string, toleranceSeconds = 300, now = new Date()): boolean {
  const t = Number(/(?:^|,)t=(\d{1,12})(?:,|$)/.exec(header)?.[1]);
  const given = Buffer.from(/(?:^|,)v1=([0-9a-f]{64})(?:,|$)/.exec(header)?.[1] ?? '', 'hex');
  if (!Number.isInteger(t) || Math.abs(now.getTime() / 1000 - t) > toleranceSeconds) return false;
  const expected = createHmac('sha256', secret).update(`${t}.${body}`).digest();
  return given.length === expected.length && timingSafeEqual(given, expected);
}

export interface CallbackPayload {
  event: 'registration';
  registrationId: number;
  tenantName: string;
  localeId: string;
  /** Every query parameter of the link, as given. */
  parameters: Record<string, string>;
  employeeId: number;
  webUserId: number;
  workflowId: number | null;
  jobOrderCandidateIds: number[];
  createdAt: string;
}

/** Queues the delivery in the registration's transaction. */
export async function enqueueCallback(tx: DataScope, url: string, payload: CallbackPayload): Promise<void> {
  await tx.insert(registrationCallbacks, { registrationId: payload.registrationId, url, body: JSON.stringify(payload) });
}

interface Due { tenant_id: number; id: number; url: string; body: string; attempts: number; secret: string | null }

async function post(url: string, body: string, secret: string, id: string, now: Date): Promise<{ status: number | null; error: string | null }> {
  try {
    const res = await fetch(url, {
      method: 'POST', body, redirect: 'manual', signal: AbortSignal.timeout(TIMEOUT_MS),
      headers: { 'content-type': 'application/json', 'user-agent': 'staffing-registration-callback', [SIGNATURE_HEADER]: signatureHeader(secret, body, now), [DELIVERY_HEADER]: id },
    });
    await res.body?.cancel().catch(() => {});
    return { status: res.status, error: res.ok ? null : `answered ${res.status}` };
  } catch (e) {
    return { status: null, error: e instanceof Error ? e.message.slice(0, 500) : 'failed' };
  }
}

/**
 * Sends the deliveries due at `now` (claimed with SKIP LOCKED, so several processes share the work):
 * a 2xx marks one delivered; anything else counts an attempt and schedules the next by BACKOFF_SECONDS.
 * Answers how many were attempted.
 */
export async function deliverDue(db: Db, options: { now?: Date; limit?: number } = {}): Promise<number> {
  const now = options.now ?? new Date();
  const { rows } = await db.execute<Due & Record<string, unknown>>(sql`
    update registration_callbacks c set next_attempt_at = ${now}::timestamptz + make_interval(secs => ${CLAIM_SECONDS})
     where (c.tenant_id, c.id) in (
       select q.tenant_id, q.id from registration_callbacks q
        where q.delivered_at is null and q.gave_up_at is null and q.next_attempt_at <= ${now}::timestamptz
        order by q.next_attempt_at limit ${options.limit ?? 20} for update skip locked)
    returning c.tenant_id, c.id, c.url, c.body, c.attempts,
      (select s.callback_secret from registration_settings s where s.tenant_id = c.tenant_id) as secret`);
  await Promise.all(rows.map(async (row) => {
    const attempts = row.attempts + 1;
    const result = row.secret ? await post(row.url, row.body, row.secret, `${row.tenant_id}-${row.id}`, now) : { status: null, error: 'the tenant has no callback secret' };
    const delivered = result.error === null;
    const wait = BACKOFF_SECONDS[attempts - 1];
    await db.update(registrationCallbacks).set({
      attempts, lastStatus: result.status, lastError: result.error,
      deliveredAt: delivered ? new Date() : null,
      gaveUpAt: !delivered && wait === undefined ? new Date() : null,
      nextAttemptAt: new Date(now.getTime() + (wait ?? 0) * 1000),
    }).where(and(eq(registrationCallbacks.tenantId, row.tenant_id), eq(registrationCallbacks.id, row.id)));
  }));
  return rows.length;
}

export interface DelivererLog { warn(obj: object, msg: string): void }

/**
 * Runs deliverDue now and then (every `pollMs`), and at once when woken after a registration commits.
 * One per process serving registrations; deliveries are claimed, so several processes never send the
 * same one at once.
 */
export class CallbackDeliverer {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private again = false;

  constructor(private readonly db: Db, private readonly log: DelivererLog, private readonly pollMs = 15_000) {}

  start(): void {
    this.timer ??= setInterval(() => this.wake(), this.pollMs).unref();
  }

  wake(): void {
    if (this.running) { this.again = true; return; }
    this.running = this.drain().finally(() => {
      this.running = undefined;
      if (this.again && this.timer) { this.again = false; this.wake(); }
    });
  }

  private async drain(): Promise<void> {
    try {
      while (this.timer && (await deliverDue(this.db)) > 0);
    } catch (e) {
      this.log.warn({ err: e }, 'registration callbacks: delivery failed');
    }
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    this.timer = undefined;
    await this.running;
  }
}
