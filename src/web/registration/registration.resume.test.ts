// Registering with a resume (issue 30 item 1, decision 0057): the form posted as multipart keeps the
// resume with the new employee's profile, in the registration's one transaction; an unreadable file
// is the applicant's to fix (400, nothing created); the form's token is checked as for any form.
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callers, testApp, type Caller, type TestContext } from '../../../test/helpers.ts';
import { multipart, type FilePart } from '../../../test/multipart.ts';
import { employees } from '../../resources/employees/employee.table.ts';
import { registrations } from '../../resources/registration/registration.table.ts';
import { makeResume, SAMPLE_PERSON } from '../../resources/resumes/resume.fixtures.ts';

let t: TestContext;
let north: Caller;
let serial = 0;

beforeAll(async () => {
  t = await testApp();
  ({ north } = callers(t));
});
afterAll(async () => { await t?.close(); });

const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
const person = () => ({ username: `resume.applicant${++serial}`, password: 'correct horse battery', firstName: 'Renée', lastName: `Díaz${serial}`, region: 'IL', branchId: String(t.tenant.north.branchId) });
const employeeCount = async () => (await t.database.db.select({ n: count() }).from(employees).where(eq(employees.tenantId, t.tenant.tenantId)))[0]!.n;

/** The page's form posted as the browser sends it with a file input: multipart, the token among the fields. */
async function postWith(files: FilePart[], token?: string) {
  const before = await t.app.inject({ method: 'GET', url: '/register/en/acme' });
  expect(before.statusCode).toBe(200);
  expect(before.body).toContain('enctype="multipart/form-data"');
  expect(before.body).toContain('name="resume"');
  const csrf = token ?? /name="_csrf" value="([^"]+)"/.exec(before.body)![1]!;
  const cookies = Object.fromEntries(before.cookies.map((c) => [c.name, c.value]));
  const { payload, headers } = await multipart({ _csrf: csrf, ...person() }, files);
  return t.app.inject({ method: 'POST', url: '/register/en/acme', cookies, headers, payload });
}

describe('registration with a resume', () => {
  it('keeps the resume and its profile with the new employee, in its creation', async () => {
    const res = await postWith([{ name: 'resume', fileName: 'cv.docx', type: DOCX, bytes: await makeResume(SAMPLE_PERSON, 'docx') }]);
    expect(res.statusCode, res.body.slice(0, 2000)).toBe(303);
    const [registration] = await t.database.db.select().from(registrations).where(eq(registrations.tenantId, t.tenant.tenantId)).orderBy(registrations.id);
    const employeeId = registration!.employeeId;
    // The form's names are the applicant's; the profile is the resume's.
    expect((await north({ method: 'GET', url: `/Employees/${employeeId}` })).json().firstName).toBe('Renée');
    const profile = (await north({ method: 'GET', url: `/Employees/${employeeId}/Profile` })).json();
    expect(profile.workHistory.map((j: { employer: string }) => j.employer)).toEqual(['Acme Logistics', 'Globex Corporation', 'Initech Foods']);
    expect(profile.skills.map((s: { id: string }) => s.id)).toContain('forklift');
    const history = (await north({ method: 'GET', url: `/Employees/${employeeId}/history` })).json().data;
    expect(history).toHaveLength(1);
    expect(history[0].action).toBe('created');
    expect(history[0].changes).toHaveProperty(['profile.workHistory']);
    const { rows } = await t.database.pool.query('select resume_file_name, resume_text from employee_profiles where tenant_id = $1 and employee_id = $2', [t.tenant.tenantId, employeeId]);
    expect(rows[0]).toMatchObject({ resume_file_name: 'cv.docx', resume_text: expect.stringContaining('Acme Logistics') });
  });

  it('an empty file input registers without a profile', async () => {
    const before = await employeeCount();
    const res = await postWith([{ name: 'resume', fileName: '', type: 'application/octet-stream', bytes: Buffer.alloc(0) }]);
    expect(res.statusCode, res.body.slice(0, 2000)).toBe(303);
    expect(await employeeCount()).toBe(before + 1);
  });

  it('a file that is no resume: 400 with the reason next to the file input, nothing created', async () => {
    const before = await employeeCount();
    const res = await postWith([{ name: 'resume', fileName: 'photo.png', type: 'application/octet-stream', bytes: Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex') }]);
    expect(res.statusCode).toBe(400);
    expect(res.body).toMatch(/<p class="field-error" id="e-resume">Your resume could not be read: [^<]+<\/p>/);
    expect(await employeeCount()).toBe(before);
  });

  it('a multipart form without its token is refused (403), nothing created', async () => {
    const before = await employeeCount();
    const res = await postWith([{ name: 'resume', fileName: 'cv.docx', type: DOCX, bytes: await makeResume(SAMPLE_PERSON, 'docx') }], 'forged');
    expect(res.statusCode).toBe(403);
    expect(await employeeCount()).toBe(before);
  });
});
