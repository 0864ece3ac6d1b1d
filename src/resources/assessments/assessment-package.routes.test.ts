// Assessment administration (ASM-01 to ASM-17, AMB-69): packages and their members under
// /Administration/AssessmentPackages. Declared access and the roles refused, tenant isolation (404),
// conflicts (409), bad input (400 naming the field), 405s, ordering with ties, paging defaults, and a
// package's delete taking its members and unlinking the sessions requested from it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { as, type Caller } from '../../../test/helpers.ts';
import { PASSWORD, testLogin, type LoginContext } from '../../../test/login.ts';
import { issueCredential } from '../../platform/auth/tokens.ts';
import { assessmentAdminAccess } from './assessment-package.routes.ts';
import { seedVendor, type VendorFixture } from './assessment-catalog.fixtures.ts';
import { assessmentPackageMembers, assessmentPackages, assessments, assessmentSessions, assessmentVendors } from './assessment.table.ts';

const PACKAGES = '/Administration/AssessmentPackages';

let t: LoginContext;
let admin: Caller;
let other: Caller;
let acme: VendorFixture;
let second: VendorFixture;
let retired: VendorFixture;
let foreign: VendorFixture;

beforeAll(async () => {
  t = await testLogin();
  admin = as(t.app, t.acme.fixture.adminToken);
  other = as(t.app, t.other.fixture.adminToken);
  const db = t.database.db;
  acme = await seedVendor(db, t.acme.fixture.tenantId, 'AssessOnCloud');
  second = await seedVendor(db, t.acme.fixture.tenantId, 'Second Vendor', [{ code: 'S1', name: 'Second Typing', description: null, durationMinutes: null }], 'webhook');
  retired = await seedVendor(db, t.acme.fixture.tenantId, 'Retired Vendor', [{ code: 'R1', name: 'Old Test', description: null, durationMinutes: null }]);
  await db.update(assessmentVendors).set({ isActive: false }).where(eq(assessmentVendors.id, retired.vendorId));
  foreign = await seedVendor(db, t.other.fixture.tenantId, 'AssessOnCloud');
});
afterAll(async () => { await t?.close(); });

async function createPackage(caller: Caller, payload: Record<string, unknown>): Promise<number> {
  const res = await caller({ method: 'POST', url: PACKAGES, payload });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id;
}

async function addMember(caller: Caller, packageId: number, assessmentId: number): Promise<number> {
  const res = await caller({ method: 'POST', url: `${PACKAGES}/${packageId}/Assessments`, payload: { assessmentId } });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().assessmentPackageMemberId;
}

/** The field names a 400 names. */
async function refusedFields(caller: Caller, method: 'POST' | 'PUT' | 'GET', url: string, payload?: Record<string, unknown>): Promise<string[]> {
  const res = await caller({ method, url, payload });
  expect(res.statusCode, res.body).toBe(400);
  return Object.keys(res.json().errors ?? {});
}

