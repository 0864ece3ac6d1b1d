// GET /Search/JobBoard, one-word relevance searches (issue 14 item 13): they read their page and
// count from job_board_search_words; the answer (page and totalCount) must be the general
// statement's, byte for byte, for common and rare words, stems, stopwords, paging and ties in rank.
// And the word table must follow job_board_search through inserts, PATCHes and settings changes.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type Caller, callers, testApp, type TestContext } from '../../../test/helpers.ts';
import { searchJobBoard } from './job-board-search.repository.ts';
import { DataScope } from '../../platform/scope.ts';
import { principalOfRep } from '../../platform/auth/rep-principal.ts';
import { worksites } from '../worksites/worksite.table.ts';
import { jobTitles } from '../job-titles/job-title.record.ts';
import { jobOrders } from '../job-orders/job-order.table.ts';
import { addBranch } from '../tenants/tenant.provisioning.ts';
import { lookupId, seedCustomer } from '../job-orders/job-order.test-data.ts';
import { DEFAULT_JOB_BOARD_SETTINGS, writeJobBoardSettings } from '../reference-data/job-board.settings.ts';

let t: TestContext;
let admin: Caller;
let north: Caller;
const ids: Record<string, number> = {};

const TITLES = ['Forklift Operator', 'Warehouse Associate', 'Forklift Driver', 'Picker Packer', 'Shift Lead', 'Loader'];
const SKILLS = [['forklift'], ['shift work', 'pallets'], [], ['forklift', 'forklift certified'], ['night shift'], ['pallets', 'scanner']];
const DESCRIPTIONS = ['Drive a forklift on the night shift.', '<p>Move <b>pallets</b> with a forklift, every shift.</p>', '',
  'Shift work. Forklift, forklift, forklift.', 'Rareword appears once.', 'Pick, pack and ship orders on the first shift.'];

/** The name of a named statement a query was given, if any. */
function statementName(query: unknown): string | undefined {
  return typeof query === 'object' && query !== null && 'name' in query && typeof query.name === 'string' ? query.name : undefined;
}

/** An id the set-up below recorded. */
function idOf(name: string): number {
  const id = ids[name];
  if (id === undefined) throw new Error(`no ${name} id yet`);
  return id;
}

async function order(i: number, o: { branch?: 'north' | 'south' | 'head'; worksiteId?: number; dateOrderTaken?: Date } = {}) {
  const db = t.database.db, tenantId = t.tenant.tenantId;
  const at = o.branch === 'south' ? t.tenant.south : o.branch === 'head' ? { hierId: t.tenant.rootHierId, branchId: idOf('headBranch') } : t.tenant.north;
  const values: typeof jobOrders.$inferInsert = {
    tenantId, hierId: at.hierId, branchId: at.branchId, customerId: idOf('customer'), worksiteId: o.worksiteId ?? idOf('worksite'), jobTitleId: idOf('title'),
    jobOrderTypeId: idOf('orderType'), jobOrderStatusId: idOf('unfilled'), jobOrderDurationId: await lookupId(db, tenantId, 'jobOrderDurations'),
    salesTeamId: await lookupId(db, tenantId, 'salesTeams'), workerCompCodeId: await lookupId(db, tenantId, 'workerCompCodes'),
    serviceRepId: t.tenant.adminRepId, positionsRequired: 1, skills: SKILLS[i % SKILLS.length], publicJobTitle: i % 7 === 3 ? '' : TITLES[i % TITLES.length],
    publicJobDescription: DESCRIPTIONS[(i * 5) % DESCRIPTIONS.length], jobDescription: 'Forklift yard work.', publicJobDescriptionContentType: 'text/plain',
    // Several orders share a date (ties in rank and date are broken by id).
    dateOrderTaken: o.dateOrderTaken ?? new Date(Date.UTC(2026, 0, 1 + (i % 9))),
  };
  const [row] = await db.insert(jobOrders).values(values).returning({ id: jobOrders.id });
  return (row as { id: number }).id;
}

/** The route's answer and the general statement's for the same search, as JSON. */
async function both(query: { textSearch: string; skip?: number; take?: number; countryCode?: number }, caller: Caller = admin, repId = t.tenant.adminRepId) {
  const full = { sortBy: 1, countryCode: 840, skip: 0, take: 10, ...query };
  const res = await caller({ method: 'GET', url: '/Search/JobBoard', query: Object.fromEntries(Object.entries(full).map(([k, v]) => [k, String(v)])) });
  expect(res.statusCode, res.body).toBe(200);
  const scope = new DataScope(t.database.db, (await principalOfRep(t.database.db, t.tenant.tenantId, repId))!);
  const expected = await searchJobBoard(scope, full, t.config.JOBBOARD_URL, DEFAULT_JOB_BOARD_SETTINGS, { byWord: false });
  return { actual: res.json(), expected: JSON.parse(JSON.stringify(expected)) };
}

