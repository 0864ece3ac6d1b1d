// Every entry point that creates an employee goes through the record commands, so each refuses the
// same bad values with the same message as PATCH /Employees (issue 27, decision 0038): POST
// /Employees, applicant registration, the staged-employee conversion (at POST /batchjobs or in its
// item's failure reason) and POST /Employees/Resume. Each case runs on every entry point that can
// carry its fields; the expected message is PATCH /Employees' own, read from a live PATCH.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, count, eq } from 'drizzle-orm';
import { callers, startWorker, testApp, type Caller, type TestContext } from '../../../test/helpers.ts';
import { multipart } from '../../../test/multipart.ts';
import { howHeardOf } from '../../platform/db/schema.ts';
import type { Background } from '../../platform/background.ts';
import { makeResume, SAMPLE_PERSON } from '../resumes/resume.fixtures.ts';
import { actingScope, registrationTenantNamed } from '../registration/registration.repository.ts';
import { register, RegistrationRefused, resolveLink, type FormValues } from '../registration/registration.service.ts';
import { employees } from './employee.table.ts';

let t: TestContext;
let worker: Background;
let north: Caller;
/** A staged employee parsed from a resume, converted by each conversion attempt (it stays unconverted when refused). */
let stagedId = 0;
let patchedId = 0;
const option: Record<'contact' | 'needsDetails', number> = { contact: 0, needsDetails: 0 };

const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
type Values = Record<string, string | number | boolean>;

async function completed(batchJobId: number) {
  for (let i = 0; i < 300; i++) {
    const job = (await north({ method: 'GET', url: `/batchjobs/${batchJobId}` })).json();
    if (job.status === 'Completed') return job;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`batch job ${batchJobId} did not complete`);
}

/** A job of `type` created by North's rep: the answer (201 or the refusal). */
const newJob = (batchJobType: string, batchJobParameters: Values) => north({ method: 'POST', url: '/batchjobs', payload: { batchJobType, batchJobParameters } });

/**
 * An entry point: which of the employee's fields it can carry, and its attempt with those values,
 * answering the text of its refusal (a problem body, a batch item's failure reason, the form's
 * refusal), or undefined when it created the employee.
 */
interface EntryPoint { name: string; carries: readonly string[]; attempt(values: Values): Promise<string | undefined> }

const problemText = (res: { statusCode: number; body: string }) => (res.statusCode >= 400 ? res.body : undefined);

const entryPoints: EntryPoint[] = [
  {
    name: 'PATCH /Employees/{id}',
    carries: ['branchId', 'serviceRepId', 'orderTypeId', 'employmentCategoryId', 'howHeardOfId'],
    attempt: async (values) => problemText(await north({ method: 'PATCH', url: `/Employees/${patchedId}`, payload: Object.entries(values).map(([k, v]) => ({ op: 'replace', path: `/${k}`, value: v })) })),
  },
  {
    name: 'POST /Employees',
    carries: ['branchId'],
    attempt: async (values) => problemText(await north({ method: 'POST', url: '/Employees', payload: { firstName: 'Entry', lastName: 'Point', branchId: t.tenant.north.branchId, region: 'MN', ...values } })),
  },
  {
    name: 'applicant registration',
    carries: ['howHeardOfId', 'employmentCategoryId'],
    async attempt(values) {
      const tenant = (await registrationTenantNamed(t.database.db, 'acme'))!;
      const scope = (await actingScope(t.database.db, tenant))!;
      const link = await resolveLink(scope, tenant, {}, t.config.JOBBOARD_URL);
      const form: FormValues = { username: `entry${Date.now()}`, password: 'correct horse battery', firstName: 'Entry', lastName: 'Point', region: 'MN', branchId: String(t.tenant.north.branchId) };
      for (const [k, v] of Object.entries(values)) if (k === 'howHeardOfId' || k === 'employmentCategoryId') form[k] = String(v);
      try {
        await register(scope, { tenant, link, form, localeId: 'en', parameters: {} });
        return undefined;
      } catch (e) {
        if (e instanceof RegistrationRefused) return JSON.stringify(e.problems);
        throw e;
      }
    },
  },
  {
    name: 'staged-employee conversion',
    carries: ['branchId', 'serviceRepId', 'orderTypeId', 'employmentCategoryId', 'howHeardOfId'],
    async attempt(values) {
      const job = await newJob('Convert_Staged_Employees', { serviceRepId: t.tenant.north.repId, branchId: t.tenant.north.branchId, isEmployeeActive: true, ...values });
      if (job.statusCode !== 201) return job.body;
      const batchJobId = job.json().batchJobId;
      const queued = await north({ method: 'POST', url: `/Staging/Employees/${stagedId}/ConvertToEmployee`, payload: { batchJobId } });
      expect(queued.statusCode, queued.body).toBe(202);
      const done = await completed(batchJobId);
      return done.details.failures?.[0]?.reason;
    },
  },
  {
    name: 'POST /Employees/Resume',
    carries: ['branchId', 'howHeardOfId'],
    async attempt(values) {
      const body = await multipart({}, [{ name: 'resume', fileName: 'cv.docx', type: DOCX, bytes: await makeResume(SAMPLE_PERSON, 'docx') }]);
      const headers: Record<string, string> = { ...body.headers };
      if (values.branchId !== undefined) headers.BranchId = String(values.branchId);
      if (values.howHeardOfId !== undefined) headers.HowHeardOfId = String(values.howHeardOfId);
      return problemText(await north({ method: 'POST', url: '/Employees/Resume', payload: body.payload, headers }));
    },
  },
];

