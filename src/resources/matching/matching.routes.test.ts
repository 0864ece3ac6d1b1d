// GET/PUT /JobOrders/{id}/Requirements and GET/PUT /Matching/Weights over HTTP (decision 0058): what
// is read from the order and what is stated, the vocabulary checked (400 naming the place), visible
// and writable as the order is, the order's history and its jobOrder.updated event; the tenant's
// weights, set at the root only, a bad weight a 400 naming it.
import { beforeAll, describe, expect, it } from 'vitest';
import { eventTypesOf, testAppForFile } from '../../../test/helpers.ts';
import { lookupId, seedCustomer, seedWorksite } from '../job-orders/job-order.test-data.ts';
import { DEFAULT_WEIGHTS } from './score-match.ts';

const ctx = testAppForFile();
const { admin, north, south, otherAdmin } = ctx;
const ids = { order: 0 };

beforeAll(async () => {
  const { t } = ctx;
  const db = t.database.db, tenantId = t.tenant.tenantId;
  const customer = await seedCustomer(db, tenantId, t.tenant.north, 'North Star Cold Storage', 'Dock');
  const worksite = await seedWorksite(db, tenantId);
  const orderType = (await admin({ method: 'GET', url: '/Datalists/OrderTypes' })).json().data[0].orderTypeId;
  const title = await admin({ method: 'POST', url: '/Administration/JobTitles', payload: { skillCode: 'FORK', jobTitle: 'Forklift Operator', jobTitleCategoryId: await lookupId(db, tenantId, 'jobTitleCategories'), hierId: t.tenant.rootHierId } });
  expect(title.statusCode, title.body).toBe(201);
  const order = await north({ method: 'POST', url: '/JobOrders', payload: {
    customerId: customer, jobTitleId: title.json().jobTitleId, branchId: t.tenant.north.branchId, worksiteId: worksite, jobOrderTypeId: orderType, positionsRequired: 2, payRate: 19.5,
    jobDescription: 'Load trucks in a freezer. Current forklift certification required, 2+ years. Reach truck a plus.\nRequired: pallet jack.',
  } });
  expect(order.statusCode, order.body).toBe(201);
  ids.order = order.json().jobOrderId;
});

const url = () => `/JobOrders/${ids.order}/Requirements`;
const stated = (over: Record<string, unknown> = {}) => ({
  requiredSkills: [], preferredSkills: [], requiredCertifications: [], preferredCertifications: [], requiredLanguages: [], minimumYears: null, maxMiles: null, ...over,
});

describe('GET /JobOrders/{id}/Requirements', () => {
  it('reads the order: occupation from its job title, skills and certifications from its description, years, pay, with their sources', async () => {
    const res = await admin({ method: 'GET', url: url() });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.stated).toEqual(stated());
    expect(body.requirements).toMatchObject({
      jobOrderId: ids.order, occupationId: 'forklift-operator', requiredSkills: expect.arrayContaining(['pallet-jack']), preferredSkills: ['reach-truck'],
      requiredCertifications: [['forklift-certification']], minimumYears: 2, payPerHour: 19.5,
    });
    expect(body.requirements.sources).toMatchObject({ occupation: 'job title', 'pallet-jack': 'description', minimumYears: 'description' });
  });

  it('is seen as the order is: 404 for another branch\'s rep and another tenant; every negotiated format', async () => {
    expect((await south({ method: 'GET', url: url() })).statusCode).toBe(404);
    expect((await otherAdmin({ method: 'GET', url: url() })).statusCode).toBe(404);
    expect((await admin({ method: 'GET', url: '/JobOrders/999999/Requirements' })).statusCode).toBe(404);
    const xml = await admin({ method: 'GET', url: url(), headers: { accept: 'application/xml' } });
    expect(xml.statusCode, xml.body).toBe(200);
    expect(xml.body).toContain('forklift-operator');
  });
});

