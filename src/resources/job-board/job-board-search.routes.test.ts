// GET /Search/JobBoard (JB-01..JB-50): eligibility, text ranking and stemming, centre finding, radius
// edges, sort orders, settings, 400s, paging, and the triggers that keep the search table current.
// Each group gives its orders a skill word of its own and searches for it, so groups do not mix.
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { as, type Caller, callers, testApp, testConfig, type TestContext } from '../../../test/helpers.ts';
import { buildApp } from '../../app.ts';
import { JobBoardSearchCache } from './job-board-search.cache.ts';
import { searchArea, surfaceMetres } from './job-board-search.area.ts';
import { searchJobBoard } from './job-board-search.repository.ts';
import { DataScope } from '../../platform/scope.ts';
import { principalOfRep } from '../../platform/auth/rep-principal.ts';
import { issueCredential } from '../../platform/auth/tokens.ts';
import { branches } from '../../platform/db/schema.ts';
import { addBranch } from '../tenants/tenant.provisioning.ts';
import { jobOrderStatuses } from '../reference-data/reference.table.ts';
import { worksites } from '../worksites/worksite.table.ts';
import { jobTitles } from '../job-titles/job-title.record.ts';
import { jobOrders } from '../job-orders/job-order.table.ts';
import { lookupId, seedCustomer } from '../job-orders/job-order.test-data.ts';
import { firstPlaceOf, locate, type Place, type PlaceCentre } from '../gazetteer/gazetteer.repository.ts';
import { DEFAULT_JOB_BOARD_SETTINGS, writeJobBoardSettings } from '../reference-data/job-board.settings.ts';

let t: TestContext;
let admin: Caller;
let north: Caller;
const ids: Record<string, number> = {};

/** earthdistance's earth radius (metres): points placed with it sit at exact distances. */
const EARTH_RADIUS = 6378168;
const MILE = 1609.344;
/** A point `metres` north of (lat, lon). */
const northOf = (lat: number, lon: number, metres: number): [number, number] => [lat + (metres / EARTH_RADIUS) * (180 / Math.PI), lon];

async function worksite(lat: number | null, lon: number | null, extra: Partial<typeof worksites.$inferInsert> = {}) {
  const [row] = await t.database.db.insert(worksites).values({
    tenantId: t.tenant.tenantId, name: 'Site', municipality: 'Testville', region: 'MN', postalCode: '55401', latitude: lat, longitude: lon, ...extra,
  }).returning({ id: worksites.id });
  return row!.id;
}

async function jobTitle(title: string, isPublic = true) {
  const [row] = await t.database.db.insert(jobTitles).values({
    tenantId: t.tenant.tenantId, hierId: t.tenant.rootHierId, skillCode: title.slice(0, 8), jobTitle: title, jobTitleCategoryId: ids.category,
    isPublic, isActive: true, divisionIdent: 1, eeoClass: 'SVC',
  } as never).returning({ id: jobTitles.id });
  return (row as { id: number }).id;
}

interface OrderOptions {
  skills?: string[]; publicJobTitle?: string; publicJobDescription?: string; jobDescription?: string; jobTitleId?: number;
  status?: number; branch?: 'north' | 'south' | 'head'; worksiteId?: number; dateOrderTaken?: Date; contentType?: string; tenant?: 'other';
}

/** An order straight into the table (the triggers must see plain inserts too); eligible unless told. */
async function order(o: OrderOptions = {}) {
  const fixture = o.tenant === 'other' ? t.other : t.tenant;
  const at = o.branch === 'south' ? fixture.south : o.branch === 'head' ? { hierId: fixture.rootHierId, branchId: ids.headBranch! } : fixture.north;
  const db = t.database.db, tenantId = fixture.tenantId;
  const [row] = await db.insert(jobOrders).values({
    tenantId, hierId: at.hierId, branchId: at.branchId, customerId: o.tenant === 'other' ? ids.otherCustomer : ids.customer,
    worksiteId: o.worksiteId ?? (o.tenant === 'other' ? ids.otherWorksite : ids.worksite), jobTitleId: o.jobTitleId ?? (o.tenant === 'other' ? ids.otherTitle : ids.publicTitle),
    jobOrderTypeId: o.tenant === 'other' ? ids.otherOrderType : ids.orderType, jobOrderStatusId: o.status ?? (o.tenant === 'other' ? ids.otherUnfilled : ids.unfilled),
    jobOrderDurationId: await lookupId(db, tenantId, 'jobOrderDurations'), salesTeamId: await lookupId(db, tenantId, 'salesTeams'),
    workerCompCodeId: await lookupId(db, tenantId, 'workerCompCodes'), serviceRepId: o.tenant === 'other' ? t.other.adminRepId : t.tenant.adminRepId,
    positionsRequired: 1, skills: o.skills ?? [], publicJobTitle: o.publicJobTitle ?? '', publicJobDescription: o.publicJobDescription ?? '',
    jobDescription: o.jobDescription ?? '', publicJobDescriptionContentType: o.contentType ?? 'text/plain', dateOrderTaken: o.dateOrderTaken ?? new Date(),
  } as never).returning({ id: jobOrders.id });
  return (row as { id: number }).id;
}

const search = async (query: Record<string, string | number>, caller: Caller = admin, path = '/Search/JobBoard') => {
  const res = await caller({ method: 'GET', url: path, query: Object.fromEntries(Object.entries({ sortBy: 4, countryCode: 840, ...query }).map(([k, v]) => [k, String(v)])) });
  return res;
};
const found = async (query: Record<string, string | number>, caller: Caller = admin) => {
  const res = await search(query, caller);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { data: Record<string, unknown>[]; totalCount: number };
};
const idsOf = async (query: Record<string, string | number>, caller: Caller = admin) => (await found(query, caller)).data.map((r) => r.jobOrderId);
const badRequest = async (query: Record<string, string | number>, field: string) => {
  const res = await search(query);
  expect(res.statusCode, res.body).toBe(400);
  const body = res.json();
  expect(res.headers['content-type']).toContain('application/problem+json');
  expect(Object.keys(body.errors ?? {}).map((k) => k.toLowerCase())).toContain(field.toLowerCase());
  expect(String(body.detail).length).toBeGreaterThan(0);
};

