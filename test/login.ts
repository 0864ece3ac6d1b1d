// A login server and the API on one test database: two tenants (`acme`, `other`) from testApp, each
// with a product instance `web`, a service client, a web-user client, a code-flow client, an
// employee and a contact with logins, and a rep who can sign in.
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app.ts';
import type { Config } from '../src/config.ts';
import type { Database } from '../src/platform/db/database.ts';
import { addProductInstance, registerClient, type RegisteredClient } from '../src/platform/auth/clients.ts';
import { startLoginServer, type LoginServer } from '../src/login/login-server.ts';
import { setRepLogin } from '../src/platform/auth/rep-logins.ts';
import { createWebUser } from '../src/resources/web-users/web-user.repository.ts';
import { as, seedTenant, testConfig, testDatabase, type TenantFixture } from './helpers.ts';

export const PASSWORD = 'correct horse battery';

export interface LoginTenant {
  fixture: TenantFixture;
  name: string;
  service: RegisteredClient;
  webuser: RegisteredClient;
  code: RegisteredClient;
  employeeId: number;
  contactId: number;
  /** `tenant:<name> pid:web` */
  acr: string;
}

export interface LoginContext {
  database: Database;
  config: Config;
  login: LoginServer;
  app: FastifyInstance;
  acme: LoginTenant;
  other: LoginTenant;
  /** POSTs a form to {auth_url}/connect/token. */
  token(form: Record<string, string>): Promise<{ status: number; body: Record<string, unknown>; headers: Headers }>;
  close(): Promise<void>;
}

export const REDIRECT_URI = 'http://127.0.0.1:9/callback';

/** An employee and a contact in the North branch, created through the API by the North rep. */
async function employeeAndContact(app: FastifyInstance, fixture: TenantFixture): Promise<{ employeeId: number; contactId: number }> {
  const call = as(app, fixture.northToken);
  const employee = await call({ method: 'POST', url: '/Employees', payload: { firstName: 'Wendy', lastName: 'Worker', branchId: fixture.north.branchId, region: 'MN' } });
  const contact = await call({ method: 'POST', url: '/Contacts', payload: { firstName: 'Carl', lastName: 'Contact', branchId: fixture.north.branchId } });
  if (employee.statusCode !== 201 || contact.statusCode !== 201) throw new Error(`seeding failed: ${employee.body} ${contact.body}`);
  return { employeeId: employee.json<{ employeeId: number }>().employeeId, contactId: contact.json<{ contactId: number }>().contactId };
}

async function loginTenant(database: Database, app: FastifyInstance, fixture: TenantFixture, name: string): Promise<LoginTenant> {
  const db = database.db;
  const { tenantId } = fixture;
  await addProductInstance(db, tenantId, 'web', 'Web');
  const service = await registerClient(db, { tenantId, productInstanceId: 'web', name: 'service', grants: ['tw_vendor_service_credentials'], serviceRepId: fixture.north.repId });
  const webuser = await registerClient(db, { tenantId, productInstanceId: 'web', name: 'portal', grants: ['tw_vendor_webuser'] });
  const code = await registerClient(db, { tenantId, productInstanceId: 'web', name: 'app', grants: ['authorization_code'], redirectUris: [REDIRECT_URI] });
  const { employeeId, contactId } = await employeeAndContact(app, fixture);
  await createWebUser(db, tenantId, { kind: 'employee', recordId: employeeId, username: 'wendy', password: PASSWORD });
  await createWebUser(db, tenantId, { kind: 'contact', recordId: contactId, username: 'carl', password: PASSWORD });
  await setRepLogin(db, tenantId, fixture.north.repId, 'nora', PASSWORD);
  return { fixture, name, service, webuser, code, employeeId, contactId, acr: `tenant:${name} pid:web` };
}

export async function testLogin(overrides: Record<string, string> = {}): Promise<LoginContext> {
  const database = await testDatabase();
  const base = testConfig({ AUTH_PORT: '0', ...overrides });
  const [acmeFixture, otherFixture] = [await seedTenant(database, 'acme'), await seedTenant(database, 'other')];
  const login = await startLoginServer({ config: base, database, listenForRotations: false });
  const config = { ...base, AUTH_URL: login.issuer };
  const app = await buildApp({ config, database, listenForRevocations: false });
  await app.ready();
  const acme = await loginTenant(database, app, acmeFixture, 'acme');
  const other = await loginTenant(database, app, otherFixture, 'other');
  return {
    database, config, login, app, acme, other,
    token: async (form) => {
      const response = await fetch(`${login.issuer}/connect/token`, {
        method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams(form).toString(),
      });
      const body: unknown = await response.json();
      return { status: response.status, body: typeof body === 'object' && body !== null ? { ...body } : {}, headers: response.headers };
    },
    close: async () => { await app.close(); await login.close(); await database.close(); },
  };
}
