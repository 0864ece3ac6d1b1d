// The core suite: a lookup list, an employee read and an employee PATCH, 100,000 employees; and a
// customer read (every record's GET by id is the engine's coalesced named statement, as employees').
// Ids are drawn uniformly over every seeded record with a seeded generator, so coalesced reads
// rarely share an id; the headline pass turns the credential cache off (one credential would
// otherwise be verified once per run), the second runs with it on.
import { CACHES_OFF, DEFAULTS, seedDemo, tokenForm, type Scenario, type Service, type Suite } from './harness.ts';
import { between, seeded } from './sampling.ts';

/** Employees and customers in the benchmark tenant (the demo tenant's plus generated ones). */
const EMPLOYEES = Number(process.env.BENCH_EMPLOYEES ?? 100_000);
const CUSTOMERS = Number(process.env.BENCH_CUSTOMERS ?? 5_000);
/** Countries in the lookup list (pages of it are drawn). */
const COUNTRIES = 240;
let employeeIds: [number, number] = [1, 1];
let customerIds: [number, number] = [1, 1];

const scenarios = (service: Service): Scenario[] => {
  const pages = seeded(1), reads = seeded(2), bearerReads = seeded(3), writes = seeded(4), customerReads = seeded(5);
  const employee = (random: () => number) => () => `/Employees/${between(random, ...employeeIds)}`;
  let n = 0;
  return [
    { name: 'GET /DataLists/countries?take=10&skip={random} (personal access token)', path: () => `/DataLists/countries?take=10&skip=${between(pages, 0, COUNTRIES - 10)}`, target: 0.3 },
    { name: `GET /Employees/{id} (random of ${EMPLOYEES.toLocaleString('en')} employees)`, path: employee(reads), target: 0.3 },
    { name: `GET /Employees/{id} with a bearer token (service grant; random of ${EMPLOYEES.toLocaleString('en')} employees)`, path: employee(bearerReads), auth: 'bearer', target: 0.3 },
    {
      name: 'PATCH /Employees/{id}, three fields',
      method: 'PATCH',
      path: employee(writes),
      body: () => JSON.stringify([
        { op: 'replace', path: '/MiddleName', value: `M${++n % 1000}` },
        { op: 'replace', path: '/NumericRating', value: n % 5 },
        { op: 'replace', path: '/Note', value: `Called back on ${new Date().toISOString()}` },
      ]),
      target: 0.15,
    },
    { name: `GET /Customers/{id} (random of ${CUSTOMERS.toLocaleString('en')} customers)`, path: () => `/Customers/${between(customerReads, ...customerIds)}`, target: 0.3 },
    {
      // Every request a new token: client authentication, acr_values checks, claims, an RS256 signature.
      name: 'POST {auth_url}/connect/token, grant_type=tw_vendor_service_credentials',
      method: 'POST', server: 'login', auth: 'none', path: '/connect/token', contentType: 'application/x-www-form-urlencoded',
      body: () => tokenForm(service.serviceClient), target: 0,
    },
  ];
};

/** The lowest and highest id of a table, as one row of the query. */
function range({ rows: [row] }: { rows: { lo: number; hi: number }[] }): [number, number] {
  if (!row) throw new Error('no row');
  return [row.lo, row.hi];
}

/** Fills the running service's database up to EMPLOYEES employees and CUSTOMERS customers in the demo tenant. */
async function seed(dataDir: string) {
  const { sql } = await import('drizzle-orm');
  await seedDemo(dataDir, { employees: EMPLOYEES, customers: CUSTOMERS }, async (db) => {
    employeeIds = range(await db.execute<{ lo: number; hi: number }>(sql`select min(id)::int as lo, max(id)::int as hi from employees`));
    customerIds = range(await db.execute<{ lo: number; hi: number }>(sql`select min(id)::int as lo, max(id)::int as hi from customers`));
  });
}

export const coreSuite: Suite = {
  name: 'core',
  connections: Number(process.env.BENCH_CONNECTIONS ?? 32),
  prepare: seed,
  scenarios,
  passes: [CACHES_OFF, DEFAULTS],
  resultsFile: 'latest.json',
};
