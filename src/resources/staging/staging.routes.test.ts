// Batch jobs end to end: create, stage resumes, the worker parses them, convert and delete staged
// employees; parameter checks, upload limits, hierarchy. A real worker runs on the test database.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { as, type Caller, callers, eventTypesOf, startWorker, testApp, type TestContext } from '../../../test/helpers.ts';
import { multipart, type FilePart } from '../../../test/multipart.ts';
import { howHeardOf, messageActions, securityGroupMessageActions, serviceReps } from '../../platform/db/schema.ts';
import { messages } from '../reference-data/reference.table.ts';
import { employees } from '../employees/employee.table.ts';
import { encryptedPdf, makeResume, OWNER_PASSWORD_PDFS, SAMPLE_PERSON } from '../resumes/resume.fixtures.ts';
import type { Background } from '../../platform/background.ts';

let t: TestContext;
let worker: Background;
let north: Caller;
let admin: Caller;
const docx = async () => makeResume(SAMPLE_PERSON, 'docx');
const resumePart = (bytes: Buffer, fileName = 'cv.docx', type = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', name = 'resume'): FilePart => ({ name, fileName, type, bytes });

beforeAll(async () => {
  t = await testApp();
  ({ north, admin } = callers(t));
  worker = await startWorker(t);
});
afterAll(async () => { await worker.stop(); await t.close(); });

async function newJob(call: Caller, batchJobType: string, batchJobParameters: Record<string, unknown> = {}) {
  const res = await call({ method: 'POST', url: '/batchjobs', payload: { batchJobType, batchJobParameters } });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().batchJobId as number;
}

async function upload(call: Caller, fields: Record<string, string>, files: FilePart[], url = '/Staging/Employees/Resumes') {
  const { payload, headers } = await multipart(fields, files);
  return call({ method: 'POST', url, payload, headers });
}

/** Polls the job until Completed (the worker is woken by NOTIFY; polling is only the test's way to watch). */
async function completed(call: Caller, id: number) {
  for (let i = 0; i < 300; i++) {
    const job = (await call({ method: 'GET', url: `/batchjobs/${id}` })).json();
    if (job.status === 'Completed') return job;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`batch job ${id} did not complete`);
}

async function conversionParams(extra: Record<string, unknown> = {}) {
  return { serviceRepId: t.tenant.north.repId, branchId: t.tenant.north.branchId, isEmployeeActive: false, ...extra };
}

describe('POST /batchjobs', () => {
  it('BATCH-01 BATCH-02 BATCH-03 BATCH-04 BATCH-06 BATCH-08 creates a job: 201 {batchJobId, batchJobItems: null} with a Location', async () => {
    const res = await north({ method: 'POST', url: '/batchjobs', payload: { batchJobType: 'Staged_Employee_Import_Resume_Data', batchJobParameters: { skipInterestCodes: true } } });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ batchJobId: expect.any(Number), batchJobItems: null });
    expect(res.headers.location).toBe(`/batchjobs/${res.json().batchJobId}`);
    const job = (await north({ method: 'GET', url: res.headers.location as string })).json();
    expect(job).toMatchObject({ batchJobType: 'Staged_Employee_Import_Resume_Data', batchJobParameters: { skipInterestCodes: true }, status: 'New', batchJobItems: [] });
  });

  it('BATCH-09 refuses a non-boolean skipInterestCodes (400 naming it)', async () => {
    const res = await north({ method: 'POST', url: '/batchjobs', payload: { batchJobType: 'Staged_Employee_Import_Resume_Data', batchJobParameters: { skipInterestCodes: 'maybe' } } });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toHaveProperty(['batchJobParameters.skipInterestCodes']);
  });

  it('BATCH-05 accepts a type nobody listens for; the job says so and stays New', async () => {
    const id = await newJob(north, 'Nightly_Payroll_Export');
    const job = (await north({ method: 'GET', url: `/batchjobs/${id}` })).json();
    expect(job.status).toBe('New');
    expect(job.details).toMatchObject({ listenerConfigured: false, message: expect.stringContaining('No worker listens') });
    const known = (await north({ method: 'GET', url: `/batchjobs/${await newJob(north, 'Delete_Staged_Employees')}` })).json();
    expect(known.details).toMatchObject({ listenerConfigured: true, message: null });
  });

  it.each([
    ['serviceRepId', { serviceRepId: undefined }],
    ['branchId', { branchId: undefined }],
    ['isEmployeeActive', { isEmployeeActive: undefined }],
  ])('BATCH-12 BATCH-13 BATCH-14 conversion parameter %s is required (400 naming it)', async (field, change) => {
    const params = { ...(await conversionParams()), ...change };
    const res = await north({ method: 'POST', url: '/batchjobs', payload: { batchJobType: 'Convert_Staged_Employees', batchJobParameters: params } });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toHaveProperty([`batchJobParameters.${field}`]);
  });

  it('BATCH-12 BATCH-13 BATCH-15 BATCH-21 BATCH-22 BATCH-25 ids must exist in their datalists and the hierarchy (400 naming the field)', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ serviceRepId: t.other.adminRepId }, 'serviceRepId'],
      [{ serviceRepId: t.tenant.south.repId }, 'serviceRepId'],
      [{ branchId: t.tenant.south.branchId }, 'branchId'],
      [{ orderTypeId: 999999 }, 'orderTypeId'],
      [{ employmentCategoryId: '00000000-0000-0000-0000-000000000000' }, 'employmentCategoryId'],
      [{ washedStatusId: 99 }, 'washedStatusId'],
      [{ employeeStatusId: 'ZZ' }, 'employeeStatusId'],
      [{ howHeardOfId: 999999 }, 'howHeardOfId'],
    ];
    for (const [change, field] of cases) {
      const res = await north({ method: 'POST', url: '/batchjobs', payload: { batchJobType: 'Convert_Staged_Employees', batchJobParameters: await conversionParams(change) } });
      expect(res.statusCode, field).toBe(400);
      expect(res.json().errors, field).toHaveProperty([`batchJobParameters.${field}`]);
    }
  });

  it('BATCH-16 BATCH-18 BATCH-20 messageActionId must be one of the caller\'s security group and needs loggedMessage', async () => {
    const [ours] = await t.database.db.select({ id: securityGroupMessageActions.messageActionId }).from(securityGroupMessageActions)
      .innerJoin(serviceReps, and(eq(serviceReps.tenantId, securityGroupMessageActions.tenantId), eq(serviceReps.securityGroupId, securityGroupMessageActions.securityGroupId)))
      .where(eq(serviceReps.id, t.tenant.north.repId)).limit(1);
    const notOurs = await t.database.db.select({ id: messageActions.id }).from(messageActions)
      .where(and(eq(messageActions.tenantId, t.tenant.tenantId), sql`${messageActions.id} not in (select message_action_id from security_group_message_actions s join service_reps r on r.tenant_id = s.tenant_id and r.security_group_id = s.security_group_id where r.id = ${t.tenant.north.repId})`)).limit(1);
    const post = async (extra: Record<string, unknown>) => north({ method: 'POST', url: '/batchjobs', payload: { batchJobType: 'Convert_Staged_Employees', batchJobParameters: await conversionParams(extra) } });
    const missing = await post({ messageActionId: ours!.id });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors).toHaveProperty(['batchJobParameters.loggedMessage']);
    expect(notOurs[0], 'the default actions include one the Payroll group may not use').toBeDefined();
    const foreign = await post({ messageActionId: notOurs[0]!.id, loggedMessage: 'Imported' });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().errors).toHaveProperty(['batchJobParameters.messageActionId']);
    expect((await post({ messageActionId: ours!.id, loggedMessage: 'Imported from resumes' })).statusCode).toBe(201);
  });

  it('BATCH-23 BATCH-24 howHeardOfDetail is required when the option has RequireDetails', async () => {
    const options = await t.database.db.select().from(howHeardOf).where(eq(howHeardOf.tenantId, t.tenant.tenantId));
    const needs = options.find((o) => o.requireDetails && o.originTypeId === 1)!;
    const plain = options.find((o) => !o.requireDetails && o.originTypeId === 1)!;
    const post = async (extra: Record<string, unknown>) => north({ method: 'POST', url: '/batchjobs', payload: { batchJobType: 'Convert_Staged_Employees', batchJobParameters: await conversionParams(extra) } });
    const res = await post({ howHeardOfId: needs.id });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toHaveProperty(['batchJobParameters.howHeardOfDetail']);
    expect((await post({ howHeardOfId: needs.id, howHeardOfDetail: 'Spring job fair' })).statusCode).toBe(201);
    expect((await post({ howHeardOfId: plain.id })).statusCode).toBe(201);
  });

  it('BATCH-10 the spec\'s conversion example (Delete_Staged_Employees with conversion defaults) makes a conversion job', async () => {
    const id = await newJob(north, 'Delete_Staged_Employees', await conversionParams());
    expect((await north({ method: 'GET', url: `/batchjobs/${id}` })).json().batchJobType).toBe('Convert_Staged_Employees');
  });

  it('BATCH-51 a job outside the caller\'s hierarchy or tenant answers 404', async () => {
    const id = await newJob(north, 'Staged_Employee_Import_Resume_Data');
    expect((await as(t.app, t.tenant.southToken)({ method: 'GET', url: `/batchjobs/${id}` })).statusCode).toBe(404);
    expect((await as(t.app, t.other.adminToken)({ method: 'GET', url: `/batchjobs/${id}` })).statusCode).toBe(404);
    expect((await admin({ method: 'GET', url: `/batchjobs/${id}` })).statusCode).toBe(200);
  });
});

