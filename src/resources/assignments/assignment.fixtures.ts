// Test fixtures: records other resources own (customers, worksites, job titles, job orders,
// messages), inserted directly through their Drizzle tables so these tests do not depend on those
// resources' routes. Used by the route tests of assignments, contracts, rate sheets and vendors.
// `vet` runs the vetting session POST /Assignments needs (ASG-04).
import { and, asc, eq } from 'drizzle-orm';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import type { Db } from '../../platform/db/database.ts';
import { orderTypes } from '../../platform/db/schema.ts';
import * as R from '../reference-data/reference.table.ts';
import { customers } from '../customers/customer.table.ts';
import { jobTitles } from '../job-titles/job-title.record.ts';
import { jobOrders } from '../job-orders/job-order.table.ts';
import { contacts } from '../contacts/contact.table.ts';
import { worksites } from '../worksites/worksite.table.ts';

export interface Place { tenantId: number; hierId: number; branchId: number; repId: number }

/** The first row of a per-tenant lookup table. */
export async function firstId(db: Db, table: typeof R.salesTeams | typeof R.workerCompCodes | typeof R.jobOrderDurations | typeof R.jobTitleCategories
  | typeof R.jobOrderStatuses | typeof R.assignmentStatuses | typeof R.contractStatuses | typeof orderTypes, tenantId: number): Promise<number> {
  const [row] = await db.select({ id: table.id }).from(table).where(eq(table.tenantId, tenantId)).orderBy(asc(table.id)).limit(1);
  return row!.id;
}

export async function lookupId(db: Db, table: typeof R.assignmentStatuses | typeof R.contractStatuses, tenantId: number, name: string): Promise<number> {
  const [row] = await db.select({ id: table.id }).from(table).where(and(eq(table.tenantId, tenantId), eq(table.name, name)));
  return row!.id;
}

export async function seedCustomer(db: Db, at: Place, name = 'Acme Widgets'): Promise<number> {
  const [row] = await db.insert(customers).values({ tenantId: at.tenantId, hierId: at.hierId, branchId: at.branchId, customerName: name, departmentName: 'Main' })
    .returning({ id: customers.id });
  return row!.id;
}

export async function seedWorksite(db: Db, tenantId: number, customerId: number | null, name = 'Plant 1'): Promise<number> {
  const [row] = await db.insert(worksites).values({ tenantId, customerId, name, municipality: 'Minneapolis', region: 'MN', postalCode: '55401' })
    .returning({ id: worksites.id });
  return row!.id;
}

export async function seedJobTitle(db: Db, at: Place, title = 'Forklift Operator'): Promise<number> {
  const [row] = await db.insert(jobTitles).values({
    tenantId: at.tenantId, hierId: at.hierId, skillCode: 'FORK', jobTitle: title, divisionIdent: 0,
    jobTitleCategoryId: await firstId(db, R.jobTitleCategories, at.tenantId), isActive: true,
  }).returning({ id: jobTitles.id });
  return row!.id;
}

export async function seedShift(db: Db, tenantId: number): Promise<string> {
  const [row] = await db.select({ id: R.shifts.id }).from(R.shifts).where(eq(R.shifts.tenantId, tenantId)).limit(1);
  return row!.id;
}

export interface JobOrderSeed { customerId: number; jobTitleId: number; worksiteId: number; extra?: Partial<typeof jobOrders.$inferInsert> }

export async function seedJobOrder(db: Db, at: Place, seed: JobOrderSeed): Promise<number> {
  const [row] = await db.insert(jobOrders).values({
    tenantId: at.tenantId, hierId: at.hierId, branchId: at.branchId, serviceRepId: at.repId,
    customerId: seed.customerId, jobTitleId: seed.jobTitleId, worksiteId: seed.worksiteId,
    workerCompCodeId: await firstId(db, R.workerCompCodes, at.tenantId),
    jobOrderTypeId: await firstId(db, orderTypes, at.tenantId),
    jobOrderDurationId: await firstId(db, R.jobOrderDurations, at.tenantId),
    jobOrderStatusId: await firstId(db, R.jobOrderStatuses, at.tenantId),
    salesTeamId: await firstId(db, R.salesTeams, at.tenantId),
    positionsRequired: 2,
    ...seed.extra,
  }).returning({ id: jobOrders.id });
  return row!.id;
}

export async function seedMessage(db: Db, tenantId: number, originType: string, originId: number): Promise<number> {
  const [row] = await db.insert(R.messages).values({ tenantId, originType, originId, text: 'Pinned note' }).returning({ id: R.messages.id });
  return row!.id;
}

export async function seedContact(db: Db, at: Place, customerId: number | null = null): Promise<number> {
  const [row] = await db.insert(contacts).values({ tenantId: at.tenantId, hierId: at.hierId, branchId: at.branchId, firstName: 'Cora', lastName: 'Contact', customerId })
    .returning({ id: contacts.id });
  return row!.id;
}

/** A caller of the app, as test/helpers.ts `as(app, credential)` gives it. */
export type Caller = (options: InjectOptions) => Promise<LightMyRequestResponse>;

/** Vets the employee for the job order (POST /jobOrder/{orderId}/assignmentRestriction) so POST /Assignments may place them; the session's id. */
export async function vet(caller: Caller, jobOrderId: number, employeeId: number): Promise<number> {
  const res = await caller({ method: 'POST', url: `/jobOrder/${jobOrderId}/assignmentRestriction`, payload: { employeeId } });
  if (res.statusCode !== 201) throw new Error(`vetting employee ${employeeId} for job order ${jobOrderId}: ${res.statusCode} ${res.body}`);
  return res.json<{ assignmentRestrictionSessionId: number }>().assignmentRestrictionSessionId;
}