/** PATCH /Employees/{id}'s messages for the values, by field: what every entry point must say. */
async function patchErrors(values: Values): Promise<Record<string, string[]>> {
  const res = await north({ method: 'PATCH', url: `/Employees/${patchedId}`, payload: Object.entries(values).map(([k, v]) => ({ op: 'replace', path: `/${k}`, value: v })) });
  expect(res.statusCode, res.body).toBe(400);
  return res.json().errors;
}

const employeeCount = async () => (await t.database.db.select({ n: count() }).from(employees).where(eq(employees.tenantId, t.tenant.tenantId)))[0]!.n;

beforeAll(async () => {
  t = await testApp();
  ({ north } = callers(t));
  worker = await startWorker(t);
  const optionOf = async (originTypeId: number, requireDetails: boolean) => (await t.database.db.select({ id: howHeardOf.id }).from(howHeardOf)
    .where(and(eq(howHeardOf.tenantId, t.tenant.tenantId), eq(howHeardOf.originTypeId, originTypeId), eq(howHeardOf.requireDetails, requireDetails))).limit(1))[0]!.id;
  option.contact = await optionOf(2, false);
  option.needsDetails = await optionOf(1, true);
  const created = await north({ method: 'POST', url: '/Employees', payload: { firstName: 'Patch', lastName: 'Reference', branchId: t.tenant.north.branchId, region: 'MN' } });
  patchedId = created.json().employeeId;
  const importJob = (await newJob('Staged_Employee_Import_Resume_Data', {})).json().batchJobId;
  const upload = await multipart({ batchJobId: String(importJob) }, [{ name: 'resume', fileName: 'cv.docx', type: DOCX, bytes: await makeResume(SAMPLE_PERSON, 'docx') }]);
  stagedId = (await north({ method: 'POST', url: '/Staging/Employees/Resumes', payload: upload.payload, headers: upload.headers })).json().stagedEmployeeId;
  await completed(importJob);
});
afterAll(async () => { await worker?.stop(); await t?.close(); });

const cases: { name: string; values: () => Values }[] = [
  { name: 'a how-heard-of option that is not an employee option', values: () => ({ howHeardOfId: option.contact }) },
  { name: 'a how-heard-of option that requires details, without details', values: () => ({ howHeardOfId: option.needsDetails }) },
  { name: 'a branch outside the caller\'s hierarchy', values: () => ({ branchId: t.tenant.south.branchId }) },
  { name: 'a service rep outside the caller\'s hierarchy', values: () => ({ serviceRepId: t.tenant.south.repId }) },
  { name: 'an order type that is not one of GET /Datalists/OrderTypes', values: () => ({ orderTypeId: 999999 }) },
  { name: 'an employment category that is not one of GET /Datalists/EmploymentCategories', values: () => ({ employmentCategoryId: '00000000-0000-4000-8000-000000000000' }) },
];

describe.each(cases)('$name', ({ values }) => {
  const carrying = (entry: EntryPoint) => Object.keys(values()).every((field) => entry.carries.includes(field));
  it.each(entryPoints.map((entry) => ({ entry, name: entry.name })))('$name refuses it with PATCH /Employees\' message', async ({ entry }) => {
    if (!carrying(entry)) return;
    const expected = Object.values(await patchErrors(values())).flat();
    const before = await employeeCount();
    const refusal = await entry.attempt(values());
    expect(refusal, `${entry.name} accepted it`).toBeDefined();
    for (const message of expected) expect(refusal).toContain(JSON.stringify(message));
    expect(await employeeCount()).toBe(before);
  });
});

it('each case is carried by at least two entry points (else it compares nothing)', () => {
  for (const c of cases) expect(entryPoints.filter((e) => Object.keys(c.values()).every((f) => e.carries.includes(f))).length, c.name).toBeGreaterThanOrEqual(2);
});
