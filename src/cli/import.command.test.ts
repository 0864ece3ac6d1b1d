// `staffing import resumes`: against a real listening API with its worker, a folder of generated
// resumes (and one that is refused, one that fails to parse) ends in a summary.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startWorker, testApp, type TestContext } from '../../test/helpers.ts';
import { makeResume, SAMPLE_PERSON } from '../resources/resumes/resume.fixtures.ts';
import type { Background } from '../platform/background.ts';
import { importResumes } from './import.command.ts';

let t: TestContext;
let worker: Background;
let baseUrl: string;
const folder = mkdtempSync(join(tmpdir(), 'resumes-'));

beforeAll(async () => {
  t = await testApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  baseUrl = `http://127.0.0.1:${(t.app.server.address() as { port: number }).port}`;
  worker = await startWorker(t);
  writeFileSync(join(folder, 'a.docx'), await makeResume(SAMPLE_PERSON, 'docx'));
  writeFileSync(join(folder, 'b.pdf'), await makeResume({ ...SAMPLE_PERSON, firstName: 'Tomás', lastName: 'Reyes' }, 'pdf'));
  writeFileSync(join(folder, 'c.txt'), await makeResume({ ...SAMPLE_PERSON, firstName: 'Li', lastName: 'Wei' }, 'txt'));
  writeFileSync(join(folder, 'broken.pdf'), '%PDF-1.7\nnot a pdf');
  writeFileSync(join(folder, 'photo.doc'), Buffer.from('89504e470d0a1a0a', 'hex'));
  writeFileSync(join(folder, 'notes.md'), '# not a resume');
});
afterAll(async () => { await worker.stop(); await t.close(); rmSync(folder, { recursive: true, force: true }); });

describe('staffing import resumes', () => {
  it('BATCH-41 uploads every resume of the folder into one job and reports failures', async () => {
    const out = new PassThrough();
    let text = '';
    out.on('data', (d) => { text += d; });
    const summary = await importResumes({ folder, baseUrl, token: t.tenant.northToken.token, concurrency: 2, skipInterestCodes: false, out, pollMs: 100 });
    expect(summary).toMatchObject({ files: 5, uploaded: 4, completed: 3, failed: 1 });
    expect(summary.uploadFailures).toEqual([{ file: 'photo.doc', status: 415, detail: expect.any(String) }]);
    expect(summary.itemFailures).toEqual([{ file: 'broken.pdf', reason: expect.stringContaining('CORRUPT') }]);
    expect(text).toContain(`Done: 3 parsed, 1 failed to parse, 1 refused at upload (batch job ${summary.batchJobId})`);
    const staged = await (await fetch(`${baseUrl}/Staging/Employees?batchJobId=${summary.batchJobId}`, { headers: { 'x-tw-token': t.tenant.northToken.token } })).json() as { data: { firstName: string }[] };
    expect(staged.data.map((s) => s.firstName).sort()).toEqual(['Li', 'Renée', 'Tomás', null].sort());
  });
});