describe('access (ASM-01)', () => {
  it('ASM-01: declared for ServiceRep with no scope required', () => {
    expect(assessmentAdminAccess).toEqual({ roles: ['ServiceRep'], scopes: [] });
  });

  it('ASM-01: a personal access token with no scope, or with an unrelated one, is let through', async () => {
    const { tenantId, adminRepId } = t.acme.fixture;
    const expiresAt = new Date(Date.now() + 86_400_000);
    for (const scopes of [[], ['employee-read']]) {
      const token = await issueCredential(t.database.db, { tenantId, serviceRepId: adminRepId, kind: 'personal', name: `scopes ${scopes.join()}`, scopes, expiresAt });
      const res = await as(t.app, token)({ method: 'GET', url: PACKAGES });
      expect(res.statusCode, `${scopes.join()}: ${res.body}`).toBe(200);
    }
  });

  it('ASM-01: the Service role and web users get 403 ROLE_NOT_ALLOWED on every route', async () => {
    const bearer = async (form: Record<string, string>) => {
      const res = await t.token(form);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return { authorization: `Bearer ${String(res.body.access_token)}` };
    };
    const { acme: tenant } = t;
    const service = await bearer({ grant_type: 'tw_vendor_service_credentials', client_id: tenant.service.clientId, client_secret: tenant.service.clientSecret ?? '', acr_values: tenant.acr });
    const webUser = await bearer({
      grant_type: 'tw_vendor_webuser', usertype: 'WebUserEmployee', username: 'wendy', password: PASSWORD,
      client_id: tenant.webuser.clientId, client_secret: tenant.webuser.clientSecret ?? '', acr_values: tenant.acr,
    });
    const packageId = await createPackage(admin, { name: 'Role Check', assessmentVendorId: acme.vendorId });
    const requests = [
      { method: 'GET', url: PACKAGES }, { method: 'POST', url: PACKAGES, payload: { name: 'x', assessmentVendorId: acme.vendorId } },
      { method: 'GET', url: `${PACKAGES}/${packageId}` }, { method: 'PUT', url: `${PACKAGES}/${packageId}`, payload: { name: 'x', assessmentVendorId: acme.vendorId } },
      { method: 'DELETE', url: `${PACKAGES}/${packageId}` }, { method: 'GET', url: `${PACKAGES}/${packageId}/Assessments` },
      { method: 'POST', url: `${PACKAGES}/${packageId}/Assessments`, payload: { assessmentId: acme.id('TYPE') } },
      { method: 'GET', url: `${PACKAGES}/${packageId}/Assessments/1` }, { method: 'DELETE', url: `${PACKAGES}/${packageId}/Assessments/1` },
    ] as const;
    for (const headers of [service, webUser]) {
      for (const request of requests) {
        const res = await t.app.inject({ ...request, headers });
        expect(`${request.method} ${request.url}: ${res.statusCode} ${res.json().code}`).toBe(`${request.method} ${request.url}: 403 ROLE_NOT_ALLOWED`);
      }
    }
    expect((await admin({ method: 'GET', url: `${PACKAGES}/${packageId}` })).json().name).toBe('Role Check');
  });
});

