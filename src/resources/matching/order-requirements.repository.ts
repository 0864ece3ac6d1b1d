// The statements behind an order's requirements (decision 0058): the facts requirementsOf reads, for
// one order and for every open order, and the requirements a recruiter stated (GET and PUT
// /JobOrders/{id}/Requirements). An order is seen and written exactly as its GET sees it: its tenant
// and the caller's hierarchy.
//
// The employee's matches (GET /Employees/{id}/matches) will need every open order's requirements at
// once. Proposed (not built here): a table `open_order_requirements` (tenant_id, job_order_id,
// hier_id, occupation_id, family, required skill / certification / language ids as text[] under GIN
// indexes, the worksite point, pay, dates) kept by the writes that change what it is read from: the
// job order's record writes (its after-hook, in their transaction), PUT .../Requirements, a worksite's
// address change (its placement), and closing an order (the row goes). The candidate pool's SQL then
// filters by distance and ids in the index and requirementsOf runs only on the rows it keeps.
import { eq, getTableName, sql } from 'drizzle-orm';
import { NODES, TENANT, type DataScope } from '../../platform/scope.ts';
import { notFound, validationError, type FieldErrors, addFieldError } from '../../platform/http/errors.ts';
import { emitEvent } from '../../platform/events/outbox.ts';
import { MERGE_ENTRY } from '../../platform/history/history-install.ts';
import { recordEvent } from '../../platform/records/record-events.ts';
import { jobOrderRecord } from '../job-orders/job-order.record.ts';
import { jobOrders } from '../job-orders/job-order.table.ts';
import { type OrderRequirements, type StatedRequirements } from './matching.contract.ts';
import { NOTHING_STATED, requirementsOf, type OrderFacts } from './order-requirements.ts';
import { jobOrderRequirements as jr } from './order-requirements.table.ts';
import { CERTIFICATION_BY_ID, LANGUAGE_BY_ID, SKILL_BY_ID } from './vocabulary/vocabulary.ts';

export interface FactsRow extends Record<string, unknown> {
  jobOrderId: string; customerId: string; title: string | null; jobTitle: string | null; description: string | null; skills: string[];
  payRate: string | number | null; startDate: string | null; endDate: string | null;
  latitude: number | null; longitude: number | null; postalLatitude: number | null; postalLongitude: number | null; stated: StatedRequirements | null;
}

/**
 * An order's facts with its worksite's point and its postal code's centroid (the gazetteer's, by the
 * worksite's country and the first five characters of a US ZIP), and what was stated on it.
 */
export const FACTS = sql.raw(`
  select r.id as "jobOrderId", r.customer_id as "customerId", nullif(r.public_job_title, '') as "title", t.job_title as "jobTitle",
         r.job_description as "description", r.skills, r.pay_rate as "payRate",
         to_char(r.start_date at time zone 'UTC', 'YYYY-MM-DD') as "startDate", to_char(r.estimated_end_date at time zone 'UTC', 'YYYY-MM-DD') as "endDate",
         w.latitude, w.longitude, pc.latitude as "postalLatitude", pc.longitude as "postalLongitude", q.stated
    from job_orders r
    left join job_titles t on t.tenant_id = r.tenant_id and t.id = r.job_title_id
    left join worksites w on w.tenant_id = r.tenant_id and w.id = r.worksite_id
    left join postal_codes pc on pc.country_code = w.country_code
          and pc.postal_code = case when w.country_code = 840 then left(w.postal_code, 5) else w.postal_code end
    left join job_order_requirements q on q.tenant_id = r.tenant_id and q.job_order_id = r.id`);

const point = (latitude: number | null, longitude: number | null) => (latitude === null || longitude === null ? null : { latitude, longitude });
const numberOf = (v: string | number | null) => (v === null ? null : Number(v));

export function orderFactsOf(row: FactsRow): { facts: OrderFacts; stated: StatedRequirements | null } {
  return {
    facts: {
      jobOrderId: Number(row.jobOrderId), customerId: Number(row.customerId), title: row.title, jobTitle: row.jobTitle, description: row.description,
      skills: row.skills, payRate: numberOf(row.payRate), startDate: row.startDate, endDate: row.endDate,
      worksitePoint: point(row.latitude, row.longitude), postalCodePoint: point(row.postalLatitude, row.postalLongitude),
    },
    stated: row.stated,
  };
}

/** One order's facts and stated requirements, when the caller sees the order. */
export async function loadOrderFacts(scope: DataScope, jobOrderId: number) {
  const rows = await scope.sql<FactsRow>`${FACTS} where r.tenant_id = ${TENANT} and r.id = ${jobOrderId} and r.hier_id = any(${NODES})`;
  return rows[0] ? orderFactsOf(rows[0]) : undefined;
}

/**
 * Every open order the caller sees (active, its status neither filled nor closed), with what was
 * stated on each: the employee direction's input, read in one statement (see the proposal above for
 * keeping it indexed at 20,000 orders).
 */
export async function loadOpenOrderFacts(scope: DataScope) {
  const rows = await scope.sql<FactsRow>`${FACTS}
    join job_order_statuses s on s.tenant_id = r.tenant_id and s.id = r.job_order_status_id
   where r.tenant_id = ${TENANT} and r.hier_id = any(${NODES}) and r.is_active and not s.is_filled and not s.is_closed
   order by r.id`;
  return rows.map(orderFactsOf);
}

