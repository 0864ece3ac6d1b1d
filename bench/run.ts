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
  method?: 'GET' | 'PATCH';
  /** The request path; a function gives each request its own (a random record, say). */
  path: string | (() => string);
  body?: () => string;
  /** Minimum ratio of the bare baseline's requests/s (the target). */
  target: number;
}

/** Employees in the benchmark tenant (the demo tenant plus generated ones). */
const EMPLOYEES = Number(process.env.BENCH_EMPLOYEES ?? 100_000);
let employeeIds: [number, number] = [1, 1];
const randomEmployee = () => `/Employees/${employeeIds[0] + Math.floor(Math.random() * (employeeIds[1] - employeeIds[0] + 1))}`;
let n = 0;

const scenarios: Scenario[] = [
  { name: 'GET /DataLists/countries?take=10 (personal access token)', path: '/DataLists/countries?take=10', target: 0.3 },
  { name: `GET /Employees/{id} (random of ${EMPLOYEES.toLocaleString('en')} employees)`, path: randomEmployee, target: 0.3 },
  {
    name: 'PATCH /Employees/{id}, three fields',
    method: 'PATCH',
    path: randomEmployee,
    body: () => JSON.stringify([
      { op: 'replace', path: '/MiddleName', value: `M${++n % 1000}` },
      { op: 'replace', path: '/NumericRating', value: n % 5 },
      { op: 'replace', path: '/Note', value: `Called back on ${new Date().toISOString()}` },
    ]),
    target: 0.15,
  },
];

/** Fills the running service's database up to EMPLOYEES employees in the demo tenant. */
async function seedEmployees(dataDir: string) {
  const { startEmbedded } = await import('../src/platform/db/embedded.ts');
  const { openDatabase } = await import('../src/platform/db/database.ts');
  const { generateDemoData } = await import('../src/resources/tenants/demo-data.ts');
  const { sql } = await import('drizzle-orm');
  const server = await startEmbedded(dataDir);
  const database = openDatabase(server.url.replace(/\/postgres$/, '/staffing'), 4);
  const [{ tenant }] = (await database.db.execute<{ tenant: number }>(sql`select id as tenant from tenants where name = 'demo'`)).rows as [{ tenant: number }];
  const [{ count }] = (await database.db.execute<{ count: number }>(sql`select count(*)::int as count from employees`)).rows as [{ count: number }];
  if (count < EMPLOYEES) await generateDemoData(database.db, tenant, { employees: EMPLOYEES - count, customers: 5, jobOrders: 0 }, 7);
  await database.db.execute(sql`analyze`);
  const [range] = (await database.db.execute<{ lo: number; hi: number }>(sql`select min(id)::int as lo, max(id)::int as hi from employees`)).rows;
  employeeIds = [range!.lo, range!.hi];
  await database.close();
}

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

async function load(base: string, s: Scenario, headers: Record<string, string>) {
  const method = s.method ?? 'GET';
  const request = {
    method,
    headers: { ...headers, ...(s.body ? { 'content-type': 'application/json-patch+json' } : {}) },
    setupRequest: (req: { path: string; body?: string }) => ({ ...req, path: typeof s.path === 'function' ? s.path() : s.path, ...(s.body ? { body: s.body() } : {}) }),
  };
  const options = { url: base, connections: CONNECTIONS, requests: [request] } as unknown as autocannon.Options;
  // A short warm-up (JIT, prepared statements, caches), then the measured run.
  await autocannon({ ...options, duration: 2 });
  const r = await autocannon({ ...options, duration: DURATION });
  const url = base;
  if (r.non2xx > 0 || r.errors > 0) throw new Error(`${url}: ${r.non2xx} non-2xx and ${r.errors} errors`);
  return { requestsPerSecond: Math.round(r.requests.average), p50: r.latency.p50, p99: r.latency.p99 };
}

/** SIGTERM, then SIGKILL if the child has not exited within 15 s. */
function stop(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    const force = setTimeout(() => child.kill('SIGKILL'), 15_000);
    child.once('exit', () => { clearTimeout(force); resolve(); });
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

    console.log(`seeding ${EMPLOYEES.toLocaleString('en')} employees…`);
    await seedEmployees(dataDir);
    const results = [];
    for (const s of scenarios) {
      console.log(`${s.name}…`);
      const sample = typeof s.path === 'function' ? s.path() : s.path;
      const body = s.method === 'PATCH' ? '{}' : await (await fetch(base + sample, { headers })).text();
      const barePort = await freePort();
      const bare = fork(join(root, 'bench/bare-server.ts'), { env: { ...process.env, PORT: String(barePort), BARE_BODY: body }, execArgv: ['--import', 'tsx'] });
      children.push(bare);
      await waitFor(async () => (await fetch(`http://127.0.0.1:${barePort}/`)).ok, 'the bare server');
      const bareResult = await load(`http://127.0.0.1:${barePort}`, s, {});
      await stop(bare);
      const serviceResult = await load(base, s, headers);
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

await main().then(() => process.exit(0), (e) => {
  console.error(e);
  process.exit(1);
});
