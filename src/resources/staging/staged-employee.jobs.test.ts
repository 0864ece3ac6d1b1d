// A parse that runs out of time is retried like a lost lease before the item fails: the time limit
// measures a parse, and a paused process (SIGSTOP, a stalled VM) must not fail a good resume.
import { afterAll, beforeAll, expect, it } from 'vitest';
import pino from 'pino';
import { as, testApp, type TestContext } from '../../../test/helpers.ts';
import { multipart } from '../../../test/multipart.ts';
import { BatchWorker } from '../../platform/jobs/worker.ts';
import { withServices } from '../../platform/jobs/job-catalog.ts';
import { ResumeFileError } from '../resumes/resume.text.ts';
import type { ResumeParser } from '../resumes/resume.types.ts';
import { makeResume, SAMPLE_PERSON, zipBombDocx } from '../resumes/resume.fixtures.ts';
import { importResumeDataJob } from './staged-employee.jobs.ts';

let t: TestContext;
beforeAll(async () => { t = await testApp(); });
afterAll(async () => { await t?.close(); });

/** The app's parser, except that the first `timeouts` parses time out. */
function timingOut(timeouts: number): ResumeParser {
  let calls = 0;
  return {
    parse: async (bytes, options) => {
      if (++calls <= timeouts) throw new ResumeFileError('TIMEOUT', 'Parsing the file took longer than 5000 ms.');
      return t.app.resumeParser.parse(bytes, options);
    },
    close: async () => {},
  };
}

async function stage(bytes?: Buffer): Promise<{ batchJobId: number; stagedEmployeeId: number }> {
  const north = as(t.app, t.tenant.northToken);
  const job = await north({ method: 'POST', url: '/batchjobs', payload: { batchJobType: 'Staged_Employee_Import_Resume_Data', batchJobParameters: {} } });
  const batchJobId = job.json<{ batchJobId: number }>().batchJobId;
  const { payload, headers } = await multipart({ batchJobId: String(batchJobId) }, [{ name: 'resume', fileName: 'cv.docx', type: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', bytes: bytes ?? await makeResume(SAMPLE_PERSON, 'docx') }]);
  const res = await north({ method: 'POST', url: '/Staging/Employees/Resumes', payload, headers });
  return { batchJobId, stagedEmployeeId: res.json<{ stagedEmployeeId: number }>().stagedEmployeeId };
}

async function runUntilDone(parser: ResumeParser, batchJobId: number) {
  const worker = new BatchWorker(t.database, { catalog: withServices([importResumeDataJob], { parser }), concurrency: 1, leaseMs: 1000, maxAttempts: 3, pollMs: 100, graceMs: 1000, log: pino({ level: 'silent' }) });
  await worker.start();
  const north = as(t.app, t.tenant.northToken);
  try {
    for (let i = 0; i < 200; i++) {
      const job = (await north({ method: 'GET', url: `/batchjobs/${batchJobId}` })).json<{ status: string }>();
      if (job.status === 'Completed') return;
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error(`batch job ${batchJobId} did not complete`);
  } finally { await worker.stop(); }
}

it('a parse that timed out is tried again and the resume is parsed', async () => {
  const { batchJobId, stagedEmployeeId } = await stage();
  await runUntilDone(timingOut(1), batchJobId);
  const staged = (await as(t.app, t.tenant.northToken)({ method: 'GET', url: `/Staging/Employees/${stagedEmployeeId}` })).json();
  expect(staged.parseStatus).toBe('Parsed');
  expect(staged.batchJobItems[0]).toMatchObject({ status: 'Completed' });
});

it('a parse that times out on every attempt fails its item after the last one, and the staged employee reads Failed', async () => {
  const { batchJobId, stagedEmployeeId } = await stage();
  await runUntilDone(timingOut(99), batchJobId);
  const staged = (await as(t.app, t.tenant.northToken)({ method: 'GET', url: `/Staging/Employees/${stagedEmployeeId}` })).json();
  expect(staged.batchJobItems[0]).toMatchObject({ status: 'Failed' });
  expect(staged.batchJobItems[0].failureReason).toMatch(/after 3 attempts.*longer than/);
  expect(staged).toMatchObject({ parseStatus: 'Failed' });
});

it('PAGE-09 a DOCX whose ZIP directory understates its size fails its item at the first attempt as TOO_LARGE, never a retried time-out', async () => {
  const { batchJobId, stagedEmployeeId } = await stage(zipBombDocx(2 * 1024 * 1024, 1000));
  let calls = 0;
  const counting: ResumeParser = { parse: (bytes, options) => { calls++; return t.app.resumeParser.parse(bytes, options); }, close: async () => {} };
  await runUntilDone(counting, batchJobId);
  const staged = (await as(t.app, t.tenant.northToken)({ method: 'GET', url: `/Staging/Employees/${stagedEmployeeId}` })).json();
  expect(staged).toMatchObject({ parseStatus: 'Failed', parseError: expect.stringMatching(/^TOO_LARGE: /) });
  expect(staged.batchJobItems[0]).toMatchObject({ status: 'Failed', failureReason: expect.stringMatching(/^TOO_LARGE: /) });
  expect(calls).toBe(1);
});
