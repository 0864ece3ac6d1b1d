// What the matcher knows of candidates beyond their profiles (issue 30 item 3, decision 0059): read
// in bulk for a pool of employees and one order (factsOf), or one employee and many orders
// (factsForEmployee), by the same loaders, in a fixed number of statements whatever the pool's size.
// The restriction rules are vetting's own (assignment-restriction.rules.ts): each pair's VettingFacts
// are built from the bulk-loaded rows and the tenant's rule settings run over them, so a refusal here
// is the finding vetting would make. The pool itself is narrowed in SQL by poolFilter (below).
import { METRES_PER_MILE } from '../gazetteer/gazetteer.repository.ts';
import { sql, type SQL } from 'drizzle-orm';
import { TENANT, NODES, type DataScope } from '../../platform/scope.ts';
import { notFound } from '../../platform/http/errors.ts';
import { findings, INACTIVE_EMPLOYEE_STATUSES, type RuleCode, type VettingFacts } from '../assignment-restrictions/assignment-restriction.rules.ts';
import { ruleSettings } from '../assignment-restrictions/assignment-restriction.settings.ts';
import { employees } from '../employees/employee.table.ts';
import { searchArea } from '../job-board/job-board-search.area.ts';
import { employeePlaces } from './employee-place.table.ts';
import type { CandidateFacts, PastAssignment, Point } from './matching.contract.ts';

/**
 * The rules that refuse a pair: about the employee and the customer, not the order (ORDER_CLOSED and
 * ORDER_FILLED say the order takes nobody; OVERLAPPING_ASSIGNMENT and I9_EXPIRES_DURING_ORDER are
 * approvable warnings the scorer weighs as availability).
 */
export const REFUSING_RULES = ['CUSTOMER_BLACKLISTED_EMPLOYEE', 'EMPLOYEE_BLACKLISTED_CUSTOMER', 'EMPLOYEE_INACTIVE', 'I9_MISSING'] as const satisfies readonly RuleCode[];
type RefusingRule = (typeof REFUSING_RULES)[number];
const refuses = (code: RuleCode): code is RefusingRule => REFUSING_RULES.some((r) => r === code);

/** ISO 8601 in UTC with milliseconds, as Date#toISOString writes it (what VettingFacts hold). */
const isoOf = (column: string) => sql.raw(`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`);
const ids = (values: readonly number[]) => sql`${sql.param([...values])}::bigint[]`;

type OrderRow = {
  jobOrderId: number; hierId: number; customerId: number; customerName: string; requiresI9: boolean; updatedAt: string; status: string;
  isClosed: boolean; isFilled: boolean; isActive: boolean; positionsRequired: number; positionsFilled: number; startDate: string | null; estimatedEndDate: string | null;
};

/** The orders the caller sees, with their customer's name and I-9 requirement (the customer wherever it sits, as vetting reads it). */
async function loadOrders(scope: DataScope, jobOrderIds: readonly number[]): Promise<OrderRow[]> {
  return scope.sql<OrderRow>`select o.id::int as "jobOrderId", o.hier_id as "hierId", o.customer_id::int as "customerId",
      coalesce(c.customer_name, 'customer ' || o.customer_id) as "customerName", coalesce(rc.requires_i9, false) as "requiresI9",
      ${isoOf('o.updated_at')} as "updatedAt", s.name as status, s.is_closed as "isClosed", s.is_filled as "isFilled", o.is_active as "isActive",
      o.positions_required as "positionsRequired", o.positions_filled as "positionsFilled",
      ${isoOf('o.start_date')} as "startDate", ${isoOf('o.estimated_end_date')} as "estimatedEndDate"
    from job_orders o
    join job_order_statuses s on s.tenant_id = o.tenant_id and s.id = o.job_order_status_id
    left join customers c on c.tenant_id = o.tenant_id and c.id = o.customer_id
    left join assignment_restriction_customers rc on rc.tenant_id = o.tenant_id and rc.customer_id = o.customer_id
    where o.tenant_id = ${TENANT} and o.hier_id = any(${NODES}) and o.id = any(${ids(jobOrderIds)})`;
}

type EmployeeRow = {
  employeeId: number; name: string; isActive: boolean; statusId: string; status: string | null; isI9OnFile: boolean; i9ExpirationDate: string | null;
  latitude: number | null; longitude: number | null;
};

