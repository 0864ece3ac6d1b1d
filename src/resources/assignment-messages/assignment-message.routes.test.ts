// PUT /Assignments/{assignmentId}/messages/{messageId} (ASG-16, ASG-17, ASG-27, decision 0018):
// the message is replaced and linked once; which messages an assignment may take; access and input.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { as, testApp, type TestContext } from '../../../test/helpers.ts';
import { issueCredential } from '../../platform/auth/tokens.ts';
import { messageActions } from '../../platform/db/schema.ts';
import { messages } from '../reference-data/reference.table.ts';
import { seedCustomer, seedMessage, type Place } from '../assignments/assignment.fixtures.ts';
import { seedAssignment, type SeededAssignment } from '../assignment-accruals/assignment-accrual.fixtures.ts';
import { assignmentMessageLinks, messageDetails } from '../messages/message.table.ts';

let t: TestContext;
let north: Place;
let assignment: SeededAssignment;

beforeAll(async () => {
  t = await testApp();
  north = { tenantId: t.tenant.tenantId, ...t.tenant.north };
  assignment = await seedAssignment(t.database.db, north, { startDate: new Date('2026-01-05T00:00:00Z') });
});
afterAll(async () => { await t?.close(); });

const url = (messageId: number, assignmentId = assignment.assignmentId) => `/Assignments/${assignmentId}/messages/${messageId}`;
const message = (originType: string, originId: number, tenantId = t.tenant.tenantId) => seedMessage(t.database.db, tenantId, originType, originId);

async function actionId(name: string): Promise<number> {
  const [row] = await t.database.db.select({ id: messageActions.id }).from(messageActions).where(and(eq(messageActions.tenantId, t.tenant.tenantId), eq(messageActions.name, name)));
  if (!row) throw new Error(`no action ${name}`);
  return row.id;
}

async function stored(messageId: number) {
  const db = t.database.db;
  const [m] = await db.select({ text: messages.text, messageActionId: messages.messageActionId }).from(messages).where(and(eq(messages.tenantId, t.tenant.tenantId), eq(messages.id, messageId)));
  const [d] = await db.select({ subject: messageDetails.subject, messageDate: messageDetails.messageDate }).from(messageDetails)
    .where(and(eq(messageDetails.tenantId, t.tenant.tenantId), eq(messageDetails.messageId, messageId)));
  const links = await db.select({ assignmentId: assignmentMessageLinks.assignmentId }).from(assignmentMessageLinks)
    .where(and(eq(assignmentMessageLinks.tenantId, t.tenant.tenantId), eq(assignmentMessageLinks.messageId, messageId)));
  return { ...m, ...d, links: links.map((l) => l.assignmentId) };
}

