// The background worker: claims items of the types of its job catalog, processes each (the
// handler's slow part outside any transaction, its writes and the item's end in one transaction) as
// the rep who created the job, and keeps going until stopped. Runs in the API process by default and
// as `staffing worker`.
import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import type pg from 'pg';
import { sql } from 'drizzle-orm';
import { transaction, type Database } from '../db/database.ts';
import { listen, type Listener } from '../db/listen.ts';
import { principalOfRep } from '../auth/rep-principal.ts';
import type { Principal } from '../auth/principal.ts';
import { DataScope } from '../scope.ts';
import { decodeParameters, ItemFailure, Refused, resultOf, type JobCatalog, type JobDefinition, type JobInfo, type JobLog } from './job-catalog.ts';
import { claimItems, completeFinishedJobs, completeJobIfDone, failAbandoned, finishItem, finishItems, ITEMS_CHANNEL, releaseItems, renewLeases, type ClaimedItem, type ItemOutcome } from './queue.ts';
import { AppError } from '../http/errors.ts';

/** How often a worker says it is alive, and after how long without a word it is taken as gone. */
const HEARTBEAT_MS = 10_000;
const WORKER_ALIVE_SECONDS = 30;

/** Whether a live worker listens for the type (BATCH-05: a job says when nobody does). The workers are the service's, not a tenant's. */
export async function isListenedFor(scope: DataScope, type: string): Promise<boolean> {
  const { rows } = await scope.db.execute<{ n: number }>(sql`select count(*)::int as n from batch_workers
    where ${type} = any(types) and last_seen_at > now() - make_interval(secs => ${WORKER_ALIVE_SECONDS})`);
  return Number(rows[0]?.n ?? 0) > 0;
}

export interface WorkerOptions {
  /** The job types this worker runs. */
  catalog: JobCatalog;
  /** Items processed at once. */
  concurrency: number;
  leaseMs: number;
  maxAttempts: number;
  /** Fallback polling when no notification arrives (another process's NOTIFY may be lost on reconnect). */
  pollMs: number;
  /** How long stop() waits for items in hand before giving them back. */
  graceMs: number;
  log: JobLog;
}

