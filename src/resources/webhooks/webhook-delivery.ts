// Webhook delivery, run in the background (platform/background.ts) (docs/decisions/0031). One step: sequence the
// events committed since the last step, fan them out into deliveries (one per event and matching
// subscription, for what the subscription's creator sees), claim due deliveries under a lease
// (FOR UPDATE SKIP LOCKED: any number of workers) of subscriptions whose credential is still alive,
// POST each, signed the Standard Webhooks way, and record the outcome: delivered, retried later
// with a growing delay, or failed after the last attempt. At least once: a worker that dies after
// the POST but before recording it sends again when the lease runs out; receivers dedupe on
// `webhook-id` (the event's change id). Per record in order: a subscription's delivery of an event
// waits while an earlier event of the same record is undelivered. The loop is woken by the commit of
// events (NOTIFY, event-wake.ts), with a slow poll as a safety net (decision 0045).
import { createHmac, randomBytes } from 'node:crypto';
import http from 'node:http';
import https from 'node:https';
import { sql } from 'drizzle-orm';
import type { Config } from '../../config.ts';
import type { Database, Db } from '../../platform/db/database.ts';
import type { JobLog } from '../../platform/jobs/job-catalog.ts';
import type { BackgroundLoop } from '../../platform/background.ts';
import { addressProblem, guardedLookup } from './address-guard.ts';
import { eventChangeJoin, eventColumns, toEventBody, webhookIdOf, type EventRow } from '../../platform/events/event-shape.ts';
import { EventWaits } from '../../platform/events/event-wake.ts';
import { sequenceAllEvents } from '../../platform/events/outbox.ts';
import { disabledReason } from './subscription-state.ts';

export interface DeliveryOptions {
  /** WEBHOOK_ALLOW_HTTP: plain http URLs (tests, a receiver on the same private network). */
  allowHttp: boolean;
  /** WEBHOOK_ALLOW_PRIVATE_ADDRESSES: hosts that resolve to loopback, private or link-local addresses. */
  allowPrivate: boolean;
  /** WEBHOOK_TIMEOUT_MS: the whole attempt, connection to the last byte read. */
  timeoutMs: number;
  /** WEBHOOK_MAX_ATTEMPTS: attempts before a delivery fails for good. */
  maxAttempts: number;
  /** Deliveries claimed (and sent at once) per step. */
  batch: number;
  /** The delivery loop's safety poll: it is woken by each commit of events, and runs at least this often (retries coming due). */
  pollMs: number;
  /** Events one fan-out statement reads per subscription (FAN_OUT_EVENTS; a test sets a few). */
  fanOutEvents?: number;
  log: JobLog;
}

/** The delivery options of the configuration. */
export function webhookOptions(config: Config, log: JobLog): DeliveryOptions {
  return {
    allowHttp: config.WEBHOOK_ALLOW_HTTP, allowPrivate: config.WEBHOOK_ALLOW_PRIVATE_ADDRESSES,
    timeoutMs: config.WEBHOOK_TIMEOUT_MS, maxAttempts: config.WEBHOOK_MAX_ATTEMPTS, batch: DELIVERY_BATCH, pollMs: SAFETY_POLL_MS, log,
  };
}

/**
 * Seconds to wait after attempt n (1-based) before the next: 5 s, 5 min, 30 min, 2 h, 5 h, 10 h,
 * 10 h (the Standard Webhooks reference schedule): 8 attempts span about 27 hours. Later attempts
 * (WEBHOOK_MAX_ATTEMPTS above 8) wait 10 h each.
 */
export const RETRY_DELAYS_SECONDS = [5, 300, 1800, 7200, 18_000, 36_000, 36_000] as const;
export const retryDelaySeconds = (attempt: number) => RETRY_DELAYS_SECONDS[Math.min(attempt, RETRY_DELAYS_SECONDS.length) - 1]!;

/** How often the delivery loop runs without being woken: retries coming due, a notification lost. */
const SAFETY_POLL_MS = 5000;
/**
 * Deliveries claimed and sent at once per step: at 16 a step (about 40 ms) delivery fell behind 500
 * changes/s (`npm run bench -- events`); the sends of a step run concurrently.
 */
const DELIVERY_BATCH = 128;

/** The response bytes read (then the connection is dropped): receivers answer with a status, not a body. */
const MAX_RESPONSE_BYTES = 64 * 1024;
/** How long a claimed delivery is held: past the attempt's time limit, so a live worker never loses it. */
const leaseSeconds = (o: Pick<DeliveryOptions, 'timeoutMs'>) => Math.ceil(o.timeoutMs / 1000) + 60;

// ---- Signing (https://www.standardwebhooks.com) ----

