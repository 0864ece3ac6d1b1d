// `npm run bench`: the service (embedded PostgreSQL, its own process) and a bare Fastify server
// answering the same bytes, driven by the same autocannon load on loopback, one after the other.
// Prints requests/s, p50 and p99 for each and the ratio; writes bench/results/latest.json.
import { fork, spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir, cpus } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { freePort } from '../src/platform/db/embedded.ts';

interface Scenario {
  name: string;
  method?: 'GET' | 'POST' | 'PATCH';
  path: string;
  /** Minimum ratio of the bare baseline's requests/s (the target). */
  target: number;
}

const scenarios: Scenario[] = [
  { name: 'GET /DataLists/countries?take=10 (personal access token)', path: '/DataLists/countries?take=10', target: 0.3 },
];

const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 32);
const root = new URL('..', import.meta.url).pathname;

async function waitFor(check: () => Promise<boolean>, what: string, ms = 60_000) {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    if (await check().catch(() => false)) return;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`timed out waiting for ${what}`);
}

async function load(url: string, headers: Record<string, string>, method = 'GET') {
  // A short warm-up (JIT, prepared statements, caches), then the measured run.
  await autocannon({ url, headers, method: method as 'GET', connections: CONNECTIONS, duration: 2 });
  const r = await autocannon({ url, headers, method: method as 'GET', connections: CONNECTIONS, duration: DURATION });
  if (r.non2xx > 0 || r.errors > 0) throw new Error(`${url}: ${r.non2xx} non-2xx and ${r.errors} errors`);
  return { requestsPerSecond: Math.round(r.requests.average), p50: r.latency.p50, p99: r.latency.p99 };
}

function stop(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

async function main() {
  const dataDir = mkdtempSync(join(tmpdir(), 'staffing-bench-'));
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, PORT: String(port), LOG_LEVEL: 'warn', MAX_IN_FLIGHT_PER_CREDENTIAL: '1000' };
  delete env.DATABASE_URL;
  const service = spawn(process.execPath, [join(root, 'bin/staffing.js'), 'serve', '--demo'], { env, stdio: ['ignore', 'ignore', 'inherit'] });
  const children: ChildProcess[] = [service];
  try {
    await waitFor(async () => (await fetch(`${base}/health`)).ok, 'the service');
    await waitFor(async () => readFileSync(join(dataDir, 'demo-credentials.json')).length > 0, 'demo credentials');
    const creds = JSON.parse(readFileSync(join(dataDir, 'demo-credentials.json'), 'utf8'));
    const headers = { 'x-tw-token': creds.personalAccessToken.token as string };

    const results = [];
    for (const s of scenarios) {
      const body = await (await fetch(base + s.path, { headers })).text();
      const barePort = await freePort();
      const bare = fork(join(root, 'bench/bare-server.ts'), { env: { ...process.env, PORT: String(barePort), BARE_BODY: body }, execArgv: ['--import', 'tsx'] });
      children.push(bare);
      await waitFor(async () => (await fetch(`http://127.0.0.1:${barePort}/`)).ok, 'the bare server');
      const bareResult = await load(`http://127.0.0.1:${barePort}${s.path}`, {});
      await stop(bare);
      const serviceResult = await load(base + s.path, headers, s.method);
      const ratio = Math.round((serviceResult.requestsPerSecond / bareResult.requestsPerSecond) * 100) / 100;
      results.push({ scenario: s.name, bodyBytes: body.length, service: serviceResult, bare: bareResult, ratio, target: s.target, met: ratio >= s.target });
    }

    console.log(`\n${CONNECTIONS} connections, ${DURATION} s each, ${cpus().length} cores, Node ${process.version}\n`);
    for (const r of results) {
      console.log(`${r.scenario}`);
      console.log(`  service  ${String(r.service.requestsPerSecond).padStart(7)} req/s   p50 ${r.service.p50} ms   p99 ${r.service.p99} ms`);
      console.log(`  bare     ${String(r.bare.requestsPerSecond).padStart(7)} req/s   p50 ${r.bare.p50} ms   p99 ${r.bare.p99} ms`);
      console.log(`  ratio    ${r.ratio} (target ≥ ${r.target}: ${r.met ? 'met' : 'NOT met'})\n`);
    }
    mkdirSync(join(root, 'bench/results'), { recursive: true });
    writeFileSync(join(root, 'bench/results/latest.json'), JSON.stringify({
      date: new Date().toISOString(), node: process.version, cores: cpus().length, connections: CONNECTIONS, seconds: DURATION, results,
    }, null, 2) + '\n');
  } finally {
    for (const child of children.reverse()) await stop(child);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