/** Rows of the word table that differ from what job_board_search says they should be (none). */
async function wordTableDrift() {
  const { rows } = await t.database.pool.query(`
    with want as (select s.tenant_id, u.lexeme, ts_rank(s.document, job_board_word_query(u.lexeme)) as rank, s.date_order_taken, s.job_order_id, s.hier_id, s.country_code
      from job_board_search s cross join lateral unnest(s.document) u),
    have as (select tenant_id, lexeme, rank, date_order_taken, job_order_id, hier_id, country_code from job_board_search_words)
    select (select count(*) from (select * from want except all select * from have) x)::int as missing,
      (select count(*) from (select * from have except all select * from want) x)::int as extra, (select count(*) from have)::int as total`);
  return rows[0] as { missing: number; extra: number; total: number };
}

beforeAll(async () => {
  t = await testApp();
  ({ admin, north } = callers(t));
  const db = t.database.db, tenantId = t.tenant.tenantId;
  ids.orderType = await lookupId(db, tenantId, 'orderTypes');
  ids.unfilled = await lookupId(db, tenantId, 'jobOrderStatuses', 'Unfilled');
  ids.filled = await lookupId(db, tenantId, 'jobOrderStatuses', 'Filled');
  ids.customer = await seedCustomer(db, tenantId, t.tenant.north);
  const [site] = await db.insert(worksites).values({ tenantId, name: 'Site', municipality: 'Testville', region: 'MN', postalCode: '55401', latitude: 44.98, longitude: -93.27 }).returning({ id: worksites.id });
  ids.worksite = site!.id;
  const [canada] = await db.insert(worksites).values({ tenantId, name: 'Canada', municipality: 'Toronto', region: 'ON', postalCode: 'M5V', countryCode: 124, latitude: 43.6, longitude: -79.4 }).returning({ id: worksites.id });
  ids.canada = canada!.id;
  const [title] = await db.insert(jobTitles).values({ tenantId, hierId: t.tenant.rootHierId, skillCode: 'WH', jobTitle: 'Warehouse Associate', jobTitleCategoryId: await lookupId(db, tenantId, 'jobTitleCategories'), isPublic: true, isActive: true, divisionIdent: 1, eEOClass: 'SVC' }).returning({ id: jobTitles.id });
  ids.title = (title as { id: number }).id;
  ids.headBranch = await addBranch(db, tenantId, t.tenant.rootHierId, 'Head Office');
  for (let i = 0; i < 60; i++) await order(i);
  // Identical documents and dates: equal rank and date, ordered by id.
  for (let i = 0; i < 4; i++) await order(0, { dateOrderTaken: new Date(Date.UTC(2026, 0, 1)) });
  for (let i = 0; i < 5; i++) await order(i, { branch: 'head' });
  for (let i = 0; i < 3; i++) await order(i, { branch: 'south' });
  for (let i = 0; i < 4; i++) await order(i, { worksiteId: ids.canada });
});
afterAll(async () => { await t?.close(); });

