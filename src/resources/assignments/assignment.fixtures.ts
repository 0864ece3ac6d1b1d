// Test fixtures: records other resources own (customers, worksites, job titles, job orders,
// messages), inserted directly through their Drizzle tables so these tests do not depend on those
// resources' routes. Used by the route tests of assignments, contracts, rate sheets and vendors.
import { and, asc, eq } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../../platform/db/database.ts';
import { orderTypes } from '../../platform/db/schema.ts';
import * as R from '../reference-data/reference.table.ts';
import { customers } from '../customers/customer.table.ts';
import { jobTitles } from '../job-titles/job-title.table.ts';
import { jobOrders } from '../job-orders/job-order.table.ts';
import { contacts } from '../contacts/contact.table.ts';

export interface Place { tenantId: number; hierId: number; branchId: number; repId: number }

async function insert(db: Db, table: unknown, values: Record<string, unknown>): Promise<number> {
  const t = table as PgTable & { id: never };
  const [row] = await db.insert(t).values(values as never).returning({ id: t.id }) as { id: number }[];
  return row!.id;
}

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
  return insert(db, customers, { tenantId: at.tenantId, hierId: at.hierId, branchId: at.branchId, customerName: name, departmentName: 'Main' });
}

export async function seedWorksite(db: Db, tenantId: number, customerId: number | null, name = 'Plant 1'): Promise<number> {
  return insert(db, R.worksites, { tenantId, customerId, name, municipality: 'Minneapolis', region: 'MN', postalCode: '55401' });
}

export async function seedJobTitle(db: Db, at: Place, title = 'Forklift Operator'): Promise<number> {
  return insert(db, jobTitles, {
    tenantId: at.tenantId, hierId: at.hierId, skillCode: 'FORK', jobTitle: title, divisionIdent: 0,
    jobTitleCategoryId: await firstId(db, R.jobTitleCategories, at.tenantId), isActive: true,
  });
}

export async function seedShift(db: Db, tenantId: number): Promise<string> {
  const [row] = await db.select({ id: R.shifts.id }).from(R.shifts).where(eq(R.shifts.tenantId, tenantId)).limit(1);
  return row!.id;
}

export interface JobOrderSeed { customerId: number; jobTitleId: number; worksiteId: number; extra?: Record<string, unknown> }

export async function seedJobOrder(db: Db, at: Place, seed: JobOrderSeed): Promise<number> {
  return insert(db, jobOrders, {
    tenantId: at.tenantId, hierId: at.hierId, branchId: at.branchId, serviceRepId: at.repId,
    customerId: seed.customerId, jobTitleId: seed.jobTitleId, worksiteId: seed.worksiteId,
    workerCompCodeId: await firstId(db, R.workerCompCodes, at.tenantId),
    jobOrderTypeId: await firstId(db, orderTypes, at.tenantId),
    jobOrderDurationId: await firstId(db, R.jobOrderDurations, at.tenantId),
    jobOrderStatusId: await firstId(db, R.jobOrderStatuses, at.tenantId),
    salesTeamId: await firstId(db, R.salesTeams, at.tenantId),
    positionsRequired: 2,
    ...seed.extra,
  });
}

export async function seedMessage(db: Db, tenantId: number, originType: string, originId: number): Promise<number> {
  return insert(db, R.messages, { tenantId, originType, originId, text: 'Pinned note' });
}

export async function seedContact(db: Db, at: Place, customerId: number | null = null): Promise<number> {
  return insert(db, contacts, { tenantId: at.tenantId, hierId: at.hierId, branchId: at.branchId, firstName: 'Cora', lastName: 'Contact', customerId });
}
