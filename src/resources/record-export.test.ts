// Export_<Records> batch jobs (decision 0051) over HTTP through the real worker: a filtered list
// with chosen fields in CSV, XLSX and JSON Lines, downloaded from GET /batchjobs/{id}/file; what the
// creating rep sees and no more; the job's visibility is the file's; bad parameters are 400s naming
// the field. Memory is the bench's (`npm run bench -- bulk`), not a test's.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callers, refusedNaming, startWorker, testApp, workbookOf, type Caller, type TestContext } from '../../test/helpers.ts';
import { batchJobsOf } from '../../test/batch-jobs.ts';
import type { Background } from '../platform/background.ts';

let t: TestContext;
let worker: Background;
let who: ReturnType<typeof callers>;
/** Employees made for this file: their last names start with this, the filter of the exports. */
const PREFIX = 'Exportee';
const north: number[] = [];

beforeAll(async () => {
  t = await testApp();
  who = callers(t);
  worker = await startWorker(t);
  const make = async (caller: Caller, lastName: string, branchId: number) => {
    const res = await caller({ method: 'POST', url: '/Employees', payload: { firstName: `Ann, "${lastName}"`, lastName, branchId, region: 'MN' } });
    expect(res.statusCode, res.body).toBe(201);
    return Number(res.json().employeeId);
  };
  for (let i = 0; i < 5; i++) north.push(await make(who.north, `${PREFIX}${i}`, t.tenant.north.branchId));
  // Another name (filtered out), and one the North rep does not see (the South's, made by the admin).
  await make(who.north, 'Elsewhere', t.tenant.north.branchId);
  await make(who.admin, `${PREFIX}South`, t.tenant.south.branchId);
});
afterAll(async () => {
  await worker?.stop();
  await t?.close();
});

/** Queues an export as `caller`, waits for it, and downloads its file. */
async function exported(caller: Caller, parameters: Record<string, unknown>) {
  const jobs = batchJobsOf(caller);
  const id = await jobs.job('Export_Employees', parameters);
  await jobs.completed(id);
  const res = await caller({ method: 'GET', url: `/batchjobs/${id}/file` });
  expect(res.statusCode, res.body).toBe(200);
  return { id, res };
}

describe('Export_Employees', () => {
  it('CSV: the filtered list the rep sees, the id and the fields asked for, every row once', async () => {
    const { res } = await exported(who.north, { format: 'csv', lastName: PREFIX, fields: 'lastName,firstName' });
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="Employees-\d+\.csv"$/);
    const [header, ...rows] = res.body.trim().split('\n');
    expect(header).toBe('employeeId,firstName,lastName');
    expect(rows.map((row) => Number(row.split(',')[0])).sort((a, b) => a - b)).toEqual(north);
    expect(rows[0]).toBe(`${north[0]},"Ann, ""${PREFIX}0""",${PREFIX}0`);
  });

  it('XLSX: one sheet, the header and a row per employee', async () => {
    const { res } = await exported(who.north, { format: 'xlsx', lastName: PREFIX, fields: 'lastName' });
    const sheet = (await workbookOf(res)).worksheets[0]!;
    expect(sheet.getRow(1).values).toEqual([undefined, 'employeeId', 'lastName']);
    const ids: number[] = [];
    sheet.eachRow((row, n) => { if (n > 1) ids.push(Number(row.getCell(1).value)); });
    expect(ids.sort((a, b) => a - b)).toEqual(north);
  });

  it('JSON Lines: each line a list item as GET /Employees answers it', async () => {
    const { res } = await exported(who.north, { format: 'jsonl', lastName: PREFIX });
    const lines = res.body.trim().split('\n').map((line) => JSON.parse(line) as Record<string, unknown>);
    const listed = (await who.north({ method: 'GET', url: `/Employees?lastName=${PREFIX}` })).json().data as Record<string, unknown>[];
    expect(lines.sort((a, b) => Number(a.employeeId) - Number(b.employeeId))).toEqual(listed.sort((a, b) => Number(a.employeeId) - Number(b.employeeId)));
  });

  it('the admin above both branches exports both; the South rep gets 404 for the North rep\'s file', async () => {
    const { id } = await exported(who.north, { format: 'csv', lastName: PREFIX });
    expect((await who.south({ method: 'GET', url: `/batchjobs/${id}/file` })).statusCode).toBe(404);
    expect((await who.otherAdmin({ method: 'GET', url: `/batchjobs/${id}/file` })).statusCode).toBe(404);
    const { res } = await exported(who.admin, { format: 'csv', lastName: PREFIX, fields: 'lastName' });
    expect(res.body.trim().split('\n')).toHaveLength(north.length + 2);
  });

  it('refuses an unknown field, format or filter value with a 400 naming it', async () => {
    const post = (batchJobParameters: Record<string, unknown>) => who.north({ method: 'POST', url: '/batchjobs', payload: { batchJobType: 'Export_Employees', batchJobParameters } });
    refusedNaming(await post({ format: 'csv', fields: 'lastName,noSuchField' }), 'batchJobParameters.fields');
    refusedNaming(await post({ format: 'pdf' }), 'batchJobParameters.format');
    refusedNaming(await post({ format: 'csv', branchId: 'north' }), 'batchJobParameters.branchId');
  });

  it('a job of another type has no file (404)', async () => {
    const res = await who.north({ method: 'POST', url: '/batchjobs', payload: { batchJobType: 'Staged_Employee_Import_Resume_Data' } });
    expect(res.statusCode, res.body).toBe(201);
    expect((await who.north({ method: 'GET', url: `/batchjobs/${res.json().batchJobId}/file` })).statusCode).toBe(404);
  });
});
