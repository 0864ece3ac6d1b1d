// Builds the batch worker from the configuration for a job catalog (every type in it, or the chosen
// ones): `staffing serve` (in-process) and `staffing worker` (separate processes) pass the catalog of
// src/resources/jobs.ts.
import type { Config } from '../../config.ts';
import type { Database } from '../db/database.ts';
import type { JobCatalog, JobLog } from './job-catalog.ts';
import { BatchWorker, type WorkerOptions } from './worker.ts';
import { webhookOptions } from '../events/delivery.ts';

export type StartOptions = { types?: string[] } & Partial<Omit<WorkerOptions, 'catalog' | 'log'>>;

export function createWorker(database: Database, config: Config, catalog: JobCatalog, log: JobLog, options: StartOptions = {}): BatchWorker {
  const { types, ...tuning } = options;
  const known = catalog.map((d) => d.type);
  const unknown = (types ?? []).filter((t) => !known.includes(t));
  if (unknown.length) throw new Error(`No handler for batch job type ${unknown.join(', ')}; known: ${known.join(', ')}`);
  return new BatchWorker(database, {
    concurrency: config.WORKER_CONCURRENCY,
    leaseMs: config.BATCH_LEASE_SECONDS * 1000,
    maxAttempts: config.BATCH_MAX_ATTEMPTS,
    pollMs: 1000,
    graceMs: 10_000,
    log,
    webhooks: webhookOptions(config, log),
    ...tuning,
    catalog: types ? [...new Set(types)].flatMap((t) => catalog.filter((d) => d.type === t)) : catalog,
  });
}
