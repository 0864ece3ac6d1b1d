// `staffing worker [--types a,b] [--concurrency n]`: the batch worker on its own, for more
// throughput or to keep parsing off the API nodes. Stops gracefully on SIGINT/SIGTERM.
import { parseArgs } from 'node:util';
import pino from 'pino';
import type { Config } from '../config.ts';
import { connect } from '../platform/db/connect.ts';
import { EXIT_DATABASE_LOST } from '../platform/db/embedded-supervisor.ts';
import { prepareDatabase } from '../resources/registry.ts';
import { createWorker } from '../platform/jobs/start-worker.ts';
import { createResumeParser } from '../resources/resumes/resume.parser.ts';
import { jobCatalog } from '../resources/jobs.ts';

export async function workerCommand(config: Config, args: string[]): Promise<number> {
  const { values } = parseArgs({ args, options: { types: { type: 'string' }, concurrency: { type: 'string' } } });
  const concurrency = values.concurrency === undefined ? undefined : Number(values.concurrency);
  if (concurrency !== undefined && !(Number.isInteger(concurrency) && concurrency >= 1 && concurrency <= 64)) {
    console.error('--concurrency must be an integer from 1 to 64');
    return 64;
  }
  const log = pino({ level: config.LOG_LEVEL });
  // The signals are ours before the database starts: a stop request during start-up is honoured after it.
  let exitCode = 0;
  let requestStop = () => {};
  const stopRequested = new Promise<void>((resolve) => {
    requestStop = resolve;
    process.once('SIGINT', resolve);
    process.once('SIGTERM', resolve);
  });
  const connection = await connect(config, (m) => log.info(m), true);
  const supervisor = connection.supervise(() => { exitCode = EXIT_DATABASE_LOST; requestStop(); });
  await prepareDatabase(connection.database.pool);
  const parser = createResumeParser(config);
  let worker;
  try {
    worker = createWorker(connection.database, config, jobCatalog(parser), log, {
      ...(values.types ? { types: values.types.split(',').map((t) => t.trim()).filter(Boolean) } : {}),
      ...(concurrency ? { concurrency } : {}),
    });
  } catch (e) {
    console.error((e as Error).message);
    await parser.close();
    await connection.close();
    return 64;
  }
  await worker.start();
  await stopRequested;
  supervisor.stop();
  log.info('stopping: finishing or releasing the items in hand');
  await worker.stop();
  await parser.close();
  await connection.close();
  return exitCode;
}