/** The employees of `employeeIds` the caller sees (others are left out: never read), with their place. */
async function loadEmployees(scope: DataScope, employeeIds: readonly number[]): Promise<EmployeeRow[]> {
  return scope.sql<EmployeeRow>`select e.id::int as "employeeId", e.first_name || ' ' || e.last_name as name, e.is_active as "isActive",
      e.employee_status_id as "statusId", st.name as status, e.is_i9_on_file as "isI9OnFile", ${isoOf('e.i9_expiration_date')} as "i9ExpirationDate",
      p.latitude, p.longitude
    from employees e
    left join employee_statuses st on st.tenant_id = e.tenant_id and st.id = e.employee_status_id
    left join employee_places p on p.tenant_id = e.tenant_id and p.employee_id = e.id
    where e.tenant_id = ${TENANT} and e.hier_id = any(${NODES}) and e.id = any(${ids(employeeIds)})`;
}

type RestrictionRow = { employeeId: number; customerId: number; raisedBy: 'customer' | 'employee'; isActive: boolean; sourceAssignmentId: number | null; updatedAt: string };

/** The restriction rows between these employees and these customers, either side. */
async function loadRestrictions(scope: DataScope, employeeIds: readonly number[], customerIds: readonly number[]): Promise<RestrictionRow[]> {
  return scope.sql<RestrictionRow>`select r.employee_id::int as "employeeId", r.customer_id::int as "customerId", r.raised_by as "raisedBy",
      r.is_active as "isActive", r.source_assignment_id::int as "sourceAssignmentId", ${isoOf('r.updated_at')} as "updatedAt"
    from assignment_restrictions r
    where r.tenant_id = ${TENANT} and r.employee_id = any(${ids(employeeIds)}) and r.customer_id = any(${ids(customerIds)})
    order by r.raised_by`;
}

/**
 * Each employee's active assignments overlapping each order's dates, counted over the whole tenant as
 * vetting counts them (an employee placed elsewhere is so whoever looks). An assignment without an
 * end runs on; an order without a start or an end is open on that side.
 */
async function loadOverlaps(scope: DataScope, employeeIds: readonly number[], orders: readonly OrderRow[]) {
  if (!orders.length) return [];
  return scope.sql<{ employeeId: number; jobOrderId: number; n: number }>`select a.employee_id::int as "employeeId", w.id::int as "jobOrderId", count(*)::int as n
    from unnest(${ids(orders.map((o) => o.jobOrderId))}, ${sql.param(orders.map((o) => o.startDate))}::timestamptz[],
      ${sql.param(orders.map((o) => o.estimatedEndDate))}::timestamptz[]) as w(id, starts, ends)
    join assignments a on a.tenant_id = ${TENANT} and a.employee_id = any(${ids(employeeIds)})
      and (w.ends is null or a.start_date <= w.ends)
      and (w.starts is null or coalesce(a.end_date, a.expected_end_date, 'infinity'::timestamptz) >= w.starts)
    join assignment_statuses st on st.tenant_id = a.tenant_id and st.id = a.assignment_status_id and st.is_active
    group by 1, 2`;
}

type PastRow = { [K in keyof PastAssignment]: PastAssignment[K] } & { employeeId: number; customerId: number };

/**
 * Past assignments of these employees with these customers that the caller sees, newest first. How
 * one ended: well when its status is no longer active and the customer did not blacklist the
 * employee on it ("do not return": the assignment's flag or a restriction raised on it); not well
 * when it did; unknown while it runs or when it was cancelled before it began.
 */
async function loadPast(scope: DataScope, employeeIds: readonly number[], customerIds: readonly number[]): Promise<PastRow[]> {
  return scope.sql<PastRow>`select a.employee_id::int as "employeeId", a.customer_id::int as "customerId", a.id::int as "assignmentId",
      t.job_title as "jobTitle", a.start_date::date::text as "startDate", coalesce(a.end_date, a.expected_end_date)::date::text as "endDate",
      case when a.customer_has_blacklisted_employee or exists (select 1 from assignment_restrictions r where r.tenant_id = a.tenant_id
          and r.source_assignment_id = a.id and r.raised_by = 'customer' and r.is_active) then false
        when st.is_active or st.name = 'Cancelled' then null
        else true end as "endedWell",
      a.performance_note as "performanceNote"
    from assignments a
    join assignment_statuses st on st.tenant_id = a.tenant_id and st.id = a.assignment_status_id
    left join job_titles t on t.tenant_id = a.tenant_id and t.id = a.job_title_id
    where a.tenant_id = ${TENANT} and a.hier_id = any(${NODES}) and a.employee_id = any(${ids(employeeIds)}) and a.customer_id = any(${ids(customerIds)})
    order by a.start_date desc, a.id desc`;
}

type AssessmentRow = CandidateFacts['assessments'][number] & { employeeId: number };