/** An order's requirements: what is read from it and what is stated, merged (undefined when the caller does not see it). */
export async function orderRequirements(scope: DataScope, jobOrderId: number): Promise<OrderRequirements | undefined> {
  const loaded = await loadOrderFacts(scope, jobOrderId);
  return loaded && requirementsOf(loaded.facts, loaded.stated ?? NOTHING_STATED);
}

/** GET /JobOrders/{id}/Requirements: the stated ones (all empty when none were) and the requirements they make with the order's own words. */
export async function getRequirements(scope: DataScope, jobOrderId: number) {
  const loaded = await loadOrderFacts(scope, jobOrderId);
  if (!loaded) throw notFound(jobOrderRecord.what);
  const stated = loaded.stated ?? NOTHING_STATED;
  return { jobOrderId, stated, requirements: requirementsOf(loaded.facts, stated) };
}

/** The ids of the vocabulary each list names: an unknown one is a 400 naming its place (`requiredSkills/2`). */
export function checkVocabulary(stated: StatedRequirements): void {
  const errors: FieldErrors = {};
  const check = (field: string, ids: readonly string[], known: ReadonlyMap<string, unknown>, what: string) =>
    ids.forEach((id, n) => { if (!known.has(id)) addFieldError(errors, `${field}/${n}`, `'${id}' is not a ${what} of the vocabulary (docs/matching.md)`); });
  check('requiredSkills', stated.requiredSkills, SKILL_BY_ID, 'skill');
  check('preferredSkills', stated.preferredSkills, SKILL_BY_ID, 'skill');
  stated.requiredCertifications.forEach((entry, n) => check(`requiredCertifications/${n}`, entry, CERTIFICATION_BY_ID, 'certification'));
  check('preferredCertifications', stated.preferredCertifications, CERTIFICATION_BY_ID, 'certification');
  check('requiredLanguages', stated.requiredLanguages, LANGUAGE_BY_ID, 'language');
  if (Object.keys(errors).length) throw validationError(errors);
}

/** jsonb keeps its keys in its own order: compared field by field. */
const sameStated = (a: StatedRequirements, b: StatedRequirements) => STATED_KEYS.every((k) => JSON.stringify(a[k]) === JSON.stringify(b[k]));
const STATED_KEYS = ['requiredSkills', 'preferredSkills', 'requiredCertifications', 'preferredCertifications', 'requiredLanguages', 'minimumYears', 'maxMiles'] as const satisfies readonly (keyof StatedRequirements)[];

/**
 * The job order's history entry for its `requirements` (docs/history.md), merged into the entry this
 * transaction already has for the order. Written here, not by a trigger on job_order_requirements:
 * the first statement inserts its row, and a trigger would record that as the order's creation.
 */
async function recordHistory(tx: DataScope, jobOrderId: number, before: StatedRequirements | null, after: StatedRequirements) {
  await tx.sql`insert into record_changes as c (tenant_id, record_type, record_id, action, actor, request_id, fields)
    select ${TENANT}, ${jobOrderRecord.name}, ${jobOrderId}, 'updated', w.actor - 'requestId', w.actor ->> 'requestId',
           jsonb_build_object('requirements', jsonb_build_array(${before === null ? null : JSON.stringify(before)}::jsonb, ${JSON.stringify(after)}::jsonb))
      from (select coalesce(nullif(current_setting('staffing.actor', true), '')::jsonb, '{"type": "system"}'::jsonb) as actor) w
    ${sql.raw(MERGE_ENTRY)}`;
}

const JOB_ORDER_UPDATED = recordEvent(jobOrderRecord, 'updated');

/**
 * PUT /JobOrders/{id}/Requirements: the stated requirements replace those stated before, in one
 * transaction with the order's history entry (the `requirements` field, by the table's trigger) and
 * its `jobOrder.updated` event (changedFields ["requirements"]) when they changed.
 */
export async function putRequirements(scope: DataScope, jobOrderId: number, stated: StatedRequirements) {
  checkVocabulary(stated);
  // Only the schema's fields, in its order (a body's other members are not kept).
  const saved: StatedRequirements = {
    requiredSkills: stated.requiredSkills, preferredSkills: stated.preferredSkills, requiredCertifications: stated.requiredCertifications,
    preferredCertifications: stated.preferredCertifications, requiredLanguages: stated.requiredLanguages, minimumYears: stated.minimumYears, maxMiles: stated.maxMiles,
  };
  await scope.transaction(async (tx) => {
    const [order] = await tx.select(jobOrders, { id: jobOrders.id }).where(eq(jobOrders.id, jobOrderId)).for('update');
    if (!order) throw notFound(jobOrderRecord.what);
    const [before] = await tx.select(jr, { stated: jr.stated }).where(eq(jr.jobOrderId, jobOrderId));
    if (before && sameStated(before.stated, saved)) return;
    await tx.insert(jr, { jobOrderId, stated: saved }).onConflictDoUpdate({ target: [jr.tenantId, jr.jobOrderId], set: { stated: saved, updatedAt: new Date() } });
    await recordHistory(tx, jobOrderId, before?.stated ?? null, saved);
    await emitEvent(tx, JOB_ORDER_UPDATED, getTableName(jobOrders), jobOrderId, { changedFields: ['requirements'] });
  });
  return getRequirements(scope, jobOrderId);
}
