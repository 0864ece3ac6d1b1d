// Every open order's requirements, kept computed (decision 0061). The triggers of
// drizzle/*_open-order-requirements.sql keep one row per open order and mark it stale when what
// requirementsOf reads changes; refreshOpenOrderRequirements computes the stale rows (before an
// employee's matches read them, and in the background), openOrdersNear reads them by place.
import { METRES_PER_MILE } from '../gazetteer/gazetteer.repository.ts';
import { sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/database.ts';
import type { BackgroundLoop } from '../../platform/background.ts';
import { periodic } from '../../platform/background.ts';
import { DataScope, NODES, TENANT } from '../../platform/scope.ts';
import { searchArea, surfaceMetres } from '../job-board/job-board-search.area.ts';
import type { OrderRequirements, Point } from './matching.contract.ts';
import { NOTHING_STATED, requirementsOf } from './order-requirements.ts';
import { FACTS, orderFactsOf, type FactsRow } from './order-requirements.repository.ts';
import { OCCUPATION_BY_ID } from './vocabulary/vocabulary.ts';
import { firstRanking, sharesAny, type RankedIds } from './first-ranking.ts';

/** Stale rows read and written back per statement: a batch's requirements travel as one JSON parameter (~1 KB each). */
const BATCH = 1000;

interface StaleRow extends FactsRow { tenantId: number; version: string }

/**
 * The stale rows (of one tenant, or of all), oldest order first, with their facts and the version
 * each was read at. FACTS ends with its joins: the lateral adds its own order's condition.
 */
const STALE_FROM = sql`select x.tenant_id as "tenantId", x.version::text as version, f.*
    from open_order_requirements x
    cross join lateral (${FACTS} where r.tenant_id = x.tenant_id and r.id = x.job_order_id) f
   where x.stale`;

async function readStale(target: Db | DataScope, limit: number): Promise<StaleRow[]> {
  const tail = sql`order by x.tenant_id, x.job_order_id limit ${limit}`;
  if (target instanceof DataScope) return target.sql<StaleRow>`${STALE_FROM} and x.tenant_id = ${TENANT} ${tail}`;
  return (await target.execute<StaleRow>(sql`${STALE_FROM} ${tail}`)).rows;
}

/** One computed row as the write-back statement reads it (jsonb_to_recordset). */
interface Computed {
  tenant_id: number; job_order_id: number; version: string; requirements: OrderRequirements;
  occupation_ids: string[]; skill_ids: string[]; certification_ids: string[];
  latitude: number | null; longitude: number | null; pay_per_hour: number | null; start_date: string | null; end_date: string | null;
}

/** The ids the table's GIN indexes hold: the occupation and its family (`family:<id>`, apart from occupations' ids). */
function computed(row: StaleRow): Computed {
  const { facts, stated } = orderFactsOf(row);
  const requirements = requirementsOf(facts, stated ?? NOTHING_STATED);
  const family = requirements.occupationId ? OCCUPATION_BY_ID.get(requirements.occupationId)?.family : undefined;
  return {
    tenant_id: row.tenantId, job_order_id: requirements.jobOrderId, version: row.version, requirements,
    occupation_ids: [...(requirements.occupationId ? [requirements.occupationId] : []), ...(family ? [`family:${family}`] : [])],
    skill_ids: [...new Set([...requirements.requiredSkills, ...requirements.preferredSkills])],
    certification_ids: [...new Set([...requirements.requiredCertifications.flat(), ...requirements.preferredCertifications])],
    latitude: requirements.worksite?.latitude ?? null, longitude: requirements.worksite?.longitude ?? null,
    pay_per_hour: requirements.payPerHour, start_date: requirements.startDate, end_date: requirements.endDate,
  };
}

/**
 * Writes the computed rows back, each only if its version is still the one read: a write to the
 * order after the read bumped it, and the row stays stale for the next refresh. One statement (one
 * transaction); a writer still in its transaction holds the row, and this statement then sees its
 * committed version (READ COMMITTED re-checks the condition).
 */
async function writeBack(target: Db | DataScope, rows: Computed[]): Promise<number> {
  const set = sql`update open_order_requirements x set requirements = v.requirements, occupation_ids = v.occupation_ids, skill_ids = v.skill_ids,
      certification_ids = v.certification_ids, pay_per_hour = v.pay_per_hour, start_date = v.start_date, end_date = v.end_date, stale = false,
      earth = case when v.latitude is not null and v.longitude is not null then ll_to_earth(v.latitude, v.longitude) end
    from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as v(tenant_id int, job_order_id int, version bigint, requirements jsonb,
      occupation_ids text[], skill_ids text[], certification_ids text[], latitude float8, longitude float8, pay_per_hour numeric, start_date date, end_date date)
   where x.tenant_id = v.tenant_id and x.job_order_id = v.job_order_id and x.version = v.version`;
  if (target instanceof DataScope) return (await target.sql`${set} and x.tenant_id = ${TENANT} returning 1`).length;
  return (await target.execute(sql`${set} returning 1`)).rows.length;
}

/** What a refresh did: rows written back, and the orders whose requirements could not be computed (left stale). */
export interface Refreshed { refreshed: number; unreadable: { tenantId: number; jobOrderId: number; error: string }[] }

/**
 * Computes up to `limit` stale rows (a scope: its tenant's; the database: every tenant's), in
 * batches. A row written to meanwhile stays stale. An order requirementsOf throws on stays stale and
 * is reported, and the others are written: one bad order never holds the queue up.
 */
export async function refreshOpenOrderRequirements(target: Db | DataScope, limit: number): Promise<Refreshed> {
  const done: Refreshed = { refreshed: 0, unreadable: [] };
  for (let left = limit; left > 0;) {
    const stale = await readStale(target, Math.min(left, BATCH));
    if (!stale.length) break;
    const rows = stale.flatMap((row) => {
      try {
        return [computed(row)];
      } catch (error) {
        done.unreadable.push({ tenantId: row.tenantId, jobOrderId: Number(row.jobOrderId), error: String(error) });
        return [];
      }
    });
    if (rows.length) done.refreshed += await writeBack(target, rows);
    // A batch shorter than asked was the last; one that kept none (all written to meanwhile) is left to the next call.
    if (stale.length < Math.min(left, BATCH)) break;
    left -= stale.length;
  }
  return done;
}

/** How often the background computes stale rows, and how many at most a step. */
const REFRESH_EVERY_MS = 2_000;
const REFRESH_STEP = 20_000;

/** The background refresh (resources/jobs.ts `backgroundLoops`): a read rarely finds stale rows. */
export const openOrderRequirementsRefresh: BackgroundLoop = (database, _config, log) => {
  let inHand = false;
  return periodic('open order requirements', REFRESH_EVERY_MS, async () => {
    // A step longer than the period is not run twice at once.
    if (inHand) return;
    inHand = true;
    try {
      const { unreadable } = await refreshOpenOrderRequirements(database.db, REFRESH_STEP);
      if (unreadable.length) log.warn({ unreadable: unreadable.slice(0, 10), count: unreadable.length }, 'open orders whose requirements could not be computed stay stale');
    } finally { inHand = false; }
  }, log);
};

export interface OpenOrdersFilter {
  branchIds?: readonly number[];
  jobOrderStatusIds?: readonly number[];
  /**
   * Only orders sharing at least one of these ids (an occupation the employee held, `family:<id>` of
   * one, a skill or a certification), through the GIN indexes, and of those the first `limit` by the
   * first ranking (first-ranking.ts): the pool of an employee's matches, where a metro's thousands of
   * open orders would otherwise all be read and scored.
   */
  sharing?: { held: RankedIds; limit: number };
}

/** An open order as an employee's matches read it: its stored requirements and what a list shows. */
export interface OpenOrder {
  jobOrderId: number; jobTitle: string; customerId: number; customerName: string | null; branchId: number; jobOrderStatusId: number;
  requirements: OrderRequirements;
  /** Miles from the given point; null when no point was given or the order has no worksite point. */
  distanceMiles: number | null;
  /** Its order changed since the requirements were computed (a read after a bounded refresh). */
  stale: boolean;
}

interface OpenOrderRow extends Record<string, unknown> {
  jobOrderId: number; jobTitle: string; customerId: string; customerName: string | null; branchId: number; jobOrderStatusId: number;
  requirements: OrderRequirements; chord: number | null; stale: boolean;
}


/**
 * The open orders the caller sees (its tenant, hierarchy nodes at or below its own) whose
 * requirements were computed, optionally by branch, status and shared ids. With a point: those within
 * `maxMiles` of it, through the GiST index (the box, then the chord, as the job board's search);
 * without: every one, those with no worksite point too. One statement.
 */
export async function openOrdersNear(scope: DataScope, point: Point | null, maxMiles: number, filter: OpenOrdersFilter = {}): Promise<OpenOrder[]> {
  const area = point && searchArea({ ...point, radiusMetres: maxMiles * METRES_PER_MILE, unitMetres: METRES_PER_MILE });
  const near = area
    ? sql`and x.earth <@ ${area.box}::cube and cube_distance(${area.centre}::cube, x.earth) <= ${area.chord}::float8`
    : sql``;
  const branches = filter.branchIds ? sql`and x.branch_id = any(${sql.param([...filter.branchIds])}::int[])` : sql``;
  const statuses = filter.jobOrderStatusIds ? sql`and x.job_order_status_id = any(${sql.param([...filter.jobOrderStatusIds])}::int[])` : sql``;
  const shares = filter.sharing ? sql`and ${sharesAny(filter.sharing.held)}` : sql``;
  const order = filter.sharing ? sql`${firstRanking(filter.sharing.held)} desc, x.job_order_id limit ${filter.sharing.limit}` : sql`x.job_order_id`;
  const chord = area ? sql`cube_distance(${area.centre}::cube, x.earth)` : sql`null::float8`;
  const rows = await scope.sql<OpenOrderRow>`
    select x.job_order_id as "jobOrderId", jt.job_title as "jobTitle", x.customer_id as "customerId", c.customer_name as "customerName",
           x.branch_id as "branchId", x.job_order_status_id as "jobOrderStatusId", x.requirements, ${chord} as chord, x.stale
      from open_order_requirements x
      join job_orders o on o.tenant_id = x.tenant_id and o.id = x.job_order_id
      join job_titles jt on jt.tenant_id = o.tenant_id and jt.id = o.job_title_id
      join customers c on c.tenant_id = x.tenant_id and c.id = x.customer_id
     where x.tenant_id = ${TENANT} and x.hier_id = any(${NODES}) and x.requirements is not null ${near} ${branches} ${statuses} ${shares}
     order by ${order}`;
  return rows.map(({ chord, customerId, ...row }) => ({
    ...row, customerId: Number(customerId), distanceMiles: chord === null ? null : surfaceMetres(chord) / METRES_PER_MILE,
  }));
}
