// A process whose memory is budgeted rather than its latency (`staffing worker`, decision 0054) asks
// V8 for a small heap, at some cost in collections:
// - the young generation stays at its starting size (1 MB semi-spaces) instead of growing to the
//   --max-semi-space-size the API runs with (64 MB, decision 0032): once grown it is never given back,
//   and grown it was most of an idle worker's memory;
// - the old generation grows by a smaller factor between full collections (`--optimize-for-size`):
//   an export's rows outlive the small young generation, and the old one would otherwise grow with
//   them by tens of MB before it is collected.
// V8 reads both flags when it decides, so they work when set at run time; but every isolate that
// starts (a worker thread: tsx's loader, a resume parser's thread) puts the growth factor back to its
// minimum of 2, so they are set again after each garbage collection.
import { setFlagsFromString } from 'node:v8';
import { PerformanceObserver } from 'node:perf_hooks';

const FLAGS = ['--semi-space-growth-factor=1', '--optimize-for-size'];
const set = () => { for (const flag of FLAGS) setFlagsFromString(flag); };

/** From now on, for the whole process. */
export function keepHeapSmall(): void {
  set();
  new PerformanceObserver(set).observe({ entryTypes: ['gc'] });
}
