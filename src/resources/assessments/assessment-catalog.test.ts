// Assessment vendors and catalogs as tenant data: the CSV reader, adding vendors, the upsert by code,
// the demo tenant's seed, and the two datalists that show them (never a vendor's API key).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq } from 'drizzle-orm';
import { as, testApp, type TestContext } from '../../../test/helpers.ts';
import { issueCredential } from '../../platform/auth/tokens.ts';
import { ALL_SCOPES } from '../../platform/auth/scopes.ts';
import { CatalogFileError, parseCatalogCsv } from './assessment-catalog.csv.ts';
import { addVendor, DEMO_CATALOG, importCatalog, seedDemoAssessments } from './assessment-catalog.repository.ts';
import { seedVendor, type VendorFixture } from './assessment-catalog.fixtures.ts';
import { assessmentPackageMembers, assessmentPackages, assessments, assessmentVendors } from './assessment.table.ts';
import { createTenant } from '../tenants/tenant.provisioning.ts';

describe('catalog CSV', () => {
  it('reads quoted values, line breaks, CRLF, a byte order mark and any column order; codes stay text', async () => {
    const text = '\uFEFFName,CODE,durationminutes,Description\r\n"Typing, advanced",0012,5,"Line one\nline two"\r\n\r\nBasic Math , MATH ,,\r\n';
    expect(await parseCatalogCsv(text)).toEqual([
      { code: '0012', name: 'Typing, advanced', description: 'Line one\nline two', durationMinutes: 5 },
      { code: 'MATH', name: 'Basic Math', description: null, durationMinutes: null },
    ]);
    expect(await parseCatalogCsv('code,name\nX,2024-01-01\n')).toEqual([{ code: 'X', name: '2024-01-01', description: null, durationMinutes: null }]);
  });

  it('refuses a file with problems, naming every row and what is wrong', async () => {
    const refusal = async (text: string) => {
      const error = await parseCatalogCsv(text).then(() => undefined, (e: unknown) => e);
      expect(error).toBeInstanceOf(CatalogFileError);
      return error instanceof Error ? error.message : '';
    };
    const message = await refusal(`code,name,durationMinutes\n,Nameless,abc\nA,B,0\nC,D,1441\nE,${'n'.repeat(201)},\nF,G,5,extra\nH,I,\nH,J,\n`);
    expect(message.split('\n')).toEqual([
      'Row 2: code is required; durationMinutes "abc" is not a whole number of minutes from 1 to 1440.',
      'Row 3: durationMinutes "0" is not a whole number of minutes from 1 to 1440.',
      'Row 4: durationMinutes "1441" is not a whole number of minutes from 1 to 1440.',
      'Row 5: name is longer than 200 characters.',
      'Row 6: more values than the header has columns (quote values holding commas).',
      'Row 8: code "H" is also on row 7.',
    ]);
    expect(await refusal('')).toMatch(/empty/);
    expect(await refusal('code,title\n')).toMatch(/unknown column "title"/);
    expect(await refusal('code,description\nA,B\n')).toMatch(/lacks name/);
    expect(await refusal('code,name,Code\n')).toMatch(/appears twice/);
    expect(await refusal('code,name\n')).toMatch(/no assessments/);
    expect(await refusal('code,name\n"A,B\n')).toMatch(/not valid CSV/);
  });
});

