// `staffing worker [--types a,b] [--concurrency n]`: the batch worker on its own, for more
// throughput or to keep parsing off the API nodes. Stops gracefully on SIGINT/SIGTERM. Bad options
// are wrong usage (refusals.ts).
import { parseArgs } from 'node:util';
import pino from 'pino';
import type { Config } from '../config.ts';
import { connect } from '../platform/db/connect.ts';
import { retryWhileUnreachable } from '../platform/db/database.ts';
import { EXIT_DATABASE_LOST } from '../platform/db/embedded-supervisor.ts';
import { stopOnSignals } from '../platform/shutdown.ts';
import { prepareDatabase } from '../resources/database/prepare-database.ts';
import { createBackground } from '../platform/background.ts';
import { createResumeParser } from '../resources/resumes/resume.parser.ts';
import { backgroundLoops, jobCatalog } from '../resources/jobs.ts';
import { UsageError } from './refusals.ts';

type Stop = () => Promise<void>;

export async function workerCommand(config: Config, args: string[]): Promise<number> {
  const { values } = parseArgs({ args, options: { types: { type: 'string' }, concurrency: { type: 'string' } } });
  const concurrency = values.concurrency === undefined ? undefined : Number(values.concurrency);
  if (concurrency !== undefined && !(Number.isInteger(concurrency) && concurrency >= 1 && concurrency <= 64)) throw new UsageError('--concurrency must be an integer from 1 to 64');
  const log = pino({ level: config.LOG_LEVEL });
  const types = values.types ? values.types.split(',').map((t) => t.trim()).filter(Boolean) : undefined;
  // The signals are ours before the database starts: a stop request during start-up waits for it, then
  // stops what started.
  let started: Promise<Stop | undefined> = Promise.resolve(undefined);
  const requestStop = stopOnSignals(async () => { await (await started)?.(); });
  started = start(config, log, { types, concurrency }, () => requestStop('the embedded database is lost', EXIT_DATABASE_LOST));
  await started;
  return 0; // started: runs until a signal
}

/** Starts the worker and gives what stops it. */
async function start(config: Config, log: pino.Logger, options: { types?: string[]; concurrency?: number }, onDatabaseLost: () => void): Promise<Stop> {
  const connection = await connect(config, (m) => log.info(m), true);
  const supervisor = connection.supervise(onDatabaseLost);
  await retryWhileUnreachable(() => prepareDatabase(connection.database.pool), (m) => log.warn(m));
  const parser = createResumeParser(config);
  let worker;
  try {
    worker = createBackground(connection.database, config, jobCatalog(parser, config), log, {
      loops: backgroundLoops,
      ...(options.types ? { types: options.types } : {}),
      ...(options.concurrency ? { concurrency: options.concurrency } : {}),
    });
  } catch (e) {
    // createBackground refuses only --types it has no handler for.
    await parser.close();
    await connection.close();
    throw new UsageError(e instanceof Error ? e.message : String(e));
  }
  await worker.start();
  return async () => {
    supervisor.stop();
    log.info('stopping: finishing or releasing the items in hand');
    await worker.stop();
    await parser.close();
    await connection.close();
  };
}
