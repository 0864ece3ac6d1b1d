// What every benchmark suite shares: starting the service on a fresh embedded database (and
// restarting it with the caches off or on), driving it and a bare Fastify server answering the same
// bytes with the same autocannon load, and reporting.
import { fork, spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { freePort } from '../src/platform/db/embedded.ts';
import { ENTRY, entryNodeFlags } from '../src/cli/entry-flags.ts';

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

/** One configuration of the service a suite is measured in: its environment beside the defaults. */
export interface Pass { label: string; env: Record<string, string> }

export interface Suite {
  name: string;
  /** Simultaneous connections (autocannon) for this suite's scenarios. */
  connections: number;
  /** Fills the database (the service is running); dataDir is the service's. */
  prepare(dataDir: string): Promise<void>;
  /** Called afresh for the bare server and for each pass: seeded inputs start over, so every pass gets the same requests. */
  scenarios(service: Service): Scenario[];
  /**
   * The service's configurations, the headline first: caches off, so the figure measures the work
   * itself; then the caches on, reported beside it. Targets are judged on the headline.
   */
  passes: Pass[];
  /** bench/results/<file> */
  resultsFile: string;
}

/** The caches that answer a repeated input without doing its work; a headline pass turns them off. */
export const CACHES_OFF: Pass = { label: 'caches off', env: { CREDENTIAL_CACHE_SECONDS: '0', JOB_BOARD_CACHE_SECONDS: '0' } };
/** The service as configured by default: credentials trusted 30 s, job board answers kept 60 s. */
export const DEFAULTS: Pass = { label: 'caches on (defaults)', env: {} };

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
  const request: autocannon.Request = {
    method: s.method ?? 'GET',
    headers: { ...headers, ...(s.body ? { 'content-type': s.contentType ?? 'application/json-patch+json' } : {}) },
    setupRequest: (req) => ({ ...req, path: typeof s.path === 'function' ? s.path() : s.path, ...(s.body ? { body: s.body() } : {}) }),
  };
  const options: autocannon.Options = { url: base, connections, requests: [request] };
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
  /** The pass the running process was started for. */
  pass: Pass;
}

/** `staffing serve --demo` on dataDir, in its own process, with the pass's environment. */
async function spawnService(dataDir: string, port: number, authPort: number, pass: Pass): Promise<ChildProcess> {
  const env: NodeJS.ProcessEnv = {
    ...process.env, DATA_DIR: dataDir, PORT: String(port), AUTH_PORT: String(authPort), LOG_LEVEL: 'warn', MAX_IN_FLIGHT_PER_CREDENTIAL: '1000', ...pass.env,
  };
  delete env.DATABASE_URL;
  const child = spawn(process.execPath, [...entryNodeFlags(), ENTRY, 'serve', '--demo'], { env, stdio: ['ignore', 'ignore', 'inherit'] });
  try {
    await waitFor(async () => (await fetch(`http://127.0.0.1:${port}/health`)).ok, 'the service');
  } catch (error) {
    await stop(child);
    throw error;
  }
  return child;
}

/** The demo credentials `serve --demo` wrote, as the scenarios use them. */
function demoCredentials(dataDir: string) {
  const creds = JSON.parse(readFileSync(join(dataDir, 'demo-credentials.json'), 'utf8'));
  return {
    token: String(creds.personalAccessToken.token),
    serviceClient: { clientId: String(creds.oauth.service.clientId), clientSecret: String(creds.oauth.service.clientSecret), acrValues: String(creds.oauth.acrValues) },
  };
}