describe('packages', () => {
  it('ASM-02 ASM-06 ASM-07 ASM-17: create answers 201 with the new id and its Location; the package reads back with defaults', async () => {
    const res = await admin({ method: 'POST', url: PACKAGES, payload: { name: '  Office Basics  ', assessmentVendorId: acme.vendorId } });
    expect(res.statusCode, res.body).toBe(201);
    const { id } = res.json();
    expect(res.json()).toEqual({ id: expect.any(Number) });
    expect(res.headers.location).toBe(`${PACKAGES}/${id}`);
    const read = await admin({ method: 'GET', url: `${PACKAGES}/${id}` });
    expect(read.statusCode).toBe(200);
    expect(read.json()).toEqual({
      id, name: 'Office Basics', description: null, assessmentVendorId: acme.vendorId, assessmentVendor: 'AssessOnCloud', isActive: true, memberCount: 0,
      createdAt: expect.any(String), updatedAt: expect.any(String),
    });
    const [row] = await t.database.db.select({ by: assessmentPackages.createdByServiceRepId }).from(assessmentPackages).where(eq(assessmentPackages.id, id));
    expect(row?.by).toBe(t.acme.fixture.adminRepId);
  });

  it('ASM-17: 400 naming each bad field of the package request', async () => {
    const good = { name: 'Valid', assessmentVendorId: acme.vendorId };
    expect(await refusedFields(admin, 'POST', PACKAGES, { assessmentVendorId: acme.vendorId })).toEqual(['name']);
    expect(await refusedFields(admin, 'POST', PACKAGES, { ...good, name: '   ' })).toEqual(['name']);
    expect(await refusedFields(admin, 'POST', PACKAGES, { ...good, name: 'x'.repeat(101) })).toEqual(['name']);
    expect(await refusedFields(admin, 'POST', PACKAGES, { ...good, description: 'x'.repeat(1001) })).toEqual(['description']);
    expect(await refusedFields(admin, 'POST', PACKAGES, { ...good, isActive: 'sometimes' })).toEqual(['isActive']);
    expect(await refusedFields(admin, 'POST', PACKAGES, { name: 'Valid' })).toEqual(['assessmentVendorId']);
    expect(await refusedFields(admin, 'POST', PACKAGES, { ...good, assessmentVendorId: 999999 })).toEqual(['assessmentVendorId']);
    expect(await refusedFields(admin, 'POST', PACKAGES, { ...good, assessmentVendorId: foreign.vendorId })).toEqual(['assessmentVendorId']);
    expect(await refusedFields(admin, 'POST', PACKAGES, { ...good, assessmentVendorId: retired.vendorId })).toEqual(['assessmentVendorId']);
    expect(await refusedFields(admin, 'GET', `${PACKAGES}/0`)).toEqual(['id']);
    expect(await refusedFields(admin, 'GET', `${PACKAGES}/2147483648`)).toEqual(['id']);
  });

  it('ASM-06: 409 for a name the tenant has already, whatever its case and spaces; another tenant may use it', async () => {
    await createPackage(admin, { name: 'Clerical Screen', assessmentVendorId: acme.vendorId });
    const res = await admin({ method: 'POST', url: PACKAGES, payload: { name: ' clerical SCREEN', assessmentVendorId: acme.vendorId } });
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json().detail).toMatch(/already exists/);
    await createPackage(other, { name: 'Clerical Screen', assessmentVendorId: foreign.vendorId });
  });

  it('ASM-07: another tenant\'s package, or none, is 404 on every route', async () => {
    const theirs = await createPackage(other, { name: 'Theirs', assessmentVendorId: foreign.vendorId });
    const member = await addMember(other, theirs, foreign.id('TYPE'));
    for (const [method, url, payload] of [
      ['GET', `${PACKAGES}/${theirs}`], ['PUT', `${PACKAGES}/${theirs}`, { name: 'Mine now', assessmentVendorId: acme.vendorId }], ['DELETE', `${PACKAGES}/${theirs}`],
      ['GET', `${PACKAGES}/${theirs}/Assessments`], ['POST', `${PACKAGES}/${theirs}/Assessments`, { assessmentId: acme.id('TYPE') }],
      ['GET', `${PACKAGES}/${theirs}/Assessments/${member}`], ['DELETE', `${PACKAGES}/${theirs}/Assessments/${member}`], ['GET', `${PACKAGES}/999999`],
    ] as const) {
      const res = await admin({ method, url, payload });
      expect(`${method} ${url}: ${res.statusCode}`).toBe(`${method} ${url}: 404`);
    }
    expect((await other({ method: 'GET', url: `${PACKAGES}/${theirs}/Assessments/${member}` })).statusCode).toBe(200);
  });

  it('ASM-08 ERR-03: PUT replaces every field (missing optional ones reset), answers 204 with no body and moves updatedAt', async () => {
    const id = await createPackage(admin, { name: 'Before', description: 'Old text', assessmentVendorId: acme.vendorId, isActive: false });
    const before = (await admin({ method: 'GET', url: `${PACKAGES}/${id}` })).json();
    expect(before).toMatchObject({ description: 'Old text', isActive: false });
    const res = await admin({ method: 'PUT', url: `${PACKAGES}/${id}`, payload: { name: 'After', assessmentVendorId: second.vendorId } });
    expect(res.statusCode, res.body).toBe(204);
    expect(res.body).toBe('');
    const after = (await admin({ method: 'GET', url: `${PACKAGES}/${id}` })).json();
    expect(after).toMatchObject({ id, name: 'After', description: null, isActive: true, assessmentVendorId: second.vendorId, assessmentVendor: 'Second Vendor', createdAt: before.createdAt });
    expect(Date.parse(after.updatedAt)).toBeGreaterThan(Date.parse(before.updatedAt));
  });

  it('ASM-08 ASM-17: PUT refuses a taken name (409), a bad body (400 naming the field), and a vendor change while the package holds assessments (409)', async () => {
    const id = await createPackage(admin, { name: 'Keeps Vendor', assessmentVendorId: acme.vendorId });
    await createPackage(admin, { name: 'Taken Name', assessmentVendorId: acme.vendorId });
    const put = (payload: Record<string, unknown>) => admin({ method: 'PUT', url: `${PACKAGES}/${id}`, payload });
    expect((await put({ name: 'TAKEN name', assessmentVendorId: acme.vendorId })).statusCode).toBe(409);
    expect(await refusedFields(admin, 'PUT', `${PACKAGES}/${id}`, { name: 'Keeps Vendor' })).toEqual(['assessmentVendorId']);
    expect(await refusedFields(admin, 'PUT', `${PACKAGES}/${id}`, { name: '', assessmentVendorId: acme.vendorId })).toEqual(['name']);
    await addMember(admin, id, acme.id('TYPE'));
    const moved = await put({ name: 'Keeps Vendor', assessmentVendorId: second.vendorId });
    expect(moved.statusCode, moved.body).toBe(409);
    expect(moved.json().detail).toMatch(/remove them before changing its vendor/);
    expect((await put({ name: 'Keeps Vendor (renamed)', assessmentVendorId: acme.vendorId })).statusCode).toBe(204);
  });

  it('ASM-08: a package of a vendor made inactive can still be replaced without changing vendor', async () => {
    const vendor = await seedVendor(t.database.db, t.acme.fixture.tenantId, 'Soon Retired', [{ code: 'Q', name: 'Quiz', description: null, durationMinutes: null }]);
    const id = await createPackage(admin, { name: 'Legacy', assessmentVendorId: vendor.vendorId });
    await t.database.db.update(assessmentVendors).set({ isActive: false }).where(eq(assessmentVendors.id, vendor.vendorId));
    expect((await admin({ method: 'PUT', url: `${PACKAGES}/${id}`, payload: { name: 'Legacy', assessmentVendorId: vendor.vendorId, isActive: false } })).statusCode).toBe(204);
    const fresh = await createPackage(admin, { name: 'Not Legacy', assessmentVendorId: acme.vendorId });
    expect(await refusedFields(admin, 'PUT', `${PACKAGES}/${fresh}`, { name: 'Not Legacy', assessmentVendorId: vendor.vendorId })).toEqual(['assessmentVendorId']);
  });

  it('ASM-09 AMB-69 ERR-03: DELETE answers 204 with no body, takes the members along and unlinks the sessions requested from the package', async () => {
    const db = t.database.db;
    const id = await createPackage(admin, { name: 'To Delete', assessmentVendorId: acme.vendorId });
    await addMember(admin, id, acme.id('TYPE'));
    await addMember(admin, id, acme.id('FORK'));
    const { tenantId, north } = t.acme.fixture;
    const sessions = await db.insert(assessmentSessions).values({
      tenantId, hierId: north.hierId, employeeId: t.acme.employeeId, vendorId: acme.vendorId, packageId: id, packageName: 'To Delete',
    }).returning({ id: assessmentSessions.id });
    const sessionId = sessions[0]?.id ?? 0;
    const res = await admin({ method: 'DELETE', url: `${PACKAGES}/${id}` });
    expect(res.statusCode, res.body).toBe(204);
    expect(res.body).toBe('');
    expect((await admin({ method: 'GET', url: `${PACKAGES}/${id}` })).statusCode).toBe(404);
    expect((await admin({ method: 'DELETE', url: `${PACKAGES}/${id}` })).statusCode).toBe(404);
    const left = await db.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(assessmentPackageMembers)
      .where(and(eq(assessmentPackageMembers.tenantId, tenantId), eq(assessmentPackageMembers.packageId, id)));
    expect(left[0]?.n).toBe(0);
    const [kept] = await db.select({ packageId: assessmentSessions.packageId, packageName: assessmentSessions.packageName }).from(assessmentSessions)
      .where(and(eq(assessmentSessions.tenantId, tenantId), eq(assessmentSessions.id, sessionId)));
    expect(kept).toEqual({ packageId: null, packageName: 'To Delete' });
    // The catalog is untouched.
    expect((await db.select({ id: assessments.id }).from(assessments).where(eq(assessments.id, acme.id('TYPE')))).length).toBe(1);
  });
});