describe('the three flows', () => {
  let staged: number[] = [];

  it('BATCH-26 BATCH-27 BATCH-28 BATCH-29 BATCH-31 BATCH-32 BATCH-33 BATCH-41 BATCH-44 BATCH-45 BATCH-46 BATCH-50 parse: each upload is one item; good and bad files each get a staged employee', async () => {
    const job = await newJob(north, 'Staged_Employee_Import_Resume_Data');
    const good = await upload(north, { batchJobId: String(job) }, [resumePart(await docx())]);
    expect(good.statusCode, good.body).toBe(201);
    expect(good.json()).toEqual({ stagedEmployeeId: expect.any(Number), batchJobId: job, batchJobItemId: expect.any(Number) });
    const pdf = await upload(north, {}, [resumePart(await makeResume({ ...SAMPLE_PERSON, firstName: 'Tomás', lastName: 'Reyes', email: 'tomas.reyes@example.com' }, 'pdf'), 'cv.pdf', 'application/pdf', 'file')], `/Staging/Employees/Resumes?batchJobId=${job}`);
    expect(pdf.statusCode, pdf.body).toBe(201);
    const broken = await upload(north, { batchJobId: String(job) }, [resumePart(Buffer.from('%PDF-1.7\nthis is not really a PDF at all'), 'broken.pdf', 'application/pdf')]);
    expect(broken.statusCode).toBe(201);

    const done = await completed(north, job);
    expect(done.details).toMatchObject({ totalItems: 3, completedItems: 2, failedItems: 1 });
    expect(done.details.failures).toEqual([{ batchJobItemId: broken.json().batchJobItemId, recordId: broken.json().stagedEmployeeId, reason: expect.stringContaining('CORRUPT') }]);

    const list = (await north({ method: 'GET', url: `/Staging/Employees?batchJobId=${job}` })).json();
    expect(list.totalCount).toBe(3);
    const [a, b, c] = list.data;
    expect(a).toMatchObject({ firstName: 'Renée', lastName: "O'Connor-Díaz", emailAddress: SAMPLE_PERSON.email, parseStatus: 'Parsed', format: 'docx', municipality: 'Springfield', region: 'IL', postalCode: '62704' });
    expect(a.skills).toEqual(expect.arrayContaining(['Forklift']));
    expect(a.batchJobItems).toEqual([expect.objectContaining({ batchJobId: job, status: 'Completed', batchJobType: 'Staged_Employee_Import_Resume_Data' })]);
    expect(b).toMatchObject({ firstName: 'Tomás', lastName: 'Reyes', format: 'pdf', parseStatus: 'Parsed' });
    expect(c).toMatchObject({ parseStatus: 'Failed', parseError: expect.stringContaining('CORRUPT'), batchJobItems: [expect.objectContaining({ status: 'Failed' })] });
    const failed = (await north({ method: 'GET', url: `/Staging/Employees?batchJobId=${job}&status=Failed` })).json();
    expect(failed.data.map((s: { stagedEmployeeId: number }) => s.stagedEmployeeId)).toEqual([c.stagedEmployeeId]);
    const items = (await north({ method: 'GET', url: `/batchjobs/${job}/items?status=Completed` })).json();
    expect(items.totalCount).toBe(2);
    staged = [a.stagedEmployeeId, b.stagedEmployeeId, c.stagedEmployeeId];
  });

  it('BATCH-09 skipInterestCodes leaves interest codes out', async () => {
    const job = await newJob(north, 'Staged_Employee_Import_Resume_Data', { skipInterestCodes: true });
    const res = await upload(north, { batchJobId: String(job) }, [resumePart(await docx())]);
    await completed(north, job);
    const record = (await north({ method: 'GET', url: `/Staging/Employees/${res.json().stagedEmployeeId}` })).json();
    expect(record.interestCodes).toEqual([]);
    expect(record.possibleDuplicateEmployeeIds).toEqual([]);
  });

  it('BATCH-33 a staged employee shows what was parsed as parsed: a current job, a school-less GED', async () => {
    const job = await newJob(north, 'Staged_Employee_Import_Resume_Data');
    const text = ['Dana Reyes', 'dana.reyes@example.com', '', 'EXPERIENCE', 'Forklift Operator', 'Acme Logistics, Jan 2019 - Present', '', 'EDUCATION', 'GED, 2008'].join('\n');
    const res = await upload(north, { batchJobId: String(job) }, [resumePart(Buffer.from(text), 'cv.txt', 'text/plain')]);
    await completed(north, job);
    const record = (await north({ method: 'GET', url: `/Staging/Employees/${res.json().stagedEmployeeId}` })).json();
    expect(record.education).toEqual([{ school: null, degree: 'GED', field: null, graduationYear: 2008 }]);
    expect(record.workHistory).toEqual([expect.objectContaining({ title: 'Forklift Operator', current: true, endDate: null })]);
  });

  it('a staged employee shows the resume read through the matching vocabulary: skill and certification ids, occupations, languages (issue 30)', async () => {
    const job = await newJob(north, 'Staged_Employee_Import_Resume_Data');
    const text = [
      'Dana Reyes', 'dana.reyes@example.com', '', 'SKILLS', 'Hi-lo, reach truck, shipping & receiving', 'CNA #123456, exp. 06/2027', 'Languages: English, Spanish (native)',
      '', 'EXPERIENCE', 'Supervisor de Almacén', 'Bodegas del Norte, Jan 2019 - Present', '', 'Desired pay: $19/hr',
    ].join('\n');
    const res = await upload(north, { batchJobId: String(job) }, [resumePart(Buffer.from(text), 'cv.txt', 'text/plain')]);
    await completed(north, job);
    const { profile } = (await north({ method: 'GET', url: `/Staging/Employees/${res.json().stagedEmployeeId}` })).json();
    expect(profile.skills.map((s: { id: string; stated: boolean }) => [s.id, s.stated])).toEqual(expect.arrayContaining([['forklift', true], ['reach-truck', true], ['shipping-receiving', true], ['patient-care', false]]));
    expect(profile.certifications).toEqual([expect.objectContaining({ id: 'cna', number: '123456', expires: '2027-06' })]);
    expect(profile.languages.map((l: { id: string; level: string | null }) => [l.id, l.level])).toEqual([['en', null], ['es', 'native']]);
    expect(profile.jobs).toEqual([{ occupationId: 'warehouse-associate', seniority: 'supervisor' }]);
    expect(profile.desiredPay).toEqual({ amount: 19, maxAmount: null, per: 'hour' });
    expect(profile.maxDistanceMiles).toBeNull();
  });

  it('BATCH-11 BATCH-17 BATCH-19 BATCH-38 BATCH-39 BATCH-42 convert: the item creates the employee with the job\'s defaults and logs the message', async () => {
    const [action] = await t.database.db.select({ id: securityGroupMessageActions.messageActionId }).from(securityGroupMessageActions)
      .innerJoin(serviceReps, and(eq(serviceReps.tenantId, securityGroupMessageActions.tenantId), eq(serviceReps.securityGroupId, securityGroupMessageActions.securityGroupId)))
      .where(eq(serviceReps.id, t.tenant.north.repId)).limit(1);
    const job = await newJob(north, 'Convert_Staged_Employees', await conversionParams({ messageActionId: action!.id, loggedMessage: 'Imported from the spring fair' }));
    const res = await north({ method: 'POST', url: `/Staging/Employees/${staged[0]}/ConvertToEmployee`, payload: { batchJobId: job } });
    expect(res.statusCode, res.body).toBe(202);
    expect(res.json()).toEqual({ batchJobId: job, batchJobItemId: expect.any(Number) });
    const done = await completed(north, job);
    expect(done.details).toMatchObject({ completedItems: 1, failedItems: 0 });
    const employeeId = done.batchJobItems[0].resultId as number;
    const employee = (await north({ method: 'GET', url: `/Employees/${employeeId}` })).json();
    expect(employee).toMatchObject({ firstName: 'Renée', lastName: "O'Connor-Díaz", isActive: false, serviceRepId: t.tenant.north.repId, branchId: t.tenant.north.branchId, primaryEmailAddress: SAMPLE_PERSON.email });
    const logged = await t.database.db.select().from(messages).where(and(eq(messages.tenantId, t.tenant.tenantId), eq(messages.originId, employeeId)));
    expect(logged).toEqual([expect.objectContaining({ originType: 'employee', messageActionId: action!.id, text: 'Imported from the spring fair' })]);
    const record = (await north({ method: 'GET', url: `/Staging/Employees/${staged[0]}` })).json();
    expect(record).toMatchObject({ isConverted: true, employeeId });
    expect(await eventTypesOf(t.database, t.tenant.tenantId, 'Employee', employeeId)).toEqual(['employee.created']); // GEN-16

    // Converting again fails the item with a reason; the job still completes (BATCH-44).
    const again = await north({ method: 'POST', url: `/Staging/Employees/${staged[0]}/ConvertToEmployee?batchJobId=${job}` });
    expect(again.statusCode).toBe(202);
    const second = await completed(north, job);
    expect(second.details.failures).toEqual([expect.objectContaining({ recordId: staged[0], reason: expect.stringContaining('already converted') })]);
    const count = await t.database.db.select({ n: sql<number>`count(*)::int` }).from(employees).where(and(eq(employees.tenantId, t.tenant.tenantId), sql`last_name = ${"O'Connor-Díaz"}`));
    expect(count[0]!.n).toBe(1);
  });

  it('a staged employee keeps every part of the name as written, middle name included, and its employee gets them all', async () => {
    const job = await newJob(north, 'Staged_Employee_Import_Resume_Data');
    const person = { ...SAMPLE_PERSON, firstName: 'Ana', middleName: 'María', lastName: 'García López', email: 'ana.garcia@example.com' };
    const res = await upload(north, { batchJobId: String(job) }, [resumePart(await makeResume(person, 'pdf', { nameStyle: 'last-first' }), 'cv.pdf', 'application/pdf')]);
    await completed(north, job);
    const id = res.json().stagedEmployeeId as number;
    const record = (await north({ method: 'GET', url: `/Staging/Employees/${id}` })).json();
    expect(record).toMatchObject({ parseStatus: 'Parsed', firstName: 'Ana', middleName: 'María', lastName: 'García López' });
    expect(record.confidence).toHaveProperty('middleName');

    const convert = await newJob(north, 'Convert_Staged_Employees', await conversionParams());
    await north({ method: 'POST', url: `/Staging/Employees/${id}/ConvertToEmployee`, payload: { batchJobId: convert } });
    const employeeId = (await completed(north, convert)).batchJobItems[0].resultId as number;
    expect((await north({ method: 'GET', url: `/Employees/${employeeId}` })).json()).toMatchObject({ firstName: 'Ana', middleName: 'María', lastName: 'García López' });
  });

  it('BATCH-34 BATCH-35 BATCH-36 BATCH-37 delete: one job for the listed staged employees; they are gone', async () => {
    const res = await north({ method: 'POST', url: '/Staging/Employees/delete', payload: { stagedEmployeeIds: [staged[1], staged[2]] } });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toEqual({ batchJobId: expect.any(Number), batchJobItems: null });
    const done = await completed(north, res.json().batchJobId);
    expect(done).toMatchObject({ batchJobType: 'Delete_Staged_Employees', details: { completedItems: 2, failedItems: 0 } });
    expect((await north({ method: 'GET', url: `/Staging/Employees/${staged[1]}` })).statusCode).toBe(404);
    expect((await north({ method: 'GET', url: `/Staging/Employees/${staged[2]}` })).statusCode).toBe(404);
    // The bare-list form, and ids outside the hierarchy.
    expect((await as(t.app, t.tenant.southToken)({ method: 'POST', url: '/Staging/Employees/delete', payload: [staged[0]] })).statusCode).toBe(404);
    expect((await north({ method: 'POST', url: '/Staging/Employees/delete', payload: [] })).statusCode).toBe(400);
  });
});