/** Completed assessment results of these employees (sessions the caller sees): the score on 0-100 where the range is known. */
async function loadAssessments(scope: DataScope, employeeIds: readonly number[]): Promise<AssessmentRow[]> {
  return scope.sql<AssessmentRow>`select s.employee_id::int as "employeeId", coalesce(i.name, r.code) as name,
      case when r.score is null then null
        when r.score_maximum > coalesce(r.score_minimum, 0) then round(100 * (r.score - coalesce(r.score_minimum, 0)) / (r.score_maximum - coalesce(r.score_minimum, 0)))::float8
        when r.score between 0 and 100 then r.score::float8 end as score,
      case r.outcome when 'pass' then true when 'fail' then false end as passed, ${isoOf('r.completed_at')} as "completedAt"
    from assessment_results r
    join assessment_sessions s on s.tenant_id = r.tenant_id and s.id = r.session_id
    left join assessment_session_items i on i.tenant_id = r.tenant_id and i.session_id = r.session_id and i.code = r.code
    where r.tenant_id = ${TENANT} and s.hier_id = any(${NODES}) and s.employee_id = any(${ids(employeeIds)})
    order by r.completed_at desc nulls last, r.id desc`;
}

function groupBy<T, K>(rows: readonly T[], key: (row: T) => K): Map<K, T[]> {
  const groups = new Map<K, T[]>();
  for (const row of rows) groups.set(key(row), [...(groups.get(key(row)) ?? []), row]);
  return groups;
}

/** Everything the loaders read for a set of employees and a set of orders: one statement each. */
async function loadAll(scope: DataScope, employeeIds: readonly number[], orders: readonly OrderRow[]) {
  const customerIds = [...new Set(orders.map((o) => o.customerId))];
  const [settings, people, restrictions, overlaps, past, assessments] = await Promise.all([
    ruleSettings(scope), loadEmployees(scope, employeeIds), loadRestrictions(scope, employeeIds, customerIds),
    loadOverlaps(scope, employeeIds, orders), loadPast(scope, employeeIds, customerIds), loadAssessments(scope, employeeIds),
  ]);
  return {
    settings: settings.filter((s) => refuses(s.ruleCode)),
    people,
    restrictions: groupBy(restrictions, (r) => `${r.employeeId}:${r.customerId}`),
    overlaps: new Map(overlaps.map((o) => [`${o.employeeId}:${o.jobOrderId}`, o.n])),
    past: groupBy(past, (p) => `${p.employeeId}:${p.customerId}`),
    assessments: groupBy(assessments, (a) => a.employeeId),
  };
}
type Loaded = Awaited<ReturnType<typeof loadAll>>;

/** One pair's VettingFacts from the loaded rows (the order-only facts are the order's; placements on it are not counted: no refusing rule reads them). */
function vettingFactsOf(order: OrderRow, person: EmployeeRow, loaded: Loaded): VettingFacts {
  const { name, isActive, statusId, status, isI9OnFile, i9ExpirationDate } = person;
  return {
    order: { jobOrderId: order.jobOrderId, updatedAt: order.updatedAt, status: order.status, isClosed: order.isClosed, isFilled: order.isFilled, isActive: order.isActive,
      positionsRequired: order.positionsRequired, positionsFilled: order.positionsFilled, startDate: order.startDate, estimatedEndDate: order.estimatedEndDate },
    employee: { name, isActive, statusId, status, isI9OnFile, i9ExpirationDate },
    customer: { name: order.customerName, requiresI9: order.requiresI9 },
    restrictions: (loaded.restrictions.get(`${person.employeeId}:${order.customerId}`) ?? []).map(({ raisedBy, isActive: active, sourceAssignmentId, updatedAt }) => ({ raisedBy, isActive: active, sourceAssignmentId, updatedAt })),
    placements: { onOrder: 0, overlapping: loaded.overlaps.get(`${person.employeeId}:${order.jobOrderId}`) ?? 0 },
  };
}

function candidateFactsOf(order: OrderRow, person: EmployeeRow, loaded: Loaded, now: Date): CandidateFacts {
  const facts = vettingFactsOf(order, person, loaded);
  const place: Point | null = person.latitude === null || person.longitude === null ? null : { latitude: person.latitude, longitude: person.longitude };
  return {
    employeeId: person.employeeId,
    name: person.name,
    isActive: person.isActive,
    status: person.status,
    place,
    overlappingAssignments: facts.placements.overlapping,
    pastAssignmentsWithCustomer: (loaded.past.get(`${person.employeeId}:${order.customerId}`) ?? [])
      .map(({ assignmentId, jobTitle, startDate, endDate, endedWell, performanceNote }) => ({ assignmentId, jobTitle, startDate, endDate, endedWell, performanceNote })),
    assessments: (loaded.assessments.get(person.employeeId) ?? []).map(({ name, score, passed, completedAt }) => ({ name, score, passed, completedAt })),
    refusals: findings(facts, loaded.settings, now).map((f) => f.ruleCode),
  };
}