describe('job board search: one word by relevance, through the word table (issue 14 item 13)', () => {
  const WORDS = ['forklift', 'Forklift', 'forklifts', 'shift', 'shifts', 'pallets', 'warehouse', 'associate', 'rareword', 'yard', 'the', 'nomatchzz', 'certified', 'b'];

  it('answers as the general statement for common and rare words, stems and stopwords', async () => {
    for (const textSearch of WORDS) {
      const { actual, expected } = await both({ textSearch, take: 100 });
      expect(actual, textSearch).toEqual(expected);
    }
    expect((await both({ textSearch: 'forklift', take: 100 })).actual.totalCount).toBeGreaterThan(50);
    expect((await both({ textSearch: 'rareword' })).actual.totalCount).toBeGreaterThan(0);
  });

  it('pages as the general statement (skip/take, across ties in rank and date)', async () => {
    for (const textSearch of ['forklift', 'shift', 'pallets'])
      for (const [skip, take] of [[0, 1], [0, 10], [3, 7], [10, 10], [20, 25], [60, 10], [65, 3], [500, 10]]) {
        const { actual, expected } = await both({ textSearch, skip, take });
        expect(actual, `${textSearch} ${skip} ${take}`).toEqual(expected);
      }
  });

  it('applies the caller\'s hierarchy and the country as the general statement does', async () => {
    for (const textSearch of ['forklift', 'shift']) {
      const { actual, expected } = await both({ textSearch, take: 100 }, north, t.tenant.north.repId);
      expect(actual).toEqual(expected);
      const canada = await both({ textSearch, take: 100, countryCode: 124 });
      expect(canada.actual).toEqual(canada.expected);
      expect(canada.actual.totalCount).toBeGreaterThan(0);
    }
  });

  it('takes the word table for a one-word relevance search, and the general statement otherwise', async () => {
    const client = await t.database.pool.connect();
    try {
      const scope = new DataScope(t.database.db, (await principalOfRep(t.database.db, t.tenant.tenantId, t.tenant.adminRepId))!, client);
      const spy = vi.spyOn(client, 'query');
      const names = async (q: object) => {
        spy.mockClear();
        await searchJobBoard(scope, { sortBy: 1, countryCode: 840, skip: 0, take: 10, ...q }, 'https://jobs.example', DEFAULT_JOB_BOARD_SETTINGS);
        return spy.mock.calls.map(([c]) => statementName(c)).filter(Boolean);
      };
      expect(await names({ textSearch: 'forklift' })).toEqual(['job_board_search_word']);
      expect(await names({ textSearch: ' forklift ' })).toEqual(['job_board_search_word']);
      expect(await names({ textSearch: 'forklift shift' })).not.toContain('job_board_search_word');
      expect(await names({ textSearch: 'forklift', sortBy: 4 })).not.toContain('job_board_search_word');
      expect(await names({ textSearch: '"forklift"' })).not.toContain('job_board_search_word');
      spy.mockRestore();
    } finally {
      client.release();
    }
  });

  it('sends a search of an area up to 100 miles through the pipeline (a short statement), and larger areas and text alone to the pool (decision 0033)', async () => {
    const scope = new DataScope(t.database.db, (await principalOfRep(t.database.db, t.tenant.tenantId, t.tenant.adminRepId))!);
    const pipelined = vi.spyOn(t.database.pipeline, 'query'), pooled = vi.spyOn(t.database.pool, 'query');
    const where = async (q: object) => {
      pipelined.mockClear();
      pooled.mockClear();
      await searchJobBoard(scope, { sortBy: 1, countryCode: 840, skip: 0, take: 10, ...q }, 'https://jobs.example', DEFAULT_JOB_BOARD_SETTINGS, { byWord: false });
      const named = (calls: unknown[][]) => calls.map(([c]) => statementName(c)).filter((n) => n?.startsWith('job_board_search')).length;
      return { pipelined: named(pipelined.mock.calls), pooled: named(pooled.mock.calls) };
    };
    try {
      const around = { postalCode: '55401', distanceUnitId: 3 };
      expect(await where({ textSearch: 'forklift', ...around, distance: 25 })).toEqual({ pipelined: 1, pooled: 0 });
      expect(await where({ ...around, distance: 100, sortBy: 3 })).toEqual({ pipelined: 1, pooled: 0 });
      expect(await where({ ...around, distance: 101, sortBy: 3 })).toEqual({ pipelined: 0, pooled: 1 });
      expect(await where({ textSearch: 'forklift' })).toEqual({ pipelined: 0, pooled: 1 });
    } finally {
      pipelined.mockRestore();
      pooled.mockRestore();
    }
  });

  it('the word table follows job_board_search: inserts, PATCHes, a status change, settings', async () => {
    expect(await wordTableDrift()).toMatchObject({ missing: 0, extra: 0 });
    expect((await wordTableDrift()).total).toBeGreaterThan(100);
    const id = await order(1);
    const patch = (document: unknown[]) => admin({ method: 'PATCH', url: `/JobOrders/${id}`, payload: JSON.stringify(document), headers: { 'content-type': 'application/json-patch+json' } });
    expect((await patch([{ op: 'replace', path: '/PublicJobTitle', value: 'Zeppelin Pilot' }])).statusCode).toBe(200);
    expect((await both({ textSearch: 'zeppelin' })).actual.data.map((r: { jobOrderId: number }) => r.jobOrderId)).toEqual([id]);
    expect(await wordTableDrift()).toMatchObject({ missing: 0, extra: 0 });
    await patch([{ op: 'replace', path: '/JobOrderStatusId', value: ids.filled }]);
    expect((await both({ textSearch: 'zeppelin' })).actual.totalCount).toBe(0);
    expect(await wordTableDrift()).toMatchObject({ missing: 0, extra: 0 });
    await writeJobBoardSettings(t.database.db, t.tenant.tenantId, { jobTitleFallback: false });
    expect(await wordTableDrift()).toMatchObject({ missing: 0, extra: 0 });
    await t.database.db.delete(jobOrders).where(and(eq(jobOrders.tenantId, t.tenant.tenantId), eq(jobOrders.id, id)));
    expect(await wordTableDrift()).toMatchObject({ missing: 0, extra: 0 });
  });
});
