// The facts vetting reads for one employee and one job order, and the rules run over them. The same
// evaluation starts a session and tells later whether a session still holds (decision 0017).
import { and, asc, count, eq, sql, type SQL } from 'drizzle-orm';
import type { DataScope } from '../../platform/scope.ts';
import { notFound } from '../../platform/http/errors.ts';
import { employeeStatuses } from '../../platform/db/schema.ts';
import { assignmentStatuses, jobOrderStatuses } from '../reference-data/reference.table.ts';
import { customers } from '../customers/customer.table.ts';
import { employees } from '../employees/employee.table.ts';
import { jobOrders } from '../job-orders/job-order.table.ts';
import { assignmentRestrictions, assignments } from '../assignments/assignment.table.ts';
import { checkedOf, findings, type Checked, type Finding, type VettingFacts } from './assignment-restriction.rules.ts';
import { customerRequiresI9, ruleSettings } from './assignment-restriction.settings.ts';

const o = jobOrders, e = employees, a = assignments;
const iso = (d: Date | null) => d?.toISOString() ?? null;

/** The job order as vetting reads it, or undefined when the caller cannot see it. */
async function loadOrder(scope: DataScope, jobOrderId: number) {
  const s = jobOrderStatuses;
  const [row] = await scope.selectJoined(o, {
    jobOrderId: o.id, hierId: o.hierId, customerId: o.customerId, updatedAt: o.updatedAt, status: s.name, isClosed: s.isClosed, isFilled: s.isFilled,
    isActive: o.isActive, positionsRequired: o.positionsRequired, positionsFilled: o.positionsFilled, startDate: o.startDate, estimatedEndDate: o.estimatedEndDate,
  }, (q) => q.innerJoin(s, and(eq(s.tenantId, o.tenantId), eq(s.id, o.jobOrderStatusId)))).where(eq(o.id, jobOrderId));
  return row;
}

async function loadEmployee(scope: DataScope, employeeId: number) {
  const [row] = await scope.selectJoined(e, {
    name: sql<string>`${e.firstName} || ' ' || ${e.lastName}`, isActive: e.isActive, statusId: e.employeeStatusId, status: employeeStatuses.name,
    isI9OnFile: e.isI9OnFile, i9ExpirationDate: e.i9ExpirationDate,
  }, (q) => q.leftJoin(employeeStatuses, and(eq(employeeStatuses.tenantId, e.tenantId), eq(employeeStatuses.id, e.employeeStatusId)))).where(eq(e.id, employeeId));
  return row;
}

/** Active assignments: their status is one of the tenant's active ones (Active, Pending Start). */
const activeStatus = sql`exists (select 1 from ${assignmentStatuses} st where st.tenant_id = ${a.tenantId}
  and st.id = ${a.assignmentStatusId} and st.is_active)`;

/**
 * How many of the tenant's active assignments meet the conditions: all of them, the caller's
 * hierarchy or not (an order filled, an employee placed elsewhere, is so whoever vets).
 */
async function countOf(scope: DataScope, ...conditions: (SQL | undefined)[]): Promise<number> {
  const [row] = await scope.select(a, { n: count() }, 'tenant').where(and(activeStatus, ...conditions));
  return row?.n ?? 0;
}

export interface Evaluation {
  order: { jobOrderId: number; hierId: number; customerId: number };
  facts: VettingFacts;
  found: Finding[];
  checked: Checked;
}

/** The facts and the findings now; 404 when the caller cannot see the order or the employee. */
export async function evaluate(scope: DataScope, jobOrderId: number, employeeId: number): Promise<Evaluation> {
  const order = await loadOrder(scope, jobOrderId);
  if (!order) throw notFound('The job order');
  const employee = await loadEmployee(scope, employeeId);
  if (!employee) throw notFound('The employee');
  // The order's customer by name, wherever it sits: seeing the order is enough to vet for it.
  const [customer] = await scope.select(customers, { name: customers.customerName }, 'tenant').where(eq(customers.id, order.customerId));
  const r = assignmentRestrictions;
  const restrictions = await scope.select(r, { raisedBy: r.raisedBy, isActive: r.isActive, sourceAssignmentId: r.sourceAssignmentId, updatedAt: r.updatedAt })
    .where(and(eq(r.customerId, order.customerId), eq(r.employeeId, employeeId))).orderBy(asc(r.raisedBy));
  const facts: VettingFacts = {
    order: { ...order, updatedAt: order.updatedAt.toISOString(), startDate: iso(order.startDate), estimatedEndDate: iso(order.estimatedEndDate) },
    employee: { ...employee, i9ExpirationDate: iso(employee.i9ExpirationDate) },
    customer: { name: customer?.name ?? `customer ${order.customerId}`, requiresI9: await customerRequiresI9(scope, order.customerId) },
    restrictions: restrictions.map((x) => ({ ...x, updatedAt: x.updatedAt.toISOString() })),
    placements: {
      onOrder: await countOf(scope, sql`${a.jobOrderId} = ${jobOrderId}`),
      // An assignment without an end date runs on; an order without a start or an end date is open on that side.
      overlapping: await countOf(scope, sql`${a.employeeId} = ${employeeId}`,
        order.estimatedEndDate ? sql`${a.startDate} <= ${order.estimatedEndDate}` : undefined,
        order.startDate ? sql`coalesce(${a.endDate}, ${a.expectedEndDate}, 'infinity'::timestamptz) >= ${order.startDate}` : undefined),
    },
  };
  const found = findings(facts, await ruleSettings(scope), new Date());
  return { order: { jobOrderId, hierId: order.hierId, customerId: order.customerId }, facts, found, checked: checkedOf(facts, found) };
}
