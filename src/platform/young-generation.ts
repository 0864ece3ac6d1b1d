// A process whose memory is budgeted rather than its latency (`staffing worker`, decision 0054) keeps
// V8's young generation at its starting size (1 MB semi-spaces) instead of letting it grow to the
// --max-semi-space-size the API runs with (64 MB, decision 0032): a young generation once grown is
// never given back, and grown it was most of an idle worker's memory. V8 reads its growth factor each
// time the young generation would grow, so the flag works when set at run time; but every isolate
// that starts (a worker thread: tsx's loader, a resume parser's thread) puts the factor back to its
// minimum of 2, so it is set again after each garbage collection, before the next can grow it more
// than once.
import { setFlagsFromString } from 'node:v8';
import { PerformanceObserver } from 'node:perf_hooks';

const NO_GROWTH = '--semi-space-growth-factor=1';

/** From now on, for the whole process. */
export function keepYoungGenerationSmall(): void {
  setFlagsFromString(NO_GROWTH);
  new PerformanceObserver(() => setFlagsFromString(NO_GROWTH)).observe({ entryTypes: ['gc'] });
}