describe('vendors and catalogs', () => {
  let t: TestContext;
  let acme: VendorFixture;
  let hooked: VendorFixture;
  beforeAll(async () => {
    t = await testApp();
    acme = await seedVendor(t.database.db, t.tenant.tenantId, 'AssessOnCloud');
    hooked = await seedVendor(t.database.db, t.tenant.tenantId, 'bright hire', [{ code: 'H1', name: 'Hospitality Basics', description: null, durationMinutes: 15 }], 'webhook');
    await seedVendor(t.database.db, t.other.tenantId, 'Other Tenant Vendor');
  });
  afterAll(async () => { await t?.close(); });

  it('adds a vendor; a name the tenant has (regardless of case) is a conflict; a bad address is refused naming apiUrl', async () => {
    const db = t.database.db;
    await expect(addVendor(db, t.tenant.tenantId, { name: ' assessoncloud ', kind: 'webhook' })).rejects.toMatchObject({ code: 'CONFLICT' });
    await expect(addVendor(db, t.tenant.tenantId, { name: 'Bad Address', kind: 'assessoncloud', apiUrl: 'ftp://vendor.test' })).rejects.toMatchObject({ errors: { apiUrl: expect.any(Array) } });
    await expect(addVendor(db, t.tenant.tenantId, { name: '  ', kind: 'webhook' })).rejects.toMatchObject({ errors: { name: expect.any(Array) } });
    const id = await addVendor(db, t.other.tenantId, { name: 'AssessOnCloud', kind: 'assessoncloud' });
    const [row] = await db.select().from(assessmentVendors).where(eq(assessmentVendors.id, id));
    expect(row).toMatchObject({ tenantId: t.other.tenantId, name: 'AssessOnCloud', kind: 'assessoncloud', apiUrl: null, apiKey: null, isActive: true });
  });

  it('imports a catalog by code: new codes added, known ones updated and active again, others left alone; nothing on an unknown vendor', async () => {
    const db = t.database.db;
    await db.update(assessments).set({ isActive: false }).where(eq(assessments.id, acme.id('XL')));
    const result = await importCatalog(db, t.tenant.tenantId, acme.vendorId, [
      { code: 'XL', name: 'Microsoft Excel', description: 'Formulas and charts.', durationMinutes: 35 },
      { code: 'MATH', name: 'Basic Math', description: null, durationMinutes: 15 },
    ]);
    expect(result).toEqual({ vendor: 'AssessOnCloud', added: 1, updated: 1 });
    const rows = await db.select({ code: assessments.code, name: assessments.name, description: assessments.description, durationMinutes: assessments.durationMinutes, isActive: assessments.isActive })
      .from(assessments).where(and(eq(assessments.tenantId, t.tenant.tenantId), eq(assessments.vendorId, acme.vendorId))).orderBy(asc(assessments.code));
    expect(rows).toEqual([
      { code: 'FORK', name: 'Forklift Safety', description: 'OSHA rules.', durationMinutes: 20, isActive: true },
      { code: 'MATH', name: 'Basic Math', description: null, durationMinutes: 15, isActive: true },
      { code: 'TYPE', name: 'Typing', description: 'Words per minute.', durationMinutes: 5, isActive: true },
      { code: 'XL', name: 'Microsoft Excel', description: 'Formulas and charts.', durationMinutes: 35, isActive: true },
    ]);
    const [otherVendor] = await db.select({ id: assessmentVendors.id }).from(assessmentVendors).where(eq(assessmentVendors.tenantId, t.other.tenantId));
    expect(otherVendor).toBeDefined();
    await expect(importCatalog(db, t.tenant.tenantId, otherVendor?.id ?? 0, [{ code: 'Q', name: 'Q', description: null, durationMinutes: null }])).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });

  it('seeds the demo tenant with its sandbox vendor (key and address come with the demo), its catalog and one package', async () => {
    const db = t.database.db;
    const { tenantId } = await createTenant(db, 'demo-like', 'Demo-like Staffing');
    await seedDemoAssessments(db, tenantId);
    const vendors = await db.select().from(assessmentVendors).where(eq(assessmentVendors.tenantId, tenantId));
    expect(vendors).toEqual([expect.objectContaining({ name: 'AssessOnCloud Sandbox', kind: 'assessoncloud', apiUrl: null, apiKey: null, isActive: true })]);
    const catalog = await db.select({ code: assessments.code }).from(assessments).where(eq(assessments.tenantId, tenantId));
    expect(catalog.map((c) => c.code).sort()).toEqual(DEMO_CATALOG.map((c) => c.code).sort());
    expect(DEMO_CATALOG.map((c) => c.name)).toEqual(expect.arrayContaining(['Typing', '10-Key Data Entry', 'Microsoft Excel', 'Forklift Safety', 'Customer Service', 'Warehouse Safety', 'Basic Math', 'Reading Comprehension']));
    const packages = await db.select({ id: assessmentPackages.id, name: assessmentPackages.name, vendorId: assessmentPackages.vendorId }).from(assessmentPackages).where(eq(assessmentPackages.tenantId, tenantId));
    expect(packages).toEqual([{ id: expect.any(Number), name: 'Warehouse Starter', vendorId: vendors[0]?.id }]);
    const members = await db.select({ code: assessments.code }).from(assessmentPackageMembers)
      .innerJoin(assessments, and(eq(assessments.tenantId, assessmentPackageMembers.tenantId), eq(assessments.id, assessmentPackageMembers.assessmentId)))
      .where(eq(assessmentPackageMembers.packageId, packages[0]?.id ?? 0));
    expect(members.map((m) => m.code).sort()).toEqual(['BASIC-MATH', 'FORKLIFT-SAFETY', 'READING-COMP', 'WAREHOUSE-SAFETY']);
  });

  it('GET /Datalists/AssessmentVendors lists the tenant\'s vendors by name regardless of case, never their API key', async () => {
    const res = await as(t.app, t.tenant.adminToken)({ method: 'GET', url: '/Datalists/AssessmentVendors' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      data: [
        { assessmentVendorId: acme.vendorId, assessmentVendor: 'AssessOnCloud', kind: 'assessoncloud', isActive: true },
        { assessmentVendorId: hooked.vendorId, assessmentVendor: 'bright hire', kind: 'webhook', isActive: true },
      ],
      totalCount: 2,
    });
    expect(res.body).not.toMatch(/vendor-secret-key|api/i);
  });

  it('GET /Datalists/Assessments lists active catalog entries by name, paged, one vendor\'s with assessmentVendorId; 400 naming a bad one', async () => {
    const admin = as(t.app, t.tenant.adminToken);
    const all = await admin({ method: 'GET', url: '/Datalists/Assessments' });
    expect(all.statusCode, all.body).toBe(200);
    expect(all.json().data.map((a: { assessment: string }) => a.assessment)).toEqual(['Basic Math', 'Forklift Safety', 'Hospitality Basics', 'Microsoft Excel', 'Typing']);
    expect((await admin({ method: 'GET', url: '/Datalists/Assessments?skip=1&take=2' })).json()).toEqual({ data: all.json().data.slice(1, 3), totalCount: 5 });
    const one = await admin({ method: 'GET', url: `/Datalists/Assessments?assessmentVendorId=${hooked.vendorId}` });
    expect(one.json()).toEqual({
      data: [{ assessmentId: hooked.id('H1'), assessment: 'Hospitality Basics', assessmentVendorId: hooked.vendorId, code: 'H1', description: null, durationMinutes: 15 }],
      totalCount: 1,
    });
    await t.database.db.update(assessments).set({ isActive: false }).where(eq(assessments.id, hooked.id('H1')));
    expect((await admin({ method: 'GET', url: `/Datalists/Assessments?assessmentVendorId=${hooked.vendorId}` })).json()).toEqual({ data: [], totalCount: 0 });
    const bad = await admin({ method: 'GET', url: '/Datalists/Assessments?assessmentVendorId=0' });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().errors)).toEqual(['assessmentVendorId']);
  });

  it('both datalists need datalist-read (403 without) and show only the caller\'s tenant', async () => {
    const token = await issueCredential(t.database.db, {
      tenantId: t.tenant.tenantId, serviceRepId: t.tenant.adminRepId, kind: 'personal', name: 'no datalist-read',
      scopes: ALL_SCOPES.filter((s) => s !== 'datalist-read'), expiresAt: new Date(Date.now() + 86_400_000),
    });
    for (const url of ['/Datalists/AssessmentVendors', '/Datalists/Assessments']) {
      expect((await as(t.app, token)({ method: 'GET', url })).json()).toMatchObject({ status: 403, code: 'SCOPE_MISSING' });
      const theirs = (await as(t.app, t.other.adminToken)({ method: 'GET', url })).json();
      expect(JSON.stringify(theirs)).not.toMatch(/bright hire|Hospitality/);
    }
    const vendors = (await as(t.app, t.other.adminToken)({ method: 'GET', url: '/Datalists/AssessmentVendors' })).json();
    expect(vendors.data.map((v: { assessmentVendor: string }) => v.assessmentVendor)).toEqual(['AssessOnCloud', 'Other Tenant Vendor']);
  });
});