/** A new signing secret: `whsec_` and 32 random bytes in Base64 (the key is the decoded bytes). */
export const newSecret = () => `whsec_${randomBytes(32).toString('base64')}`;

/** `v1,<Base64 HMAC-SHA256 of "<id>.<timestamp>.<body>">` under the secret's key. */
export function signature(secret: string, id: string, timestamp: number, body: string): string {
  const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64');
  return `v1,${createHmac('sha256', key).update(`${id}.${timestamp}.${body}`).digest('base64')}`;
}

// ---- The steps ----

/** Events one fan-out statement reads per subscription: its plan stays an index range scan. */
const FAN_OUT_EVENTS = 10_000;

/**
 * Turns newly sequenced events into deliveries: for each subscription that may deliver (its rep
 * active, its credential alive: subscription-state.ts; a disabled one keeps its place), the next
 * events after its last sequence (at most FAN_OUT_EVENTS), those of its types whose record's node is
 * at or below the creator's node become deliveries; its last sequence moves to the last event read.
 * Each subscription's events are read by a LATERAL scan ordered by sequence with a limit: joined
 * instead, the planner, not knowing the last sequence, estimated a third of `events` and read all of
 * it once the table had grown (the webhook fell behind 500 changes/s, docs/benchmarks.md).
 * Answers the deliveries added, and whether a subscription has more to read.
 */
export async function fanOut(db: Db, limit = FAN_OUT_EVENTS): Promise<{ added: number; more: boolean }> {
  const { rows } = await db.execute<{ n: number; more: boolean }>(sql`
    with subs as (
      select s.tenant_id, s.id, s.last_sequence, s.event_types, n.path
        from webhook_subscriptions s
        join service_reps r on r.tenant_id = s.tenant_id and r.id = s.service_rep_id
        join hierarchy_nodes n on n.tenant_id = r.tenant_id and n.id = r.hier_id
       where ${disabledReason('s')} is null
       for update of s skip locked),
    scanned as (
      select s.tenant_id, s.id as subscription_id, s.event_types, s.path, e.id as event_id, e.type, e.record_type, e.record_id, e.sequence, e.hier_id
        from subs s
        cross join lateral (
          select e.id, e.type, e.record_type, e.record_id, e.sequence, e.hier_id from events e
           where e.tenant_id = s.tenant_id and e.sequence > s.last_sequence
           order by e.sequence limit ${limit}) e),
    tops as (select tenant_id, subscription_id, max(sequence) as top, count(*) as read from scanned group by 1, 2),
    added as (
      insert into webhook_deliveries (tenant_id, subscription_id, event_id, record_type, record_id, sequence)
      select x.tenant_id, x.subscription_id, x.event_id, x.record_type, x.record_id, x.sequence
        from scanned x
        join hierarchy_nodes en on en.tenant_id = x.tenant_id and en.id = x.hier_id
       where x.type = any(x.event_types) and en.path <@ x.path
      order by x.sequence
      on conflict do nothing
      returning 1),
    moved as (
      update webhook_subscriptions w set last_sequence = t.top from tops t
       where w.tenant_id = t.tenant_id and w.id = t.subscription_id and t.top > w.last_sequence)
    select (select count(*)::int from added) as n, coalesce((select bool_or(read >= ${limit}) from tops), false) as more`);
  return { added: Number(rows[0]?.n ?? 0), more: rows[0]?.more === true };
}

type Claimed = EventRow & {
  tenant_id: number; delivery_id: string | number; subscription_id: string | number; attempts: number; url: string; secret: string;
  /** The secret before a rotation, while it still signs (null after `previous_secret_until`). */
  previous_secret: string | null;
};

async function claim(db: Db, options: Pick<DeliveryOptions, 'batch' | 'timeoutMs'>): Promise<Claimed[]> {
  const { rows } = await db.execute<Claimed>(sql`
    with claimed as (
      update webhook_deliveries d set attempts = d.attempts + 1, lease_until = now() + make_interval(secs => ${leaseSeconds(options)})
       where (d.tenant_id, d.id) in (
         select q.tenant_id, q.id from webhook_deliveries q
           join webhook_subscriptions s on s.tenant_id = q.tenant_id and s.id = q.subscription_id
          where q.status = 'Pending' and q.next_attempt_at <= now() and (q.lease_until is null or q.lease_until < now())
            -- At delivery time too: nothing is sent once the credential has ended, whenever the delivery was made.
            and ${disabledReason('s')} is null
            -- Per record in order: not while an earlier event of the record waits (retrying, or in flight) for this subscription.
            and not exists (
              select 1 from webhook_deliveries p
               where p.tenant_id = q.tenant_id and p.subscription_id = q.subscription_id and p.status = 'Pending'
                 and p.record_type = q.record_type and p.record_id = q.record_id and p.sequence < q.sequence)
          order by q.next_attempt_at, q.id
          limit ${options.batch}
          for update of q skip locked)
      returning d.tenant_id, d.id, d.subscription_id, d.event_id, d.attempts)
    select c.tenant_id, c.id as delivery_id, c.subscription_id, c.attempts, s.url, s.secret,
           case when s.previous_secret_until > now() then s.previous_secret end as previous_secret, ${sql.raw(eventColumns('e'))}
      from claimed c
      join webhook_subscriptions s on s.tenant_id = c.tenant_id and s.id = c.subscription_id
      join events e on e.tenant_id = c.tenant_id and e.id = c.event_id
      ${sql.raw(eventChangeJoin('e'))}`);
  return rows;
}

