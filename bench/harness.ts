// What every benchmark suite shares: starting the service on a fresh embedded database, driving it
// and a bare Fastify server answering the same bytes with the same autocannon load, and reporting.
import { fork, spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { freePort } from '../src/platform/db/embedded.ts';

export interface Scenario {
  name: string;
  method?: 'GET' | 'PATCH';
  /** The request path; a function gives each request its own (a random record, say). */
  path: string | (() => string);
  body?: () => string;
  /** Minimum ratio of the bare baseline's requests/s (the issue's target). */
  target: number;
  /** Largest p99 in ms the issue allows, if it sets one. */
  maxP99?: number;
}

export interface Suite {
  name: string;
  /** Simultaneous connections (autocannon) for this suite's scenarios. */
  connections: number;
  /** Fills the database (the service is running); dataDir is the service's. */
  prepare(dataDir: string): Promise<void>;
  scenarios(): Scenario[];
  /** bench/results/<file> */
  resultsFile: string;
}

export interface Measured { requestsPerSecond: number; p50: number; p99: number }

export const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
export const root = new URL('..', import.meta.url).pathname;

export async function waitFor(check: () => Promise<boolean>, what: string, ms = 60_000) {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    if (await check().catch(() => false)) return;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`timed out waiting for ${what}`);
}

export async function load(base: string, s: Scenario, headers: Record<string, string>, connections: number): Promise<Measured> {
  const method = s.method ?? 'GET';
  const request = {
    method,
    headers: { ...headers, ...(s.body ? { 'content-type': 'application/json-patch+json' } : {}) },
    setupRequest: (req: { path: string; body?: string }) => ({ ...req, path: typeof s.path === 'function' ? s.path() : s.path, ...(s.body ? { body: s.body() } : {}) }),
  };
  const options = { url: base, connections, requests: [request] } as unknown as autocannon.Options;
  // A short warm-up (JIT, prepared statements, caches), then the measured run.
  await autocannon({ ...options, duration: 2 });
  const r = await autocannon({ ...options, duration: DURATION });
  if (r.non2xx > 0 || r.errors > 0) throw new Error(`${base}: ${r.non2xx} non-2xx and ${r.errors} errors`);
  return { requestsPerSecond: Math.round(r.requests.average), p50: r.latency.p50, p99: r.latency.p99 };
}

/** SIGTERM, then SIGKILL if the child has not exited within 15 s. */
export function stop(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    const force = setTimeout(() => child.kill('SIGKILL'), 15_000);
    child.once('exit', () => { clearTimeout(force); resolve(); });
    child.kill('SIGTERM');
  });
}

export interface Service { base: string; headers: Record<string, string>; dataDir: string; child: ChildProcess }

/** `staffing serve --demo` on a fresh embedded database, in its own process. */
export async function startService(): Promise<Service> {
  const dataDir = mkdtempSync(join(tmpdir(), 'staffing-bench-'));
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, PORT: String(port), LOG_LEVEL: 'warn', MAX_IN_FLIGHT_PER_CREDENTIAL: '1000' };
  delete env.DATABASE_URL;
  const child = spawn(process.execPath, [join(root, 'bin/staffing.js'), 'serve', '--demo'], { env, stdio: ['ignore', 'ignore', 'inherit'] });
  await waitFor(async () => (await fetch(`${base}/health`)).ok, 'the service');
  await waitFor(async () => readFileSync(join(dataDir, 'demo-credentials.json')).length > 0, 'demo credentials');
  const creds = JSON.parse(readFileSync(join(dataDir, 'demo-credentials.json'), 'utf8'));
  return { base, headers: { 'x-tw-token': creds.personalAccessToken.token as string }, dataDir, child };
}

/** Runs a suite's scenarios: bare first, then the service, per scenario. Prints and saves the results. */
export async function runSuite(suite: Suite, service: Service) {
  const results = [];
  for (const s of suite.scenarios()) {
    console.log(`${s.name}…`);
    const sample = typeof s.path === 'function' ? s.path() : s.path;
    const body = s.method === 'PATCH' ? '{}' : await (await fetch(service.base + sample, { headers: service.headers })).text();
    const barePort = await freePort();
    const bare = fork(join(root, 'bench/bare-server.ts'), { env: { ...process.env, PORT: String(barePort), BARE_BODY: body }, execArgv: ['--import', 'tsx'] });
    try {
      await waitFor(async () => (await fetch(`http://127.0.0.1:${barePort}/`)).ok, 'the bare server');
      const bareResult = await load(`http://127.0.0.1:${barePort}`, s, {}, suite.connections);
      await stop(bare);
      const loadBefore = loadavg()[0]!;
      const serviceResult = await load(service.base, s, service.headers, suite.connections);
      const ratio = Math.round((serviceResult.requestsPerSecond / bareResult.requestsPerSecond) * 1000) / 1000;
      const met = ratio >= s.target && (s.maxP99 === undefined || serviceResult.p99 < s.maxP99);
      results.push({ scenario: s.name, bodyBytes: body.length, service: serviceResult, bare: bareResult, ratio, target: s.target, maxP99: s.maxP99, met, loadAverage1m: Math.round(loadBefore * 100) / 100 });
    } finally {
      await stop(bare);
    }
  }

  console.log(`\n${suite.name}: ${suite.connections} connections, ${DURATION} s each, ${cpus().length} cores, Node ${process.version}, load average ${loadavg().map((x) => x.toFixed(2)).join(' ')}\n`);
  for (const r of results) {
    console.log(`${r.scenario}`);
    console.log(`  service  ${String(r.service.requestsPerSecond).padStart(7)} req/s   p50 ${r.service.p50} ms   p99 ${r.service.p99} ms`);
    console.log(`  bare     ${String(r.bare.requestsPerSecond).padStart(7)} req/s   p50 ${r.bare.p50} ms   p99 ${r.bare.p99} ms`);
    console.log(`  ratio    ${r.ratio} (target ≥ ${r.target}${r.maxP99 ? `, p99 < ${r.maxP99} ms` : ''}: ${r.met ? 'met' : 'NOT met'})\n`);
  }
  mkdirSync(join(root, 'bench/results'), { recursive: true });
  writeFileSync(join(root, 'bench/results', suite.resultsFile), JSON.stringify({
    date: new Date().toISOString(), suite: suite.name, node: process.version, cores: cpus().length, connections: suite.connections, seconds: DURATION, results,
  }, null, 2) + '\n');
}