beforeAll(async () => {
  t = await testApp();
  ({ admin, north } = callers(t));
  const db = t.database.db, tenantId = t.tenant.tenantId;
  ids.category = await lookupId(db, tenantId, 'jobTitleCategories');
  ids.orderType = await lookupId(db, tenantId, 'orderTypes');
  for (const [key, name] of [['unfilled', 'Unfilled'], ['replace', 'Unfilled - Replace'], ['partial', 'Partially Filled'], ['master', 'Master'],
    ['filled', 'Filled'], ['onHold', 'On Hold'], ['closed', 'Closed'], ['cancelled', 'Cancelled']] as const) ids[key] = await lookupId(db, tenantId, 'jobOrderStatuses', name);
  ids.customer = await seedCustomer(db, tenantId, t.tenant.north);
  ids.worksite = await worksite(44.98, -93.27);
  ids.publicTitle = await jobTitle('Warehouse Associate');
  ids.privateTitle = await jobTitle('Internal Auditor', false);
  ids.headBranch = await addBranch(db, tenantId, t.tenant.rootHierId, 'Head Office');
  // The other tenant: one eligible order of its own, with every group's words.
  const otherId = t.other.tenantId;
  ids.otherCustomer = await seedCustomer(db, otherId, t.other.north);
  const [site] = await db.insert(worksites).values({ tenantId: otherId, name: 'Other site', latitude: 44.98, longitude: -93.27 }).returning({ id: worksites.id });
  ids.otherWorksite = site!.id;
  const [title] = await db.insert(jobTitles).values({ tenantId: otherId, hierId: t.other.rootHierId, skillCode: 'WH', jobTitle: 'Warehouse Associate', jobTitleCategoryId: await lookupId(db, otherId, 'jobTitleCategories'), isPublic: true, isActive: true, divisionIdent: 1, eeoClass: 'SVC' } as never).returning({ id: jobTitles.id });
  ids.otherTitle = (title as { id: number }).id;
  ids.otherOrderType = await lookupId(db, otherId, 'orderTypes');
  ids.otherUnfilled = await lookupId(db, otherId, 'jobOrderStatuses', 'Unfilled');
});
afterAll(async () => { await t?.close(); });

