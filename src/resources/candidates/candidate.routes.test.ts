// POST /JobOrders/{id}/jobBoardCandidate (CAND-01 to CAND-13) and the reads of an order's candidates:
// 201 with the Applied-from-web status, 404 for what the caller cannot see, 409 for a second (or a
// simultaneous) request, validation, restrictions bypassed, declared access.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, type Caller, callers, testApp, type TestContext } from '../../../test/helpers.ts';
import { issueCredential } from '../../platform/auth/tokens.ts';
import { assignmentRestrictions } from '../assignments/assignment.table.ts';
import { lookupId, seedCustomer, seedWorksite } from '../job-orders/job-order.test-data.ts';
import { canMove, CANDIDATE_TRANSITIONS } from './candidate.repository.ts';
import { candidateReadAccess, candidateWriteAccess } from './candidate.routes.ts';
import { CANDIDATE_STATUSES } from './candidate.table.ts';

let t: TestContext;
let admin: Caller;
let north: Caller;
const ids = {} as Record<'customer' | 'northOrder' | 'southOrder' | 'northEmployee' | 'southEmployee' | 'otherOrder' | 'otherEmployee', number>;

async function newEmployee(caller: Caller, branchId: number, lastName = 'Applicant'): Promise<number> {
  const res = await caller({ method: 'POST', url: '/Employees', payload: { firstName: 'Web', lastName, branchId, region: 'MN' } });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().employeeId;
}

async function newOrder(caller: Caller, fixture: TestContext['tenant'], branch: 'north' | 'south', refs: Record<string, number>): Promise<number> {
  const res = await caller({ method: 'POST', url: '/JobOrders', payload: {
    customerId: refs.customer, jobTitleId: refs.jobTitle, branchId: fixture[branch].branchId, worksiteId: refs.worksite, jobOrderTypeId: refs.orderType, positionsRequired: 1,
  } });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().jobOrderId;
}

/** A customer, worksite, order type and public job title of a tenant. */
async function references(caller: Caller, fixture: TestContext['tenant']): Promise<Record<string, number>> {
  const db = t.database.db;
  const title = await caller({ method: 'POST', url: '/Administration/JobTitles', payload: {
    skillCode: 'WEB', jobTitle: 'Web Picker', isPublic: true, hierId: fixture.rootHierId, jobTitleCategoryId: await lookupId(db, fixture.tenantId, 'jobTitleCategories'),
  } });
  expect(title.statusCode, title.body).toBe(201);
  return {
    customer: await seedCustomer(db, fixture.tenantId, fixture.north),
    worksite: await seedWorksite(db, fixture.tenantId),
    orderType: (await caller({ method: 'GET', url: '/Datalists/OrderTypes' })).json().data[0].orderTypeId,
    jobTitle: title.json().jobTitleId,
  };
}

beforeAll(async () => {
  t = await testApp();
  ({ admin, north } = callers(t));
  const refs = await references(admin, t.tenant);
  ids.customer = refs.customer!;
  ids.northOrder = await newOrder(admin, t.tenant, 'north', refs);
  ids.southOrder = await newOrder(admin, t.tenant, 'south', refs);
  ids.northEmployee = await newEmployee(admin, t.tenant.north.branchId);
  ids.southEmployee = await newEmployee(admin, t.tenant.south.branchId, 'Southerly');
  const otherAdmin = as(t.app, t.other.adminToken);
  ids.otherOrder = await newOrder(otherAdmin, t.other, 'north', await references(otherAdmin, t.other));
  ids.otherEmployee = await newEmployee(otherAdmin, t.other.north.branchId);
});
afterAll(async () => { await t?.close(); });

const apply = (jobOrderId: number, payload: Record<string, unknown>, caller: Caller = admin) =>
  caller({ method: 'POST', url: `/JobOrders/${jobOrderId}/jobBoardCandidate`, payload });
const employee = async (lastName: string) => newEmployee(admin, t.tenant.north.branchId, lastName);