type Outcome = { ok: true } | { ok: false; error: string };

/** POSTs the body: no redirects followed, the whole attempt bounded, at most MAX_RESPONSE_BYTES read. */
export async function post(url: string, body: string, headers: Record<string, string>, options: Pick<DeliveryOptions, 'allowHttp' | 'allowPrivate' | 'timeoutMs'>): Promise<Outcome> {
  let target: URL;
  try {
    target = new URL(url);
  } catch {
    return { ok: false, error: 'invalid URL' };
  }
  if (target.protocol !== 'https:' && !(target.protocol === 'http:' && options.allowHttp)) return { ok: false, error: `${target.protocol} not allowed` };
  // A literal IP never reaches the lookup below: judged here. A name is judged on the addresses its connection uses.
  const problem = /^[\d.]+$|^\[/.test(target.hostname) ? await addressProblem(target.hostname, options.allowPrivate) : undefined;
  if (problem) return { ok: false, error: `address refused: ${problem}` };
  const client = target.protocol === 'https:' ? https : http;
  return new Promise<Outcome>((resolve) => {
    let settled = false;
    const finish = (outcome: Outcome) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      request.destroy();
      resolve(outcome);
    };
    const request = client.request(target, {
      method: 'POST', headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) },
      lookup: guardedLookup(options.allowPrivate), agent: false,
    }, (response) => {
      const status = response.statusCode ?? 0;
      let read = 0;
      const done = () => finish(status >= 200 && status < 300 ? { ok: true } : { ok: false, error: status >= 300 && status < 400 ? `HTTP ${status} (redirects are not followed)` : `HTTP ${status}` });
      response.on('data', (chunk: Buffer) => { read += chunk.length; if (read >= MAX_RESPONSE_BYTES) done(); });
      response.on('end', done);
      response.on('error', done);
    });
    const timer = setTimeout(() => finish({ ok: false, error: `timeout after ${options.timeoutMs} ms` }), options.timeoutMs);
    request.on('error', (e: NodeJS.ErrnoException) => finish({ ok: false, error: e.code === 'ADDRESS_REFUSED' ? `address refused: ${e.message}` : (e.code ?? e.message) }));
    request.end(body);
  });
}

/**
 * Records a step's outcomes in one statement (one per delivery kept the step's sends waiting on pool
 * connections: at 500 changes/s the median delivery waited about 2 s). A process that dies before it
 * runs sends the step again after the lease: receivers de-duplicate by `webhook-id`.
 */
async function record(db: Db, sent: { delivery: Claimed; outcome: Outcome }[], maxAttempts: number): Promise<void> {
  if (!sent.length) return;
  const column = <T>(f: (s: { delivery: Claimed; outcome: Outcome }) => T) => sql.param(sent.map(f));
  await db.execute(sql`update webhook_deliveries d set
      status = case when o.ok then 'Delivered' when d.attempts >= ${maxAttempts} then 'Failed' else d.status end,
      delivered_at = case when o.ok then now() else d.delivered_at end,
      lease_until = null, last_error = o.error,
      next_attempt_at = case when o.ok or d.attempts >= ${maxAttempts} then d.next_attempt_at else now() + make_interval(secs => o.delay) end
    from unnest(${column((s) => s.delivery.tenant_id)}::int[], ${column((s) => Number(s.delivery.delivery_id))}::bigint[],
                ${column((s) => s.outcome.ok)}::boolean[], ${column((s) => (s.outcome.ok ? null : s.outcome.error))}::text[],
                ${column((s) => retryDelaySeconds(s.delivery.attempts))}::int[]) as o(tenant_id, id, ok, error, delay)
   where d.tenant_id = o.tenant_id and d.id = o.id`);
}

