// Shared test fixtures: a database of the test file's own (cloned from the migrated template), an
// app built on it, and a tenant with a parent node, two branches, reps and credentials.
import { afterAll, beforeAll, expect, inject } from 'vitest';
import pg from 'pg';
import { randomBytes } from 'node:crypto';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { buildApp } from '../src/app.ts';
import { loadConfig, type Config } from '../src/config.ts';
import { openDatabase, type Database } from '../src/platform/db/database.ts';
import { issueCredential, type IssuedCredential } from '../src/platform/auth/tokens.ts';
import { ALL_SCOPES } from '../src/platform/auth/scopes.ts';
import { addBranch, addHierarchyNode, addServiceRep, createTenant } from '../src/resources/tenants/tenant.provisioning.ts';
import pino from 'pino';
import ExcelJS from 'exceljs';
import { createBackground, type Background } from '../src/platform/background.ts';
import { backgroundLoops, jobCatalog } from '../src/resources/jobs.ts';

let counter = 0;

/** A fresh database cloned from the migrated template; dropped by the global teardown. */
export async function testDatabase(): Promise<Database> {
  const admin = new pg.Client({ connectionString: inject('pgAdminUrl') });
  await admin.connect();
  const name = `staffing_test_${inject('runId')}_${process.pid}_${++counter}_${randomBytes(3).toString('hex')}`;
  await admin.query(`create database ${name} template ${inject('templateDb')}`);
  await admin.end();
  const url = new URL(inject('pgAdminUrl'));
  url.pathname = `/${name}`;
  return openDatabase(url.toString(), 10);
}

export function testConfig(overrides: Record<string, string> = {}): Config {
  // Overload detection off: a busy test machine must not turn answers into 503s (one test turns it on).
  return loadConfig({ LOG_LEVEL: 'silent', BASE_URL: 'http://api.test', MAX_EVENT_LOOP_DELAY_MS: '0', ...overrides });
}

export interface TenantFixture {
  tenantId: number;
  rootHierId: number;
  north: { hierId: number; branchId: number; repId: number };
  south: { hierId: number; branchId: number; repId: number };
  adminRepId: number;
  /** Account key of the administrator (every scope). */
  account: IssuedCredential;
  /** Personal access tokens, every scope: at the root, and at each branch. */
  adminToken: IssuedCredential;
  northToken: IssuedCredential;
  southToken: IssuedCredential;
}

const inNinetyDays = () => new Date(Date.now() + 90 * 86_400_000);

/** A tenant: root node → North and South branch nodes, a rep at each node, credentials. */
export async function seedTenant(database: Database, name: string): Promise<TenantFixture> {
  const db = database.db;
  const { tenantId, rootHierId } = await createTenant(db, name, `${name} Staffing`);
  const northHier = await addHierarchyNode(db, tenantId, rootHierId, 'North');
  const southHier = await addHierarchyNode(db, tenantId, rootHierId, 'South', { canCreateEmployees: false, canInsertMasterData: false });
  const north = { hierId: northHier, branchId: await addBranch(db, tenantId, northHier, 'North Branch'), repId: await addServiceRep(db, tenantId, { hierId: northHier, firstName: 'Nora', lastName: 'North', securityGroup: 'Payroll' }) };
  const south = { hierId: southHier, branchId: await addBranch(db, tenantId, southHier, 'South Branch', { isWebPublic: false }), repId: await addServiceRep(db, tenantId, { hierId: southHier, firstName: 'Sam', lastName: 'South' }) };
  const adminRepId = await addServiceRep(db, tenantId, { hierId: rootHierId, firstName: 'Ada', lastName: 'Admin', securityGroup: 'Administrators' });
  const token = (serviceRepId: number, label: string) => issueCredential(db, { tenantId, serviceRepId, kind: 'personal', name: label, scopes: ALL_SCOPES, expiresAt: inNinetyDays() });
  return {
    tenantId, rootHierId, north, south, adminRepId,
    account: await issueCredential(db, { tenantId, serviceRepId: adminRepId, kind: 'account', name: 'account key' }),
    adminToken: await token(adminRepId, 'admin'),
    northToken: await token(north.repId, 'north'),
    southToken: await token(south.repId, 'south'),
  };
}

/** A fresh database (testDatabase) with the tenants named seeded in it: the database and the first tenant. */
export async function seededDatabase(tenants: readonly string[] = ['acme']): Promise<{ database: Database; tenant: TenantFixture }> {
  const database = await testDatabase();
  const seeded: TenantFixture[] = [];
  for (const name of tenants) seeded.push(await seedTenant(database, name));
  const [tenant] = seeded;
  if (!tenant) throw new Error('seededDatabase seeds at least one tenant.');
  return { database, tenant };
}

export interface TestContext {
  app: FastifyInstance;
  database: Database;
  config: Config;
  tenant: TenantFixture;
  other: TenantFixture;
  close(): Promise<void>;
}

/** The types of the events written for one record, oldest first (decision 0031). */
export async function eventTypesOf(database: Database, tenantId: number, recordType: string, recordId: number): Promise<string[]> {
  const { rows } = await database.pool.query<{ type: string }>(
    'select type from events where tenant_id = $1 and record_type = $2 and record_id = $3 order by id', [tenantId, recordType, recordId]);
  return rows.map((r) => r.type);
}

