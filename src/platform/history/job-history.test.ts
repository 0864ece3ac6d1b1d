// A batch job's changes are the job's (docs/history.md): the staged employee conversion job creates an
// employee, whose history entry names the job and its id (not the rep who queued it, nor the system),
// with no request id.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { callers, startWorker, testApp, type Caller, type TestContext } from '../../../test/helpers.ts';
import { multipart } from '../../../test/multipart.ts';
import { batchJobsOf } from '../../../test/batch-jobs.ts';
import type { Background } from '../background.ts';
import { makeResume, SAMPLE_PERSON } from '../../resources/resumes/resume.fixtures.ts';

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

it('the conversion job\'s employee: one `created` entry by the job, its id named', async () => {
  const importJob = await job('Staged_Employee_Import_Resume_Data');
  const body = await multipart({ batchJobId: String(importJob) }, [{ name: 'resume', fileName: 'cv.docx', type: DOCX, bytes: await makeResume(SAMPLE_PERSON, 'docx') }]);
  const uploaded = await north({ method: 'POST', url: '/Staging/Employees/Resumes', payload: body.payload, headers: body.headers });
  expect(uploaded.statusCode, uploaded.body).toBe(201);
  await completed(importJob);
  const convert = await job('Convert_Staged_Employees', { serviceRepId: t.tenant.north.repId, branchId: t.tenant.north.branchId, isEmployeeActive: true });
  await north({ method: 'POST', url: `/Staging/Employees/${uploaded.json().stagedEmployeeId}/ConvertToEmployee`, payload: { batchJobId: convert } });
  await completed(convert);
  const { rows } = await t.database.pool.query<{ record_id: string; action: string; actor: Record<string, unknown>; request_id: string | null }>(
    `select record_id::text, action, actor, request_id from record_changes where tenant_id = $1 and record_type = 'Employee' order by id`, [t.tenant.tenantId]);
  expect(rows.length).toBe(1);
  expect(rows[0]).toMatchObject({ action: 'created', actor: { type: 'job', id: convert }, request_id: null });
});