describe('members', () => {
  let packageId: number;
  let twin: VendorFixture;
  beforeAll(async () => {
    // Two assessments of the same name but for case (other codes): the tie is broken by member id, so
    // "Alpha" (added first) comes before "alpha", which most collations would put first.
    twin = await seedVendor(t.database.db, t.acme.fixture.tenantId, 'Twin Vendor', [
      { code: 'Z', name: 'zeta', description: null, durationMinutes: null }, { code: 'A2', name: 'alpha', description: 'second', durationMinutes: 10 },
      { code: 'A1', name: 'Alpha', description: 'first', durationMinutes: 12 }, { code: 'B', name: 'Beta', description: null, durationMinutes: null },
      { code: 'OLD', name: 'Retired test', description: null, durationMinutes: null },
    ]);
    await t.database.db.update(assessments).set({ isActive: false }).where(eq(assessments.id, twin.id('OLD')));
    packageId = await createPackage(admin, { name: 'Members Package', assessmentVendorId: twin.vendorId });
  });

  it('ASM-02 ASM-13 ASM-14 ASM-17: add answers 201 with the member id and its Location; the member reads back with its assessment', async () => {
    const res = await admin({ method: 'POST', url: `${PACKAGES}/${packageId}/Assessments`, payload: { assessmentId: twin.id('A1') } });
    expect(res.statusCode, res.body).toBe(201);
    const { assessmentPackageMemberId } = res.json();
    expect(res.json()).toEqual({ assessmentPackageMemberId: expect.any(Number) });
    expect(res.headers.location).toBe(`${PACKAGES}/${packageId}/Assessments/${assessmentPackageMemberId}`);
    const read = await admin({ method: 'GET', url: res.headers.location });
    expect(read.statusCode).toBe(200);
    expect(read.json()).toEqual({
      assessmentPackageMemberId, assessmentPackageId: packageId, assessmentId: twin.id('A1'), code: 'A1', name: 'Alpha', description: 'first', durationMinutes: 12,
    });
    expect((await admin({ method: 'GET', url: `${PACKAGES}/${packageId}` })).json().memberCount).toBe(1);
  });

  it('ASM-13: 409 for an assessment already in the package', async () => {
    const res = await admin({ method: 'POST', url: `${PACKAGES}/${packageId}/Assessments`, payload: { assessmentId: twin.id('A1') } });
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json().detail).toMatch(/already in the package/);
  });

  it('ASM-13 ASM-17: 400 naming assessmentId for one missing, unknown, of another vendor, of another tenant, or inactive', async () => {
    const url = `${PACKAGES}/${packageId}/Assessments`;
    for (const payload of [{}, { assessmentId: 999999 }, { assessmentId: acme.id('TYPE') }, { assessmentId: foreign.id('TYPE') }, { assessmentId: twin.id('OLD') }, { assessmentId: 'one' }]) {
      expect(await refusedFields(admin, 'POST', url, payload), JSON.stringify(payload)).toEqual(['assessmentId']);
    }
    expect(await refusedFields(admin, 'GET', `${url}/0`)).toEqual(['assessmentPackageMemberId']);
  });

  it('ASM-10 ASM-11 ASM-12 AMB-69: members listed by assessment name regardless of case, equal names by member id; skip and take', async () => {
    // A1 "Alpha" was added first; then zeta, Beta, and A2 "alpha" (the same name regardless of case, a later member id).
    const ids = { A1: (await admin({ method: 'GET', url: `${PACKAGES}/${packageId}/Assessments` })).json().data[0].assessmentPackageMemberId };
    const z = await addMember(admin, packageId, twin.id('Z'));
    const b = await addMember(admin, packageId, twin.id('B'));
    const a2 = await addMember(admin, packageId, twin.id('A2'));
    const all = await admin({ method: 'GET', url: `${PACKAGES}/${packageId}/Assessments` });
    expect(all.statusCode).toBe(200);
    expect(all.json().totalCount).toBe(4);
    expect(all.json().data.map((m: { assessmentPackageMemberId: number }) => m.assessmentPackageMemberId)).toEqual([ids.A1, a2, b, z]);
    const page = await admin({ method: 'GET', url: `${PACKAGES}/${packageId}/Assessments?skip=1&take=2` });
    expect(page.json()).toEqual({ data: all.json().data.slice(1, 3), totalCount: 4 });
    expect((await admin({ method: 'GET', url: `${PACKAGES}/${packageId}/Assessments?Skip=10` })).json()).toEqual({ data: [], totalCount: 4 });
    expect(await refusedFields(admin, 'GET', `${PACKAGES}/${packageId}/Assessments?skip=-1`)).toEqual(['skip']);
    expect(await refusedFields(admin, 'GET', `${PACKAGES}/${packageId}/Assessments?take=0`)).toEqual(['take']);
  });

  it('ASM-14 ASM-15 AMB-69: a member addressed under another package is 404; DELETE answers 204 and the member is gone', async () => {
    const elsewhere = await createPackage(admin, { name: 'Elsewhere', assessmentVendorId: twin.vendorId });
    const member = await addMember(admin, elsewhere, twin.id('B'));
    expect((await admin({ method: 'GET', url: `${PACKAGES}/${packageId}/Assessments/${member}` })).statusCode).toBe(404);
    expect((await admin({ method: 'DELETE', url: `${PACKAGES}/${packageId}/Assessments/${member}` })).statusCode).toBe(404);
    expect((await admin({ method: 'GET', url: `${PACKAGES}/${elsewhere}/Assessments/${member}` })).statusCode).toBe(200);
    const res = await admin({ method: 'DELETE', url: `${PACKAGES}/${elsewhere}/Assessments/${member}` });
    expect(res.statusCode, res.body).toBe(204);
    expect(res.body).toBe('');
    expect((await admin({ method: 'GET', url: `${PACKAGES}/${elsewhere}/Assessments/${member}` })).statusCode).toBe(404);
    expect((await admin({ method: 'DELETE', url: `${PACKAGES}/${elsewhere}/Assessments/${member}` })).statusCode).toBe(404);
    expect((await admin({ method: 'GET', url: `${PACKAGES}/${elsewhere}/Assessments` })).json()).toEqual({ data: [], totalCount: 0 });
  });

  it('ASM-12: the members of a package that does not exist are 404, not an empty list', async () => {
    expect((await admin({ method: 'GET', url: `${PACKAGES}/999999/Assessments` })).statusCode).toBe(404);
  });
});

