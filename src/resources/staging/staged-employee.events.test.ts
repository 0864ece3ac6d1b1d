// Every write to a staged employee leaves its event in the same transaction (decision 0031, issue
// 27): staged (upload), parsed (import job), converted (conversion job), deleted (delete job).
import { afterAll, beforeAll, expect, it } from 'vitest';
import { callers, eventTypesOf, startWorker, testApp, type Caller, type TestContext } from '../../../test/helpers.ts';
import { multipart } from '../../../test/multipart.ts';
import { batchJobsOf } from '../../../test/batch-jobs.ts';
import type { Background } from '../../platform/background.ts';
import { makeResume, SAMPLE_PERSON } from '../resumes/resume.fixtures.ts';

let t: TestContext;
let worker: Background;
let north: Caller;
let job: ReturnType<typeof batchJobsOf>['job'];
let completed: ReturnType<typeof batchJobsOf>['completed'];
const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

beforeAll(async () => {
  t = await testApp();
  ({ north } = callers(t));
  ({ job, completed } = batchJobsOf(north));
  worker = await startWorker(t);
});
afterAll(async () => { await worker?.stop(); await t?.close(); });

async function staged(): Promise<number> {
  const importJob = await job('Staged_Employee_Import_Resume_Data');
  const body = await multipart({ batchJobId: String(importJob) }, [{ name: 'resume', fileName: 'cv.docx', type: DOCX, bytes: await makeResume(SAMPLE_PERSON, 'docx') }]);
  const res = await north({ method: 'POST', url: '/Staging/Employees/Resumes', payload: body.payload, headers: body.headers });
  expect(res.statusCode, res.body).toBe(201);
  await completed(importJob);
  return res.json().stagedEmployeeId;
}

const changedFields = async (id: number) => (await t.database.pool.query<{ data: { changedFields?: string[] } }>(
  `select data from events where tenant_id = $1 and record_type = 'StagedEmployee' and record_id = $2 and type = 'stagedEmployee.updated' order by id`, [t.tenant.tenantId, id])).rows.map((r) => r.data.changedFields);

it('stagedEmployee.created on upload, stagedEmployee.updated when parsed and when converted (naming the fields written)', async () => {
  const id = await staged();
  const convert = await job('Convert_Staged_Employees', { serviceRepId: t.tenant.north.repId, branchId: t.tenant.north.branchId, isEmployeeActive: true });
  await north({ method: 'POST', url: `/Staging/Employees/${id}/ConvertToEmployee`, payload: { batchJobId: convert } });
  await completed(convert);
  expect(await eventTypesOf(t.database, t.tenant.tenantId, 'StagedEmployee', id)).toEqual(['stagedEmployee.created', 'stagedEmployee.updated', 'stagedEmployee.updated']);
  const [parsed, converted] = await changedFields(id);
  expect(parsed).toEqual(expect.arrayContaining(['parseStatus', 'firstName', 'lastName', 'possibleDuplicateEmployeeIds']));
  expect(converted).toEqual(['isConverted', 'employeeId']);
});

it('stagedEmployee.deleted when a delete job removes it, located where the staged employee was', async () => {
  const id = await staged();
  const res = await north({ method: 'POST', url: '/Staging/Employees/delete', payload: { stagedEmployeeIds: [id] } });
  expect(res.statusCode, res.body).toBe(201);
  await completed(res.json().batchJobId);
  expect((await eventTypesOf(t.database, t.tenant.tenantId, 'StagedEmployee', id)).at(-1)).toBe('stagedEmployee.deleted');
  const { rows } = await t.database.pool.query<{ location: string }>(`select location from events where tenant_id = $1 and type = 'stagedEmployee.deleted' and record_id = $2`, [t.tenant.tenantId, id]);
  expect(rows).toEqual([{ location: `/Staging/Employees/${id}` }]);
});

it('the staged employee\'s event types are listed for subscribers (GET /Events?types=)', async () => {
  for (const type of ['stagedEmployee.created', 'stagedEmployee.updated', 'stagedEmployee.deleted']) {
    expect((await north({ method: 'GET', url: `/Events?types=${type}` })).statusCode, type).toBe(200);
  }
});

it('batchJob.updated when a staged employee is queued on a job (its new item); none when the job refuses it', async () => {
  const id = await staged();
  const convert = await job('Convert_Staged_Employees', { serviceRepId: t.tenant.north.repId, branchId: t.tenant.north.branchId, isEmployeeActive: true });
  const queued = await north({ method: 'POST', url: `/Staging/Employees/${id}/ConvertToEmployee`, payload: { batchJobId: convert } });
  expect(queued.statusCode, queued.body).toBe(202);
  const { rows } = await t.database.pool.query<{ type: string; data: { changedFields?: string[] } }>(
    `select type, data from events where tenant_id = $1 and record_type = 'BatchJob' and record_id = $2 order by id`, [t.tenant.tenantId, convert]);
  expect(rows.slice(0, 2)).toEqual([{ type: 'batchJob.created', data: {} }, { type: 'batchJob.updated', data: { changedFields: ['batchJobItems'] } }]);

  const importJob = await job('Staged_Employee_Import_Resume_Data');
  const refused = await north({ method: 'POST', url: `/Staging/Employees/${id}/ConvertToEmployee`, payload: { batchJobId: importJob } });
  expect(refused.statusCode).toBe(409);
  expect(await eventTypesOf(t.database, t.tenant.tenantId, 'BatchJob', importJob)).toEqual(['batchJob.created']);
});
