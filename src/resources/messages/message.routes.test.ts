// /{Owner}/{ownerId}/messages (decision 0035): log, list and read messages on every record that has a
// PrimaryMessageId, pin one, see them only through an owner you see; an employee's message linked to
// an assignment (ASG-17) is the assignment's, and may be its primary one (PATCH-ASG-08).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { parse as parseCsv } from 'csv-parse/sync';
import { as, type Caller, callers, testApp, type TestContext, workbookOf } from '../../../test/helpers.ts';
import { recordMaker } from '../../../test/record-fixtures.ts';
import { issueCredential } from '../../platform/auth/tokens.ts';
import { messageActions } from '../../platform/db/schema.ts';
import { idProperty } from '../../platform/records/record.ts';
import { records } from '../registry.ts';
import { messages } from '../reference-data/reference.table.ts';

let t: TestContext;
let admin: Caller, north: Caller, south: Caller, otherAdmin: Caller;
/** One record of each owner kind, made by the North rep through the API. */
const made = new Map<string, number>();

/** The records whose catalog has PrimaryMessageId: each has messages. */
const OWNERS = [
  { name: 'Employee', path: '/Employees', stem: 'employee' },
  { name: 'Prospect', path: '/Prospects', stem: 'prospect' },
  { name: 'Customer', path: '/Customers', stem: 'customer' },
  { name: 'Contact', path: '/Contacts', stem: 'contact' },
  { name: 'Contract', path: '/Contracts', stem: 'contract' },
  { name: 'JobOrder', path: '/JobOrders', stem: 'jobOrder' },
  { name: 'Assignment', path: '/Assignments', stem: 'assignment' },
] as const;

const url = (o: { path: string }, ownerId: number, messageId?: number) => `${o.path}/${ownerId}/messages${messageId === undefined ? '' : `/${messageId}`}`;

async function actionId(name: string): Promise<number> {
  const [row] = await t.database.db.select({ id: messageActions.id }).from(messageActions).where(and(eq(messageActions.tenantId, t.tenant.tenantId), eq(messageActions.name, name)));
  if (!row) throw new Error(`no action ${name}`);
  return row.id;
}

async function logMessage(o: { path: string }, ownerId: number, body: Record<string, unknown>, caller = north): Promise<number> {
  const res = await caller({ method: 'POST', url: url(o, ownerId), payload: body });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().messageId;
}