describe('PUT /JobOrders/{id}/Requirements', () => {
  it('states requirements: a stated field wins, recorded in the order\'s history with a jobOrder.updated event', async () => {
    const before = (await eventTypesOf(ctx.t.database, ctx.t.tenant.tenantId, 'JobOrder', ids.order)).length;
    const res = await north({ method: 'PUT', url: url(), payload: stated({ requiredSkills: ['forklift'], requiredCertifications: [['cdl-a', 'cdl-b']], requiredLanguages: ['es'], maxMiles: 25 }) });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().requirements).toMatchObject({ requiredSkills: ['forklift'], requiredCertifications: [['cdl-a', 'cdl-b']], requiredLanguages: ['es'], maxMiles: 25, minimumYears: 2 });
    expect(res.json().requirements.sources).toMatchObject({ requiredSkills: 'stated', maxMiles: 'stated', minimumYears: 'description' });
    expect((await admin({ method: 'GET', url: url() })).json().stated.requiredSkills).toEqual(['forklift']);
    const events = await eventTypesOf(ctx.t.database, ctx.t.tenant.tenantId, 'JobOrder', ids.order);
    expect(events.slice(before)).toEqual(['jobOrder.updated']);
    const history = await admin({ method: 'GET', url: `/JobOrders/${ids.order}/history` });
    expect(history.statusCode, history.body).toBe(200);
    const entry = history.json().data.find((e: { changes: Record<string, unknown> }) => 'requirements' in e.changes);
    expect(entry.action).toBe('updated');
    expect(entry.changes.requirements.old).toBeNull();
    expect(entry.changes.requirements.new.requiredSkills).toEqual(['forklift']);
    // The same again changes nothing: no event.
    expect((await north({ method: 'PUT', url: url(), payload: stated({ requiredSkills: ['forklift'], requiredCertifications: [['cdl-a', 'cdl-b']], requiredLanguages: ['es'], maxMiles: 25 }) })).statusCode).toBe(200);
    expect(await eventTypesOf(ctx.t.database, ctx.t.tenant.tenantId, 'JobOrder', ids.order)).toHaveLength(events.length);
  });

  it('an id the vocabulary does not know is a 400 naming its place; a bad shape is a 400 naming the field', async () => {
    const res = await admin({ method: 'PUT', url: url(), payload: stated({ requiredSkills: ['forklift', 'juggling'], requiredCertifications: [['cna', 'astronaut-licence']] }) });
    expect(res.statusCode, res.body).toBe(400);
    expect(Object.keys(res.json().errors).sort()).toEqual(['requiredCertifications/0/1', 'requiredSkills/1']);
    const shape = await admin({ method: 'PUT', url: url(), payload: stated({ maxMiles: 'far' }) });
    expect(shape.statusCode, shape.body).toBe(400);
    expect(JSON.stringify(shape.json().errors)).toContain('maxMiles');
  });

  it('is writable as the order is: 404 for another branch\'s rep and another tenant', async () => {
    expect((await south({ method: 'PUT', url: url(), payload: stated() })).statusCode).toBe(404);
    expect((await otherAdmin({ method: 'PUT', url: url(), payload: stated() })).statusCode).toBe(404);
  });
});

describe('/Matching/Weights', () => {
  it('answers the defaults, then what the root administrator sets, with its event', async () => {
    const first = await north({ method: 'GET', url: '/Matching/Weights' });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({ weights: DEFAULT_WEIGHTS, isDefault: true });
    const weights = { ...DEFAULT_WEIGHTS, distance: 9, pay: 0 };
    const put = await admin({ method: 'PUT', url: '/Matching/Weights', payload: weights });
    expect(put.statusCode, put.body).toBe(200);
    expect((await north({ method: 'GET', url: '/Matching/Weights' })).json()).toEqual({ weights, isDefault: false });
    const { rows } = await ctx.t.database.pool.query<{ data: { changedFields: string[] } }>("select data from events where tenant_id = $1 and type = 'matchingWeights.updated'", [ctx.t.tenant.tenantId]);
    expect(rows.map((r) => r.data.changedFields)).toEqual([['distance', 'pay']]);
    expect((await otherAdmin({ method: 'GET', url: '/Matching/Weights' })).json().isDefault).toBe(true);
  });

  it('a bad weight is a 400 naming it; below the root node a 403', async () => {
    const bad = await admin({ method: 'PUT', url: '/Matching/Weights', payload: { ...DEFAULT_WEIGHTS, skills: 11 } });
    expect(bad.statusCode, bad.body).toBe(400);
    expect(JSON.stringify(bad.json().errors)).toContain('skills');
    const zero = await admin({ method: 'PUT', url: '/Matching/Weights', payload: Object.fromEntries(Object.keys(DEFAULT_WEIGHTS).map((k) => [k, 0])) });
    expect(zero.statusCode, zero.body).toBe(400);
    expect(Object.keys(zero.json().errors)).toEqual(['occupation']);
    expect((await north({ method: 'PUT', url: '/Matching/Weights', payload: DEFAULT_WEIGHTS })).statusCode).toBe(403);
  });
});
