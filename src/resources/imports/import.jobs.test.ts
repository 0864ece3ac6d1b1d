// Import_<Records> over HTTP through a real worker (decision 0050): CSV and JSON Lines files that
// create and then change records keyed by externalId, row errors as failed items naming the row and
// the field, the externalId on POST, GET and lists (a duplicate is a 409 naming it), a URL import
// refused for a private address (and fetched where the configuration allows it), and a worker
// process killed mid-file whose rows are written once each.
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import pino from 'pino';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callers, refusedNaming, startWorker, testApp, type Caller, type TestContext } from '../../../test/helpers.ts';
import { multipart } from '../../../test/multipart.ts';
import { batchJobsOf } from '../../../test/batch-jobs.ts';
import { createBackground, type Background } from '../../platform/background.ts';
import { jobCatalog } from '../jobs.ts';

const bin = new URL('../../../bin/staffing.js', import.meta.url).pathname;
let t: TestContext;
let admin: Caller;
let worker: Background;
let files: Server;
const served = new Map<string, string>();

beforeAll(async () => {
  t = await testApp({ IMPORT_MAX_BYTES: String(1024 * 1024) });
  admin = callers(t).admin;
  worker = await startWorker(t);
  // Files a URL import fetches, on a loopback address.
  files = createServer((req, res) => {
    const body = served.get(req.url ?? '');
    res.writeHead(body === undefined ? 404 : 200, { 'content-type': 'text/csv' }).end(body ?? '');
  });
  await new Promise<void>((r) => files.listen(0, '127.0.0.1', r));
});
afterAll(async () => {
  await worker?.stop();
  files?.closeAllConnections();
  await new Promise((r) => files?.close(r));
  await t?.close();
});

type Item = { recordId: number; status: string; outcome: string | null; resultId: number | null; failureReason: string | null; attempts: number };

async function upload(batchJobType: string, fileName: string, type: string, text: string, fields: Record<string, string> = {}) {
  const { payload, headers } = await multipart({ batchJobType, ...fields }, [{ name: 'file', fileName, type, bytes: Buffer.from(text) }]);
  return admin({ method: 'POST', url: '/batchjobs/imports', payload, headers });
}

/** A job's end: an import of thousands of rows may take a while on a loaded machine. */
const completed = (batchJobId: number) => batchJobsOf(admin).completed(batchJobId, 120);