describe('methods not listed (ASM-16)', () => {
  it('ASM-16: PUT on a member, PATCH on a package, DELETE on the collection answer 405 with Allow', async () => {
    const id = await createPackage(admin, { name: 'Methods', assessmentVendorId: acme.vendorId });
    const member = await addMember(admin, id, acme.id('TYPE'));
    for (const [method, url, allow] of [
      ['PUT', `${PACKAGES}/${id}/Assessments/${member}`, 'GET, DELETE'], ['PATCH', `${PACKAGES}/${id}`, 'GET, PUT, DELETE'],
      ['DELETE', PACKAGES, 'GET, POST'], ['PUT', `${PACKAGES}/${id}/Assessments`, 'GET, POST'], ['POST', `${PACKAGES}/${id}`, 'GET, PUT, DELETE'],
    ] as const) {
      const res = await admin({ method, url, payload: method === 'DELETE' ? undefined : {} });
      expect(`${method} ${url}: ${res.statusCode} ${res.headers.allow}`).toBe(`${method} ${url}: 405 ${allow}`);
    }
  });
});

// Last: the other tenant's list is filled to check the defaults, so nothing above depends on it.
describe('package list (ASM-03, ASM-04, ASM-05)', () => {
  it('ASM-05 ASM-03: packages by name regardless of case (ties impossible: names are unique regardless of case); skip and take page it', async () => {
    const names = ['charlie', 'Bravo', 'alpha', 'Delta'];
    const { tenantId } = t.acme.fixture;
    const db = t.database.db;
    await db.delete(assessmentPackages).where(eq(assessmentPackages.tenantId, tenantId));
    for (const name of names) await createPackage(admin, { name, assessmentVendorId: acme.vendorId });
    const all = await admin({ method: 'GET', url: PACKAGES });
    expect(all.statusCode).toBe(200);
    expect(all.json().data.map((p: { name: string }) => p.name)).toEqual(['alpha', 'Bravo', 'charlie', 'Delta']);
    expect(all.json().totalCount).toBe(4);
    expect((await admin({ method: 'GET', url: `${PACKAGES}?take=2` })).json()).toEqual({ data: all.json().data.slice(0, 2), totalCount: 4 });
    expect((await admin({ method: 'GET', url: `${PACKAGES}?skip=3&take=5` })).json()).toEqual({ data: all.json().data.slice(3), totalCount: 4 });
    expect((await admin({ method: 'GET', url: `${PACKAGES}?skip=9` })).json()).toEqual({ data: [], totalCount: 4 });
  });

  it('ASM-03 ASM-04: skip defaults to 0 and take to 1000 (of 1001 packages, the first 1000 by name); out-of-range paging is 400 naming the field', async () => {
    const { tenantId } = t.other.fixture;
    await t.database.db.execute(sql`insert into assessment_packages (tenant_id, vendor_id, name)
      select ${tenantId}, ${foreign.vendorId}, 'Bulk ' || lpad(n::text, 4, '0') from generate_series(1, 1001) n`);
    const res = await other({ method: 'GET', url: PACKAGES });
    const { data, totalCount } = res.json();
    expect(totalCount).toBeGreaterThanOrEqual(1001);
    expect(data).toHaveLength(1000);
    expect(data[0].name).toBe('Bulk 0001');
    expect(await refusedFields(other, 'GET', `${PACKAGES}?skip=-1`)).toEqual(['skip']);
    expect(await refusedFields(other, 'GET', `${PACKAGES}?take=0`)).toEqual(['take']);
    expect(await refusedFields(other, 'GET', `${PACKAGES}?take=1001`)).toEqual(['take']);
    expect(await refusedFields(other, 'GET', `${PACKAGES}?skip=many`)).toEqual(['skip']);
  });
});

