// How the long-running commands (`serve`, `worker`, `login-server`) stop: on SIGINT/SIGTERM, or when
// asked (the embedded database is lost), they stop what they started and exit with a code. Stopping
// can hang on a database that is gone, so the process exits with that code after a limit regardless.
import type { EventEmitter } from 'node:events';

/** How long a stop may take (requests and batch items finishing) before the process exits regardless. */
export const STOP_LIMIT_MS = 30_000;

export interface StopOptions {
  limitMs?: number;
  /** Tests pass their own, so that nothing really exits or signals. */
  exit?: (code: number) => void;
  signals?: EventEmitter;
}

/**
 * Takes SIGINT and SIGTERM (code 0) from now on. The first signal, or the first call of the function
 * returned, runs `stop` once and then exits with the code; later requests are ignored (but a second
 * signal of the same kind ends the process at once, as without a handler: a way out of a stuck stop).
 */
export function stopOnSignals(stop: (reason: string, code: number) => Promise<void>, options: StopOptions = {}): (reason: string, code: number) => void {
  const { limitMs = STOP_LIMIT_MS, exit = (code: number) => process.exit(code), signals = process } = options;
  let stopping = false;
  const requestStop = (reason: string, code: number) => {
    if (stopping) return;
    stopping = true;
    // Not unref'd: a stop waiting on nothing but a promise must not let the process end early with code 0.
    const limit = setTimeout(() => exit(code), limitMs);
    const done = (exitCode: number) => { clearTimeout(limit); exit(exitCode); };
    stop(reason, code).then(() => done(code), (e: unknown) => {
      console.error('stopping failed:', e);
      done(code || 1);
    });
  };
  signals.once('SIGINT', () => requestStop('SIGINT', 0));
  signals.once('SIGTERM', () => requestStop('SIGTERM', 0));
  return requestStop;
}
