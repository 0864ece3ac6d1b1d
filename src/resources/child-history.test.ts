// The history of the child collections (docs/history.md): contact methods, messages, job order
// candidates, assessment sessions and message documents have the trigger too; those with a GET by id
// have its `/history`, visible exactly when that GET is; secret fields are kept masked.
import { describe, expect, it } from 'vitest';
import { testAppForFile } from '../../test/helpers.ts';
import { recordMaker } from '../../test/record-fixtures.ts';
import { CONTACT_METHOD_TYPES } from './contact-methods/contact-method.table.ts';
import { seedOffer, seedSession } from './assessments/assessment-session.fixtures.ts';

const { t, admin, north, south, otherAdmin } = testAppForFile();

interface Page { data: { action: string; actor: Record<string, unknown>; changes: Record<string, { old: unknown; new: unknown }> }[]; totalCount: number }

async function history(url: string, caller = north): Promise<Page> {
  const res = await caller({ method: 'GET', url: `${url}/history` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

describe('history of the child collections', () => {
  it('the trigger is on each child table', async () => {
    const { rows } = await t.database.pool.query<{ table: string }>(
      `select c.relname as table from pg_trigger g join pg_class c on c.oid = g.tgrelid where g.tgname = 'record_history_updated' order by 1`);
    expect(rows.map((r) => r.table)).toEqual(expect.arrayContaining(['contact_methods', 'messages', 'message_documents', 'job_order_candidates', 'assessment_sessions']));
  });

  it('a contact method: created and changed by the rep, under its owner\'s path; another branch or tenant gets 404', async () => {
    const employeeId = await recordMaker(t.app, t.database.db, t.tenant).make('Employee');
    const created = await north({ method: 'POST', url: `/Employees/${employeeId}/contactmethods`, payload: { contactMethodTypeId: CONTACT_METHOD_TYPES.email, contactMethod: 'one@example.com' } });
    expect(created.statusCode, created.body).toBe(201);
    const url = `/Employees/${employeeId}/contactmethods/${created.json().contactMethodId}`;
    const patched = await north({ method: 'PATCH', url, headers: { 'content-type': 'application/json-patch+json' }, payload: JSON.stringify([{ op: 'replace', path: '/ContactMethod', value: 'two@example.com' }]) });
    expect(patched.statusCode, patched.body).toBe(200);
    const page = await history(url);
    expect(page.data.map((e) => e.action)).toEqual(['updated', 'created']);
    expect(page.data[0]).toMatchObject({ actor: { type: 'serviceRep', id: t.tenant.north.repId }, changes: { contactMethod: { old: 'one@example.com', new: 'two@example.com' } } });
    expect(page.data[1]!.changes.contactMethod).toEqual({ old: null, new: 'one@example.com' });
    for (const stranger of [south, otherAdmin]) expect((await stranger({ method: 'GET', url: `${url}/history` })).statusCode).toBe(404);
    expect((await admin({ method: 'GET', url: `/Customers/${employeeId}/contactmethods/${created.json().contactMethodId}/history` })).statusCode, 'not the customer\'s').toBe(404);
  });

  it('a removal leaves a `deleted` entry with the values the row had (no route deletes one yet; a job or the CLI may)', async () => {
    const employeeId = await recordMaker(t.app, t.database.db, t.tenant).make('Employee');
    const created = await north({ method: 'POST', url: `/Employees/${employeeId}/contactmethods`, payload: { contactMethodTypeId: CONTACT_METHOD_TYPES.email, contactMethod: 'gone@example.com' } });
    const id = created.json().contactMethodId;
    const client = await t.database.pool.connect();
    try {
      await client.query(`begin; select set_config('staffing.actor', '{"type":"job","id":7}', true)`);
      await client.query('delete from contact_methods where tenant_id = $1 and id = $2', [t.tenant.tenantId, id]);
      await client.query('commit');
    } finally { client.release(); }
    const { rows } = await t.database.pool.query<{ action: string; actor: unknown; fields: Record<string, unknown[]> }>(
      `select action, actor, fields from record_changes where tenant_id = $1 and record_type = 'ContactMethod' and record_id = $2 order by id desc limit 1`, [t.tenant.tenantId, id]);
    expect(rows[0]).toMatchObject({ action: 'deleted', actor: { type: 'job', id: 7 }, fields: { contactMethod: ['gone@example.com', null] } });
  });

  it('a message: its creation, by the rep', async () => {
    const employeeId = await recordMaker(t.app, t.database.db, t.tenant).make('Employee');
    const created = await north({ method: 'POST', url: `/Employees/${employeeId}/messages`, payload: { text: 'Called about Monday', subject: 'Shift', messageDate: '2026-11-20T09:30:00Z' } });
    expect(created.statusCode, created.body).toBe(201);
    const page = await history(`/Employees/${employeeId}/messages/${created.json().messageId}`);
    // Its subject and date (kept in message_details) are in the same entry.
    expect(page.data).toMatchObject([{ action: 'created', actor: { type: 'serviceRep', id: t.tenant.north.repId }, changes: {
      text: { old: null, new: 'Called about Monday' }, subject: { old: null, new: 'Shift' }, messageDate: { old: null, new: expect.stringMatching(/^2026-11-20T09:30:00/) },
    } }]);
    expect((await otherAdmin({ method: 'GET', url: `/Employees/${employeeId}/messages/${created.json().messageId}/history` })).statusCode).toBe(404);
  });

  it('an assessment session: its invitation link is kept only as "changed"', async () => {
    const employeeId = await recordMaker(t.app, t.database.db, t.tenant).make('Employee');
    const { vendorId, assessmentIds } = await seedOffer(t.database.db, t.tenant.tenantId, ['A1']);
    const sessionId = await seedSession(t.database.db, { tenantId: t.tenant.tenantId, hierId: t.tenant.north.hierId, employeeId, vendorId, assessmentIds, codes: ['A1'] });
    const link = 'https://assess.example/take?token=s3cr3t-invitation';
    await t.database.pool.query('update assessment_sessions set invitation_url = $3, status_reason = $4 where tenant_id = $1 and id = $2', [t.tenant.tenantId, sessionId, link, 'sent']);
    const page = await history(`/Assessments/Sessions/${sessionId}`, admin);
    expect(page.data[0]).toMatchObject({ action: 'updated', actor: { type: 'system' }, changes: { invitationUrl: { old: null, new: 'changed' }, statusReason: { old: null, new: 'sent' } } });
    const { rows } = await t.database.pool.query<{ stored: string }>(`select string_agg(fields::text, ' ') as stored from record_changes where tenant_id = $1 and record_type = 'AssessmentSession' and record_id = $2`, [t.tenant.tenantId, sessionId]);
    expect(rows[0]!.stored).not.toContain('s3cr3t');
    expect((await otherAdmin({ method: 'GET', url: `/Assessments/Sessions/${sessionId}/history` })).statusCode).toBe(404);
  });

  it('a job order candidate: its creation by the rep; 404 where the candidate is not', async () => {
    const maker = recordMaker(t.app, t.database.db, t.tenant);
    const jobOrderId = await maker.make('JobOrder');
    const created = await north({ method: 'POST', url: `/JobOrders/${jobOrderId}/jobBoardCandidate`, payload: { employeeId: await maker.make('Employee'), utmSource: 'history' } });
    expect(created.statusCode, created.body).toBe(201);
    const candidateId = created.json().jobOrderCandidateId;
    const page = await history(`/JobOrders/${jobOrderId}/candidates/${candidateId}`);
    expect(page.data).toMatchObject([{ action: 'created', actor: { type: 'serviceRep', id: t.tenant.north.repId }, changes: { utmSource: { old: null, new: 'history' } } }]);
    expect((await otherAdmin({ method: 'GET', url: `/JobOrders/${jobOrderId}/candidates/${candidateId}/history` })).statusCode).toBe(404);
    expect((await admin({ method: 'GET', url: `/JobOrders/${jobOrderId}/candidates/2000000000/history` })).statusCode).toBe(404);
  });
});
