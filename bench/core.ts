// The core suite: a lookup list, an employee read and an employee PATCH, 100,000 employees; and a
// customer read (every record's GET by id is the engine's coalesced named statement, as employees').
import { tokenForm, type Scenario, type Service, type Suite } from './harness.ts';

/** Employees in the benchmark tenant (the demo tenant plus generated ones). */
const EMPLOYEES = Number(process.env.BENCH_EMPLOYEES ?? 100_000);
let employeeIds: [number, number] = [1, 1];
let customerIds: [number, number] = [1, 1];
const between = ([lo, hi]: [number, number]) => lo + Math.floor(Math.random() * (hi - lo + 1));
const randomEmployee = () => `/Employees/${between(employeeIds)}`;
const randomCustomer = () => `/Customers/${between(customerIds)}`;
let n = 0;

const scenarios = (service: Service): Scenario[] => [
  { name: 'GET /DataLists/countries?take=10 (personal access token)', path: '/DataLists/countries?take=10', target: 0.3 },
  { name: `GET /Employees/{id} (random of ${EMPLOYEES.toLocaleString('en')} employees)`, path: randomEmployee, target: 0.3 },
  { name: `GET /Employees/{id} with a bearer token (service grant; random of ${EMPLOYEES.toLocaleString('en')} employees)`, path: randomEmployee, auth: 'bearer', target: 0.3 },
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
  { name: 'GET /Customers/{id} (random of the demo tenant\'s customers)', path: randomCustomer, target: 0.3 },
  {
    // Every request a new token: client authentication, acr_values checks, claims, an RS256 signature.
    name: 'POST {auth_url}/connect/token, grant_type=tw_vendor_service_credentials',
    method: 'POST', server: 'login', auth: 'none', path: '/connect/token', contentType: 'application/x-www-form-urlencoded',
    body: () => tokenForm(service.serviceClient), target: 0,
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
  console.log(`seeding ${EMPLOYEES.toLocaleString('en')} employees…`);
  if (count < EMPLOYEES) await generateDemoData(database.db, tenant, { employees: EMPLOYEES - count, customers: 5, jobOrders: 0 }, 7);
  await database.db.execute(sql`analyze`);
  const [range] = (await database.db.execute<{ lo: number; hi: number }>(sql`select min(id)::int as lo, max(id)::int as hi from employees`)).rows;
  employeeIds = [range!.lo, range!.hi];
  const [customers] = (await database.db.execute<{ lo: number; hi: number }>(sql`select min(id)::int as lo, max(id)::int as hi from customers`)).rows;
  customerIds = [customers!.lo, customers!.hi];
  await database.close();
}

export const coreSuite: Suite = {
  name: 'core',
  connections: Number(process.env.BENCH_CONNECTIONS ?? 32),
  prepare: seedEmployees,
  scenarios,
  resultsFile: 'latest.json',
};