describe('POST /JobOrders/{id}/jobBoardCandidate', () => {
  it('CAND-01 CAND-04 CAND-05 CAND-06 CAND-11: 201 with {jobOrderCandidateId} and a Location; the candidate is Applied from web with its utm values', async () => {
    const employeeId = await employee('Created');
    const res = await apply(ids.northOrder, { employeeId, utmSource: 'indeed', utmCampaign: 'spring hiring', utmMedium: 'cpc' }, north);
    expect(res.statusCode, res.body).toBe(201);
    const { jobOrderCandidateId } = res.json();
    expect(res.json()).toEqual({ jobOrderCandidateId: expect.any(Number) });
    expect(res.headers.location).toBe(`/JobOrders/${ids.northOrder}/candidates/${jobOrderCandidateId}`);
    const read = await north({ method: 'GET', url: res.headers.location as string });
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json()).toEqual({
      jobOrderCandidateId, jobOrderId: ids.northOrder, employeeId, status: 'Applied from web',
      utmSource: 'indeed', utmCampaign: 'spring hiring', utmMedium: 'cpc', dateCreated: expect.any(String),
    });
    // GEN-16: the new candidate is an event, located where its GET is.
    const { rows } = await t.database.pool.query('select type, location from events where tenant_id = $1 and record_type = $2 and record_id = $3',
      [t.tenant.tenantId, 'JobOrderCandidate', jobOrderCandidateId]);
    expect(rows).toEqual([{ type: 'jobOrderCandidate.created', location: res.headers.location }]);
  });

  it('CAND-10: an employee with an active assignment restriction for the order\'s customer is still added', async () => {
    const employeeId = await employee('Restricted');
    await t.database.db.insert(assignmentRestrictions).values({ tenantId: t.tenant.tenantId, customerId: ids.customer, employeeId, raisedBy: 'customer' });
    const res = await apply(ids.northOrder, { employeeId });
    expect(res.statusCode, res.body).toBe(201);
  });

  it('AMB-62 (d): the order need only be visible, not job board eligible (a south-branch order is not web-public)', async () => {
    expect((await apply(ids.southOrder, { employeeId: await employee('Anywhere') })).statusCode).toBe(201);
  });

  it('CAND-03 AMB-62 (b): the employeeId comes from the employee search of this service (GET /Employees, by last name)', async () => {
    const created = await employee('Findable-Candidate');
    const found = await north({ method: 'GET', url: '/Employees?lastName=findable-cand' });
    expect(found.statusCode, found.body).toBe(200);
    expect(found.json().data.map((e: { employeeId: number }) => e.employeeId)).toEqual([created]);
    const res = await apply(ids.northOrder, { employeeId: found.json().data[0].employeeId }, north);
    expect(res.statusCode, res.body).toBe(201);
    const listed = await north({ method: 'GET', url: `/JobOrders/${ids.northOrder}/candidates?take=1000` });
    expect(listed.json().data).toContainEqual(expect.objectContaining({ jobOrderCandidateId: res.json().jobOrderCandidateId, employeeId: created }));
  });

  it('CAND-07 ERR-19: 404 when the caller cannot see the job order (outside the hierarchy, absent, another tenant\'s)', async () => {
    const employeeId = ids.northEmployee;
    for (const jobOrderId of [ids.southOrder, 2_000_000_000, ids.otherOrder]) {
      const res = await apply(jobOrderId, { employeeId }, north);
      expect(res.statusCode, `${jobOrderId}`).toBe(404);
      expect(res.json().detail).toMatch(/job order/);
    }
  });

  it('CAND-08 ERR-19: 404 when the caller cannot see the employee (outside the hierarchy, absent, another tenant\'s)', async () => {
    for (const employeeId of [ids.southEmployee, 9_000_000_000, ids.otherEmployee]) {
      const res = await apply(ids.northOrder, { employeeId }, north);
      expect(res.statusCode, `${employeeId}`).toBe(404);
      expect(res.json().detail).toMatch(/employee/);
    }
  });

  it('GEN-05: another tenant\'s caller gets 404 for this tenant\'s order', async () => {
    expect((await apply(ids.northOrder, { employeeId: ids.otherEmployee }, as(t.app, t.other.adminToken))).statusCode).toBe(404);
  });

  it('CAND-09 ERR-12 ERR-19: 409 CANDIDATE_EXISTS when the employee is already a candidate for the order', async () => {
    const employeeId = await employee('Twice');
    expect((await apply(ids.northOrder, { employeeId })).statusCode).toBe(201);
    const again = await apply(ids.northOrder, { employeeId, utmSource: 'other' });
    expect(again.statusCode, again.body).toBe(409);
    expect(again.json().code).toBe('CANDIDATE_EXISTS');
    expect(again.json().detail).toMatch(/already a candidate/);
    expect((await apply(ids.southOrder, { employeeId })).statusCode).toBe(201);
  });

  it('CAND-09: two simultaneous requests for the same pair: exactly one 201 and one 409 (the unique constraint decides)', async () => {
    for (let round = 0; round < 3; round++) {
      const employeeId = await employee(`Racer${round}`);
      const answers = await Promise.all([apply(ids.northOrder, { employeeId }), apply(ids.northOrder, { employeeId })]);
      expect(answers.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    }
  });

  it('CAND-02 CAND-04 CAND-05 CAND-06: 400 naming the field for a missing or malformed employeeId and a utm value over 255 characters', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{}, 'employeeId'], [{ employeeId: 'seven' }, 'employeeId'], [{ employeeId: 0 }, 'employeeId'],
      [{ employeeId: ids.northEmployee, utmSource: 'x'.repeat(256) }, 'utmSource'],
      [{ employeeId: ids.northEmployee, utmCampaign: 'x'.repeat(256) }, 'utmCampaign'],
      [{ employeeId: ids.northEmployee, utmMedium: 'x'.repeat(256) }, 'utmMedium'],
    ];
    for (const [payload, field] of cases) {
      const res = await apply(ids.northOrder, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(Object.keys(res.json().errors), JSON.stringify(payload)).toContain(field);
    }
    expect((await apply(ids.northOrder, { employeeId: await employee('Longest'), utmSource: 'x'.repeat(255) })).statusCode).toBe(201);
  });

  it('AMB-62 (f): utm_source, utm_campaign and utm_medium are accepted as the same fields; two different values for one field are a 400', async () => {
    const employeeId = await employee('Snake');
    const res = await apply(ids.northOrder, { employeeId, utm_source: 'google', utm_campaign: 'fall', utm_medium: 'email' });
    expect(res.statusCode, res.body).toBe(201);
    expect((await admin({ method: 'GET', url: res.headers.location as string })).json()).toMatchObject({ utmSource: 'google', utmCampaign: 'fall', utmMedium: 'email' });
    const clash = await apply(ids.northOrder, { employeeId: await employee('Clash'), utmSource: 'a', utm_source: 'b' });
    expect(clash.statusCode).toBe(400);
    expect(Object.keys(clash.json().errors)).toEqual(['utmSource']);
  });

  it('CAND-13: ServiceRep and Service with jobboard-write; 403 with read scopes only', async () => {
    expect(candidateWriteAccess).toEqual({ roles: ['ServiceRep', 'Service'], scopes: ['jobboard-write'] });
    const token = (scopes: string[]) => issueCredential(t.database.db, { tenantId: t.tenant.tenantId, serviceRepId: t.tenant.adminRepId, kind: 'personal', name: scopes.join(), scopes, expiresAt: new Date(Date.now() + 86_400_000) });
    const reader = as(t.app, await token(['jobboard-read', 'order-write', 'employee-write']));
    expect((await apply(ids.northOrder, { employeeId: await employee('Denied') }, reader)).statusCode).toBe(403);
    const writer = as(t.app, await token(['jobboard-write']));
    expect((await apply(ids.northOrder, { employeeId: await employee('Allowed') }, writer)).statusCode).toBe(201);
  });
});

