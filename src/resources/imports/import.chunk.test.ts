// An import's chunk written at once (createRecords, decision 0050): rows refused by their record's
// checks fail alone, with the row, the field and the message, while the chunk's other rows commit;
// an imported record's `.created` event and history entry are those a POST of the same fields makes;
// and rows the database refuses (an externalId taken since the chunk read its keys) fail alone too.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callers, startWorker, testApp, type Caller, type TestContext } from '../../../test/helpers.ts';
import { multipart } from '../../../test/multipart.ts';
import { batchJobsOf } from '../../../test/batch-jobs.ts';
import type { Background } from '../../platform/background.ts';

let t: TestContext;
let admin: Caller;
let worker: Background;

beforeAll(async () => {
  t = await testApp();
  admin = callers(t).admin;
  worker = await startWorker(t);
});
afterAll(async () => {
  await worker?.stop();
  await t?.close();
});

type Item = { recordId: number; status: string; outcome: string | null; resultId: number | null; failureReason: string | null };

/** Uploads a CSV of employees and waits for its job; answers the row items by row number. */
async function imported(csv: string): Promise<Map<number, Item>> {
  const { payload, headers } = await multipart({ batchJobType: 'Import_Employees' }, [{ name: 'file', fileName: 'e.csv', type: 'text/csv', bytes: Buffer.from(csv) }]);
  const res = await admin({ method: 'POST', url: '/batchjobs/imports', payload, headers });
  expect(res.statusCode, res.body).toBe(201);
  const batchJobId: number = res.json().batchJobId;
  await batchJobsOf(admin).completed(batchJobId, 120);
  const items: Item[] = (await admin({ method: 'GET', url: `/batchjobs/${batchJobId}/items?take=1000` })).json().data;
  return new Map(items.map((i) => [i.recordId, i]));
}

const HEADER = 'externalId,firstName,lastName,branchId,region,postalCode';

describe('an import chunk written at once', () => {
  it('a row refused by its checks in the middle of the chunk fails alone (row, field, message); the others commit, written once', async () => {
    const branch = t.tenant.north.branchId;
    const before = await admin({ method: 'POST', url: '/Employees', payload: { firstName: 'Last', lastName: 'Before', branchId: branch, region: 'MN' } });
    expect(before.statusCode, before.body).toBe(201);
    const last: number = before.json().employeeId;
    const rows = [
      `ch-1,Ann,One,${branch},MN,55401,`,
      `ch-2,Bad,Branch,999999,MN,55401,`, // the record's own check: no such branch
      `ch-3,No,,${branch},MN,55401,`, // the body: lastName is required
      `ch-4,Dee,Four,${branch},MN,55402,`,
      `ch-5,Eve,Five,${branch},MN,55403,9`, // a rule of the catalog's: no such marital tax status
      `ch-6,Fay,Six,${branch},MN,55404,`,
    ];
    const items = await imported([`${HEADER},maritalTaxStatusId`, ...rows].join('\n') + '\n');
    expect([...items.keys()].sort((a, b) => a - b)).toEqual([0, 1, 2, 3, 4, 5, 6]);
    for (const n of [1, 4, 6]) expect(items.get(n), `row ${n}`).toMatchObject({ status: 'Completed', outcome: 'created' });
    expect(items.get(2)).toMatchObject({ status: 'Failed', resultId: null });
    expect(items.get(2)!.failureReason).toMatch(/^branchId: no such branch/);
    expect(items.get(3)!.failureReason).toMatch(/lastName/);
    expect(items.get(5)!.failureReason).toMatch(/^maritalTaxStatusId: is not a marital tax status/);
    // The refused rows cost the chunk no second pass: the good rows were written once, in one go, so
    // their ids follow on from the last employee's (a chunk undone and written again would have
    // spent ids on the undone writes).
    expect([1, 4, 6].map((n) => items.get(n)!.resultId)).toEqual([last + 1, last + 2, last + 3]);
    // Each committed row is its own employee, found by its key; the refused ones wrote nothing.
    for (const [n, key] of [[1, 'ch-1'], [4, 'ch-4'], [6, 'ch-6']] as const) {
      const found = (await admin({ method: 'GET', url: `/Employees?externalId=${key}` })).json().data;
      expect(found.map((e: { employeeId: number }) => e.employeeId)).toEqual([items.get(n)!.resultId]);
    }
    for (const key of ['ch-2', 'ch-3', 'ch-5']) expect((await admin({ method: 'GET', url: `/Employees?externalId=${key}` })).json().data).toEqual([]);
  });

  it('an imported employee\'s .created event and history entry are those of a POST of the same fields', async () => {
    const fields = { firstName: 'Same', lastName: 'Shape', branchId: t.tenant.north.branchId, region: 'MN', postalCode: '55401' };
    const posted = await admin({ method: 'POST', url: '/Employees', payload: { ...fields, externalId: 'same-post' } });
    expect(posted.statusCode, posted.body).toBe(201);
    const postedId: number = posted.json().employeeId;
    const items = await imported(`${HEADER}\nsame-import,Same,Shape,${fields.branchId},MN,55401\nsame-other,Other,Row,${fields.branchId},MN,55402\n`);
    const importedId = items.get(1)!.resultId!;
    expect(items.get(1)).toMatchObject({ status: 'Completed', outcome: 'created' });

    const history = async (id: number) => {
      const res = await admin({ method: 'GET', url: `/Employees/${id}/history` });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().data as { changeId: string; action: string; changes: Record<string, unknown> }[];
    };
    const [postedEntry] = await history(postedId);
    const [importedEntry] = await history(importedId);
    expect(importedEntry!.action).toBe('created');
    expect(importedEntry!.changes).toEqual(postedEntry!.changes);

    // The feed shows an event once the sequencer has given it its place: read until both are there.
    type Event = { type: string; record: { id: number; location: string }; changeId?: string; changes?: Record<string, unknown> };
    let events: Event[] = [];
    for (let i = 0; i < 100 && [postedId, importedId].some((id) => !events.some((e) => e.record.id === id)); i++) {
      events = (await admin({ method: 'GET', url: '/Events?types=employee.created&take=100&wait=1' })).json().data;
    }
    const eventOf = (id: number) => events.find((e) => e.record.id === id)!;
    expect(eventOf(postedId)).toMatchObject({ type: 'employee.created', changeId: postedEntry!.changeId });
    expect(eventOf(importedId)).toMatchObject({ type: 'employee.created', record: { location: `/Employees/${importedId}` }, changeId: importedEntry!.changeId });
    expect(eventOf(importedId).changes).toEqual(eventOf(postedId).changes);
  });
});
