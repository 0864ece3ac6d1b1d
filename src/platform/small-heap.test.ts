// keepHeapSmall (decision 0054) in a process of its own, started as bin/staffing.js starts one: the
// young generation stays small while the process allocates, even after a worker thread has started
// (an isolate's start puts V8's growth factor back); without it the same work grows it to its maximum.
import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { entryNodeFlags } from '../cli/entry-flags.ts';

const SMALL_HEAP = new URL('./small-heap.ts', import.meta.url).href;

/** The young generation's committed size (MB) after short-lived garbage, made as a worker makes it (awaiting now and then), in a new process. */
function youngGenerationAfterWork(keepSmall: boolean): number {
  const script = `
    import { getHeapSpaceStatistics } from 'node:v8';
    import { Worker } from 'node:worker_threads';
    if (${keepSmall}) (await import('${SMALL_HEAP}')).keepHeapSmall();
    const thread = new Worker('setTimeout(() => {}, 100)', { eval: true });
    await new Promise((r) => thread.once('exit', r));
    const kept = [];
    for (let i = 0; i < 3e6; i++) {
      const o = { i, s: 'x' + i };
      if (i % 10 === 0) kept.push(o);
      if (kept.length > 50000) kept.length = 0;
      // The worker's work awaits between rows; the flags are set again then, after the collections.
      if (i % 10000 === 0) await new Promise((r) => setImmediate(r));
    }
    console.log(getHeapSpaceStatistics().find((s) => s.space_name === 'new_space').space_size);`;
  const out = execFileSync(process.execPath, [...entryNodeFlags(), '--import', 'tsx', '--input-type=module', '-e', script], { encoding: 'utf8' });
  return Number(out.trim()) / 1024 / 1024;
}

describe('keepHeapSmall', () => {
  it('keeps the young generation at a few MB where the entry\'s flags would let it grow to 128', () => {
    expect(youngGenerationAfterWork(false)).toBeGreaterThanOrEqual(64);
    expect(youngGenerationAfterWork(true)).toBeLessThanOrEqual(8);
  });
});
