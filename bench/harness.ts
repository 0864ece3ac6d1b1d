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
  method?: 'GET' | 'PATCH' | 'POST';
  /** The request path; a function gives each request its own (a random record, say). */
  path: string | (() => string);
  body?: () => string;
  /** The body's media type (default: a JSON Patch document). */
  contentType?: string;
  /** How the request authenticates: a personal access token (default), a bearer token of the login server, or none. */
  auth?: 'token' | 'bearer' | 'none';
  /** Which server answers: the API (default) or the login server. */
  server?: 'api' | 'login';
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
  scenarios(service: Service): Scenario[];
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
    headers: { ...headers, ...(s.body ? { 'content-type': s.contentType ?? 'application/json-patch+json' } : {}) },
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

export interface Service {
  base: string;
  /** The login server's address. */
  authBase: string;
  headers: Record<string, string>;
  /** A bearer token of the demo's service client (one hour: longer than any run). */
  bearerHeaders: Record<string, string>;
  /** The demo's service client and its acr_values, for token requests. */
  serviceClient: { clientId: string; clientSecret: string; acrValues: string };
  dataDir: string;
  child: ChildProcess;
}

/** `staffing serve --demo` on a fresh embedded database, in its own process. */
export async function startService(): Promise<Service> {
  const dataDir = mkdtempSync(join(tmpdir(), 'staffing-bench-'));
  const port = await freePort(), authPort = await freePort();
  const base = `http://127.0.0.1:${port}`, authBase = `http://127.0.0.1:${authPort}`;
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, PORT: String(port), AUTH_PORT: String(authPort), LOG_LEVEL: 'warn', MAX_IN_FLIGHT_PER_CREDENTIAL: '1000' };
  delete env.DATABASE_URL;
  const child = spawn(process.execPath, [join(root, 'bin/staffing.js'), 'serve', '--demo'], { env, stdio: ['ignore', 'ignore', 'inherit'] });
  await waitFor(async () => (await fetch(`${base}/health`)).ok, 'the service');
  await waitFor(async () => readFileSync(join(dataDir, 'demo-credentials.json')).length > 0, 'demo credentials');
  const creds = JSON.parse(readFileSync(join(dataDir, 'demo-credentials.json'), 'utf8'));
  const serviceClient = { clientId: creds.oauth.service.clientId as string, clientSecret: creds.oauth.service.clientSecret as string, acrValues: creds.oauth.acrValues as string };
  const token = await fetch(`${authBase}/connect/token`, { method: 'POST', body: tokenForm(serviceClient), headers: { 'content-type': 'application/x-www-form-urlencoded' } });
  const { access_token: accessToken } = await token.json() as { access_token: string };
  return { base, authBase, headers: { 'x-tw-token': creds.personalAccessToken.token as string }, bearerHeaders: { authorization: `Bearer ${accessToken}` }, serviceClient, dataDir, child };
}

/** The service grant's form (AUTH-07). */
export function tokenForm(c: Service['serviceClient']): string {
  return new URLSearchParams({ grant_type: 'tw_vendor_service_credentials', client_id: c.clientId, client_secret: c.clientSecret, acr_values: c.acrValues }).toString();
}

/** Runs a suite's scenarios: bare first, then the service, per scenario. Prints and saves the results. */
export async function runSuite(suite: Suite, service: Service) {
  const results = [];
  for (const s of suite.scenarios(service)) {
    console.log(`${s.name}…`);
    const sample = typeof s.path === 'function' ? s.path() : s.path;
    const headers = s.auth === 'none' ? {} : s.auth === 'bearer' ? service.bearerHeaders : service.headers;
    const base = s.server === 'login' ? service.authBase : service.base;
    const body = s.method === 'PATCH' ? '{}' : s.method === 'POST'
      ? await (await fetch(base + sample, { method: 'POST', headers: { ...headers, 'content-type': s.contentType ?? '' }, body: s.body?.() })).text()
      : await (await fetch(base + sample, { headers })).text();
    const barePort = await freePort();
    const bare = fork(join(root, 'bench/bare-server.ts'), { env: { ...process.env, PORT: String(barePort), BARE_BODY: body }, execArgv: ['--import', 'tsx'] });
    try {
      await waitFor(async () => (await fetch(`http://127.0.0.1:${barePort}/`)).ok, 'the bare server');
      const bareResult = await load(`http://127.0.0.1:${barePort}`, s, {}, suite.connections);
      await stop(bare);
      const loadBefore = loadavg()[0]!;
      const serviceResult = await load(base, s, headers, suite.connections);
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
