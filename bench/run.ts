// `npm run bench [-- suite ...]`: the service (embedded PostgreSQL, its own process) and a bare
// Fastify server answering the same bytes, driven by the same autocannon load on loopback, one after
// the other. Suites: `core` (lookup list, employee read and PATCH), `jobboard` (job board search),
// and three with their own service or none: `resumes` (parsing per format), `batch` (1,000 resumes
// through a batch job), `events` (PATCH with history on and off; commit to the feed and to a
// webhook at 500 changes/s), `bulk` (100,000 employees through an Import_Employees job, and a
// worker killed mid-file, then exported) and `bulk-export` (the export alone); none named runs them all (the export once). Each suite is measured with the service's caches off (the
// headline) and on (beside it): the service restarts between passes on the same database. Prints
// requests/s, p50 and p99 for each and the ratio; writes bench/results/<suite file>.
import { spawnSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { runBatchImport } from './batch-import.ts';
import { runBulkBench } from './bulk.ts';
import { runEventsBench } from './events.ts';
import { coreSuite } from './core.ts';
import { jobBoardSuite } from './jobboard.ts';
import { runSuite, startService, stop, type Suite } from './harness.ts';

const SUITES: Suite[] = [coreSuite, jobBoardSuite];
/** Benchmarks with their own service or none: run after the suites. */
const STANDALONE: Record<string, () => Promise<unknown>> = {
  resumes: async () => spawnSync(process.execPath, ['--import', 'tsx', new URL('./resume-parse.ts', import.meta.url).pathname], { stdio: 'inherit' }),
  batch: runBatchImport,
  events: runEventsBench,
  bulk: runBulkBench,
  // The export half of `bulk` alone (bench/bulk-export.ts): the worker's memory without the import first.
  'bulk-export': async () => (await import('./bulk-export.ts')).runBulkExport(),
  // The matching benchmark's data alone (bench/matching-data.ts): 100,000 employees with profiles, 20,000 open orders, timed.
  'matching-data': async () => (await import('./matching-data.ts')).runMatchingData(),
  // The open orders' requirements index: its full refresh and its reads at 20,000 open orders (decision 0061).
  'order-index': async () => (await import('./order-index.ts')).runOrderIndexBench(),
  // The matches over 100,000 employees with profiles and 20,000 open orders (issue 30 item 5).
  matching: async () => (await import('./matching.ts')).runMatchingBench(),
};

async function main() {
  const asked = process.argv.slice(2);
  const names = [...SUITES.map((s) => s.name), ...Object.keys(STANDALONE)];
  const unknown = asked.filter((name) => !names.includes(name));
  if (unknown.length) throw new Error(`unknown suite ${unknown.join(', ')}; suites: ${names.join(', ')}`);
  const selected = asked.length ? SUITES.filter((s) => asked.includes(s.name)) : SUITES;
  if (selected.length) {
    const service = await startService();
    try {
      for (const suite of selected) await suite.prepare(service.dataDir);
      for (const suite of selected) await runSuite(suite, service);
    } finally {
      await stop(service.child);
      rmSync(service.dataDir, { recursive: true, force: true });
    }
  }
  // `bulk` runs the export too: all of them run it once.
  for (const [name, run] of Object.entries(STANDALONE)) if (asked.includes(name) || (!asked.length && name !== 'bulk-export' && name !== 'matching-data')) await run();
}

await main().then(() => process.exit(0), (e) => {
  console.error(e);
  process.exit(1);
});
