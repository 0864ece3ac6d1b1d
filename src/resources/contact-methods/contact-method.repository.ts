// Data access for contact methods. A method has no hierarchy node of its own: it is visible when its
// owner (employee, contact or customer) is, so every query goes through the owner's `hier_id`.
import { and, asc, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { qualified } from '../../platform/db/database.ts';
import type { DataScope } from '../../platform/scope.ts';
import { notFound } from '../../platform/http/errors.ts';
import { validationError, type Record_ } from '../../platform/http/json-patch/patch.ts';
import type { PatchContext, PatchTarget } from '../../platform/http/json-patch/apply.ts';
import { toPage, type Paged } from '../../platform/http/paging.ts';
import { employees } from '../employees/employee.table.ts';
import { customers } from '../customers/customer.table.ts';
import { contacts } from '../contacts/contact.table.ts';
import { contactMethods, CONTACT_METHOD_TYPES, type OwnerType } from './contact-method.table.ts';
import { contactMethodCatalog } from './contact-method.patch-catalog.ts';
import type { ContactMethodCreateInput, ContactMethodListFilter } from './contact-method.schemas.ts';

const owners: Record<OwnerType, { hierId: AnyPgColumn; tenantId: AnyPgColumn; id: AnyPgColumn; what: string }> = {
  employee: { hierId: employees.hierId, tenantId: employees.tenantId, id: employees.id, what: 'The employee' },
  contact: { hierId: contacts.hierId, tenantId: contacts.tenantId, id: contacts.id, what: 'The contact' },
  customer: { hierId: customers.hierId, tenantId: customers.tenantId, id: customers.id, what: 'The customer' },
};

/** The owner's hierarchy node, as seen from a contact method row: what makes the method visible. */
const ownerHier = (kind: OwnerType): SQL => {
  const o = owners[kind];
  return sql`(select o.hier_id from ${o.hierId.table} o where o.tenant_id = ${qualified(contactMethods.tenantId)} and o.id = ${qualified(contactMethods.ownerId)})`;
};

const ownedBy = (scope: DataScope, kind: OwnerType, ownerId: number) => and(
  eq(contactMethods.tenantId, scope.tenantId), eq(contactMethods.ownerType, kind), eq(contactMethods.ownerId, ownerId), scope.visible(ownerHier(kind)));

/** Answers 404 naming the owner unless it exists inside the caller's hierarchy. */
async function requireOwner(scope: DataScope, kind: OwnerType, ownerId: number) {
  const o = owners[kind];
  const rows = await scope.db.select({ one: sql`1` }).from(o.hierId.table).where(and(eq(o.tenantId, scope.tenantId), eq(o.id, ownerId), scope.visible(o.hierId)));
  if (!rows.length) throw notFound(o.what);
}

const TYPE_NAMES = new Map<number, string>(Object.entries(CONTACT_METHOD_TYPES)
  .map(([key, id]) => [id, key.replace(/[A-Z]/g, (c) => ` ${c.toLowerCase()}`).replace(/^./, (c) => c.toUpperCase())]));

/** Rules beyond the catalog, for create and PATCH (AMB-72 (a): 0 and -1 mean none). */
function checkRules(values: Record_, keys: Iterable<string>) {
  const errors: Record<string, string[]> = {};
  for (const key of keys) {
    const v = values[key] as number | null;
    if (key === 'contactMethodTypeId' && !TYPE_NAMES.has(v!)) errors[key] = [`must be a contact method type: ${[...TYPE_NAMES].map(([id, n]) => `${id} ${n}`).join(', ')}`];
    if (key === 'areaCode' && v! < 0) errors[key] = ['must be 0 (none) or a positive area code'];
    if (key === 'providerId' && v! < -1) errors[key] = ['must be -1 (none) or a provider id'];
    if (key === 'countryCallingCode' && v !== null && (v! < 1 || v! > 9999)) errors[key] = ['must be a calling code from 1 to 9999'];
  }
  if (Object.keys(errors).length) throw validationError(errors);
}

export async function createContactMethod(scope: DataScope, kind: OwnerType, ownerId: number, input: ContactMethodCreateInput): Promise<number> {
  const values = {
    contactMethodTypeId: input.contactMethodTypeId, contactMethod: input.contactMethod, isActive: input.isActive ?? true,
    notes: input.notes ?? null, whenAvailable: input.whenAvailable ?? null, areaCode: input.areaCode ?? 0, providerId: input.providerId ?? -1,
    countryCallingCode: input.countryCallingCode ?? null, isPinned: input.isPinned ?? false,
  };
  checkRules(values, Object.keys(values));
  return scope.transaction(async (tx) => {
    await requireOwner(tx, kind, ownerId);
    const [row] = await tx.db.insert(contactMethods).values({ tenantId: tx.tenantId, ownerType: kind, ownerId, ...values } as typeof contactMethods.$inferInsert)
      .returning({ id: contactMethods.id });
    return row!.id;
  });
}

const toRecord = (row: Record_) => {
  const { tenantId: _t, ownerType: _o, ownerId: _i, id, totalCount: _c, createdAt, updatedAt, ...fields } = row;
  return { contactMethodId: id as number, ...fields, contactMethodType: TYPE_NAMES.get(fields.contactMethodTypeId as number) ?? '', createdAt, updatedAt };
};

export async function getContactMethod(scope: DataScope, kind: OwnerType, ownerId: number, id: number) {
  const [row] = await scope.db.select().from(contactMethods).where(and(ownedBy(scope, kind, ownerId), eq(contactMethods.id, id)));
  return row && toRecord(row);
}

export async function listContactMethods(scope: DataScope, kind: OwnerType, ownerId: number, filter: ContactMethodListFilter): Promise<Paged<Record_>> {
  await requireOwner(scope, kind, ownerId);
  const m = contactMethods as unknown as typeof contactMethods & Record<'contactMethodTypeId' | 'isActive' | 'isPinned', AnyPgColumn>;
  const where = and(ownedBy(scope, kind, ownerId),
    filter.contactMethodTypeId === undefined ? undefined : eq(m.contactMethodTypeId, filter.contactMethodTypeId),
    filter.isActive === undefined ? undefined : eq(m.isActive, filter.isActive));
  const rows = await scope.db.select({ row: contactMethods, totalCount: sql<number>`count(*) over ()`.mapWith(Number) }).from(contactMethods)
    .where(where).orderBy(desc(m.isPinned), asc(contactMethods.id)).limit(filter.take).offset(filter.skip);
  return toPage(rows, filter, (r) => toRecord(r.row), async () =>
    (await scope.db.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(contactMethods).where(where))[0]!.n);
}

/**
 * PATCH target for one owner's methods (AMB-73 (a): another owner's method answers 404). Contact
 * methods have no hierarchy node of their own: the owner's decides whether the caller sees them.
 */
export function contactMethodPatchTarget(kind: OwnerType, ownerId: number): PatchTarget {
  return {
    catalog: contactMethodCatalog,
    table: contactMethods as unknown as PatchTarget['table'],
    what: 'The contact method',
    visible: (scope) => scope.visible(ownerHier(kind)),
    where: () => and(eq(contactMethods.ownerType, kind), eq(contactMethods.ownerId, ownerId)),
    validate: async ({ next, changes }: PatchContext) => checkRules(next, [...changes.keys()].map((f) => f.json)),
  };
}

/** The value (address, number) of a contact method, for an owner's primary email or phone. */
export const methodValue = (tenantId: AnyPgColumn, methodId: AnyPgColumn) =>
  sql<string | null>`(select m.contact_method from contact_methods m where m.tenant_id = ${qualified(tenantId)} and m.id = ${qualified(methodId)})`;

/** Whether a contact method belongs to the owner (the primary email/phone of a record). */
export async function isMethodOf(scope: DataScope, kind: OwnerType, ownerId: number, methodId: number): Promise<boolean> {
  const rows = await scope.db.select({ one: sql`1` }).from(contactMethods).where(and(eq(contactMethods.tenantId, scope.tenantId),
    eq(contactMethods.id, methodId), eq(contactMethods.ownerType, kind), eq(contactMethods.ownerId, ownerId)));
  return rows.length > 0;
}
