// Admission of costly work: at most `limit` pieces run at once, the others wait their turn (first
// come, first served) and are refused 503 + Retry-After once they have waited `waitMs`.
//
// Why: a handful of database cores shared by many costly statements at once stretch every one of
// them (eight searches of 10 ms on two cores take ~40 ms each). Taken in turn, each costs its own
// time plus its wait: the same throughput, and a long one no longer drags every other along.
import { Semaphore, withTimeout } from 'async-mutex';
import { AppError } from './errors.ts';

export type Admission = <T>(work: () => Promise<T>) => Promise<T>;

export function admission(limit: number, waitMs: number): Admission {
  const busy = new AppError('OVERLOADED', 'The service is busy with costly searches; retry later.', undefined, { 'retry-after': '2' });
  const gate = withTimeout(new Semaphore(limit), waitMs, busy);
  return (work) => gate.runExclusive(work);
}
