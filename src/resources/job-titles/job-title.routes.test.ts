// /Administration/JobTitles: what is the job title's own: create (defaults, references, a hierId inside
// the caller's hierarchy) and PATCH (the catalog field by field, references, DivisionIdent, HierId).
// What every record does (reads, lists, isolation, scopes, 405, JSON Patch, branch moves): records.test.ts.
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { type Caller, recordRoutes, testAppForFile } from '../../../test/helpers.ts';
import { describeCatalog } from '../../../test/catalog-cases.ts';
import { jobTitleCatalog, jobTitlePatchTarget, jobTitles } from './job-title.record.ts';
import { lookupId } from '../job-orders/job-order.test-data.ts';
import { codeListValues } from '../reference-data/back-office.test-data.ts';

const { t, admin, north } = testAppForFile();
let categoryId: number;
let compCodeId: number;
let divisionIdent: unknown;
beforeAll(async () => {
  categoryId = await lookupId(t.database.db, t.tenant.tenantId, 'jobTitleCategories', 'Light Industrial');
  compCodeId = await lookupId(t.database.db, t.tenant.tenantId, 'workerCompCodes');
  ({ divisionIdent } = await codeListValues(t.database.db, t.tenant.tenantId));
});

const create = async (caller: Caller, body: Record<string, unknown>) => caller({ method: 'POST', url: '/Administration/JobTitles', payload: body });
const newTitle = async () => {
  const res = await create(admin, { skillCode: 'FORK', jobTitle: 'Forklift Operator', jobTitleCategoryId: categoryId, hierId: t.tenant.north.hierId });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().jobTitleId as number;
};
const { patch, catalogHarness } = recordRoutes('/Administration/JobTitles', { id: 'jobTitleId', caller: () => admin });
const stored = async (id: number) => {
  const [row] = await t.database.db.select().from(jobTitles).where(and(eq(jobTitles.tenantId, t.tenant.tenantId), eq(jobTitles.id, id)));
  return JSON.parse(JSON.stringify(row)) as Record<string, unknown>;
};

describe('job titles: create, read, list', () => {
  it('GEN-15 PATCH-JT-02: POST creates with defaults (active, not public); GET reads it back with the category; the list has it', async () => {
    const res = await create(admin, { skillCode: 'WELD', jobTitle: 'Welder', jobTitleCategoryId: categoryId, hierId: t.tenant.north.hierId, skillCode2: null });
    expect(res.statusCode, res.body).toBe(201);
    const { jobTitleId } = res.json();
    expect(res.headers.location).toBe(`/Administration/JobTitles/${jobTitleId}`);
    const read = await admin({ method: 'GET', url: `/administration/jobtitles/${jobTitleId}` });
    expect(read.statusCode).toBe(200);
    expect(read.json()).toEqual({
      jobTitleId, skillCode: 'WELD', skillCode2: null, jobTitle: 'Welder', divisionIdent: 0, jobTitleCategoryId: categoryId, eEOClass: '',
      workerCompCodeId: null, hierId: t.tenant.north.hierId, isPublic: false, isDefault: false, isActive: true, category: 'Light Industrial', externalId: null,
    });
    const list = await admin({ method: 'GET', url: `/Administration/JobTitles?jobTitleCategoryId=${categoryId}&isActive=true` });
    expect(list.json().data).toContainEqual({ jobTitleId, skillCode: 'WELD', jobTitle: 'Welder', jobTitleCategoryId: categoryId, category: 'Light Industrial', hierId: t.tenant.north.hierId, isPublic: false, isActive: true, externalId: null });
  });

  it('POST requires skillCode, jobTitle, jobTitleCategoryId and hierId; references must exist (400 naming the field)', async () => {
    const missing = await create(admin, { skillCode: 'X', jobTitle: 'X', jobTitleCategoryId: categoryId });
    expect(missing.statusCode).toBe(400);
    expect(Object.keys(missing.json().errors)).toEqual(['hierId']);
    const badCategory = await create(admin, { skillCode: 'X', jobTitle: 'X', jobTitleCategoryId: 999999, hierId: t.tenant.north.hierId });
    expect(badCategory.statusCode).toBe(400);
    expect(Object.keys(badCategory.json().errors)).toEqual(['jobTitleCategoryId']);
    const badCode = await create(admin, { skillCode: 'X', jobTitle: 'X', jobTitleCategoryId: categoryId, hierId: t.tenant.north.hierId, workerCompCodeId: 999999 });
    expect(Object.keys(badCode.json().errors)).toEqual(['workerCompCodeId']);
  });

  it('GEN-04 AMB-78: a hierId outside the caller\'s hierarchy is refused with 400', async () => {
    const res = await create(north, { skillCode: 'X', jobTitle: 'X', jobTitleCategoryId: categoryId, hierId: t.tenant.south.hierId });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().errors)).toEqual(['hierId']);
  });
});

describe('PATCH /Administration/JobTitles/{id}', () => {
  let id: number;
  beforeAll(async () => { id = await newTitle(); });

  describeCatalog(jobTitleCatalog, () => ({
    ...catalogHarness(id),
    valid: { jobTitleCategoryId: categoryId, workerCompCodeId: compCodeId, hierId: t.tenant.north.hierId, divisionIdent },
  }), 'PATCH-JT-01', jobTitlePatchTarget);

  it('PATCH-JT-01: references must exist (400 naming the field); nothing changes', async () => {
    const before = await stored(id);
    const res = await patch(id, [{ op: 'replace', path: '/JobTitleCategoryId', value: 999999 }, { op: 'replace', path: '/WorkerCompCodeId', value: 999999 }]);
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().errors).sort()).toEqual(['jobTitleCategoryId', 'workerCompCodeId']);
    expect(await stored(id)).toEqual(before);
  });

  it('issue 10: DivisionIdent is a division of GET /Datalists/Divisions, or 0 for none (on create as on PATCH)', async () => {
    expect((await patch(id, [{ op: 'replace', path: '/DivisionIdent', value: divisionIdent }])).statusCode).toBe(200);
    expect((await patch(id, [{ op: 'replace', path: '/DivisionIdent', value: 0 }])).statusCode).toBe(200);
    expect((await stored(id)).divisionIdent).toBe(0);
    const refused = await create(admin, { skillCode: 'DIV', jobTitle: 'Divided', jobTitleCategoryId: categoryId, hierId: t.tenant.north.hierId, divisionIdent: 999999 });
    expect(refused.json().errors).toEqual({ divisionIdent: ['is not a value of GET /Datalists/Divisions'] });
  });

  it('PATCH-19 AMB-78: HierId outside the caller\'s hierarchy answers 400; inside it moves the job title', async () => {
    const res = await patch(id, [{ op: 'replace', path: '/HierId', value: t.tenant.south.hierId }], north);
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().errors)).toEqual(['hierId']);
    const root = await patch(id, [{ op: 'replace', path: '/hierId', value: t.tenant.south.hierId }]);
    expect(root.statusCode).toBe(200);
    expect((await north({ method: 'GET', url: `/Administration/JobTitles/${id}` })).statusCode).toBe(404);
    await patch(id, [{ op: 'replace', path: '/hierId', value: t.tenant.north.hierId }]);
  });
});
