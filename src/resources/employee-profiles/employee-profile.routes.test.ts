// The employee's kept profile (decision 0057): filled by each entry point (upload, conversion, a new
// resume), read and replaced through /Employees/{id}/Profile, recorded in the employee's history and
// announced as `employee.updated`; a new resume refreshes what came from the last one and keeps edits.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callers, eventTypesOf, startWorker, testApp, type Caller, type TestContext } from '../../../test/helpers.ts';
import { multipart, type FilePart } from '../../../test/multipart.ts';
import { recordMaker } from '../../../test/record-fixtures.ts';
import type { Background } from '../../platform/background.ts';
import { makeResume, SAMPLE_PERSON, type FixturePerson } from '../resumes/resume.fixtures.ts';
import { EMPTY_PROFILE, type EmployeeProfile } from '../matching/employee-profile.schema.ts';

let t: TestContext;
let worker: Background;
let north: Caller, south: Caller, admin: Caller, otherAdmin: Caller;

beforeAll(async () => {
  t = await testApp();
  ({ north, south, admin, otherAdmin } = callers(t));
  worker = await startWorker(t);
});
afterAll(async () => { await worker.stop(); await t.close(); });

const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
const resumePart = async (person: FixturePerson): Promise<FilePart> => ({ name: 'resume', fileName: 'cv.docx', type: DOCX, bytes: await makeResume(person, 'docx') });

/** A nurse's aide who drives: nothing in common with SAMPLE_PERSON's warehouse work. */
const NURSE: FixturePerson = {
  ...SAMPLE_PERSON,
  skills: ['Patient Care', 'Vital Signs', 'Forklift'],
  jobs: [{ title: 'Certified Nursing Assistant', employer: 'Mercy Hospital', start: 'Feb 2020', end: 'Present', bullets: ['Took vital signs and helped patients with daily living.'] }],
  schools: [{ school: 'City College', degree: 'Certificate', field: 'Nursing Assistant', year: 2019 }],
};

async function send(call: Caller, method: 'POST' | 'PUT', url: string, person: FixturePerson, fields: Record<string, string> = {}) {
  const { payload, headers } = await multipart(fields, [await resumePart(person)]);
  return call({ method, url, payload, headers });
}

async function uploaded(person: FixturePerson = SAMPLE_PERSON): Promise<number> {
  const res = await send(north, 'POST', '/Employees/Resume', person);
  expect(res.statusCode, res.body).toBe(201);
  return res.json().employeeId as number;
}