export class BatchWorker {
  readonly id = `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  private readonly definitions = new Map<string, JobDefinition>();
  private readonly types: string[];
  /** The types whose items are claimed one by one, and those taken in chunks (JobDefinition.chunk). */
  private readonly singleTypes: string[];
  private readonly chunkTypes: string[];
  private readonly chunkSize: number;
  private running = false;
  /** What is in hand: an item, or a chunk of one job's items (each counts once against the concurrency). */
  private readonly inFlight = new Map<string, { items: ClaimedItem[]; done: Promise<void> }>();
  private wake: (() => void) | undefined;
  private listener: Listener | undefined;
  private loopDone: Promise<void> | undefined;
  private timers: NodeJS.Timeout[] = [];
  private readonly principals = new Map<string, { principal: Principal | undefined; until: number }>();

  constructor(private readonly database: Database, private readonly options: WorkerOptions) {
    for (const definition of options.catalog) {
      if (this.definitions.has(definition.type)) throw new Error(`The job catalog names ${definition.type} twice.`);
      this.definitions.set(definition.type, definition);
    }
    this.types = [...this.definitions.keys()];
    this.chunkTypes = options.catalog.filter((d) => d.chunk).map((d) => d.type);
    this.singleTypes = this.types.filter((t) => !this.chunkTypes.includes(t));
    this.chunkSize = Math.max(1, ...options.catalog.map((d) => d.chunk?.size ?? 1));
  }

  async start(): Promise<void> {
    if (this.running || this.types.length === 0) return;
    this.running = true;
    await this.heartbeat();
    // Items queued while the connection was down were not announced: look for them once it is back.
    this.listener = await listen(this.database, [ITEMS_CHANNEL], (_channel, type) => { if (this.types.includes(type)) this.wake?.(); },
      { onRestored: () => this.wake?.(), log: this.options.log });
    this.timers.push(setInterval(() => void this.heartbeat().catch(() => {}), HEARTBEAT_MS).unref());
    // Items in hand keep their lease while they run, renewed three times a lease; a worker that dies
    // stops renewing, and its items are claimed again one lease later.
    this.timers.push(setInterval(() => void renewLeases(this.database.db, this.id, this.held(), this.options.leaseMs).catch(() => {}),
      Math.max(20, this.options.leaseMs / 3)).unref());
    this.timers.push(setInterval(() => void failAbandoned(this.database.db, this.types, this.options.maxAttempts)
      .then(() => completeFinishedJobs(this.database.db, this.types)).catch(() => {}), 15_000).unref());
    this.loopDone = this.loop();
    this.options.log.info({ worker: this.id, types: this.types }, 'batch worker started');
  }

  /** Stops claiming, lets items in hand finish for up to graceMs, then gives the rest back to the queue. */
  async stop(): Promise<void> {
    if (!this.running) return;
    this.running = false;
    this.wake?.();
    for (const t of this.timers) clearInterval(t);
    await this.loopDone;
    const pending = [...this.inFlight.values()];
    let timer: NodeJS.Timeout | undefined;
    const graceOver = new Promise<void>((resolve) => { timer = setTimeout(resolve, this.options.graceMs); });
    await Promise.race([Promise.all(pending.map((p) => p.done)), graceOver]);
    clearTimeout(timer);
    await releaseItems(this.database.db, this.id, this.held()).catch(() => {});
    await this.database.db.execute(sql`delete from batch_workers where id = ${this.id}`).catch(() => {});
    await this.listener?.close();
  }

  private async heartbeat() {
    await this.database.db.execute(sql`insert into batch_workers (id, types, host, pid) values (${this.id}, ${sql.param(this.types)}::text[], ${hostname()}, ${process.pid})
      on conflict (id) do update set last_seen_at = now(), types = excluded.types`);
  }

  private async loop() {
    while (this.running) {
      let claimed = 0;
      try {
        claimed += this.start1(await this.claim(this.singleTypes, this.options.concurrency - this.inFlight.size));
        // A chunk counts as one item in hand: the items of one claim are grouped by job.
        if (this.chunkTypes.length && this.inFlight.size < this.options.concurrency) {
          const items = await claimItems(this.database.db, this.id, this.chunkTypes, this.chunkSize, this.options.leaseMs, this.options.maxAttempts);
          const byJob = new Map<string, ClaimedItem[]>();
          for (const item of items) {
            const job = `${item.tenantId}:${item.batchJobId}`;
            const chunk = byJob.get(job);
            if (chunk) chunk.push(item);
            else byJob.set(job, [item]);
          }
          for (const [job, chunk] of byJob) this.hold(`chunk:${job}:${chunk[0]!.id}`, chunk, this.runChunk(chunk));
          claimed += items.length;
        }
      } catch (e) {
        this.options.log.warn({ err: e }, 'claiming batch items failed');
      }
      if (claimed === 0 || this.inFlight.size >= this.options.concurrency) await this.sleep();
    }
  }

  private async claim(types: string[], free: number): Promise<ClaimedItem[]> {
    if (free <= 0 || types.length === 0) return [];
    return claimItems(this.database.db, this.id, types, free, this.options.leaseMs, this.options.maxAttempts);
  }

  /** Starts each item claimed alone; answers how many. */
  private start1(items: ClaimedItem[]): number {
    for (const item of items) this.hold(`${item.tenantId}:${item.id}`, [item], this.run(item));
    return items.length;
  }

  /** The items in hand. */
  private held(): ClaimedItem[] {
    return [...this.inFlight.values()].flatMap((p) => p.items);
  }

  private hold(key: string, items: ClaimedItem[], running: Promise<void>) {
    const done = running.finally(() => { this.inFlight.delete(key); this.wake?.(); });
    this.inFlight.set(key, { items, done });
  }

  /** Until a notification, a finished item, stop() or the polling interval. */
  private sleep(): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(done, this.options.pollMs);
      function done() { clearTimeout(timer); resolve(); }
      this.wake = done;
    });
  }

  private async run(item: ClaimedItem): Promise<void> {
    const log = this.options.log.child({ batchJobId: item.batchJobId, batchJobItemId: item.id });
    const db = this.database.db;
    try {
      const definition = this.definitions.get(item.jobType)!; // claims are only of the catalog's types
      const { parameters: stored, ...job } = await this.job(item);
      const parameters = decodeParameters(definition, stored);
      const principal = await this.principal(item.tenantId, job.serviceRepId);
      if (!principal) throw new ItemFailure('The service rep who created the batch job is no longer active.');
      // The job's changes are the job's (history names it, and the rep who made it through the credential).
      const origin = { jobId: job.id };
      const scope = new DataScope(db, principal, undefined, origin);
      const apply = await definition.handle({ job, scope, log, services: undefined }, parameters, item); // services: withServices
      await transaction(db, async ({ db: txDb, client }) => {
        await this.bound(client);
        const answer = await apply(new DataScope(txDb, principal, client, origin));
        if (answer instanceof Refused) throw answer.error;
        const result = resultOf(answer);
        if (!(await finishItem(client, item, this.id, { status: 'Completed', ...result }))) throw new LeaseLost();
      }, { 'staffing.actor': scope.actorSetting });
      await completeJobIfDone(this.database.pool, item.tenantId, item.batchJobId);
    } catch (e) {
      if (e instanceof LeaseLost) return log.warn('lease lost: the item was given to another worker; its changes were rolled back');
      const failure = e instanceof ItemFailure;
      const final = failure || item.attempts >= this.options.maxAttempts;
      if (!failure) log.error({ err: e, attempt: item.attempts }, 'batch item failed');
      if (!final) return; // its lease runs out and it is claimed again (bounded by maxAttempts)
      const reason = failure ? e.message : `Failed after ${item.attempts} attempts: ${e instanceof Error ? e.message : String(e)}`;
      const principal = await this.principal(item.tenantId, (await this.job(item).catch(() => undefined))?.serviceRepId ?? 0).catch(() => undefined);
      const origin = { jobId: item.batchJobId };
      await transaction(db, async ({ db: txDb, client }) => {
        await this.bound(client);
        if (failure && e.apply && principal) await e.apply(new DataScope(txDb, principal, client, origin));
        await finishItem(client, item, this.id, { status: 'Failed', reason });
      }, principal ? { 'staffing.actor': new DataScope(db, principal, undefined, origin).actorSetting } : {}).then(() => completeJobIfDone(this.database.pool, item.tenantId, item.batchJobId))
        .catch((err) => log.error({ err }, 'recording the failure of a batch item failed'));
    }
  }

  /**
   * A chunk of one job's items (JobDefinition.chunk): their writes and their ends in one transaction.
   * First without savepoints (the common case: every write succeeds); when a write fails its item,
   * the transaction is rolled back and the chunk applied again with a savepoint per item, so the
   * failed item is recorded as Failed and the others as they end. A lost lease, or an error that is
   * not the item's, rolls everything back: the items are claimed again after their lease, and since
   * nothing of them committed, nothing is done twice.
   */
  private async runChunk(items: ClaimedItem[]): Promise<void> {
    const first = items[0]!;
    const log = this.options.log.child({ batchJobId: first.batchJobId, batchJobItems: items.length });
    const db = this.database.db;
    try {
      const definition = this.definitions.get(first.jobType)!;
      const { parameters: stored, ...job } = await this.job(first);
      const principal = await this.principal(first.tenantId, job.serviceRepId);
      if (!principal) throw new ItemFailure('The service rep who created the batch job is no longer active.');
      const parameters = decodeParameters(definition, stored);
      const origin = { jobId: job.id };
      const scope = new DataScope(db, principal, undefined, origin);
      const applies = await definition.chunk!.handle({ job, scope, log, services: undefined }, parameters, items);
      const apply = (savepoints: boolean) => transaction(db, async ({ db: txDb, client }) => {
        await this.bound(client);
        const tx = new DataScope(txDb, principal, client, origin);
        const outcomes: ItemOutcome[] = [];
        for (const write of applies) {
          if (savepoints) await client.query('savepoint item');
          try {
            const answer = await write(tx);
            outcomes.push(answer instanceof Refused ? { status: 'Failed', reason: reasonOf(answer.error) } : { status: 'Completed', ...resultOf(answer) });
            if (savepoints) await client.query('release savepoint item');
          } catch (e) {
            if (!isItemsOwn(e)) throw e;
            if (!savepoints) throw new AgainWithSavepoints();
            await client.query('rollback to savepoint item');
            outcomes.push({ status: 'Failed', reason: reasonOf(e) });
          }
        }
        if (!(await finishItems(client, items, this.id, outcomes))) throw new LeaseLost();
      }, { 'staffing.actor': scope.actorSetting });
      await apply(false).catch((e: unknown) => { if (e instanceof AgainWithSavepoints) return apply(true); throw e; });
      await completeJobIfDone(this.database.pool, first.tenantId, first.batchJobId);
    } catch (e) {
      if (e instanceof LeaseLost) return log.warn('lease lost: the chunk was given to another worker; its changes were rolled back');
      if (!(e instanceof ItemFailure) && first.attempts < this.options.maxAttempts) {
        return log.error({ err: e, attempt: first.attempts }, 'batch chunk failed'); // claimed again after its lease
      }
      const reason = e instanceof ItemFailure ? e.message : `Failed after ${first.attempts} attempts: ${e instanceof Error ? e.message : String(e)}`;
      await transaction(db, async ({ client }) => {
        await finishItems(client, items, this.id, items.map(() => ({ status: 'Failed', reason })));
      }).then(() => completeJobIfDone(this.database.pool, first.tenantId, first.batchJobId))
        .catch((err) => log.error({ err }, 'recording the failure of a batch chunk failed'));
    }
  }

  /**
   * Bounds an item's transaction: a worker that freezes in it (SIGSTOP, a stalled VM) loses its
   * connection, and so its locks, once idle for half a lease; a lock it waits for longer than that is
   * an error (retried like a lost lease). Other workers never wait on it for long.
   */
  private async bound(client: pg.PoolClient): Promise<void> {
    const ms = String(Math.max(1000, Math.floor(this.options.leaseMs / 2)));
    await client.query(`select set_config('idle_in_transaction_session_timeout', $1, true), set_config('lock_timeout', $1, true)`, [ms]);
  }

  /** The item's job, with its parameters as stored (checked against the type's schema before use). */
  private async job(item: ClaimedItem): Promise<JobInfo & { parameters: unknown }> {
    const { rows } = await this.database.db.execute<{ batch_job_type: string; parameters: unknown; service_rep_id: number }>(
      sql`select batch_job_type, parameters, service_rep_id from batch_jobs where tenant_id = ${item.tenantId} and id = ${item.batchJobId}`);
    const row = rows[0]!;
    return { id: item.batchJobId, type: row.batch_job_type, parameters: row.parameters, serviceRepId: row.service_rep_id };
  }

  private async principal(tenantId: number, serviceRepId: number): Promise<Principal | undefined> {
    const key = `${tenantId}:${serviceRepId}`;
    const hit = this.principals.get(key);
    if (hit && hit.until > Date.now()) return hit.principal;
    const principal = await principalOfRep(this.database.db, tenantId, serviceRepId);
    this.principals.set(key, { principal, until: Date.now() + 5_000 });
    return principal;
  }
}

class LeaseLost extends Error {}
/** A chunk's write failed its item: the chunk is applied again, each item under a savepoint. */
class AgainWithSavepoints extends Error {}

/** An error that belongs to the item (its data), not to the worker or the database: the item fails, the others go on. */
function isItemsOwn(e: unknown): e is ItemFailure | AppError {
  return e instanceof ItemFailure || (e instanceof AppError && e.status < 500);
}

/** An item's failure as its reason says it: `field: message` for each field an AppError names, else its message. */
function reasonOf(e: ItemFailure | AppError): string {
  const fields = e instanceof AppError && e.errors ? Object.entries(e.errors) : [];
  return fields.length ? fields.map(([field, messages]) => `${field}: ${messages.join('; ')}`).join(' | ') : e.message;
}
