// `npm run bench [-- suite ...]`: the service (embedded PostgreSQL, its own process) and a bare
// Fastify server answering the same bytes, driven by the same autocannon load on loopback, one after
// the other. Suites: `core` (lookup list, employee read and PATCH), `jobboard` (job board search);
// none named runs them all. Prints requests/s, p50 and p99 for each and the ratio; writes
// bench/results/<suite file>.
import { rmSync } from 'node:fs';
import { coreSuite } from './core.ts';
import { jobBoardSuite } from './jobboard.ts';
import { runSuite, startService, stop, type Suite } from './harness.ts';

const SUITES: Suite[] = [coreSuite, jobBoardSuite];

async function main() {
  const asked = process.argv.slice(2);
  const unknown = asked.filter((name) => !SUITES.some((s) => s.name === name));
  if (unknown.length) throw new Error(`unknown suite ${unknown.join(', ')}; suites: ${SUITES.map((s) => s.name).join(', ')}`);
  const selected = asked.length ? SUITES.filter((s) => asked.includes(s.name)) : SUITES;
  const service = await startService();
  try {
    for (const suite of selected) await suite.prepare(service.dataDir);
    for (const suite of selected) await runSuite(suite, service);
  } finally {
    await stop(service.child);
    rmSync(service.dataDir, { recursive: true, force: true });
  }
}

await main().then(() => process.exit(0), (e) => {
  console.error(e);
  process.exit(1);
});