async function list(o: { path: string }, ownerId: number, query = '', caller = north) {
  const res = await caller({ method: 'GET', url: `${url(o, ownerId)}${query}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { data: Record<string, unknown>[]; totalCount: number };
}

/** The `changedFields` of the events of one record, oldest first. */
async function eventsOf(recordType: string, recordId: number): Promise<{ type: string; changedFields: string[] | null }[]> {
  const { rows } = await t.database.pool.query<{ type: string; changed: string[] | null }>(
    `select type, data->'changedFields' as changed from events where tenant_id = $1 and record_type = $2 and record_id = $3 order by id`, [t.tenant.tenantId, recordType, recordId]);
  return rows.map((r) => ({ type: r.type, changedFields: r.changed }));
}

beforeAll(async () => {
  t = await testApp();
  ({ admin, north, south, otherAdmin } = callers(t));
  const fixtures = recordMaker(t.app, t.database.db, t.tenant);
  for (const o of OWNERS) made.set(o.name, await fixtures.make(o.name));
});
afterAll(async () => { await t?.close(); });

it('every record whose catalog has PrimaryMessageId has messages, and no other', () => {
  const withMessages = records.filter((r) => r.patch.target.catalog.byName.has('primarymessageid')).map((r) => r.name).sort();
  expect(withMessages).toEqual(OWNERS.map((o) => o.name).sort());
});

describe.each(OWNERS)('$path/{id}/messages', (o) => {
  const idName = idProperty({ name: o.name });

  it('logs a message (201, Location), reads and lists it, with the owner\'s .updated event naming messages', async () => {
    const ownerId = made.get(o.name)!;
    const before = (await list(o, ownerId)).totalCount;
    const note = await actionId('General Note');
    const res = await north({ method: 'POST', url: url(o, ownerId), payload: { subject: 'First call', text: `Called about the ${o.stem}.`, messageActionId: note, messageDate: '2026-03-02T15:30:00Z' } });
    expect(res.statusCode, res.body).toBe(201);
    const { messageId } = res.json();
    expect(res.headers.location).toBe(url(o, ownerId, messageId));
    const expected = {
      messageId, originType: o.stem, originId: ownerId, subject: 'First call', text: `Called about the ${o.stem}.`, messageActionId: note, messageAction: 'General Note',
      messageDate: '2026-03-02T15:30:00.000Z', serviceRepId: t.tenant.north.repId, isPrimary: false, dateCreated: expect.any(String),
    };
    const read = await north({ method: 'GET', url: res.headers.location as string });
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json()).toEqual(expected);
    const page = await list(o, ownerId);
    expect(page.totalCount).toBe(before + 1);
    expect(page.data[0]).toEqual(expected);
    expect((await eventsOf(o.name, ownerId)).at(-1)).toEqual({ type: `${o.stem}.updated`, changedFields: ['messages'] });
    // Only the text is required; what is left out is null.
    const plain = await logMessage(o, ownerId, { text: 'Left a voicemail.', subject: null });
    expect((await north({ method: 'GET', url: url(o, ownerId, plain) })).json()).toMatchObject({ subject: null, messageActionId: null, messageAction: null, messageDate: null });
  });

  it(`PrimaryMessageId pins one of the ${o.name}'s messages to the top of its list; another record's message cannot be pinned`, async () => {
    const ownerId = made.get(o.name)!;
    const older = await logMessage(o, ownerId, { text: 'The one to remember.' });
    await logMessage(o, ownerId, { text: 'A later note.' });
    const pin = (value: number | null) => north({ method: 'PATCH', url: `${o.path}/${ownerId}`, payload: [{ op: 'replace', path: '/PrimaryMessageId', value }] });
    const pinned = await pin(older);
    expect(pinned.statusCode, pinned.body).toBe(200);
    const page = await list(o, ownerId);
    expect(page.data[0]).toMatchObject({ messageId: older, isPrimary: true });
    expect(page.data.slice(1).every((m) => m.isPrimary === false)).toBe(true);
    expect((await north({ method: 'GET', url: url(o, ownerId, older) })).json().isPrimary).toBe(true);
    const otherOwner = OWNERS.find((x) => x.name !== o.name)!;
    const elsewhere = await logMessage(otherOwner, made.get(otherOwner.name)!, { text: 'Not yours.' });
    expect((await pin(elsewhere)).json()).toMatchObject({ status: 400, errors: { primaryMessageId: expect.any(Array) } });
    expect((await pin(null)).statusCode).toBe(200);
    expect((await list(o, ownerId)).data[0]!.isPrimary).toBe(false);
  });

  it('is seen only through an owner you see: another branch, another tenant, another record\'s message or a missing one is 404', async () => {
    const ownerId = made.get(o.name)!;
    const id = await logMessage(o, ownerId, { text: 'North only.' });
    for (const caller of [south, otherAdmin]) {
      expect((await caller({ method: 'GET', url: url(o, ownerId) })).json()).toMatchObject({ status: 404, code: 'NOT_FOUND' });
      expect((await caller({ method: 'GET', url: url(o, ownerId, id) })).statusCode).toBe(404);
      expect((await caller({ method: 'POST', url: url(o, ownerId), payload: { text: 'x' } })).statusCode).toBe(404);
    }
    const otherOwner = OWNERS.find((x) => x.name !== o.name)!;
    const notOurs = await logMessage(otherOwner, made.get(otherOwner.name)!, { text: 'Of another record.' });
    expect((await north({ method: 'GET', url: url(o, ownerId, notOurs) })).json()).toMatchObject({ status: 404, detail: expect.stringContaining('message') });
    expect((await north({ method: 'GET', url: url(o, ownerId, 9007199254740991) })).statusCode).toBe(404);
    expect((await admin({ method: 'GET', url: url(o, 2147483647) })).statusCode).toBe(404);
    // Nothing was logged by the refused POSTs.
    const logged = await t.database.db.select({ id: messages.id }).from(messages).where(and(eq(messages.originType, o.stem), eq(messages.originId, ownerId), eq(messages.text, 'x')));
    expect(logged).toEqual([]);
  });

  it('bad input is a 400 naming the field, and logs nothing', async () => {
    const ownerId = made.get(o.name)!;
    const before = (await list(o, ownerId)).totalCount;
    const cases: [unknown, string][] = [
      [{}, 'text'], [{ text: '' }, 'text'], [{ text: '  \n ' }, 'text'], [{ text: 'x'.repeat(8001) }, 'text'], [{ text: 7 }, 'text'],
      [{ text: 'x', subject: 's'.repeat(256) }, 'subject'], [{ text: 'x', messageDate: 'last Tuesday' }, 'messageDate'],
      [{ text: 'x', messageDate: '2026-02-30' }, 'messageDate'], [{ text: 'x', messageActionId: 0 }, 'messageActionId'],
      [{ text: 'x', messageActionId: 2147483647 }, 'messageActionId'],
      // North's rep is in Payroll, whose actions do not include Phone Call (BATCH-18).
      [{ text: 'x', messageActionId: await actionId('Phone Call') }, 'messageActionId'],
    ];
    for (const [payload, field] of cases) {
      const res = await north({ method: 'POST', url: url(o, ownerId), payload: payload as object });
      expect(res.json(), `${JSON.stringify(payload).slice(0, 60)}`).toMatchObject({ status: 400, errors: { [field]: expect.any(Array) } });
    }
    for (const [path, field] of [[`${o.path}/abc/messages`, idName], [`${o.path}/${ownerId}/messages/1.5`, 'messageId'], [`${o.path}/${ownerId}/messages?take=0`, 'take'], [`${o.path}/${ownerId}/messages?take=1001`, 'take']] as const) {
      expect((await north({ method: 'GET', url: path })).json(), path).toMatchObject({ status: 400, errors: { [field]: expect.any(Array) } });
    }
    expect((await list(o, ownerId)).totalCount).toBe(before);
    // The administrator's group may use Phone Call; 8000 characters and a 255-character subject fit.
    expect((await admin({ method: 'POST', url: url(o, ownerId), payload: { text: 'y'.repeat(8000), subject: 's'.repeat(255), messageActionId: await actionId('Phone Call') } })).statusCode).toBe(201);
  });
});

describe('access and formats', () => {
  const employees = OWNERS[0];

  it('reading takes the owner\'s read scope, logging its write scope; an assignment\'s messages are read with either assignment scope', async () => {
    const token = async (scopes: string[]) => as(t.app, await issueCredential(t.database.db, {
      tenantId: t.tenant.tenantId, serviceRepId: t.tenant.adminRepId, kind: 'personal', name: scopes.join(), scopes, expiresAt: new Date(Date.now() + 60_000),
    }));
    const employeeId = made.get('Employee')!, assignmentId = made.get('Assignment')!;
    const reader = await token(['employee-read']);
    expect((await reader({ method: 'GET', url: url(employees, employeeId) })).statusCode).toBe(200);
    expect((await reader({ method: 'POST', url: url(employees, employeeId), payload: { text: 'x' } })).json()).toMatchObject({ status: 403, code: 'SCOPE_MISSING' });
    expect((await (await token(['employee-write']))({ method: 'POST', url: url(employees, employeeId), payload: { text: 'By a writer.' } })).statusCode).toBe(201);
    expect((await (await token(['customer-read']))({ method: 'GET', url: url(employees, employeeId) })).statusCode).toBe(403);
    const assignmentMessages = { path: '/Assignments' };
    expect((await (await token(['assignment-write']))({ method: 'GET', url: url(assignmentMessages, assignmentId) })).statusCode).toBe(200);
    expect((await (await token(['assignment-read']))({ method: 'POST', url: url(assignmentMessages, assignmentId), payload: { text: 'x' } })).statusCode).toBe(403);
  });

  it('pages with skip and take, and answers the list as CSV, XLSX and XML too', async () => {
    const customerId = made.get('Customer')!;
    const customers = OWNERS[2];
    await logMessage(customers, customerId, { text: 'Quarterly review, "on site"', subject: 'Review' });
    const all = await list(customers, customerId);
    expect(all.totalCount).toBeGreaterThanOrEqual(3);
    const second = await list(customers, customerId, '?skip=1&take=1');
    expect(second).toEqual({ data: [all.data[1]], totalCount: all.totalCount });
    expect(await list(customers, customerId, `?skip=${all.totalCount}`)).toEqual({ data: [], totalCount: all.totalCount });

    const csv = await north({ method: 'GET', url: `${url(customers, customerId)}?take=1`, headers: { accept: 'text/csv' } });
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.headers['x-total-count']).toBe(String(all.totalCount));
    const rows = parseCsv(csv.body, { columns: true }) as Record<string, string>[];
    expect(rows).toEqual([expect.objectContaining({ messageId: String(all.data[0]!.messageId), originType: 'customer', text: 'Quarterly review, "on site"' })]);

    const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
    const xlsx = await north({ method: 'GET', url: url(customers, customerId), headers: { accept: XLSX } });
    expect(xlsx.headers['content-type']).toBe(XLSX);
    const workbook = await workbookOf(xlsx);
    const sheet = workbook.worksheets[0]!;
    expect(sheet.getRow(1).values).toEqual(expect.arrayContaining(['messageId', 'originType', 'text', 'isPrimary', 'dateCreated']));
    expect(sheet.rowCount).toBe(all.totalCount + 1);

    const xml = await north({ method: 'GET', url: `${url(customers, customerId)}?take=1`, headers: { accept: 'application/xml' } });
    expect(xml.body).toMatch(/<PagedList><totalCount>\d+<\/totalCount><data><Message><messageId>\d+<\/messageId><originType>customer<\/originType>/);
    expect((await north({ method: 'GET', url: url(customers, customerId, Number(all.data[0]!.messageId)), headers: { accept: 'text/xml' } })).body).toMatch(/^<\?xml[^>]*><Message>/);
  });
});

describe('an assignment\'s messages (ASG-17, PATCH-ASG-08)', () => {
  it('an employee\'s message linked by PUT is listed under the assignment, can be its PrimaryMessageId and comes first; both records report the change', async () => {
    const assignmentId = made.get('Assignment')!;
    const assignments = { path: '/Assignments' }, employees = { path: '/Employees' };
    const { employeeId } = (await north({ method: 'GET', url: `/Assignments/${assignmentId}` })).json();
    const messageId = await logMessage(employees, employeeId, { text: 'Asked for the early shift.' });
    expect((await list(assignments, assignmentId)).data.map((m) => m.messageId)).not.toContain(messageId);
    const pin = () => north({ method: 'PATCH', url: `/Assignments/${assignmentId}`, payload: [{ op: 'replace', path: '/PrimaryMessageId', value: messageId }] });
    expect((await pin()).json()).toMatchObject({ status: 400, errors: { primaryMessageId: ['is not a message of this assignment'] } });

    const put = await north({ method: 'PUT', url: `/Assignments/${assignmentId}/messages/${messageId}`, payload: { subject: 'Shift', text: 'Asked for the early shift; granted.' } });
    expect(put.statusCode, put.body).toBe(200);
    expect((await eventsOf('Assignment', assignmentId)).at(-1)).toEqual({ type: 'assignment.updated', changedFields: ['messages'] });
    expect((await eventsOf('Employee', employeeId)).at(-1)).toEqual({ type: 'employee.updated', changedFields: ['messages'] });
    const linked = await north({ method: 'GET', url: url(assignments, assignmentId, messageId) });
    expect(linked.json()).toMatchObject({ messageId, originType: 'employee', originId: employeeId, subject: 'Shift', text: 'Asked for the early shift; granted.', isPrimary: false });
    // The employee's own list shows the update too: one message, two records.
    expect((await north({ method: 'GET', url: url(employees, employeeId, messageId) })).json().text).toBe('Asked for the early shift; granted.');

    const pinned = await pin();
    expect(pinned.statusCode, pinned.body).toBe(200);
    expect((await north({ method: 'GET', url: `/Assignments/${assignmentId}` })).json().primaryMessageId).toBe(messageId);
    expect((await list(assignments, assignmentId)).data[0]).toMatchObject({ messageId, originType: 'employee', isPrimary: true });
  });
});