/** The app on a database of its own, with two tenants (`acme` and `other`). */
export async function testApp(configOverrides: Record<string, string> = {}): Promise<TestContext> {
  const database = await testDatabase();
  const config = testConfig(configOverrides);
  const tenant = await seedTenant(database, 'acme');
  const other = await seedTenant(database, 'other');
  const app = await buildApp({ config, database, listenForRevocations: false });
  await app.ready();
  return { app, database, config, tenant, other, close: async () => { await app.close(); await database.close(); } };
}

/** A started batch worker with every job type on the test's database, polling often so that a test's jobs finish soon. */
export async function startWorker(t: Pick<TestContext, 'app' | 'config' | 'database'>): Promise<Background> {
  const worker = createBackground(t.database, t.config, jobCatalog(t.app.resumeParser), pino({ level: 'silent' }), { pollMs: 200, loops: backgroundLoops });
  await worker.start();
  return worker;
}

export const auth = {
  token: (c: IssuedCredential) => ({ 'x-tw-token': c.token }),
  basic: (c: IssuedCredential) => ({ authorization: `Basic ${Buffer.from(`${c.sid}:${c.secret}`).toString('base64')}` }),
};

/** `app.inject` with the token's header merged in. */
export function as(app: FastifyInstance, credential: IssuedCredential) {
  return (options: InjectOptions) => app.inject({ ...options, headers: { ...auth.token(credential), ...(options.headers ?? {}) } });
}

/** A caller with one credential, as `as` gives it. */
export type Caller = ReturnType<typeof as>;

/** A caller for each seeded credential: acme's administrator, North and South reps, and the other tenant's administrator. */
export function callers(t: TestContext): { admin: Caller; north: Caller; south: Caller; otherAdmin: Caller } {
  return { admin: as(t.app, t.tenant.adminToken), north: as(t.app, t.tenant.northToken), south: as(t.app, t.tenant.southToken), otherAdmin: as(t.app, t.other.adminToken) };
}

/**
 * This test file's app (testApp with the overrides): built before its tests, closed after them. A file
 * declares it once at its top, `const { t, admin, north } = testAppForFile();`: the context and the
 * callers read the app when a test or a hook runs, once it is built.
 */
export function testAppForFile(configOverrides: Record<string, string> = {}) {
  let built: TestContext | undefined;
  beforeAll(async () => { built = await testApp(configOverrides); });
  afterAll(async () => { await built?.close(); });
  const ready = (): TestContext => {
    if (!built) throw new Error('The test app is built in beforeAll: use it inside tests and hooks.');
    return built;
  };
  const t: TestContext = {
    get app() { return ready().app; },
    get database() { return ready().database; },
    get config() { return ready().config; },
    get tenant() { return ready().tenant; },
    get other() { return ready().other; },
    close: () => ready().close(),
  };
  const caller = (credential: (context: TestContext) => IssuedCredential): Caller => (options) => as(t.app, credential(t))(options);
  return {
    t,
    admin: caller((c) => c.tenant.adminToken),
    north: caller((c) => c.tenant.northToken),
    south: caller((c) => c.tenant.southToken),
    otherAdmin: caller((c) => c.other.adminToken),
  };
}

export interface RecordRoutesOptions {
  /** The property of the create answer that holds the new record's id (`vendorId`). */
  id: string;
  /** Who calls when a call names nobody: asked for at each call, since test files set their callers in beforeAll. */
  caller: () => Caller;
  /** The create body `make` starts from: a function, as it may use what beforeAll set. */
  minimal?: () => Record<string, unknown>;
}

/** A record's routes at `path` (`/Vendors`) as its route tests call them: create, JSON Patch, read, and make (create and expect a 201). */
export function recordRoutes(path: string, options: RecordRoutesOptions) {
  const create = (body: Record<string, unknown>, caller = options.caller()) => caller({ method: 'POST', url: path, payload: body });
  const patch = (id: number, document: unknown, caller = options.caller()) =>
    caller({ method: 'PATCH', url: `${path}/${id}`, headers: { 'content-type': 'application/json-patch+json' }, payload: JSON.stringify(document) });
  const read = async (id: number, caller = options.caller()) => (await caller({ method: 'GET', url: `${path}/${id}` })).json();
  /** Creates one from the minimal body and `body`; the test fails with the answer unless it is a 201. Answers the new id. */
  const make = async (body: Record<string, unknown> = {}, caller = options.caller()): Promise<number> => {
    const res = await create({ ...options.minimal?.(), ...body }, caller);
    expect(res.statusCode, res.body).toBe(201);
    return res.json()[options.id];
  };
  /** The PATCH catalog tests' patch and read (test/catalog-cases.ts) on record `id`. */
  const catalogHarness = (id: number) => ({ patch: (document: unknown[]) => patch(id, document), read: () => read(id) });
  return { create, patch, read, make, catalogHarness };
}

/** Expects a 400 problem+json whose `errors` name `field` and nothing else. */
export function refusedNaming(res: { statusCode: number; headers: Record<string, unknown>; body: string }, field: string) {
  expect(res.statusCode, res.body).toBe(400);
  expect(res.headers['content-type']).toContain('application/problem+json');
  expect(Object.keys(JSON.parse(res.body).errors), res.body).toEqual([field]);
}

/** An XLSX answer opened with exceljs (its `load` takes an ArrayBuffer: a copy of the payload's bytes is one). */
export async function workbookOf(res: { rawPayload: Buffer }): Promise<ExcelJS.Workbook> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(new Uint8Array(res.rawPayload).buffer);
  return workbook;
}