/** `staffing serve --demo` on a fresh embedded database, in its own process, as configured by default. */
export async function startService(): Promise<Service> {
  const dataDir = mkdtempSync(join(tmpdir(), 'staffing-bench-'));
  const port = await freePort(), authPort = await freePort();
  const base = `http://127.0.0.1:${port}`, authBase = `http://127.0.0.1:${authPort}`;
  let child: ChildProcess | undefined;
  try {
    child = await spawnService(dataDir, port, authPort, DEFAULTS);
    await waitFor(async () => readFileSync(join(dataDir, 'demo-credentials.json')).length > 0, 'demo credentials');
    const { token, serviceClient } = demoCredentials(dataDir);
    const response = await fetch(`${authBase}/connect/token`, { method: 'POST', body: tokenForm(serviceClient), headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    const { access_token: accessToken }: { access_token: string } = await response.json();
    return { base, authBase, headers: { 'x-tw-token': token }, bearerHeaders: { authorization: `Bearer ${accessToken}` }, serviceClient, dataDir, child, pass: DEFAULTS };
  } catch (error) {
    // A service that did not come up leaves nothing behind: neither its process nor its data directory.
    if (child) await stop(child);
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
}

/**
 * Restarts the service on the same database and ports with the pass's environment (unless it runs
 * with it already). The credentials and the bearer token stay valid: they live in the database.
 */
export async function switchPass(service: Service, pass: Pass): Promise<void> {
  if (JSON.stringify(service.pass.env) === JSON.stringify(pass.env)) return;
  await stop(service.child);
  service.child = await spawnService(service.dataDir, Number(new URL(service.base).port), Number(new URL(service.authBase).port), pass);
  service.pass = pass;
}

/** The service grant's form (AUTH-07). */
export function tokenForm(c: Service['serviceClient']): string {
  return new URLSearchParams({ grant_type: 'tw_vendor_service_credentials', client_id: c.clientId, client_secret: c.clientSecret, acr_values: c.acrValues }).toString();
}

interface Result {
  scenario: string;
  /** The mean length of the bodies the bare server answers. */
  bodyBytes: number; bare: Measured; target: number; maxP99?: number;
  /** One per pass, the headline first. */
  passes: { label: string; env: Record<string, string>; service: Measured; ratio: number; loadAverage1m: number }[];
  /** The headline pass met the target. */
  met: boolean;
}

const headersOf = (s: Scenario, service: Service) => s.auth === 'none' ? {} : s.auth === 'bearer' ? service.bearerHeaders : service.headers;
const baseOf = (s: Scenario, service: Service) => s.server === 'login' ? service.authBase : service.base;

/** How many of a scenario's first requests the bare server's answers are taken from. */
const SAMPLES = 200;

/**
 * The bodies the service answers for the scenario's first requests (one for writes): the bare server
 * answers them in turn, so both send the same bytes as varied as they come.
 */
async function sampleBodies(s: Scenario, base: string, headers: Record<string, string>): Promise<string[]> {
  if (s.method === 'PATCH') return ['{}'];
  const bodies: string[] = [];
  for (let i = 0; i < (s.method === 'POST' || typeof s.path !== 'function' ? 1 : SAMPLES); i++) {
    const path = typeof s.path === 'function' ? s.path() : s.path;
    const init = s.method === 'POST' ? { method: 'POST', headers: { ...headers, 'content-type': s.contentType ?? '' }, body: s.body?.() } : { headers };
    bodies.push(await (await fetch(base + path, init)).text());
  }
  return bodies;
}

/** The bare Fastify server answering `bodies` in turn, driven as the scenario drives the service. */
export async function measureBare(s: Scenario, bodies: string[], connections: number): Promise<Measured> {
  const barePort = await freePort();
  const bare = fork(join(root, 'bench/bare-server.ts'), { env: { ...process.env, PORT: String(barePort) }, execArgv: ['--import', 'tsx', ...entryNodeFlags()] });
  try {
    bare.send(bodies);
    await waitFor(async () => (await fetch(`http://127.0.0.1:${barePort}/`)).ok, 'the bare server');
    return await load(`http://127.0.0.1:${barePort}`, s, {}, connections);
  } finally {
    await stop(bare);
  }
}

const ratioOf = (service: Measured, bare: Measured) => Math.round((service.requestsPerSecond / bare.requestsPerSecond) * 1000) / 1000;

/**
 * Runs a suite's scenarios in each of its passes: in the first (the headline), per scenario the bare
 * server and then the service, back to back; in the others the service only, beside the same bare
 * figure. Prints and saves the results.
 */
export async function runSuite(suite: Suite, service: Service) {
  const results: Result[] = [];
  for (const [index, pass] of suite.passes.entries()) {
    await switchPass(service, pass);
    const scenarios = suite.scenarios(service);
    for (const [i, s] of scenarios.entries()) {
      console.log(`${s.name} [${pass.label}]…`);
      if (index === 0) {
        // A copy of the scenario of its own, so the service's inputs start over after the bare run.
        const forBare = suite.scenarios(service)[i]!;
        const bodies = await sampleBodies(forBare, baseOf(s, service), headersOf(s, service));
        const bare = await measureBare(forBare, bodies, suite.connections);
        const bodyBytes = Math.round(bodies.reduce((sum, b) => sum + b.length, 0) / bodies.length);
        results.push({ scenario: s.name, bodyBytes, bare, target: s.target, maxP99: s.maxP99, passes: [], met: false });
      }
      const result = results[i]!;
      const loadAverage1m = Math.round(loadavg()[0]! * 100) / 100;
      const measured = await load(baseOf(s, service), s, headersOf(s, service), suite.connections);
      const ratio = ratioOf(measured, result.bare);
      result.passes.push({ label: pass.label, env: pass.env, service: measured, ratio, loadAverage1m });
      if (index === 0) result.met = ratio >= s.target && (s.maxP99 === undefined || measured.p99 < s.maxP99);
    }
  }
  report(suite, results);
}

function report(suite: Suite, results: Result[]) {
  console.log(`\n${suite.name}: ${suite.connections} connections, ${DURATION} s each, ${cpus().length} cores, Node ${process.version}, load average ${loadavg().map((x) => x.toFixed(2)).join(' ')}`);
  for (const pass of suite.passes) console.log(`  ${pass.label}: ${Object.entries(pass.env).map(([k, v]) => `${k}=${v}`).join(' ') || 'the defaults'}`);
  for (const r of results) {
    console.log(`\n${r.scenario}`);
    console.log(`  bare     ${String(r.bare.requestsPerSecond).padStart(7)} req/s   p50 ${r.bare.p50} ms   p99 ${r.bare.p99} ms`);
    for (const p of r.passes) {
      console.log(`  service  ${String(p.service.requestsPerSecond).padStart(7)} req/s   p50 ${p.service.p50} ms   p99 ${p.service.p99} ms   ratio ${p.ratio}   (${p.label}, load ${p.loadAverage1m})`);
    }
    console.log(`  target ≥ ${r.target}${r.maxP99 ? `, p99 < ${r.maxP99} ms` : ''} (${suite.passes[0]!.label}): ${r.met ? 'met' : 'NOT met'}`);
  }
  console.log('');
  mkdirSync(join(root, 'bench/results'), { recursive: true });
  writeFileSync(join(root, 'bench/results', suite.resultsFile), JSON.stringify({
    date: new Date().toISOString(), suite: suite.name, node: process.version, cores: cpus().length, connections: suite.connections, seconds: DURATION, results,
  }, null, 2) + '\n');
}

/**
 * Fills the demo tenant of the service's database (dataDir) up to `want` employees and customers,
 * then `analyze`; `after` reads what the suite needs from the filled database before it closes.
 */
export async function seedDemo<T>(dataDir: string, want: { employees: number; customers: number }, after: (db: import('../src/platform/db/database.ts').Db) => Promise<T>): Promise<T> {
  const { startEmbedded } = await import('../src/platform/db/embedded.ts');
  const { openDatabase } = await import('../src/platform/db/database.ts');
  const { generateDemoData } = await import('../src/resources/tenants/demo-data.ts');
  const { sql } = await import('drizzle-orm');
  const server = await startEmbedded(dataDir);
  const database = openDatabase(server.url.replace(/\/postgres$/, '/staffing'), 4);
  try {
    const [found] = (await database.db.execute<{ tenant: number; employees: number; customers: number }>(sql`select t.id as tenant,
      (select count(*)::int from employees where tenant_id = t.id) as employees, (select count(*)::int from customers where tenant_id = t.id) as customers
      from tenants t where t.name = 'demo'`)).rows;
    if (!found) throw new Error('no demo tenant');
    const more = { employees: Math.max(0, want.employees - found.employees), customers: Math.max(0, want.customers - found.customers), jobOrders: 0 };
    console.log(`seeding ${more.employees.toLocaleString('en')} employees and ${more.customers.toLocaleString('en')} customers…`);
    if (more.employees + more.customers > 0) await generateDemoData(database.db, found.tenant, more, 7);
    await database.db.execute(sql`analyze`);
    return await after(database.db);
  } finally {
    await database.close();
  }
}
