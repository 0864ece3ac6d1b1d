// Builds the batch worker with every handler (or the chosen types) from the configuration: used by
// `staffing serve` (in-process) and `staffing worker` (separate processes).
import type { Logger } from 'pino';
import type { Config } from '../../config.ts';
import type { Database } from '../../platform/db/database.ts';
import type { ResumeParser } from '../resumes/resume.types.ts';
import { stagingHandlers } from '../staging/staged-employee.handlers.ts';
import { BatchWorker, type WorkerOptions } from './worker.ts';

export function allHandlers(parser: ResumeParser) {
  return stagingHandlers(parser);
}

export function createWorker(database: Database, config: Config, parser: ResumeParser, log: Logger, options: { types?: string[]; concurrency?: number } & Partial<WorkerOptions> = {}): BatchWorker {
  const all = allHandlers(parser);
  const unknown = (options.types ?? []).filter((t) => !(t in all));
  if (unknown.length) throw new Error(`No handler for batch job type ${unknown.join(', ')}; known: ${Object.keys(all).join(', ')}`);
  const handlers = options.types ? Object.fromEntries(options.types.map((t) => [t, all[t]!])) : all;
  return new BatchWorker(database, {
    concurrency: config.WORKER_CONCURRENCY,
    leaseMs: config.BATCH_LEASE_SECONDS * 1000,
    maxAttempts: config.BATCH_MAX_ATTEMPTS,
    pollMs: 1000,
    graceMs: 10_000,
    log,
    ...options,
    handlers,
  });
}
