// Public registration's rate limits (issue 26 item 2, decision 0034): per client address and per
// tenant, shared by every process over the database, and the applicant sign-in's per-address limit.
// A refused registration is a 429 page in the address's language with Retry-After, and creates nothing.
import { count, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp, type TestContext, type TenantFixture } from '../../../test/helpers.ts';
import { buildApp } from '../../app.ts';
import { employees } from '../../resources/employees/employee.table.ts';
import { MESSAGES } from '../../platform/messages/index.ts';

let t: TestContext;
let serial = 0;

beforeAll(async () => {
  t = await testApp({ REGISTRATION_MAX_PER_ADDRESS: '3', REGISTRATION_MAX_PER_TENANT: '8', LOGIN_ADDRESS_MAX_FAILURES: '4', LOGIN_MAX_FAILURES: '100' });
});
afterAll(async () => { await t?.close(); });

interface From { app?: FastifyInstance; address: string; locale?: string; tenant?: 'acme' | 'other' }

/** Opens the form (its token) and posts `form` from `address`, as a browser at that address would. */
async function post(path: string, form: Record<string, string>, from: From) {
  const { app = t.app, address, locale = 'en', tenant = 'acme' } = from;
  const url = `/register/${locale}/${tenant}${path}`;
  const before = await app.inject({ url, remoteAddress: address });
  const csrf = /name="_csrf" value="([^"]+)"/.exec(before.body)?.[1];
  expect(csrf, before.body.slice(0, 300)).toBeTruthy();
  const cookies = Object.fromEntries(before.cookies.map((c) => [c.name, c.value]));
  return app.inject({
    method: 'POST', url, cookies, remoteAddress: address,
    headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: new URLSearchParams({ _csrf: csrf!, ...form }).toString(),
  });
}

const fixtureOf = (tenant: 'acme' | 'other'): TenantFixture => (tenant === 'acme' ? t.tenant : t.other);
const person = (tenant: 'acme' | 'other' = 'acme') => {
  serial += 1;
  return { username: `limited${serial}`, password: 'correct horse battery', firstName: 'Pat', lastName: `Lee${serial}`, region: 'MN', branchId: String(fixtureOf(tenant).north.branchId) };
};
const register = (from: From) => post('', person(from.tenant), from);
const employeeCount = async (tenant: 'acme' | 'other' = 'acme') =>
  (await t.database.db.select({ n: count() }).from(employees).where(eq(employees.tenantId, fixtureOf(tenant).tenantId)))[0]!.n;

function expectRefusedPage(res: Awaited<ReturnType<typeof register>>, locale: 'en' | 'es') {
  expect(res.statusCode, res.body.slice(0, 300)).toBe(429);
  expect(res.headers['content-type']).toMatch(/^text\/html/);
  expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
  expect(res.body).toContain(`<html lang="${locale}">`);
  expect(res.body).toContain(MESSAGES[locale].registration.tooManyTitle);
}

describe('registration per client address', () => {
  it('beyond the limit one address gets a 429 page with Retry-After, in the page\'s language, and no employee is created', async () => {
    const address = '10.0.0.1';
    for (let i = 0; i < 3; i++) expect((await register({ address })).statusCode).toBe(303);
    const before = await employeeCount();
    expectRefusedPage(await register({ address }), 'en');
    expectRefusedPage(await register({ address, locale: 'es' }), 'es');
    expect(await employeeCount()).toBe(before);
    // Another address is not held.
    expect((await register({ address: '10.0.0.2' })).statusCode).toBe(303);
  });

  it('a form sent back with errors does not count: only registrations made do', async () => {
    const address = '10.0.0.3';
    for (let i = 0; i < 4; i++) expect((await post('', { ...person(), lastName: '' }, { address })).statusCode).toBe(400);
    for (let i = 0; i < 3; i++) expect((await register({ address })).statusCode).toBe(303);
    expect((await register({ address })).statusCode).toBe(429);
  });
});

describe('registration per tenant', () => {
  it('beyond the tenant\'s limit every address is refused for that tenant; another tenant still registers', async () => {
    // acme has 7 registrations from the tests above (the refused ones were not counted): one more fills it.
    expect((await register({ address: '10.0.1.1' })).statusCode).toBe(303);
    const before = await employeeCount();
    expectRefusedPage(await register({ address: '10.0.1.2' }), 'en');
    expectRefusedPage(await register({ address: '10.0.1.3', locale: 'es' }), 'es');
    expect(await employeeCount()).toBe(before);
    expect((await register({ address: '10.0.1.1', tenant: 'other' })).statusCode).toBe(303);
  });
});

describe('one limit for every process', () => {
  it('two app instances with limiters of their own share the address\'s count over the database', async () => {
    const second = await buildApp({ config: t.config, database: t.database, listenForRevocations: false });
    await second.ready();
    try {
      const address = '10.0.2.1';
      expect((await register({ address, tenant: 'other' })).statusCode).toBe(303);
      expect((await register({ app: second, address, tenant: 'other' })).statusCode).toBe(303);
      expect((await register({ address, tenant: 'other' })).statusCode).toBe(303);
      const before = await employeeCount('other');
      expect((await register({ app: second, address, tenant: 'other' })).statusCode).toBe(429);
      expect(await employeeCount('other')).toBe(before);
    } finally {
      await second.close();
    }
  });
});

describe('the applicant sign-in per client address', () => {
  it('failed sign-ins from one address, whatever the usernames, hold that address (429 page with Retry-After); others go on', async () => {
    const address = '10.0.3.1';
    for (let i = 0; i < 4; i++) {
      const wrong = await post('/sign-in', { username: `nobody${i}`, password: 'wrong password!' }, { address });
      expect(wrong.statusCode).toBe(401);
    }
    const held = await post('/sign-in', { username: 'nobody9', password: 'wrong password!' }, { address, locale: 'es' });
    expect(held.statusCode).toBe(429);
    expect(Number(held.headers['retry-after'])).toBeGreaterThan(0);
    expect(held.body).toContain('Demasiados intentos fallidos');
    expect((await post('/sign-in', { username: 'nobody9', password: 'wrong password!' }, { address: '10.0.3.2' })).statusCode).toBe(401);
  });
});