describe('job board search: eligibility (JB-30..JB-33)', () => {
  const o: Record<string, number> = {};
  beforeAll(async () => {
    const skills = ['eligword'];
    o.passes = await order({ skills });
    o.replace = await order({ skills, status: ids.replace });
    o.partial = await order({ skills, status: ids.partial });
    o.master = await order({ skills, status: ids.master });
    for (const s of ['filled', 'onHold', 'closed', 'cancelled']) o[s] = await order({ skills, status: ids[s] });
    o.privateTitle = await order({ skills, jobTitleId: ids.privateTitle });
    o.notWebPublic = await order({ skills, branch: 'south' });
    o.outsideHierarchy = await order({ skills, branch: 'head' });
    o.otherTenant = await order({ skills, tenant: 'other' });
  });

  it('JB-01 JB-30 JB-31 JB-32 JB-33: only orders passing every rule appear; each failing order is absent', async () => {
    const result = await idsOf({ textSearch: 'eligword' }, north);
    expect(result.sort()).toEqual([o.passes, o.replace, o.partial, o.master].sort());
  });

  it('JB-30: the caller\'s hierarchy decides: the root sees the head office order, North does not', async () => {
    expect(await idsOf({ textSearch: 'eligword' })).toContain(o.outsideHierarchy);
    expect(await idsOf({ textSearch: 'eligword' }, north)).not.toContain(o.outsideHierarchy);
  });

  it('JB-31: Filled, On Hold, Closed and Cancelled orders never appear', async () => {
    const result = await idsOf({ textSearch: 'eligword' });
    for (const s of ['filled', 'onHold', 'closed', 'cancelled']) expect(result).not.toContain(o[s]);
  });

  it('JB-32 JB-33: a private job title or a branch that is not web-public keeps an order off; another tenant\'s orders never appear', async () => {
    const result = await idsOf({ textSearch: 'eligword' });
    expect(result).not.toContain(o.privateTitle);
    expect(result).not.toContain(o.notWebPublic);
    expect(result).not.toContain(o.otherTenant);
  });

  it('JB-34: dateOrderTaken is the stored instant whatever the server\'s TimeZone (an 1850 date in New York time has an offset in seconds)', async () => {
    const old = await order({ skills: ['olddategroup'], dateOrderTaken: new Date('1850-03-04T05:06:07.890Z') });
    const client = await t.database.pool.connect();
    try {
      await client.query(`set time zone 'America/New_York'`);
      const scope = new DataScope(t.database.db, (await principalOfRep(t.database.db, t.tenant.tenantId, t.tenant.adminRepId))!, client);
      const { data } = await searchJobBoard(scope, { sortBy: 4, countryCode: 840, textSearch: 'olddategroup', skip: 0, take: 10 }, 'https://jobs.example', DEFAULT_JOB_BOARD_SETTINGS);
      expect(data).toMatchObject([{ jobOrderId: old, dateOrderTaken: '1850-03-04T05:06:07.890Z' }]);
    } finally {
      await client.query('reset time zone');
      client.release();
    }
  });

  it('JB-34 JB-35 JB-36 AMB-53 AMB-58: each result has exactly the spec\'s fields; distance null without a location search; jobBoardUrl on the public job board', async () => {
    const { data } = await found({ textSearch: 'eligword' }, north);
    const item = data.find((r) => r.jobOrderId === o.passes)!;
    expect(Object.keys(item).sort()).toEqual(['category', 'dateOrderTaken', 'distance', 'jobBoardUrl', 'jobDescription', 'jobDescriptionContentType',
      'jobOrderId', 'jobTitle', 'municipality', 'orderType', 'postalCode', 'region', 'skills'].sort());
    expect(item).toMatchObject({ jobTitle: 'Warehouse Associate', skills: ['eligword'], municipality: 'Testville', region: 'MN', postalCode: '55401', distance: null, jobDescriptionContentType: 'text/plain' });
    expect(typeof item.category).toBe('string');
    expect(typeof item.orderType).toBe('string');
    expect(item.jobBoardUrl).toBe(`${t.config.JOBBOARD_URL}/acme/jobs/details/${o.passes}`);
  });

  it('JB-02: /Searches/JobBoard (the sample client\'s path) answers the same; parameter names match in any case', async () => {
    const res = await admin({ method: 'GET', url: '/Searches/JobBoard?SortBy=4&CountryCode=840&TextSearch=eligword' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().totalCount).toBe((await found({ textSearch: 'eligword' })).totalCount);
  });

  it('JB-50 AMB-23: needs the jobboard-read scope (403 without it)', async () => {
    const limited = await issueCredential(t.database.db, { tenantId: t.tenant.tenantId, serviceRepId: t.tenant.adminRepId, kind: 'personal', name: 'no board', scopes: ['order-read'], expiresAt: new Date(Date.now() + 86_400_000) });
    expect((await search({}, as(t.app, limited))).statusCode).toBe(403);
    const board = await issueCredential(t.database.db, { tenantId: t.tenant.tenantId, serviceRepId: t.tenant.adminRepId, kind: 'personal', name: 'board', scopes: ['jobboard-read'], expiresAt: new Date(Date.now() + 86_400_000) });
    expect((await search({ textSearch: 'eligword' }, as(t.app, board))).statusCode).toBe(200);
  });
});

describe('job board search: text (JB-06, JB-12)', () => {
  const o: Record<string, number> = {};
  beforeAll(async () => {
    o.inTitle = await order({ publicJobTitle: 'Forklift Operator', skills: ['textgroup'], publicJobDescription: 'Moving pallets all day.' });
    o.inSkills = await order({ publicJobTitle: 'Loader', skills: ['textgroup', 'forklift certified'], publicJobDescription: 'Moving pallets.' });
    o.inDescription = await order({ publicJobTitle: 'Yard Hand', skills: ['textgroup'], publicJobDescription: '<p>You may drive a <b>forklift</b> now and then.</p>', contentType: 'text/html; charset=utf-8' });
    o.none = await order({ publicJobTitle: 'Receptionist', skills: ['textgroup'], publicJobDescription: 'Answer phones.' });
  });

  it('JB-06 JB-12: relevance ranks a title match above a skills match above a description match; "forklifts" finds "forklift" (stemming)', async () => {
    expect(await idsOf({ textSearch: 'forklifts', sortBy: 1 })).toEqual([o.inTitle, o.inSkills, o.inDescription]);
  });

  it('JB-12: HTML markup is not searched, its words are; the content type is shown as stored', async () => {
    const { data } = await found({ textSearch: 'drive', sortBy: 1 });
    expect(data.map((r) => r.jobOrderId)).toEqual([o.inDescription]);
    expect(data[0]!.jobDescriptionContentType).toBe('text/html; charset=utf-8');
    expect(await idsOf({ textSearch: 'bold' })).not.toContain(o.inDescription);
  });

  it('JB-12: every word must match; quoted phrases and -exclusion work as in web search', async () => {
    expect(await idsOf({ textSearch: 'forklift operator' })).toEqual([o.inTitle]);
    expect((await idsOf({ textSearch: 'textgroup -forklift' })).sort()).toEqual([o.none]);
    expect(await idsOf({ textSearch: '"answer phones"' })).toEqual([o.none]);
  });
});

describe('job board search: location (JB-22..JB-29)', () => {
  const o: Record<string, number> = {};
  let bozeman: Place; // its first postal code
  let centre: PlaceCentre; // the place (GeoNames), about a mile from that postal code's centre
  const far: [number, number] = [35.0, -110.0];
  beforeAll(async () => {
    bozeman = (await firstPlaceOf(t.database.db, 840, 'Bozeman', 'MT'))!;
    centre = (await locate(t.database.db, 840, 'Bozeman', 'MT'))!;
    const skills = ['placegroup'];
    o.atBozeman = await order({ skills, worksiteId: await worksite(centre.latitude, centre.longitude, { municipality: 'Bozeman', region: 'MT', postalCode: bozeman.postalCode }) });
    o.north50 = await order({ skills, worksiteId: await worksite(...northOf(centre.latitude, centre.longitude, 50 * MILE)) });
    o.far = await order({ skills, worksiteId: await worksite(...far) });
    o.noCoordinates = await order({ skills, worksiteId: await worksite(null, null) });
  });
  const near = (extra: Record<string, string | number>) => idsOf({ textSearch: 'placegroup', distance: 5, distanceUnitId: 3, ...extra });

  it('JB-14 JB-24 JB-25 JB-26: municipality and region determine the centre: their place\'s (any case)', async () => {
    const { data } = await found({ textSearch: 'placegroup', distance: 5, distanceUnitId: 3, municipality: 'bozeman', region: 'mt' });
    expect(data.map((r) => r.jobOrderId)).toEqual([o.atBozeman]);
    expect(data[0]!.distance).toBe(0);
  });

  it('JB-13 JB-24 JB-27 AMB-48: a given postalCode is the centre and overrides municipality and region', async () => {
    expect(await near({ postalCode: bozeman.postalCode })).toEqual([o.atBozeman]);
    expect(await near({ postalCode: bozeman.postalCode, municipality: 'Austin', region: 'TX' })).toEqual([o.atBozeman]);
    expect(await near({ postalCode: `${bozeman.postalCode}-1234` })).toEqual([o.atBozeman]);
  });

  it('JB-29: latitude and longitude are ignored when a postal code was assigned', async () => {
    expect(await near({ municipality: 'Bozeman', region: 'MT', latitude: far[0], longitude: far[1] })).toEqual([o.atBozeman]);
    expect(await near({ postalCode: bozeman.postalCode, latitude: far[0], longitude: far[1] })).toEqual([o.atBozeman]);
  });

  it('JB-28: latitude and longitude are the centre when no postal code could be assigned (none given, or the place is unknown)', async () => {
    expect(await near({ latitude: far[0], longitude: far[1] })).toEqual([o.far]);
    expect(await near({ municipality: 'Nowhereville', region: 'MT', latitude: far[0], longitude: far[1] })).toEqual([o.far]);
    expect(await near({ region: 'MT', latitude: far[0], longitude: far[1] })).toEqual([o.far]);
  });

  it('JB-23: orders outside the radius and orders whose worksite has no coordinates are excluded; sortBy 3 sorts closest first', async () => {
    const { data } = await found({ textSearch: 'placegroup', distance: 60, distanceUnitId: 3, municipality: 'Bozeman', region: 'MT', sortBy: 3 });
    expect(data.map((r) => r.jobOrderId)).toEqual([o.atBozeman, o.north50]);
    expect(data[1]!.distance).toBeCloseTo(50, 1);
  });

  it('AMB-50: distance and distanceUnitId without a location are no filter', async () => {
    expect((await near({})).sort()).toEqual(Object.values(o).sort());
  });
});

describe('job board search: Canada (JB-03, JB-04, JB-24..JB-27)', () => {
  // The gazetteer holds Canada's forward sortation areas: a postal code is found by its first three characters.
  let vancouver: number;
  beforeAll(async () => {
    vancouver = await order({ skills: ['canadagroup'], worksiteId: await worksite(49.2836, -123.1041, { municipality: 'Vancouver', region: 'BC', postalCode: 'V6B 1A1', countryCode: 124 }) });
  });
  const inCanada = (extra: Record<string, string | number>) => found({ textSearch: 'canadagroup', countryCode: 124, distanceUnitId: 4, ...extra });

  it('JB-13 JB-27: a Canadian postal code, any case and spacing, is the centre of its area', async () => {
    const { data } = await inCanada({ postalCode: 'v6b4y8', distance: 2 });
    expect(data.map((r) => r.jobOrderId)).toEqual([vancouver]);
    expect(data[0]!.distance).toBeLessThan(1);
    expect((await inCanada({ postalCode: 'M5V 3L9', distance: 100 })).data).toEqual([]); // Toronto
  });

  it('JB-24 JB-26: municipality and province determine the centre: the place\'s', async () => {
    expect((await inCanada({ municipality: 'vancouver', region: 'bc', distance: 10 })).data.map((r) => r.jobOrderId)).toEqual([vancouver]);
    await badRequest({ countryCode: 124, municipality: 'Vancouver', region: 'MN', distance: 10, distanceUnitId: 4 }, 'region');
  });

  it('JB-04: the country decides: a Canadian order is not a US result, nor the reverse', async () => {
    expect((await found({ textSearch: 'canadagroup' })).data).toEqual([]);
    expect((await inCanada({})).data.map((r) => r.jobOrderId)).toEqual([vancouver]);
  });
});

describe('job board search: places people type (JB-03, JB-14, JB-15, JB-25, JB-26)', () => {
  // Cities postal codes do not name (Bloomington's ZIP codes are "Minneapolis" ones; Canada's postal
  // areas say "Downtown Toronto"), spelt with or without accents and abbreviations: the gazetteer's
  // places find them, and their own coordinates are the centre.
  const o: Record<string, number> = {};
  const at = async (lat: number, lon: number, municipality: string, region: string, countryCode: number) =>
    order({ skills: ['typedgroup'], worksiteId: await worksite(lat, lon, { municipality, region, postalCode: null, countryCode }) });
  beforeAll(async () => {
    o.bloomington = await at(44.8408, -93.2983, 'Bloomington', 'MN', 840);
    o.saintPaul = await at(44.9444, -93.0933, 'Saint Paul', 'MN', 840);
    o.toronto = await at(43.7001, -79.4163, 'Toronto', 'ON', 124);
    o.montreal = await at(45.5088, -73.5878, 'Montréal', 'QC', 124);
    o.london = await at(51.5085, -0.1257, 'London', 'ENG', 826);
  });
  const near = async (countryCode: number, municipality: string, region?: string) => {
    const { data } = await found({ textSearch: 'typedgroup', countryCode, municipality, ...(region ? { region } : {}), distance: 3, distanceUnitId: 3, sortBy: 3 });
    for (const r of data) expect(r.distance).toBeLessThan(0.5);
    return data.map((r) => r.jobOrderId);
  };

  it('JB-14 JB-25 JB-26: a US city postal codes do not name, and "St."/"Saint" spelt either way', async () => {
    expect(await near(840, 'Bloomington', 'MN')).toEqual([o.bloomington]);
    for (const name of ['St. Paul', 'Saint Paul', 'st paul', 'ST PAUL']) expect(await near(840, name, 'mn'), name).toEqual([o.saintPaul]);
  });

  it('JB-14 JB-25 JB-26: Canadian cities, with and without accents', async () => {
    expect(await near(124, 'Toronto', 'ON')).toEqual([o.toronto]);
    for (const name of ['Montréal', 'Montreal', 'MONTRÉAL', 'montreal']) expect(await near(124, name, 'QC'), name).toEqual([o.montreal]);
    await badRequest({ countryCode: 124, municipality: 'Montreal', region: 'ON', distance: 3, distanceUnitId: 3 }, 'municipality');
  });

  it('JB-25: the spellings of one place share its kept centre: one gazetteer lookup for them all', async () => {
    const query = vi.spyOn(t.database.pool, 'query');
    try {
      for (const name of ['Montréal!', 'MONTREAL!', 'montréal!!', 'Montreal.']) expect(await near(124, name, 'QC'), name).toEqual([o.montreal]);
      const lookups = query.mock.calls.filter(([statement]) => JSON.stringify(statement).includes('place_names'));
      expect(lookups.length).toBeLessThanOrEqual(1);
    } finally {
      query.mockRestore();
    }
  });

  it('JB-15 AMB-51: a place in the United Kingdom, with or without its region (ENG, SCT, WLS, NIR)', async () => {
    expect(await near(826, 'London')).toEqual([o.london]);
    expect(await near(826, 'london', 'eng')).toEqual([o.london]);
    await badRequest({ countryCode: 826, municipality: 'London', region: 'MN', distance: 3, distanceUnitId: 3 }, 'region');
    await badRequest({ countryCode: 826, municipality: 'Nowhereville', distance: 3, distanceUnitId: 3 }, 'municipality');
  });

  it('JB-03: an unknown place still answers 400 naming municipality', async () => {
    await badRequest({ municipality: 'Bloomingtonville', region: 'MN', distance: 3, distanceUnitId: 3 }, 'municipality');
    await badRequest({ countryCode: 124, municipality: 'Nowhereville', region: 'ON', distance: 3, distanceUnitId: 3 }, 'municipality');
  });
});

describe('job board search: radius edges (JB-18, JB-19, JB-23)', () => {
  const centre: [number, number] = [40.0, -100.0];
  const o: Record<string, number> = {};
  beforeAll(async () => {
    const at = async (metres: number) => order({ skills: ['edgegroup'], worksiteId: await worksite(...northOf(...centre, metres)) });
    o.mi99 = await at(9.9 * MILE);
    o.mi101 = await at(10.1 * MILE);
    o.km99 = await at(9900);
    o.km101 = await at(10100);
  });
  const within = (distance: number, distanceUnitId: number) =>
    found({ textSearch: 'edgegroup', latitude: centre[0], longitude: centre[1], distance, distanceUnitId, sortBy: 3 });

  it('JB-19 AMB-53: 10 miles (3) keeps 9.9 miles and excludes 10.1 miles; distance is in miles', async () => {
    const { data } = await within(10, 3);
    expect(data.map((r) => r.jobOrderId)).toEqual([o.km99, o.km101, o.mi99]);
    expect(data.map((r) => r.distance)).toEqual([6.15, 6.28, 9.9]);
  });

  it('JB-19: the same search with other values, past the executions PostgreSQL plans one by one (a generic plan then)', async () => {
    for (let miles = 10; miles < 20; miles++) {
      const { data } = await within(miles, 3);
      expect(data.map((r) => r.jobOrderId)).toEqual(miles === 10 ? [o.km99, o.km101, o.mi99] : [o.km99, o.km101, o.mi99, o.mi101]);
    }
  });

  it('JB-19 AMB-53: 10 kilometers (4) keeps 9.9 km and excludes 10.1 km; distance is in kilometers', async () => {
    const { data } = await within(10, 4);
    expect(data.map((r) => r.jobOrderId)).toEqual([o.km99]);
    expect(data[0]!.distance).toBe(9.9);
  });
});

describe('job board search: the radius computed in the service agrees with earthdistance (JB-23)', () => {
  // The search compares cube distances against a centre, box and chord computed once in the service
  // instead of calling earthdistance's SQL functions per row: they must be the same numbers.
  it.each([[44.98, -93.27, 25 * MILE], [40.0, -100.0, 10_000], [-33.87, 151.21, 500_000], [71.29, -156.79, 20_000_000], [0, 179.9, 1], [10, 20, 20_000 * MILE]])(
    'JB-23: centre (%f, %f), radius %f m', async (latitude, longitude, radiusMetres) => {
      const area = searchArea({ latitude, longitude, radiusMetres, unitMetres: 1 });
      const { rows: [row] } = await t.database.db.execute<Record<string, number>>(sql`with p as (select ${latitude}::float8 as lat,
        ${longitude}::float8 as lon, ${radiusMetres}::float8 as r) select
        cube_distance(${area.centre}::cube, ll_to_earth(lat, lon)) as centre_off,
        cube_distance(${area.box}::cube, earth_box(ll_to_earth(lat, lon), r)) as box_off,
        gc_to_sec(r) as chord,
        earth_distance(ll_to_earth(lat, lon), ll_to_earth(lat + 1.5, lon - 2)) as metres,
        cube_distance(${area.centre}::cube, ll_to_earth(lat + 1.5, lon - 2)) as away from p`);
      expect(Number(row!.centre_off)).toBeLessThan(1e-6);
      expect(Number(row!.box_off)).toBeLessThan(1e-6);
      expect(area.chord).toBeCloseTo(Number(row!.chord), 6); // beyond half the earth's circumference: its diameter
      expect(surfaceMetres(Number(row!.away))).toBeCloseTo(Number(row!.metres), 6);
    });
});

describe('job board search: sort orders (JB-06..JB-10, AMB-52)', () => {
  const o: Record<string, number> = {};
  const centre: [number, number] = [41.0, -101.0];
  beforeAll(async () => {
    const skills = ['sortgroup'];
    const site = async (miles: number) => worksite(...northOf(...centre, miles * MILE));
    o.bravo = await order({ skills, publicJobTitle: 'bravo welder', dateOrderTaken: new Date('2026-03-01T00:00:00Z'), worksiteId: await site(3) });
    o.alpha = await order({ skills, publicJobTitle: 'Alpha Clerk', publicJobDescription: 'welder helper', dateOrderTaken: new Date('2026-01-01T00:00:00Z'), worksiteId: await site(1) });
    o.charlie = await order({ skills, publicJobTitle: 'Charlie Driver', dateOrderTaken: new Date('2026-02-01T00:00:00Z'), worksiteId: await site(2) });
  });
  const sorted = (sortBy: number, extra: Record<string, string | number> = {}) => idsOf({ textSearch: 'sortgroup', sortBy, ...extra });
  const located = { latitude: centre[0], longitude: centre[1], distance: 10, distanceUnitId: 3 };

  it('JB-06 JB-10: sortBy 1 is relevance, most relevant first', async () => {
    expect(await idsOf({ textSearch: 'sortgroup welder', sortBy: 1 })).toEqual([o.bravo, o.alpha]);
  });
  it('JB-06 JB-23: relevance inside a radius ranks the same, within a local radius and a wide one (matched differently)', async () => {
    expect(await idsOf({ textSearch: 'sortgroup welder', sortBy: 1, ...located })).toEqual([o.bravo, o.alpha]);
    expect(await idsOf({ textSearch: 'sortgroup welder', sortBy: 1, ...located, distance: 2 })).toEqual([o.alpha]);
    expect(await idsOf({ textSearch: 'sortgroup welder', sortBy: 1, ...located, distance: 1500 })).toEqual([o.bravo, o.alpha]);
  });
  it('JB-07 JB-10: sortBy 2 is job title, alphabetical whatever the case', async () => {
    expect(await sorted(2)).toEqual([o.alpha, o.bravo, o.charlie]);
  });
  it('JB-08 JB-10: sortBy 3 is distance, closest first', async () => {
    expect(await sorted(3, located)).toEqual([o.alpha, o.charlie, o.bravo]);
  });
  it('JB-09 JB-10: sortBy 4 is job order created, most recent first', async () => {
    expect(await sorted(4)).toEqual([o.bravo, o.charlie, o.alpha]);
  });
  it('AMB-52: relevance without textSearch and distance without a location search sort as 4 (most recent first)', async () => {
    const recent = [o.bravo, o.charlie, o.alpha];
    expect((await idsOf({ sortBy: 1 })).filter((id) => recent.includes(id as number))).toEqual(recent);
    expect(await sorted(3)).toEqual(recent);
  });
});

describe('job board search: paging (JB-20, JB-21)', () => {
  const o: number[] = [];
  beforeAll(async () => { for (let i = 0; i < 5; i++) o.push(await order({ skills: ['pagegroup'], dateOrderTaken: new Date(Date.UTC(2026, 0, 10 - i)) })); });

  it('JB-20 JB-21: skip and take page the results (defaults 0 and 1000); totalCount counts them all; past the end, no data', async () => {
    expect(await found({ textSearch: 'pagegroup' })).toMatchObject({ totalCount: 5 });
    expect((await found({ textSearch: 'pagegroup' })).data.map((r) => r.jobOrderId)).toEqual(o);
    expect(await found({ textSearch: 'pagegroup', skip: 1, take: 2 })).toMatchObject({ totalCount: 5, data: [{ jobOrderId: o[1] }, { jobOrderId: o[2] }] });
    expect(await found({ textSearch: 'pagegroup', skip: 10 })).toEqual({ totalCount: 5, data: [] });
  });

  it('JB-20 JB-21: take out of range is a 400', async () => {
    await badRequest({ take: 0 }, 'take');
    await badRequest({ skip: -1 }, 'skip');
  });
});

describe('job board search: 400s (JB-03, JB-04, JB-05, JB-11, JB-15, JB-16, JB-17, JB-22)', () => {
  it('JB-05 JB-11: sortBy and countryCode are required; sortBy is 1 to 4', async () => {
    const missing = await admin({ method: 'GET', url: '/Search/JobBoard?countryCode=840' });
    expect(missing.statusCode).toBe(400);
    expect(Object.keys(missing.json().errors).map((k) => k.toLowerCase())).toContain('sortby');
    expect((await admin({ method: 'GET', url: '/Search/JobBoard?sortBy=1' })).statusCode).toBe(400);
    await badRequest({ sortBy: 5 }, 'sortBy');
  });

  it('JB-04 JB-11: a countryCode that is not in GET /DataLists/countries', async () => {
    await badRequest({ countryCode: 999 }, 'countryCode');
  });

  it('JB-04 JB-19: a distanceUnitId other than 3 or 4', async () => {
    await badRequest({ postalCode: '55401', distance: 5, distanceUnitId: 5 }, 'distanceUnitId');
  });

  it('JB-04 JB-15 AMB-51: a region the country does not have; region required with municipality when no postalCode is given', async () => {
    await badRequest({ region: 'ZZ', municipality: 'Minneapolis', distance: 5, distanceUnitId: 3 }, 'region');
    await badRequest({ municipality: 'Minneapolis', distance: 5, distanceUnitId: 3 }, 'region');
  });

  it('JB-16 JB-17 AMB-49: latitude without longitude, and the reverse', async () => {
    await badRequest({ latitude: 45, distance: 5, distanceUnitId: 3 }, 'longitude');
    await badRequest({ longitude: -93, distance: 5, distanceUnitId: 3 }, 'latitude');
  });

  it('JB-22 AMB-50: a location search without distance or distanceUnitId', async () => {
    await badRequest({ postalCode: '55401', distanceUnitId: 3 }, 'distance');
    await badRequest({ postalCode: '55401', distance: 5 }, 'distanceUnitId');
  });

  it('JB-03: an unknown postal code or place; a gazetteer search the gazetteer cannot answer (UK postal codes, German places)', async () => {
    await badRequest({ postalCode: '00000', distance: 5, distanceUnitId: 3 }, 'postalCode');
    await badRequest({ municipality: 'Nowhereville', region: 'MN', distance: 5, distanceUnitId: 3 }, 'municipality');
    await badRequest({ countryCode: 124, postalCode: 'Z9Z 9Z9', distance: 5, distanceUnitId: 3 }, 'postalCode');
    await badRequest({ countryCode: 826, postalCode: 'SW1A 1AA', distance: 5, distanceUnitId: 3 }, 'countryCode');
    await badRequest({ countryCode: 276, municipality: 'Berlin', region: 'BE', distance: 5, distanceUnitId: 3 }, 'countryCode');
  });

  it('JB-03: latitude and longitude work in any country; empty parameters count as absent', async () => {
    expect((await search({ countryCode: 826, latitude: 51.5, longitude: -0.13, distance: 5, distanceUnitId: 4 })).statusCode).toBe(200);
    expect((await search({ textSearch: '', postalCode: '', latitude: '', longitude: '', distance: '', distanceUnitId: '' })).statusCode).toBe(200);
  });
});

describe('job board search: settings (JB-37..JB-47)', () => {
  it('JB-48: no endpoint reads or changes the job board settings (the staffing command does)', async () => {
    const spec = (await t.app.inject({ method: 'GET', url: '/swagger/v1/swagger.json' })).json() as { paths: Record<string, unknown> };
    expect(Object.keys(spec.paths).filter((p) => /setting|config/i.test(p))).toEqual([]);
  });

  const o = {} as Record<'fallbacks' | 'old' | 'recent' | 'far', number>;
  let privateOnly: number;
  beforeAll(async () => {
    const skills = ['settinggroup'];
    privateOnly = await jobTitle('Secret Sauce Maker');
    o.fallbacks = await order({ skills, jobTitleId: privateOnly, jobDescription: 'Private words about sauces.' });
    o.old = await order({ skills, publicJobTitle: 'Old', dateOrderTaken: new Date(Date.now() - 100 * 86_400_000) });
    o.recent = await order({ skills, publicJobTitle: 'Recent', dateOrderTaken: new Date(Date.now() - 86_400_000) });
    o.far = await order({ skills, publicJobTitle: 'Far', worksiteId: await worksite(35.0, -110.0) });
  });
  afterEach(async () => { await writeJobBoardSettings(t.database.db, t.tenant.tenantId, DEFAULT_JOB_BOARD_SETTINGS); });
  const set = (changes: Partial<typeof DEFAULT_JOB_BOARD_SETTINGS>) => writeJobBoardSettings(t.database.db, t.tenant.tenantId, changes);
  const byId = async (query: Record<string, string | number> = {}) => new Map((await found({ textSearch: 'settinggroup', ...query })).data.map((r) => [r.jobOrderId as number, r]));

  it('JB-37 JB-39 JB-41 JB-43 JB-45: defaults: fallbacks on, dates and worksites shown, location search on', async () => {
    const rows = await byId();
    expect(rows.get(o.fallbacks)).toMatchObject({ jobTitle: 'Secret Sauce Maker', jobDescription: 'Private words about sauces.', municipality: 'Testville' });
    expect(rows.get(o.old)!.dateOrderTaken).not.toBeNull();
    expect([...(await byId({ latitude: 35.0, longitude: -110.0, distance: 1, distanceUnitId: 3 })).keys()]).toEqual([o.far]);
  });

  it('JB-38 AMB-56: CanSearchByLocation off: location parameters are ignored (even bad ones), the other filters stay', async () => {
    await set({ canSearchByLocation: false });
    const rows = await byId({ latitude: 35.0, longitude: -110.0, distance: 1, distanceUnitId: 3, region: 'ZZ' });
    expect([...rows.keys()].sort()).toEqual(Object.values(o).sort());
    expect(rows.get(o.far)!.distance).toBeNull();
  });

  it('JB-40 JB-42: with the fallbacks on, the private title and description are shown and searched; off, they are neither', async () => {
    expect(await idsOf({ textSearch: 'sauce maker' })).toEqual([o.fallbacks]);
    await set({ jobTitleFallback: false, jobDescriptionFallback: false });
    expect((await byId()).get(o.fallbacks)).toMatchObject({ jobTitle: null, jobDescription: null });
    expect(await idsOf({ textSearch: 'sauce' })).toEqual([]);
  });

  it('JB-44 AMB-56: Hide Old Dates sends dateOrderTaken as null for orders older than the cutoff', async () => {
    await set({ hideOldDates: true, oldDateCutoffDays: 30 });
    const rows = await byId();
    expect(rows.get(o.old)!.dateOrderTaken).toBeNull();
    expect(rows.get(o.recent)!.dateOrderTaken).not.toBeNull();
  });

  it('JB-46 JB-47 AMB-56: Hide Worksite sends municipality, region and postalCode as null; the location still filters', async () => {
    await set({ hideWorksite: true });
    const rows = await byId({ latitude: 35.0, longitude: -110.0, distance: 1, distanceUnitId: 3 });
    expect([...rows.keys()]).toEqual([o.far]);
    expect(rows.get(o.far)).toMatchObject({ municipality: null, region: null, postalCode: null });
  });
});

describe('job board search: the search table follows changes (triggers)', () => {
  let id: number;
  let titleId: number;
  const patch = (url: string, document: unknown[]) => admin({ method: 'PATCH', url, payload: JSON.stringify(document), headers: { 'content-type': 'application/json-patch+json' } });
  const visible = async () => (await idsOf({ textSearch: 'triggergroup' })).includes(id);
  beforeAll(async () => {
    titleId = await jobTitle('Trigger Tester');
    id = await order({ skills: ['triggergroup'], jobTitleId: titleId });
  });

  it('PATCHing the job order\'s status out of and back into the eligible ones', async () => {
    expect(await visible()).toBe(true);
    expect((await patch(`/JobOrders/${id}`, [{ op: 'replace', path: '/JobOrderStatusId', value: ids.filled }])).statusCode).toBe(200);
    expect(await visible()).toBe(false);
    await patch(`/JobOrders/${id}`, [{ op: 'replace', path: '/JobOrderStatusId', value: ids.partial }]);
    expect(await visible()).toBe(true);
  });

  it('PATCHing the job order\'s title (to a private one) and its public title', async () => {
    await patch(`/JobOrders/${id}`, [{ op: 'replace', path: '/JobTitleId', value: ids.privateTitle }]);
    expect(await visible()).toBe(false);
    await patch(`/JobOrders/${id}`, [{ op: 'replace', path: '/JobTitleId', value: titleId }, { op: 'replace', path: '/PublicJobTitle', value: 'Zeppelin Pilot' }]);
    expect(await idsOf({ textSearch: 'zeppelin' })).toEqual([id]);
  });

  it('PATCHing the job order\'s worksite, and moving a worksite', async () => {
    const site = await worksite(30.0, -90.0);
    const near = { textSearch: 'triggergroup', latitude: 30.0, longitude: -90.0, distance: 1, distanceUnitId: 3 };
    expect(await idsOf(near)).toEqual([]);
    await patch(`/JobOrders/${id}`, [{ op: 'replace', path: '/WorksiteId', value: site }]);
    expect(await idsOf(near)).toEqual([id]);
    await t.database.db.update(worksites).set({ latitude: 31.0 }).where(and(eq(worksites.tenantId, t.tenant.tenantId), eq(worksites.id, site)));
    expect(await idsOf(near)).toEqual([]);
  });

  it('PATCHing the job title\'s IsPublic', async () => {
    expect((await patch(`/Administration/JobTitles/${titleId}`, [{ op: 'replace', path: '/IsPublic', value: false }])).statusCode).toBe(200);
    expect(await visible()).toBe(false);
    await patch(`/Administration/JobTitles/${titleId}`, [{ op: 'replace', path: '/IsPublic', value: true }]);
    expect(await visible()).toBe(true);
  });

  it('changing the branch\'s isWebPublic and the status\'s eligibility', async () => {
    const branch = and(eq(branches.tenantId, t.tenant.tenantId), eq(branches.id, t.tenant.north.branchId));
    await t.database.db.update(branches).set({ isWebPublic: false }).where(branch);
    expect(await visible()).toBe(false);
    await t.database.db.update(branches).set({ isWebPublic: true }).where(branch);
    expect(await visible()).toBe(true);
    const status = and(eq(jobOrderStatuses.tenantId, t.tenant.tenantId), eq(jobOrderStatuses.id, ids.partial!));
    await t.database.db.update(jobOrderStatuses).set({ isJobBoardEligible: false }).where(status);
    expect(await visible()).toBe(false);
    await t.database.db.update(jobOrderStatuses).set({ isJobBoardEligible: true }).where(status);
    expect(await visible()).toBe(true);
  });

  it('deleting the order removes it', async () => {
    const gone = await order({ skills: ['triggergroup'] });
    expect(await idsOf({ textSearch: 'triggergroup' })).toContain(gone);
    await t.database.db.delete(jobOrders).where(and(eq(jobOrders.tenantId, t.tenant.tenantId), eq(jobOrders.id, gone)));
    expect(await idsOf({ textSearch: 'triggergroup' })).not.toContain(gone);
  });
});

describe('job board search: the answer cache', () => {
  it('keeps an answer per tenant until that tenant changes; a read across a change is not kept', async () => {
    const cache = new JobBoardSearchCache(100, 60_000);
    expect(cache.enabled).toBe(false); // no listener: nothing is cached
    cache.set(1, 'k', cache.generation(1), 'stale');
    expect(cache.get(1, 'k')).toBeUndefined();
    await cache.listen(t.database);
    try {
      cache.set(t.tenant.tenantId, 'k', cache.generation(t.tenant.tenantId), 'answer');
      cache.set(t.other.tenantId, 'k', cache.generation(t.other.tenantId), 'other answer');
      expect(cache.get(t.tenant.tenantId, 'k')).toBe('answer');
      const before = cache.generation(t.tenant.tenantId);
      cache.invalidate(t.tenant.tenantId);
      cache.set(t.tenant.tenantId, 'k', before, 'read before the change');
      expect(cache.get(t.tenant.tenantId, 'k')).toBeUndefined();
      expect(cache.get(t.other.tenantId, 'k')).toBe('other answer');
      expect(cache.get(t.other.tenantId, 'k', Date.now() + 61_000)).toBeUndefined(); // at most the time limit

      // A change of the tenant's job board data, by any process, is heard through NOTIFY.
      cache.set(t.tenant.tenantId, 'k', cache.generation(t.tenant.tenantId), 'answer');
      await order({ skills: ['notifyword'] });
      for (let i = 0; i < 100 && cache.get(t.tenant.tenantId, 'k') !== undefined; i++) await new Promise((r) => setTimeout(r, 20));
      expect(cache.get(t.tenant.tenantId, 'k')).toBeUndefined();

      // So is a change of its job board settings (the rows are rebuilt, and the settings notify too).
      cache.set(t.other.tenantId, 'k', cache.generation(t.other.tenantId), 'answer');
      await writeJobBoardSettings(t.database.db, t.other.tenantId, { hideWorksite: true });
      await writeJobBoardSettings(t.database.db, t.other.tenantId, { hideWorksite: false });
      for (let i = 0; i < 100 && cache.get(t.other.tenantId, 'k') !== undefined; i++) await new Promise((r) => setTimeout(r, 20));
      expect(cache.get(t.other.tenantId, 'k')).toBeUndefined();
    } finally { await cache.close(); }
  });

  it('an app that listens answers from the cache and sees changes made elsewhere within moments', async () => {
    const listening = await buildApp({ config: testConfig(), database: t.database, listenForRevocations: true });
    try {
      const call = as(listening, t.tenant.adminToken);
      const ask = async () => ((await call({ method: 'GET', url: '/Search/JobBoard?sortBy=4&countryCode=840&textSearch=cacheword' })).json() as { data: { jobOrderId: number }[] }).data.map((d) => d.jobOrderId);
      const first = await order({ skills: ['cacheword'] });
      expect(await ask()).toEqual([first]);
      expect(listening.jobBoardCache.enabled).toBe(true);
      const second = await order({ skills: ['cacheword'] }); // written by another connection, as another process would
      let seen: number[] = [];
      for (let i = 0; i < 100; i++) {
        seen = await ask();
        if (seen.length === 2) break;
        await new Promise((r) => setTimeout(r, 20));
      }
      expect(seen).toEqual([second, first]);
      // Another caller with another hierarchy gets its own answer, not the admin's.
      const southOnly = as(listening, t.tenant.southToken);
      expect((await southOnly({ method: 'GET', url: '/Search/JobBoard?sortBy=4&countryCode=840&textSearch=cacheword' })).json().data).toEqual([]);
    } finally { await listening.close(); }
  });
});

describe('job board search: costly searches take turns (issue 14 item 13)', () => {
  it('a text search without a centre (one word too) waits while the process\'s places are taken; one with a centre, or without text, does not', async () => {
    const app = await buildApp({ config: testConfig({ JOB_BOARD_TEXT_SEARCHES: '1' }), database: t.database });
    try {
      const call = as(app, t.tenant.adminToken);
      const o = await order({ skills: ['turnword'] });
      const ask = (query: string) => call({ method: 'GET', url: `/Search/JobBoard?countryCode=840&${query}` });
      let free = () => {};
      const taken = app.jobBoardTextSearches(() => new Promise<void>((resolve) => { free = resolve; }));
      const waiting = ['sortBy=1&textSearch=turnword operator', 'sortBy=1&textSearch=turnword'].map(ask);
      let answered = 0;
      for (const w of waiting) void w.then(() => { answered++; });
      // Not in turn: a centre (the GiST index reads a few orders), or no text.
      for (const query of ['sortBy=1&textSearch=turnword&postalCode=55401&distance=25&distanceUnitId=3', 'sortBy=4']) {
        expect((await ask(query)).statusCode, query).toBe(200);
      }
      expect(answered).toBe(0);
      free();
      await taken;
      const [phrase, word] = await Promise.all(waiting);
      expect(phrase!.statusCode, phrase!.body).toBe(200);
      expect(phrase!.json().totalCount).toBe(0); // every word must match: no order holds "operator" and "turnword"
      expect(word!.json().data.map((r: { jobOrderId: number }) => r.jobOrderId)).toEqual([o]);
    } finally { await app.close(); }
  });
});