async function profileOf(id: number, call: Caller = north): Promise<EmployeeProfile> {
  const res = await call({ method: 'GET', url: `/Employees/${id}/Profile` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

async function stored(id: number) {
  const { rows } = await t.database.pool.query<{ skill_ids: string[]; occupation_ids: string[]; language_ids: string[]; experience_months: Record<string, number>; resume_file_id: number | null; resume_file_name: string | null; resume_text: string | null }>(
    'select skill_ids, occupation_ids, language_ids, experience_months, resume_file_id, resume_file_name, resume_text from employee_profiles where tenant_id = $1 and employee_id = $2', [t.tenant.tenantId, id]);
  return rows[0];
}

interface Entry { action: string; changes: Record<string, { old: unknown; new: unknown }> }
async function historyOf(id: number): Promise<Entry[]> {
  const res = await north({ method: 'GET', url: `/Employees/${id}/history` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}

async function changedFieldsOf(id: number): Promise<string[][]> {
  const { rows } = await t.database.pool.query<{ data: { changedFields?: string[] } }>(
    `select data from events where tenant_id = $1 and record_type = 'Employee' and record_id = $2 and type = 'employee.updated' order by id`, [t.tenant.tenantId, id]);
  return rows.map((r) => r.data.changedFields ?? []);
}

const ids = (items: { id: string }[]) => items.map((i) => i.id);
/** History keeps a value as jsonb_strip_nulls leaves it: an entry's null fields are left out. */
const withoutNulls = (value: unknown): unknown => JSON.parse(JSON.stringify(value, (_k, v: unknown) => (v === null ? undefined : v)));

describe('entry points keep the profile', () => {
  it('POST /Employees/Resume: the parser\'s profile, the file and its text, the matcher\'s columns; one created entry and event', async () => {
    const id = await uploaded();
    const profile = await profileOf(id);
    expect(ids(profile.skills)).toEqual(expect.arrayContaining(['forklift', 'pallet-jack']));
    expect(profile.workHistory.map((j) => j.employer)).toEqual(['Acme Logistics', 'Globex Corporation', 'Initech Foods']);
    expect(profile.workHistory[0]).toMatchObject({ occupationId: 'forklift-operator', current: true });
    expect(profile.education).toHaveLength(2);
    const row = (await stored(id))!;
    expect(row.skill_ids).toEqual(ids(profile.skills));
    expect(row.occupation_ids).toContain('forklift-operator');
    expect(row.experience_months['forklift-operator']).toBeGreaterThan(60);
    expect(row).toMatchObject({ resume_file_id: expect.any(Number), resume_file_name: 'cv.docx', resume_text: expect.stringContaining('Acme Logistics') });
    // The profile is part of the employee's creation: one history entry, one event.
    const [created] = await historyOf(id);
    expect(created!.action).toBe('created');
    expect(created!.changes['profile.skills']!.new).toEqual(withoutNulls(profile.skills));
    expect(created!.changes).toHaveProperty('lastName');
    expect(await eventTypesOf(t.database, t.tenant.tenantId, 'Employee', id)).toEqual(['employee.created']);
  });

  it('conversion of a staged employee carries its profile and file over; deleting the staged employee keeps the file', async () => {
    const job = (await north({ method: 'POST', url: '/batchjobs', payload: { batchJobType: 'Staged_Employee_Import_Resume_Data', batchJobParameters: {} } })).json().batchJobId as number;
    const staging = await send(north, 'POST', '/Staging/Employees/Resumes', NURSE, { batchJobId: String(job) });
    expect(staging.statusCode, staging.body).toBe(201);
    const stagedId = staging.json().stagedEmployeeId as number;
    await completed(job);
    const convert = (await north({ method: 'POST', url: '/batchjobs', payload: { batchJobType: 'Convert_Staged_Employees', batchJobParameters: { serviceRepId: t.tenant.north.repId, branchId: t.tenant.north.branchId, isEmployeeActive: true } } })).json().batchJobId as number;
    await north({ method: 'POST', url: `/Staging/Employees/${stagedId}/ConvertToEmployee`, payload: { batchJobId: convert } });
    const employeeId = (await completed(convert)).batchJobItems[0].resultId as number;
    const profile = await profileOf(employeeId);
    expect(profile.workHistory[0]).toMatchObject({ employer: 'Mercy Hospital', occupationId: 'certified-nursing-assistant' });
    expect(ids(profile.skills)).toContain('forklift');
    const fileId = (await stored(employeeId))!.resume_file_id;
    expect(fileId).toEqual(expect.any(Number));
    expect((await historyOf(employeeId))[0]!.changes).toHaveProperty(['profile.workHistory']);

    const deletion = await north({ method: 'POST', url: '/Staging/Employees/delete', payload: { stagedEmployeeIds: [stagedId] } });
    expect(deletion.statusCode, deletion.body).toBe(201);
    await completed(deletion.json().batchJobId);
    const { rows } = await t.database.pool.query('select 1 from stored_files where tenant_id = $1 and id = $2', [t.tenant.tenantId, fileId]);
    expect(rows).toHaveLength(1);
  });

  it('conversion of a staged employee keeps the resume\'s text with its file (the text the matcher and search read)', async () => {
    const job = (await north({ method: 'POST', url: '/batchjobs', payload: { batchJobType: 'Staged_Employee_Import_Resume_Data', batchJobParameters: {} } })).json().batchJobId as number;
    const staging = await send(north, 'POST', '/Staging/Employees/Resumes', NURSE, { batchJobId: String(job) });
    expect(staging.statusCode, staging.body).toBe(201);
    await completed(job);
    const convert = (await north({ method: 'POST', url: '/batchjobs', payload: { batchJobType: 'Convert_Staged_Employees', batchJobParameters: { serviceRepId: t.tenant.north.repId, branchId: t.tenant.north.branchId, isEmployeeActive: true } } })).json().batchJobId as number;
    await north({ method: 'POST', url: `/Staging/Employees/${staging.json().stagedEmployeeId}/ConvertToEmployee`, payload: { batchJobId: convert } });
    const employeeId = (await completed(convert)).batchJobItems[0].resultId as number;
    // The API shows no resume text: the row is where matching and search read it.
    const row = (await stored(employeeId))!;
    expect(row.resume_file_name).toBe('cv.docx');
    expect(row.resume_text).toContain('Mercy Hospital');
    expect(row.resume_text).toContain('Took vital signs');
  });

  it('PUT /Employees/{id}/Resume on an employee without a profile fills it; uploaded twice, the profile follows the latest resume and keeps one file', async () => {
    const id = await recordMaker(t.app, t.database.db, t.tenant).make('Employee');
    expect(await profileOf(id)).toEqual(EMPTY_PROFILE);
    const first = await send(north, 'PUT', `/Employees/${id}/Resume`, SAMPLE_PERSON);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().workHistory[0].employer).toBe('Acme Logistics');
    const firstFile = (await stored(id))!.resume_file_id;
    const second = await send(north, 'PUT', `/Employees/${id}/Resume`, NURSE);
    expect(second.statusCode, second.body).toBe(200);
    const profile = await profileOf(id);
    expect(profile).toEqual(second.json());
    expect(profile.workHistory.map((j) => j.employer)).toEqual(['Mercy Hospital']);
    expect(ids(profile.skills)).not.toContain('pallet-jack');
    const row = (await stored(id))!;
    expect(row.occupation_ids).toEqual(['certified-nursing-assistant']);
    expect(row.resume_text).toContain('Mercy Hospital');
    const { rows } = await t.database.pool.query('select 1 from stored_files where tenant_id = $1 and id = $2', [t.tenant.tenantId, firstFile]);
    expect(rows).toHaveLength(0);
    // Each write is the employee's change: history names the sections, events carry them.
    const [latest] = await historyOf(id);
    expect(latest!.changes['profile.workHistory']!.old).toEqual(withoutNulls(first.json().workHistory));
    expect((await changedFieldsOf(id)).at(-1)).toEqual(expect.arrayContaining(['profile.skills', 'profile.workHistory', 'profile.education']));
  });

  it('a new resume keeps what a person stated: added and changed entries stay, removed ones stay removed, the rest is refreshed', async () => {
    const id = await uploaded();
    const before = await profileOf(id);
    const edited: EmployeeProfile = {
      ...before,
      // Removed by hand: forklift (the nurse's resume lists it too); added by hand: Spanish; stated by hand: a distance.
      skills: before.skills.filter((s) => s.id !== 'forklift'),
      languages: [{ id: 'es', level: 'fluent' }],
      maxDistanceMiles: 25,
      education: [...before.education, { school: 'Night School', degree: null, field: 'Welding', graduationYear: 2021 }],
    };
    expect((await north({ method: 'PUT', url: `/Employees/${id}/Profile`, payload: edited })).statusCode).toBe(200);
    const res = await send(north, 'PUT', `/Employees/${id}/Resume`, NURSE);
    expect(res.statusCode, res.body).toBe(200);
    const after: EmployeeProfile = res.json();
    expect(ids(after.skills)).not.toContain('forklift');
    expect(ids(after.skills)).not.toContain('pallet-jack');
    expect(after.languages).toEqual([{ id: 'es', level: 'fluent' }]);
    expect(after.maxDistanceMiles).toBe(25);
    expect(after.workHistory.map((j) => j.employer)).toEqual(['Mercy Hospital']);
    expect(after.education.map((e) => e.school)).toEqual(['City College', 'Night School']);
  });

  it('PUT /Employees/{id}/Resume: 404 for an employee the caller does not see, before the file is read', async () => {
    const id = await uploaded();
    expect((await send(south, 'PUT', `/Employees/${id}/Resume`, NURSE)).statusCode).toBe(404);
    expect((await send(otherAdmin, 'PUT', `/Employees/${id}/Resume`, NURSE)).statusCode).toBe(404);
    expect((await send(north, 'PUT', '/Employees/999999999/Resume', NURSE)).statusCode).toBe(404);
    expect((await profileOf(id)).workHistory[0]!.employer).toBe('Acme Logistics');
  });
});

describe('GET and PUT /Employees/{id}/Profile', () => {
  it('an employee without a profile answers the empty one; unknown, another branch\'s or tenant\'s employee is 404', async () => {
    const id = await recordMaker(t.app, t.database.db, t.tenant).make('Employee');
    expect(await profileOf(id)).toEqual(EMPTY_PROFILE);
    expect(await profileOf(id, admin)).toEqual(EMPTY_PROFILE);
    for (const [call, url] of [[north, '/Employees/999999999/Profile'], [south, `/Employees/${id}/Profile`], [otherAdmin, `/Employees/${id}/Profile`]] as const) {
      const res = await call({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type']).toContain('application/problem+json');
    }
    expect((await south({ method: 'PUT', url: `/Employees/${id}/Profile`, payload: EMPTY_PROFILE })).statusCode).toBe(404);
  });

  it('replaces the profile; derived columns follow; history and event name the sections; XML too', async () => {
    const id = await recordMaker(t.app, t.database.db, t.tenant).make('Employee');
    const profile: EmployeeProfile = {
      ...EMPTY_PROFILE,
      skills: [{ id: 'forklift', stated: true }, { id: 'reach-truck', stated: true }],
      certifications: [{ id: 'cna', number: 'CNA-123456', expires: '2027-06', endorsements: [] }],
      languages: [{ id: 'es', level: null }],
      workHistory: [{ employer: 'Acme', title: 'Forklift Operator', occupationId: 'forklift-operator', seniority: null, startDate: '2020-01', endDate: '2021-12', current: false }],
      desiredPay: { amount: 18, maxAmount: null, per: 'hour' },
    };
    const res = await north({ method: 'PUT', url: `/Employees/${id}/Profile`, payload: profile });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual(profile);
    expect(await profileOf(id)).toEqual(profile);
    expect(await stored(id)).toMatchObject({ skill_ids: ['forklift', 'reach-truck'], occupation_ids: ['forklift-operator'], language_ids: ['es'], experience_months: { 'forklift-operator': 24 }, resume_file_id: null });
    // The first profile of an existing employee is its update (old: none kept), not a second creation.
    const [entry] = await historyOf(id);
    expect(entry!.action).toBe('updated');
    expect(entry!.changes['profile.certifications']).toEqual({ old: null, new: profile.certifications });
    expect(entry!.changes['profile.workHistory']!.new).toEqual(withoutNulls(profile.workHistory));
    expect(entry!.changes['profile.desiredPay']).toEqual({ old: null, new: { amount: 18, per: 'hour' } });
    expect(await changedFieldsOf(id)).toEqual([['profile.skills', 'profile.certifications', 'profile.languages', 'profile.workHistory', 'profile.desiredPay']]);
    // `field=` knows the profile's sections as the employee's own fields.
    const bySection = await north({ method: 'GET', url: `/Employees/${id}/history?field=profile.skills` });
    expect(bySection.statusCode, bySection.body).toBe(200);
    expect(bySection.json().data).toHaveLength(1);
    expect(bySection.json().data[0].changes).toHaveProperty(['profile.skills']);
    // A section not given on the first write is not recorded as set.
    expect(Object.keys(bySection.json().data[0].changes)).not.toContain('profile.maxDistanceMiles');
    // The same profile again: no change, no entry, no event.
    await north({ method: 'PUT', url: `/Employees/${id}/Profile`, payload: profile });
    expect(await changedFieldsOf(id)).toHaveLength(1);
    const xml = await north({ method: 'GET', url: `/Employees/${id}/Profile`, headers: { accept: 'application/xml' } });
    expect(xml.statusCode).toBe(200);
    expect(xml.body).toContain('<EmployeeProfile><skills><item><id>forklift</id>');
  });

  it('400 naming the entry: an unknown vocabulary id, a bad date, a list too long, a field missing', async () => {
    const id = await recordMaker(t.app, t.database.db, t.tenant).make('Employee');
    const skills = [{ id: 'forklift', stated: true }, { id: 'pallet-jack', stated: true }, { id: 'juggling', stated: true }];
    const job = { employer: 'A', title: 'B', occupationId: 'astronaut', seniority: null, startDate: '2020-01', endDate: null, current: true };
    const cases: [unknown, string][] = [
      [{ ...EMPTY_PROFILE, skills }, 'skills[2].id'],
      [{ ...EMPTY_PROFILE, workHistory: [job] }, 'workHistory[0].occupationId'],
      [{ ...EMPTY_PROFILE, certifications: [{ id: 'cna', number: null, expires: '06/2027', endorsements: [] }] }, 'certifications'],
      [{ ...EMPTY_PROFILE, skills: [{ id: 'forklift', stated: true }, { id: 'forklift', stated: false }] }, 'skills[1].id'],
      [{ ...EMPTY_PROFILE, languages: [{ id: 'xx', level: null }] }, 'languages[0].id'],
      [{ ...EMPTY_PROFILE, maxDistanceMiles: -1 }, 'maxDistanceMiles'],
      [{ skills: [] }, 'certifications'],
    ];
    for (const [payload, field] of cases) {
      const res = await north({ method: 'PUT', url: `/Employees/${id}/Profile`, payload: JSON.stringify(payload), headers: { 'content-type': 'application/json' } });
      expect(res.statusCode, res.body).toBe(400);
      expect(Object.keys(res.json().errors).join(' '), JSON.stringify(payload)).toContain(field);
    }
    expect(await profileOf(id)).toEqual(EMPTY_PROFILE);
  });

  it('If-Match: the GET\'s ETag is accepted once; a stale one is 412', async () => {
    const id = await recordMaker(t.app, t.database.db, t.tenant).make('Employee');
    const etag = (await north({ method: 'GET', url: `/Employees/${id}/Profile` })).headers.etag as string;
    const next = { ...EMPTY_PROFILE, maxDistanceMiles: 10 };
    const ok = await north({ method: 'PUT', url: `/Employees/${id}/Profile`, payload: next, headers: { 'if-match': etag } });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.headers.etag).toBe((await north({ method: 'GET', url: `/Employees/${id}/Profile` })).headers.etag);
    const stale = await north({ method: 'PUT', url: `/Employees/${id}/Profile`, payload: EMPTY_PROFILE, headers: { 'if-match': etag } });
    expect(stale.statusCode).toBe(412);
    expect((await profileOf(id)).maxDistanceMiles).toBe(10);
  });
});

/** Polls the job until Completed (the worker is woken by NOTIFY; polling is only the test's way to watch). */
async function completed(id: number) {
  for (let i = 0; i < 300; i++) {
    const job = (await north({ method: 'GET', url: `/batchjobs/${id}` })).json();
    if (job.status === 'Completed') return job;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`batch job ${id} did not complete`);
}