describe('staging checks', () => {
  it('RES-05 BATCH-30 a file over 2 MiB answers 413 before parsing', async () => {
    const job = await newJob(north, 'Staged_Employee_Import_Resume_Data');
    const big = Buffer.alloc(2 * 1024 * 1024 + 1, 'a');
    expect((await upload(north, { batchJobId: String(job) }, [resumePart(big, 'big.txt', 'text/plain')])).statusCode).toBe(413);
  });

  it('RES-03 other file types answer 415, by declared type and by content', async () => {
    const job = await newJob(north, 'Staged_Employee_Import_Resume_Data');
    const png = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');
    expect((await upload(north, { batchJobId: String(job) }, [resumePart(png, 'me.png', 'image/png')])).statusCode).toBe(415);
    expect((await upload(north, { batchJobId: String(job) }, [resumePart(Buffer.concat([png, Buffer.alloc(64)]), 'me.pdf', 'application/pdf')])).statusCode).toBe(415);
    expect((await upload(north, { batchJobId: String(job) }, [resumePart(await docx(), 'cv.pdf', 'application/pdf')])).statusCode).toBe(415);
  });

  it('BATCH-30 AMB-45 batchJobId: required (400), unknown (404), a job of another type (409), another tenant\'s (404)', async () => {
    const file = [resumePart(await docx())];
    const missing = await upload(north, {}, file);
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors).toHaveProperty(['batchJobId']);
    expect((await upload(north, { batchJobId: '999999' }, file)).statusCode).toBe(404);
    expect((await upload(north, { batchJobId: String(await newJob(north, 'Convert_Staged_Employees', await conversionParams())) }, file)).statusCode).toBe(409);
    expect((await upload(as(t.app, t.other.adminToken), { batchJobId: String(await newJob(north, 'Staged_Employee_Import_Resume_Data')) }, file)).statusCode).toBe(404);
  });

  it('BATCH-40 converting needs a conversion job (409) and a visible staged employee (404)', async () => {
    const job = await newJob(north, 'Staged_Employee_Import_Resume_Data');
    const staged = (await upload(north, { batchJobId: String(job) }, [resumePart(await docx())])).json().stagedEmployeeId;
    expect((await north({ method: 'POST', url: `/Staging/Employees/${staged}/ConvertToEmployee`, payload: { batchJobId: job } })).statusCode).toBe(409);
    expect((await north({ method: 'POST', url: `/Staging/Employees/${staged}/ConvertToEmployee`, payload: {} })).statusCode).toBe(400);
    const convert = await newJob(as(t.app, t.tenant.southToken), 'Convert_Staged_Employees', { serviceRepId: t.tenant.south.repId, branchId: t.tenant.south.branchId, isEmployeeActive: true });
    expect((await as(t.app, t.tenant.southToken)({ method: 'POST', url: `/Staging/Employees/${staged}/ConvertToEmployee`, payload: { batchJobId: convert } })).statusCode).toBe(404);
  });

  it('BATCH-30 a resume an administrator adds to a branch rep\'s import job belongs to the job: parsed, and seen by the job\'s owner', async () => {
    const job = await newJob(north, 'Staged_Employee_Import_Resume_Data');
    const res = await upload(admin, { batchJobId: String(job) }, [resumePart(await docx())]);
    expect(res.statusCode, res.body).toBe(201);
    await completed(north, job);
    const staged = await north({ method: 'GET', url: `/Staging/Employees/${res.json().stagedEmployeeId}` });
    expect(staged.statusCode).toBe(200);
    expect(staged.json().parseStatus).toBe('Parsed');
    expect(staged.json().batchJobItems[0].status).toBe('Completed');
  });

  it('BATCH-40 an administrator cannot queue into a branch rep\'s conversion job a staged employee that rep cannot see (404 naming it)', async () => {
    const mine = await newJob(admin, 'Staged_Employee_Import_Resume_Data');
    const staged = (await upload(admin, { batchJobId: String(mine) }, [resumePart(await docx())])).json().stagedEmployeeId;
    const convert = await newJob(north, 'Convert_Staged_Employees', await conversionParams());
    const res = await admin({ method: 'POST', url: `/Staging/Employees/${staged}/ConvertToEmployee`, payload: { batchJobId: convert } });
    expect(res.statusCode, res.body).toBe(404);
    expect(Object.keys(res.json().errors)).toEqual(['stagedEmployeeId']);
  });

  it('a staged employee whose import item failed for good reads as Failed with the item\'s reason, never Pending', async () => {
    const job = await newJob(north, 'Staged_Employee_Import_Resume_Data');
    const id = (await upload(north, { batchJobId: String(job) }, [resumePart(await docx())])).json().stagedEmployeeId;
    await completed(north, job);
    // As when its worker died on every attempt: the item failed, the parse never ran.
    await t.database.db.execute(sql`update staged_employees set parse_status = 'Pending', parse_error = null where id = ${id}`);
    await t.database.db.execute(sql`update batch_job_items set status = 'Failed', failure_reason = 'Abandoned: its worker stopped during each of 3 attempts.' where record_id = ${id} and batch_job_id = ${job}`);
    const staged = (await north({ method: 'GET', url: `/Staging/Employees/${id}` })).json();
    expect(staged).toMatchObject({ parseStatus: 'Failed', parseError: 'Abandoned: its worker stopped during each of 3 attempts.' });
    const listed = (await north({ method: 'GET', url: `/Staging/Employees?batchJobId=${job}&parseStatus=Failed` })).json();
    expect(listed.data.map((r: { stagedEmployeeId: number }) => r.stagedEmployeeId)).toEqual([id]);
  });

  it('PDFs protected only by an owner password are parsed; one that needs a password to open fails, saying so', async () => {
    const job = await newJob(north, 'Staged_Employee_Import_Resume_Data');
    for (const name of [...OWNER_PASSWORD_PDFS, 'user-password-aes256'] as const) {
      const res = await upload(north, { batchJobId: String(job) }, [resumePart(encryptedPdf(name), `${name}.pdf`, 'application/pdf')]);
      expect(res.statusCode, res.body).toBe(201);
    }
    await completed(north, job);
    const list = (await north({ method: 'GET', url: `/Staging/Employees?batchJobId=${job}` })).json();
    const owner = { firstName: SAMPLE_PERSON.firstName, lastName: SAMPLE_PERSON.lastName, emailAddress: SAMPLE_PERSON.email, format: 'pdf', parseStatus: 'Parsed' };
    expect(list.data).toEqual([
      expect.objectContaining(owner), expect.objectContaining(owner), expect.objectContaining(owner),
      expect.objectContaining({ parseStatus: 'Failed', parseError: 'CORRUPT: The PDF needs a password to open; upload a copy saved without one.' }),
    ]);
  });

  it('BATCH-52 the staging endpoints need the batchjob scopes', async () => {
    const { issueCredential } = await import('../../platform/auth/tokens.ts');
    const reader = await issueCredential(t.database.db, { tenantId: t.tenant.tenantId, serviceRepId: t.tenant.north.repId, kind: 'personal', name: 'reader', scopes: ['batchjob-read'], expiresAt: new Date(Date.now() + 86_400_000) });
    expect((await as(t.app, reader)({ method: 'GET', url: '/Staging/Employees' })).statusCode).toBe(200);
    expect((await as(t.app, reader)({ method: 'POST', url: '/batchjobs', payload: { batchJobType: 'Staged_Employee_Import_Resume_Data' } })).statusCode).toBe(403);
  });
});
