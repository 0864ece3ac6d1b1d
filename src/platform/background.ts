// Everything the service runs beside its requests, started and stopped in one place: the batch
// worker (the queue of job items), the event log's (and idempotency keys') retention, and the loops the features bring
// (webhook delivery), given by the registry level (resources/jobs.ts `backgroundLoops`: platform
// imports no feature, decision 0039). `staffing serve` (in-process, WORKER_IN_PROCESS) and
// `staffing worker` (separate processes) both start this.
import type { Config } from '../config.ts';
import type { Database } from './db/database.ts';
import type { JobCatalog, JobLog } from './jobs/job-catalog.ts';
import { BatchWorker, type WorkerOptions } from './jobs/worker.ts';
import { pruneEvents, pruneHistory } from './events/retention.ts';
import { pruneIdempotencyKeys } from './idempotency/idempotency.ts';

/** One loop of the background: started once, stopped after the step in hand. */
export interface Loop {
  readonly name: string;
  start(): void | Promise<void>;
  stop(): Promise<void>;
}

/** A feature's loop, made for one process's background (webhook delivery). */
export type BackgroundLoop = (database: Database, config: Config, log: JobLog) => Loop;

/** How often the event log is pruned. */
const PRUNE_EVERY_MS = 3_600_000;

/** A loop that runs `step` at once and then every `everyMs`; a failed step is logged and the loop goes on. */
export function periodic(name: string, everyMs: number, step: () => Promise<unknown>, log: JobLog): Loop {
  let timer: NodeJS.Timeout | undefined;
  let inHand: Promise<unknown> = Promise.resolve();
  const run = () => { inHand = step().catch((err: unknown) => log.warn({ err, loop: name }, 'background step failed')); };
  return {
    name,
    start() { run(); timer = setInterval(run, everyMs).unref(); },
    async stop() { clearInterval(timer); await inHand; },
  };
}

/** History's pruning, when HISTORY_RETENTION_DAYS is set (unset: kept for good, no loop). */
function historyRetention(database: Database, config: Config, log: JobLog): Loop[] {
  const days = config.HISTORY_RETENTION_DAYS;
  return days === undefined ? [] : [periodic('history retention', PRUNE_EVERY_MS, () => pruneHistory(database.db, days), log)];
}

/** `loops`: the features' loops to run beside the worker (resources/jobs.ts `backgroundLoops`). */
export type BackgroundOptions = { types?: string[]; loops?: readonly BackgroundLoop[] } & Partial<Omit<WorkerOptions, 'catalog' | 'log'>>;

export interface Background {
  /** The batch worker (its id, for logs and tests). */
  readonly worker: BatchWorker;
  start(): Promise<void>;
  stop(): Promise<void>;
}

/**
 * The background of one process: the worker for the catalog's job types (or the chosen ones; an
 * unknown type is refused here), the features' loops and retention. Deliveries and pruning are safe in any
 * number of processes (leases, short batched deletes).
 */
export function createBackground(database: Database, config: Config, catalog: JobCatalog, log: JobLog, options: BackgroundOptions = {}): Background {
  const { types, loops: features = [], ...tuning } = options;
  const known = catalog.map((d) => d.type);
  const unknown = (types ?? []).filter((t) => !known.includes(t));
  if (unknown.length) throw new Error(`No handler for batch job type ${unknown.join(', ')}; known: ${known.join(', ')}`);
  const worker = new BatchWorker(database, {
    concurrency: config.WORKER_CONCURRENCY,
    leaseMs: config.BATCH_LEASE_SECONDS * 1000,
    maxAttempts: config.BATCH_MAX_ATTEMPTS,
    pollMs: 1000,
    graceMs: 10_000,
    log,
    ...tuning,
    catalog: types ? [...new Set(types)].flatMap((t) => catalog.filter((d) => d.type === t)) : catalog,
  });
  const loops: Loop[] = [
    { name: 'batch worker', start: () => worker.start(), stop: () => worker.stop() },
    ...features.map((loop) => loop(database, config, log)),
    periodic('event retention', PRUNE_EVERY_MS, () => pruneEvents(database.db, config.EVENT_RETENTION_DAYS), log),
    ...historyRetention(database, config, log),
    periodic('idempotency key retention', PRUNE_EVERY_MS, () => pruneIdempotencyKeys(database.db, config.IDEMPOTENCY_KEY_HOURS), log),
  ];
  return {
    worker,
    async start() { for (const loop of loops) await loop.start(); },
    async stop() { await Promise.all(loops.map((loop) => loop.stop())); },
  };
}