describe('GEN-16 events of packages', () => {
  const TYPES = 'assessmentPackage.created,assessmentPackage.updated,assessmentPackage.deleted';
  const feed = async (after: number) => {
    const res = await admin({ method: 'GET', url: `/Events?after=${after}&types=${TYPES}` });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ data: { type: string; record: { type: string; id: number; location: string }; changedFields?: string[] }[]; next: number }>();
  };

  it('creating, replacing, adding and removing an assessment and deleting a package each leave its event in GET /Events; a refused write leaves none', async () => {
    const after = (await feed(0)).next;
    const id = await createPackage(admin, { name: 'Evented', assessmentVendorId: acme.vendorId });
    // Refused: a taken name, an unknown vendor, another vendor's assessment, an unknown member.
    expect((await admin({ method: 'POST', url: PACKAGES, payload: { name: 'evented', assessmentVendorId: acme.vendorId } })).statusCode).toBe(409);
    expect((await admin({ method: 'PUT', url: `${PACKAGES}/${id}`, payload: { name: 'Evented', assessmentVendorId: 999999 } })).statusCode).toBe(400);
    expect((await admin({ method: 'POST', url: `${PACKAGES}/${id}/Assessments`, payload: { assessmentId: second.id('S1') } })).statusCode).toBe(400);
    expect((await admin({ method: 'DELETE', url: `${PACKAGES}/${id}/Assessments/999999` })).statusCode).toBe(404);
    expect((await admin({ method: 'PUT', url: `${PACKAGES}/${id}`, payload: { name: 'Evented again', description: 'now described', assessmentVendorId: acme.vendorId } })).statusCode).toBe(204);
    const memberId = await addMember(admin, id, acme.id('TYPE'));
    expect((await admin({ method: 'DELETE', url: `${PACKAGES}/${id}/Assessments/${memberId}` })).statusCode).toBe(204);
    expect((await admin({ method: 'DELETE', url: `${PACKAGES}/${id}` })).statusCode).toBe(204);
    expect((await admin({ method: 'DELETE', url: `${PACKAGES}/${id}` })).statusCode).toBe(404);
    const events = (await feed(after)).data;
    for (const e of events) expect(e.record).toEqual({ type: 'AssessmentPackage', id, location: `${PACKAGES}/${id}` });
    expect(events.map((e) => [e.type, e.changedFields])).toEqual([
      ['assessmentPackage.created', undefined],
      ['assessmentPackage.updated', ['name', 'description']],
      ['assessmentPackage.updated', ['assessments']],
      ['assessmentPackage.updated', ['assessments']],
      ['assessmentPackage.deleted', undefined],
    ]);
  });
});