/** Sends one claimed delivery; answers the outcome (recorded with the step's others). */
async function deliver(delivery: Claimed, options: DeliveryOptions): Promise<Outcome> {
  const event = toEventBody(delivery);
  const body = JSON.stringify(event);
  const timestamp = Math.floor(Date.now() / 1000);
  const id = webhookIdOf(event);
  const outcome = await post(delivery.url, body, {
    'content-type': 'application/json', 'user-agent': 'staffing-webhooks/1',
    'webhook-id': id, 'webhook-timestamp': String(timestamp),
    // After a rotation, signed with both secrets (space-separated): a receiver with either verifies.
    'webhook-signature': [delivery.secret, delivery.previous_secret].filter((k) => k !== null).map((k) => signature(k, id, timestamp, body)).join(' '),
  }, options);
  if (!outcome.ok) options.log.info({ deliveryId: Number(delivery.delivery_id), eventId: event.id, attempt: delivery.attempts, error: outcome.error }, 'webhook delivery failed');
  return outcome;
}

/** One step of the delivery loop; answers the deliveries attempted. Tests call it directly. */
export async function deliveryStep(database: Pick<Database, 'db'>, options: DeliveryOptions): Promise<number> {
  await sequenceAllEvents(database.db);
  // A long backlog (a week of changes) is read in bounded statements, all of it before the claim.
  let more = true;
  while (more) ({ more } = await fanOut(database.db, options.fanOutEvents));
  const claimed = await claim(database.db, options);
  const outcomes = await Promise.all(claimed.map((d) => deliver(d, options)));
  await record(database.db, claimed.map((delivery, i) => ({ delivery, outcome: outcomes[i]! })), options.maxAttempts);
  await recovered(database.db, claimed.filter((_, i) => outcomes[i]!.ok), claimed);
  return claimed.length;
}

/**
 * A subscription that answers again gets what waits for a retry at once, not after the retry's
 * delay: per-record order holds each record's later events behind its retrying one, so a receiver
 * back after a short outage would otherwise wait minutes (the second retry is 5 minutes on) for
 * events it could take now.
 */
async function recovered(db: Db, delivered: Claimed[], step: Claimed[]): Promise<void> {
  const subscriptions = [...new Map(delivered.map((d) => [`${d.tenant_id}:${d.subscription_id}`, d])).values()];
  if (!subscriptions.length) return;
  // What failed in this step stays on its delay: the receiver refused it after the outage, not during.
  await db.execute(sql`update webhook_deliveries d set next_attempt_at = now()
    from unnest(${sql.param(subscriptions.map((d) => d.tenant_id))}::int[], ${sql.param(subscriptions.map((d) => Number(d.subscription_id)))}::bigint[]) as s(tenant_id, subscription_id)
   where d.tenant_id = s.tenant_id and d.subscription_id = s.subscription_id
     and d.status = 'Pending' and d.last_error is not null and d.next_attempt_at > now()
     and d.id <> all(${sql.param(step.map((d) => Number(d.delivery_id)))}::bigint[])`);
}

/**
 * The worker's delivery loop: a step, then another at once while steps find a full batch, else when
 * events commit (any tenant's) or after pollMs. It registers for the wake before each step, so a
 * commit during the step is not missed.
 */
export class WebhookDeliverer {
  private running = false;
  private loopDone: Promise<void> | undefined;
  private readonly waits: EventWaits;
  /** Steps run so far (a test waits for the first before it writes, to see the next woken by the commit). */
  steps = 0;

  constructor(private readonly database: Pick<Database, 'db' | 'pool'>, private readonly options: DeliveryOptions) {
    this.waits = new EventWaits(options.log);
  }

  start(): void {
    if (this.running) return;
    this.running = true;
    this.loopDone = this.loop();
  }

  /** Stops after the step in hand (bounded by the attempt time limit). */
  async stop(): Promise<void> {
    this.running = false;
    await this.waits.close();
    await this.loopDone;
  }

  private async loop(): Promise<void> {
    while (this.running) {
      const armed = await this.waits.arm(this.database.pool, undefined);
      try {
        let attempted = 0;
        try {
          attempted = await deliveryStep(this.database, this.options);
        } catch (e) {
          this.options.log.warn({ err: e }, 'webhook delivery step failed');
        }
        this.steps++;
        if (attempted < this.options.batch && this.running) await armed.until(this.options.pollMs);
      } finally {
        armed.cancel();
      }
    }
  }
}

/** The delivery loop of a process's background (listed in resources/jobs.ts `backgroundLoops`). */
export const webhookDelivery: BackgroundLoop = (database, config, log) => {
  const deliverer = new WebhookDeliverer(database, webhookOptions(config, log));
  return { name: 'webhook delivery', start: () => deliverer.start(), stop: () => deliverer.stop() };
};