/** The facts of each employee of the pool the caller sees, for one order; 404 when the caller cannot see the order. */
export async function factsOf(scope: DataScope, jobOrderId: number, employeeIds: readonly number[]): Promise<Map<number, CandidateFacts>> {
  const [order] = await loadOrders(scope, [jobOrderId]);
  if (!order) throw notFound('The job order');
  const loaded = await loadAll(scope, employeeIds, [order]);
  const now = new Date();
  return new Map(loaded.people.map((p) => [p.employeeId, candidateFactsOf(order, p, loaded, now)]));
}

/** The employee's facts for each order the caller sees (by job order id); 404 when the caller cannot see the employee. */
export async function factsForEmployee(scope: DataScope, employeeId: number, jobOrderIds: readonly number[]): Promise<Map<number, CandidateFacts>> {
  const orders = await loadOrders(scope, jobOrderIds);
  const loaded = await loadAll(scope, [employeeId], orders);
  const [person] = loaded.people;
  if (!person) throw notFound('The employee');
  const now = new Date();
  return new Map(orders.map((o) => [o.jobOrderId, candidateFactsOf(o, person, loaded, now)]));
}

/** What the pool's hard filter needs of the order. */
export interface PoolOrder { customerId: number; worksite: Point | null; maxMiles: number | null }

/**
 * The refusing rules as conditions on a candidate query over `employees` (joined as itself, not
 * aliased), for the rules the tenant runs: the same rules as REFUSING_RULES' findings, stated in SQL
 * so a refused pair never enters the pool (matching.facts.test.ts checks the two agree). With a
 * worksite and a radius, employees beyond it (or without a known place) are left out too, through
 * employee_places' GiST index. The scope's tenant and hierarchy stay the query's own (scope.select).
 */
export async function poolFilter(scope: DataScope, order: PoolOrder): Promise<SQL[]> {
  const [settings, [customer]] = await Promise.all([
    ruleSettings(scope),
    scope.sql<{ requiresI9: boolean }>`select requires_i9 as "requiresI9" from assignment_restriction_customers where tenant_id = ${TENANT} and customer_id = ${order.customerId}`,
  ]);
  const enabled = new Set(settings.filter((s) => s.isEnabled).map((s) => s.ruleCode));
  return conditionsOf(enabled, order, customer?.requiresI9 ?? false);
}

function conditionsOf(enabled: ReadonlySet<RuleCode>, order: PoolOrder, requiresI9: boolean): SQL[] {
  const e = employees;
  const restricted = (raisedBy: 'customer' | 'employee') => sql`not exists (select 1 from assignment_restrictions r where r.tenant_id = ${e.tenantId}
    and r.employee_id = ${e.id} and r.customer_id = ${order.customerId} and r.raised_by = ${raisedBy} and r.is_active)`;
  const byRule: Record<RefusingRule, () => SQL | undefined> = {
    CUSTOMER_BLACKLISTED_EMPLOYEE: () => restricted('customer'),
    EMPLOYEE_BLACKLISTED_CUSTOMER: () => restricted('employee'),
    EMPLOYEE_INACTIVE: () => sql`${e.isActive} and ${e.employeeStatusId} <> all(${sql.param([...INACTIVE_EMPLOYEE_STATUSES])}::text[])`,
    I9_MISSING: () => (requiresI9 ? sql`${e.isI9OnFile} and (${e.i9ExpirationDate} is null or ${e.i9ExpirationDate} >= now())` : undefined),
  };
  const rules = REFUSING_RULES.flatMap((code) => (enabled.has(code) ? [byRule[code]()] : [])).filter((c): c is SQL => c !== undefined);
  return order.worksite && order.maxMiles !== null ? [...rules, within(order.worksite, order.maxMiles)] : rules;
}

/** Within `miles` of the point, by the box and chord the job board's radius search computes (job-board-search.area.ts). */
function within(point: Point, miles: number): SQL {
  const area = searchArea({ ...point, radiusMetres: miles * METRES_PER_MILE, unitMetres: METRES_PER_MILE });
  const p = employeePlaces;
  return sql`exists (select 1 from ${p} where ${p.tenantId} = ${employees.tenantId} and ${p.employeeId} = ${employees.id}
    and ${p.earth} <@ ${area.box}::cube and cube_distance(${area.centre}::cube, ${p.earth}) <= ${area.chord}::float8)`;
}