async function itemsOf(batchJobId: number): Promise<Item[]> {
  const res = await admin({ method: 'GET', url: `/batchjobs/${batchJobId}/items?take=1000` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}

/** Uploads the file and waits for its job; answers the items, by row number. */
async function imported(batchJobType: string, fileName: string, type: string, text: string): Promise<Map<number, Item>> {
  const res = await upload(batchJobType, fileName, type, text);
  expect(res.statusCode, res.body).toBe(201);
  const batchJobId: number = res.json().batchJobId;
  await completed(batchJobId);
  return new Map((await itemsOf(batchJobId)).map((i) => [i.recordId, i]));
}

const employee = async (id: number | null) => (await admin({ method: 'GET', url: `/Employees/${id}` })).json();

describe('externalId', () => {
  it('is taken on create, shown by the GET and the list, filtered by, and unique per tenant (409 naming it)', async () => {
    const body = { firstName: 'Ext', lastName: 'Ernal', branchId: t.tenant.north.branchId, region: 'MN', externalId: 'hr-1' };
    const created = await admin({ method: 'POST', url: '/Employees', payload: body });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().employeeId;
    expect((await employee(id)).externalId).toBe('hr-1');
    const listed = (await admin({ method: 'GET', url: '/Employees?externalId=hr-1' })).json();
    expect(listed.data.map((e: { employeeId: number; externalId: string }) => [e.employeeId, e.externalId])).toEqual([[id, 'hr-1']]);

    const again = await admin({ method: 'POST', url: '/Employees', payload: { ...body, firstName: 'Other' } });
    expect(again.statusCode, again.body).toBe(409);
    expect(again.headers['content-type']).toContain('application/problem+json');
    expect(again.json()).toMatchObject({ code: 'EXTERNAL_ID_EXISTS', errors: { externalId: ['already exists'] } });
    // Another tenant's records are another key space; another kind too.
    const other = await callers(t).otherAdmin({ method: 'POST', url: '/Employees', payload: { ...body, branchId: t.other.north.branchId } });
    expect(other.statusCode, other.body).toBe(201);
    const prospect = await admin({ method: 'POST', url: '/Prospects', payload: { name: 'Ext', externalId: 'hr-1' } });
    expect(prospect.statusCode, prospect.body).toBe(201);
    refusedNaming(await admin({ method: 'POST', url: '/Employees', payload: { ...body, externalId: 'x'.repeat(256) } }), 'externalId');
  });
});

describe('Import_<Records>', () => {
  it('a CSV file creates records keyed by externalId; a second one changes the catalog fields it gives', async () => {
    const branch = t.tenant.north.branchId;
    const first = await imported('Import_Employees', 'people.csv', 'text/csv',
      `externalId,firstName,lastName,branchId,region,isActive\ncsv-1,Ada,Lovelace,${branch},MN,true\ncsv-2,"Grace, B.",Hopper,${branch},WI,false\n`);
    expect(first.get(0)).toMatchObject({ status: 'Completed', outcome: 'read', resultId: 2 });
    expect(first.get(1)).toMatchObject({ status: 'Completed', outcome: 'created' });
    expect(first.get(2)).toMatchObject({ status: 'Completed', outcome: 'created' });
    const grace = await employee(first.get(2)!.resultId);
    expect(grace).toMatchObject({ firstName: 'Grace, B.', lastName: 'Hopper', isActive: false, externalId: 'csv-2' });

    const second = await imported('Import_Employees', 'people.csv', 'text/csv', 'externalId,lastName\ncsv-2,Hopper-Murray\ncsv-3,\n');
    expect(second.get(1)).toMatchObject({ status: 'Completed', outcome: 'changed', resultId: first.get(2)!.resultId });
    expect((await employee(first.get(2)!.resultId)).lastName).toBe('Hopper-Murray');
    // A new externalId without what a create needs: its row fails, naming the fields.
    expect(second.get(2)).toMatchObject({ status: 'Failed' });
    expect(second.get(2)!.failureReason).toMatch(/firstName|lastName|branchId/);
    // The change went through the record's command: its event and history are there.
    const history = (await admin({ method: 'GET', url: `/Employees/${first.get(2)!.resultId}/history` })).json();
    expect(JSON.stringify(history)).toContain('Hopper-Murray');
  });

  it('a JSON Lines file: each line a row; a line that is not one, or a row the rules refuse, fails its item only', async () => {
    const branch = t.tenant.north.branchId;
    const lines = [
      { externalId: 'jl-1', firstName: 'Alan', lastName: 'Turing', branchId: branch, region: 'MN' },
      'this is not json',
      { firstName: 'No', lastName: 'Key', branchId: branch, region: 'MN' },
      { externalId: 'jl-4', firstName: 'Bad', lastName: 'Branch', branchId: 999999, region: 'MN' },
      { externalId: 9, firstName: 'Number', lastName: 'Key', branchId: branch, region: 'MN' },
    ].map((l) => (typeof l === 'string' ? l : JSON.stringify(l))).join('\n');
    const items = await imported('Import_Employees', 'people.jsonl', 'application/x-ndjson', lines);
    expect(items.get(1)).toMatchObject({ status: 'Completed', outcome: 'created' });
    expect(items.get(2)).toMatchObject({ status: 'Failed' });
    expect(items.get(2)!.failureReason).toContain('not JSON');
    expect(items.get(3)!.failureReason).toMatch(/^externalId: is required/);
    expect(items.get(4)!.failureReason).toMatch(/^branchId: /);
    expect(items.get(5)).toMatchObject({ status: 'Completed', outcome: 'created' });
    expect((await employee(items.get(5)!.resultId)).externalId).toBe('9');
    expect((await admin({ method: 'GET', url: '/Employees?externalId=jl-4' })).json().totalCount).toBe(0);
  });

  it('two rows of one file with one externalId: the first creates, the second changes', async () => {
    const branch = t.tenant.north.branchId;
    const items = await imported('Import_Employees', 'twice.csv', 'text/csv', `externalId,firstName,lastName,branchId,region\ndup-1,One,First,${branch},MN\ndup-1,One,Second,${branch},MN\n`);
    expect(items.get(1)).toMatchObject({ status: 'Completed', outcome: 'created' });
    expect(items.get(2)).toMatchObject({ status: 'Completed', outcome: 'changed', resultId: items.get(1)!.resultId });
    expect((await admin({ method: 'GET', url: '/Employees?externalId=dup-1' })).json().data).toHaveLength(1);
  });

  it('refuses an upload past IMPORT_MAX_BYTES (413) and a type it does not import (400 naming it)', async () => {
    const big = await upload('Import_Employees', 'big.csv', 'text/csv', 'x'.repeat(1024 * 1024 + 1));
    expect(big.statusCode, big.body).toBe(413);
    refusedNaming(await upload('Import_Nothing', 'a.csv', 'text/csv', 'externalId\n1\n'), 'batchJobType');
    refusedNaming(await upload('Import_Employees', 'a.csv', 'text/csv', 'externalId\n1\n', { format: 'xml' }), 'format');
    refusedNaming(await admin({ method: 'POST', url: '/batchjobs', payload: { batchJobType: 'Import_Employees', batchJobParameters: {} } }), 'batchJobParameters.url');
  });

  it('a URL the worker may not reach (a private address) fails the file item; one it may is fetched and imported', async () => {
    served.set('/people.csv', `externalId,firstName,lastName,branchId,region\nurl-1,Url,Fetched,${t.tenant.north.branchId},MN\n`);
    const url = `http://127.0.0.1:${(files.address() as AddressInfo).port}/people.csv`;
    const create = async () => {
      const res = await admin({ method: 'POST', url: '/batchjobs', payload: { batchJobType: 'Import_Employees', batchJobParameters: { url } } });
      expect(res.statusCode, res.body).toBe(201);
      return res.json().batchJobId as number;
    };
    // The test's worker runs with the default configuration: http and private addresses refused.
    const refused = await create();
    await completed(refused);
    const [file] = await itemsOf(refused);
    expect(file).toMatchObject({ recordId: 0, status: 'Failed' });
    expect(file!.failureReason).toMatch(/https|loopback|private/);

    await worker.stop();
    const allowing = createBackground(t.database, t.config,
      jobCatalog(t.app.resumeParser, { WEBHOOK_ALLOW_HTTP: true, WEBHOOK_ALLOW_PRIVATE_ADDRESSES: false, IMPORT_MAX_BYTES: 1024 * 1024 }), pino({ level: 'silent' }), { pollMs: 200 });
    await allowing.start();
    try {
      const privateRefused = await create();
      await completed(privateRefused);
      expect((await itemsOf(privateRefused))[0]!.failureReason).toMatch(/loopback, private or reserved/);
    } finally { await allowing.stop(); }

    const trusting = createBackground(t.database, t.config,
      jobCatalog(t.app.resumeParser, { WEBHOOK_ALLOW_HTTP: true, WEBHOOK_ALLOW_PRIVATE_ADDRESSES: true, IMPORT_MAX_BYTES: 1024 * 1024 }), pino({ level: 'silent' }), { pollMs: 200 });
    await trusting.start();
    try {
      const fetched = await create();
      await completed(fetched);
      const items = await itemsOf(fetched);
      expect(items.map((i) => [i.recordId, i.status, i.outcome])).toEqual([[0, 'Completed', 'read'], [1, 'Completed', 'created']]);
    } finally {
      await trusting.stop();
      worker = await startWorker(t);
    }
  }, 90_000);
});

describe('Import_<Records> when a worker dies mid-file', () => {
  const ROWS = 4000;
  const spawnWorker = (): ChildProcess => {
    const env: NodeJS.ProcessEnv = { ...process.env, DATABASE_URL: t.database.url, LOG_LEVEL: 'silent', BATCH_LEASE_SECONDS: '5' };
    delete env.BASE_URL; // Vite sets BASE_URL=/ for its own purposes
    return spawn(process.execPath, [bin, 'worker', '--types', 'Import_Employees'], { env, stdio: 'ignore' });
  };
  const counts = async (batchJobId: number) => (await t.database.db.execute<{ status: string; n: number }>(
    sql`select status, count(*)::int as n from batch_job_items where tenant_id = ${t.tenant.tenantId} and batch_job_id = ${batchJobId} group by status`)).rows;

  it('a worker SIGKILLed mid-file: its uncommitted chunk is taken over after its lease; every row is written once', async () => {
    await worker.stop(); // only the process below takes the job at first
    const branch = t.tenant.north.branchId;
    const rows = Array.from({ length: ROWS }, (_, i) => `kill-${i},First${i},Last${i},${branch},MN`);
    const res = await upload('Import_Employees', 'many.csv', 'text/csv', `externalId,firstName,lastName,branchId,region\n${rows.join('\n')}\n`);
    expect(res.statusCode, res.body).toBe(201);
    const batchJobId: number = res.json().batchJobId;

    const child = spawnWorker();
    const exited = new Promise((r) => child.once('exit', r));
    let done = 0;
    for (let i = 0; i < 1200 && done < 600; i++) {
      done = (await counts(batchJobId)).find((c) => c.status === 'Completed')?.n ?? 0;
      await new Promise((r) => setTimeout(r, 50));
    }
    child.kill('SIGKILL');
    await exited;
    const before = (await counts(batchJobId)).find((c) => c.status === 'Completed')?.n ?? 0;
    expect(before).toBeGreaterThan(1);
    expect(before).toBeLessThan(ROWS + 1);

    worker = await startWorker(t);
    await completed(batchJobId);
    const items = (await t.database.db.execute<{ outcome: string; n: number }>(
      sql`select outcome, count(*)::int as n from batch_job_items where tenant_id = ${t.tenant.tenantId} and batch_job_id = ${batchJobId} and record_id > 0 and status = 'Completed' group by outcome`)).rows;
    // Every row created its employee exactly once: none was redone (a redone row would read `changed`).
    expect(items).toEqual([{ outcome: 'created', n: ROWS }]);
    const employees = (await t.database.db.execute<{ n: number; keys: number }>(
      sql`select count(*)::int as n, count(distinct external_id)::int as keys from employees where tenant_id = ${t.tenant.tenantId} and external_id like 'kill-%'`)).rows[0];
    expect(employees).toEqual({ n: ROWS, keys: ROWS });
    const events = (await t.database.db.execute<{ n: number }>(
      sql`select count(*)::int as n from events e join employees r on r.tenant_id = e.tenant_id and r.id = e.record_id
          where e.tenant_id = ${t.tenant.tenantId} and e.type = 'employee.created' and e.record_type = 'Employee' and r.external_id like 'kill-%'`)).rows[0];
    expect(events).toEqual({ n: ROWS });
  }, 180_000);
});