describe('PUT /Assignments/{assignmentId}/messages/{messageId}', () => {
  it('ASG-17 ASG-27: replaces subject, text, action and date, links the message once, and answers 200 with no body; a second PUT keeps one link', async () => {
    const id = await message('assignment', assignment.assignmentId);
    const note = await actionId('General Note');
    const res = await as(t.app, t.tenant.northToken)({ method: 'PUT', url: url(id), payload: { subject: 'Start confirmed', text: 'Starts Monday 7am.', messageActionId: note, messageDate: '2026-01-02T15:30:00Z' } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.body).toBe('');
    expect(await stored(id)).toEqual({ text: 'Starts Monday 7am.', messageActionId: note, subject: 'Start confirmed', messageDate: new Date('2026-01-02T15:30:00Z'), links: [assignment.assignmentId] });

    // A full replacement: what is left out becomes null. Idempotent: still one link.
    const again = await as(t.app, t.tenant.northToken)({ method: 'PUT', url: url(id), payload: { Text: 'Starts Tuesday instead.' } });
    expect(again.statusCode, again.body).toBe(200);
    expect(await stored(id)).toEqual({ text: 'Starts Tuesday instead.', messageActionId: null, subject: null, messageDate: null, links: [assignment.assignmentId] });
  });

  it('links messages of the assignment\'s employee, customer and job order; a message of another record is 404', async () => {
    for (const [origin, originId] of [['employee', assignment.employeeId], ['customer', assignment.customerId], ['jobOrder', assignment.jobOrderId]] as const) {
      const id = await message(origin, originId);
      const res = await as(t.app, t.tenant.northToken)({ method: 'PUT', url: url(id), payload: { text: `About the ${origin}` } });
      expect(res.statusCode, origin).toBe(200);
      expect((await stored(id)).links).toEqual([assignment.assignmentId]);
    }
    const elsewhere = await message('customer', await seedCustomer(t.database.db, north, 'Other Co'));
    expect((await as(t.app, t.tenant.northToken)({ method: 'PUT', url: url(elsewhere), payload: { text: 'x' } })).json()).toMatchObject({ status: 404, code: 'NOT_FOUND' });
    const otherAssignment = await seedAssignment(t.database.db, north, { startDate: new Date('2026-02-01T00:00:00Z') });
    const ofOther = await message('assignment', otherAssignment.assignmentId);
    expect((await as(t.app, t.tenant.northToken)({ method: 'PUT', url: url(ofOther), payload: { text: 'x' } })).statusCode).toBe(404);
    expect((await stored(ofOther)).links).toEqual([]);
  });

  it('PATCH-ASG-08 ASG-17: a message of the employee linked by PUT can become the assignment\'s PrimaryMessageId; an unlinked one cannot', async () => {
    const linked = await message('employee', assignment.employeeId);
    const unlinked = await message('employee', assignment.employeeId);
    expect((await as(t.app, t.tenant.northToken)({ method: 'PUT', url: url(linked), payload: { text: 'Confirmed the start by phone.' } })).statusCode).toBe(200);
    const pin = (id: number) => as(t.app, t.tenant.northToken)({ method: 'PATCH', url: `/Assignments/${assignment.assignmentId}`, payload: [{ op: 'replace', path: '/PrimaryMessageId', value: id }] });
    const pinned = await pin(linked);
    expect(pinned.statusCode, pinned.body).toBe(200);
    expect((await as(t.app, t.tenant.northToken)({ method: 'GET', url: `/Assignments/${assignment.assignmentId}` })).json().primaryMessageId).toBe(linked);
    expect((await pin(unlinked)).json()).toMatchObject({ status: 400, errors: { primaryMessageId: ['is not a message of this assignment'] } });
  });

  it('404 when the assignment is in another branch or tenant, the message is another tenant\'s, or either does not exist', async () => {
    const id = await message('assignment', assignment.assignmentId);
    expect((await as(t.app, t.tenant.southToken)({ method: 'PUT', url: url(id), payload: { text: 'x' } })).json()).toMatchObject({ status: 404, detail: expect.stringContaining('assignment') });
    expect((await as(t.app, t.other.adminToken)({ method: 'PUT', url: url(id), payload: { text: 'x' } })).statusCode).toBe(404);
    const foreign = await message('assignment', assignment.assignmentId, t.other.tenantId);
    expect((await as(t.app, t.tenant.adminToken)({ method: 'PUT', url: url(foreign), payload: { text: 'x' } })).json()).toMatchObject({ status: 404, detail: expect.stringContaining('message') });
    expect((await as(t.app, t.tenant.adminToken)({ method: 'PUT', url: url(9007199254740991), payload: { text: 'x' } })).statusCode).toBe(404);
    expect((await as(t.app, t.tenant.adminToken)({ method: 'PUT', url: url(id, 9007199254740991), payload: { text: 'x' } })).statusCode).toBe(404);
    expect((await stored(id)).links).toEqual([]);
  });

  it('ASG-16: takes assignment-read or assignment-write (as the spec lists); any other scope is 403; ids are Int64', async () => {
    const id = await message('assignment', assignment.assignmentId);
    const token = async (scopes: string[]) => as(t.app, await issueCredential(t.database.db, {
      tenantId: t.tenant.tenantId, serviceRepId: t.tenant.adminRepId, kind: 'personal', name: scopes.join(), scopes, expiresAt: new Date(Date.now() + 60_000),
    }));
    for (const scope of ['assignment-read', 'assignment-write']) {
      expect((await (await token([scope]))({ method: 'PUT', url: url(id), payload: { text: scope } })).statusCode, scope).toBe(200);
    }
    expect((await (await token(['employee-write', 'datalist-read']))({ method: 'PUT', url: url(id), payload: { text: 'x' } })).json()).toMatchObject({ status: 403, code: 'SCOPE_MISSING' });
    for (const [path, field] of [[`/Assignments/abc/messages/${id}`, 'assignmentId'], [`/Assignments/${assignment.assignmentId}/messages/9223372036854775808`, 'messageId']] as const) {
      expect((await as(t.app, t.tenant.adminToken)({ method: 'PUT', url: path, payload: { text: 'x' } })).json()).toMatchObject({ status: 400, errors: { [field]: expect.any(Array) } });
    }
  });

  it('ASG-27: bad input is a 400 naming the field; the message is left as it was', async () => {
    const id = await message('assignment', assignment.assignmentId);
    const put = (payload: object, token = t.tenant.northToken) => as(t.app, token)({ method: 'PUT', url: url(id), payload });
    const cases: [object, string][] = [
      [{}, 'text'], [{ text: '' }, 'text'], [{ text: '   ' }, 'text'], [{ text: 'x'.repeat(8001) }, 'text'], [{ text: 5 }, 'text'],
      [{ text: 'x', subject: 's'.repeat(256) }, 'subject'], [{ text: 'x', messageDate: 'yesterday' }, 'messageDate'],
      [{ text: 'x', messageDate: '2026-02-30' }, 'messageDate'], [{ text: 'x', messageActionId: 0 }, 'messageActionId'],
      [{ text: 'x', messageActionId: 999999 }, 'messageActionId'],
      // North's rep is in Payroll: Phone Call is not one of its message actions.
      [{ text: 'x', messageActionId: await actionId('Phone Call') }, 'messageActionId'],
    ];
    for (const [payload, field] of cases) {
      const res = await put(payload);
      expect(res.json(), JSON.stringify(payload).slice(0, 60)).toMatchObject({ status: 400, errors: { [field]: expect.any(Array) } });
    }
    expect(await stored(id)).toMatchObject({ text: 'Pinned note', links: [] });
    // The administrator's group may use Phone Call; 8000 characters and a 255-character subject fit.
    expect((await put({ text: 'y'.repeat(8000), subject: 's'.repeat(255), messageActionId: await actionId('Phone Call'), messageDate: '2026-03-01' }, t.tenant.adminToken)).statusCode).toBe(200);
  });
});
