// Test data for the job title, job order and timecard route tests: direct inserts of what those
// resources reference (customers, worksites, contacts) and lookup ids by name. Not a test file itself
// (no `.test.ts` suffix). The JSON Patch operations every record shares are tested in records.test.ts.
import { and, asc, eq } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../../platform/db/database.ts';
import { orderTypes, serviceReps } from '../../platform/db/schema.ts';
import { jobOrderDurations, jobOrderStatuses, jobTitleCategories, payCodes, salesTeams, shifts, workerCompCodes } from '../reference-data/reference.table.ts';
import { worksites } from '../worksites/worksite.table.ts';
import { customers } from '../customers/customer.table.ts';
import { contacts } from '../contacts/contact.table.ts';
import { contactMethods, CONTACT_METHOD_TYPES } from '../contact-methods/contact-method.table.ts';
import type { TenantFixture } from '../../../test/helpers.ts';

type Named = PgTable & { tenantId: AnyPgColumn; id: AnyPgColumn; name: AnyPgColumn };
const LOOKUPS = { orderTypes, jobOrderStatuses, salesTeams, jobOrderDurations, workerCompCodes, payCodes, jobTitleCategories, shifts };

/** The id of a tenant's lookup item by name, or the first one. */
export async function lookupId(db: Db, tenantId: number, list: keyof typeof LOOKUPS & string, name?: string): Promise<number & string> {
  const table: Named = LOOKUPS[list];
  const [row] = await db.select({ id: table.id }).from(table)
    .where(and(eq(table.tenantId, tenantId), name === undefined ? undefined : eq(table.name, name))).orderBy(asc(table.id)).limit(1);
  if (!row) throw new Error(`no ${list} ${name ?? ''} in tenant ${tenantId}`);
  return row.id as number & string;
}

export type Place = TenantFixture['north'];

export async function seedWorksite(db: Db, tenantId: number, name = 'Main plant'): Promise<number> {
  const [row] = await db.insert(worksites).values({ tenantId, name, municipality: 'Minneapolis', region: 'MN' }).returning({ id: worksites.id });
  return row!.id;
}

export async function seedCustomer(db: Db, tenantId: number, at: Place, name = 'Acme Widgets', departmentName = 'Shipping'): Promise<number> {
  const [row] = await db.insert(customers).values({ tenantId, hierId: at.hierId, branchId: at.branchId, customerName: name, departmentName })
    .returning({ id: customers.id });
  return (row as { id: number }).id;
}

/** A supervisor contact with a primary office phone. */
export async function seedSupervisor(db: Db, tenantId: number, at: Place, customerId: number): Promise<number> {
  const [contact] = await db.insert(contacts).values({ tenantId, hierId: at.hierId, branchId: at.branchId, customerId, firstName: 'Sue', lastName: 'Pervisor' })
    .returning({ id: contacts.id });
  const contactId = (contact as { id: number }).id;
  const [method] = await db.insert(contactMethods).values({
    tenantId, ownerType: 'contact', ownerId: contactId, contactMethodTypeId: CONTACT_METHOD_TYPES.workPhone, contactMethod: '612-555-0100',
    isActive: true, areaCode: 612, providerId: -1, countryCallingCode: 1, isPinned: false,
  } as typeof contactMethods.$inferInsert).returning({ id: contactMethods.id });
  await db.update(contacts).set({ primaryPhoneNumberContactMethodId: method!.id }).where(and(eq(contacts.tenantId, tenantId), eq(contacts.id, contactId)));
  return contactId;
}

export async function repOf(db: Db, tenantId: number, id: number) {
  const [rep] = await db.select().from(serviceReps).where(and(eq(serviceReps.tenantId, tenantId), eq(serviceReps.id, id)));
  return rep!;
}