describe('GET /JobOrders/{id}/candidates', () => {
  it('lists an order\'s candidates oldest first, paged; 404 for an order the caller cannot see', async () => {
    const first = await employee('ListOne'), second = await employee('ListTwo');
    const fresh = await newOrder(admin, t.tenant, 'north', { customer: ids.customer, ...(await references(admin, t.tenant)) });
    await apply(fresh, { employeeId: first });
    await apply(fresh, { employeeId: second });
    const page = await north({ method: 'GET', url: `/JobOrders/${fresh}/candidates?take=1&skip=1` });
    expect(page.statusCode, page.body).toBe(200);
    expect(page.json()).toMatchObject({ totalCount: 2, data: [{ employeeId: second, status: 'Applied from web' }] });
    expect((await north({ method: 'GET', url: `/JobOrders/${ids.southOrder}/candidates` })).statusCode).toBe(404);
    expect((await north({ method: 'GET', url: `/JobOrders/${ids.southOrder}/candidates/1` })).statusCode).toBe(404);
    expect(candidateReadAccess.scopes).toEqual(['jobboard-read', 'order-read']);
  });
});

describe('candidate statuses (CAND-12)', () => {
  it('CAND-12: Applied from web moves to review, rejection or withdrawal; Placed, Not selected and Withdrawn are final', () => {
    expect(Object.keys(CANDIDATE_TRANSITIONS)).toEqual([...CANDIDATE_STATUSES]);
    expect(canMove('Applied from web', 'Under review')).toBe(true);
    expect(canMove('Applied from web', 'Placed')).toBe(false);
    expect(canMove('Submitted to customer', 'Placed')).toBe(true);
    for (const final of ['Placed', 'Not selected', 'Withdrawn'] as const) expect(CANDIDATE_TRANSITIONS[final]).toEqual([]);
  });
});
