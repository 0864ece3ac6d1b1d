// Data access for contact methods. A method has no hierarchy node of its own: it is visible when its
// owner (employee, contact or customer) is, so every query goes through the owner's `hier_id`.
import { rule, type Rule } from '../../platform/records/rules.ts';
import { and, asc, desc, eq, getTableColumns, getTableName, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { qualified } from '../../platform/db/database.ts';
import type { DataScope, TenantTable } from '../../platform/scope.ts';
import { byIdReader, catalogSelect, nameIn } from '../../platform/records/read.ts';
import { notFound, validationError } from '../../platform/http/errors.ts';
import type { Record_ } from '../../platform/records/json-patch/patch.ts';
import type { PatchContext, PatchTarget } from '../../platform/records/json-patch/target.ts';
import { toPage, type Paged } from '../../platform/http/paging.ts';
import { emitEvent, type EventTemplate } from '../../platform/events/outbox.ts';
import { employees } from '../employees/employee.table.ts';
import { customers } from '../customers/customer.table.ts';
import { contacts } from '../contacts/contact.table.ts';
import { contactMethods, CONTACT_METHOD_TYPES, type OwnerType } from './contact-method.table.ts';
import { contactMethodCatalog } from './contact-method.patch-catalog.ts';
import type { ContactMethodCreateInput, ContactMethodListFilter } from './contact-method.schemas.ts';

/** Each owner's table (it has a node: the scope keeps a statement on it to the caller's hierarchy). */
const owners: Record<OwnerType, { table: TenantTable; id: AnyPgColumn; what: string }> = {
  employee: { table: employees, id: employees.id, what: 'The employee' },
  contact: { table: contacts, id: contacts.id, what: 'The contact' },
  customer: { table: customers, id: customers.id, what: 'The customer' },
};

/** The owner's hierarchy node, as seen from a contact method row: what makes the method visible. */
const ownerHier = (kind: OwnerType): SQL => {
  const o = owners[kind];
  return sql`(select o.hier_id from ${o.table} o where o.tenant_id = ${qualified(contactMethods.tenantId)} and o.id = ${qualified(contactMethods.ownerId)})`;
};

const ownedBy = (scope: DataScope, kind: OwnerType, ownerId: number) => and(
  eq(contactMethods.ownerType, kind), eq(contactMethods.ownerId, ownerId), scope.visible(ownerHier(kind)));

/** Answers 404 naming the owner unless it exists inside the caller's hierarchy. */
async function requireOwner(scope: DataScope, kind: OwnerType, ownerId: number) {
  const o = owners[kind];
  const rows = await scope.select(o.table, { one: sql`1` }).where(eq(o.id, ownerId));
  if (!rows.length) throw notFound(o.what);
}

/**
 * The owner's `.updated` event, `changedFields: ["contactMethods"]`, in the transaction of the change:
 * the owner's read shows its primary email and phone from these methods (decision 0031).
 */
const ownerChanged = (tx: DataScope, kind: OwnerType, ownerId: number, event: EventTemplate) =>
  emitEvent(tx, event, getTableName(owners[kind].table), ownerId, { changedFields: ['contactMethods'] });

const TYPE_NAMES = new Map<number, string>(Object.entries(CONTACT_METHOD_TYPES)
  .map(([key, id]) => [id, key.replace(/[A-Z]/g, (c) => ` ${c.toLowerCase()}`).replace(/^./, (c) => c.toUpperCase())]));

/** Rules beyond the catalog, for create and PATCH (AMB-72 (a): 0 and -1 mean none). */
function checkRules(values: Record_, keys: Iterable<string>) {
  const errors: Record<string, string[]> = {};
  for (const key of keys) {
    // The catalog has checked each is an integer or null.
    const value = values[key];
    const v = typeof value === 'number' ? value : null;
    if (key === 'contactMethodTypeId' && (v === null || !TYPE_NAMES.has(v))) errors[key] = [`must be a contact method type: ${[...TYPE_NAMES].map(([id, n]) => `${id} ${n}`).join(', ')}`];
    if (key === 'areaCode' && v !== null && v < 0) errors[key] = ['must be 0 (none) or a positive area code'];
    if (key === 'providerId' && v !== null && v < -1) errors[key] = ['must be -1 (none) or a provider id'];
    if (key === 'countryCallingCode' && v !== null && (v < 1 || v > 9999)) errors[key] = ['must be a calling code from 1 to 9999'];
  }
  if (Object.keys(errors).length) throw validationError(errors);
}

/** `ownerEvent`: the owner record's `.updated` event, written with the new method. */
export async function createContactMethod(scope: DataScope, kind: OwnerType, ownerId: number, input: ContactMethodCreateInput, ownerEvent: EventTemplate): Promise<number> {
  const values = {
    contactMethodTypeId: input.contactMethodTypeId, contactMethod: input.contactMethod, isActive: input.isActive ?? true,
    notes: input.notes ?? null, whenAvailable: input.whenAvailable ?? null, areaCode: input.areaCode ?? 0, providerId: input.providerId ?? -1,
    countryCallingCode: input.countryCallingCode ?? null, isPinned: input.isPinned ?? false,
  };
  checkRules(values, Object.keys(values));
  return scope.transaction(async (tx) => {
    await requireOwner(tx, kind, ownerId);
    const [row] = await tx.insert(contactMethods, { ownerType: kind, ownerId, ...values }).returning({ id: contactMethods.id });
    await ownerChanged(tx, kind, ownerId, ownerEvent);
    return row!.id;
  });
}

const toRecord = (row: typeof contactMethods.$inferSelect) => {
  const { tenantId: _t, ownerType: _o, ownerId: _i, id, createdAt, updatedAt, ...fields } = row;
  return { contactMethodId: id, ...fields, contactMethodType: TYPE_NAMES.get(fields.contactMethodTypeId) ?? '', createdAt, updatedAt };
};

/** A method as its owner's: the owner's hierarchy node, by the method's owner type. */
const OWNER_HIER = `case r.owner_type ${Object.entries(owners).map(([kind, o]) =>
  `when '${kind}' then (select o.hier_id from ${getTableName(o.table)} o where o.tenant_id = r.tenant_id and o.id = r.owner_id)`).join(' ')} end`;

/** One contact method, visible when its owner is; the owner is checked after (another owner's method is not found). */
const readMethod = byIdReader({
  name: 'contact_methods_by_ids',
  table: 'contact_methods',
  key: 'contactMethodId',
  select: `r.id as "contactMethodId", ${catalogSelect(contactMethodCatalog)},
      case r.contact_method_type_id ${[...TYPE_NAMES].map(([id, name]) => `when ${id} then '${name.replace(/'/g, "''")}'`).join(' ')} else '' end as "contactMethodType",
      r.created_at as "createdAt", r.updated_at as "updatedAt", r.owner_type as "ownerType", r.owner_id as "ownerId"`,
  hier: OWNER_HIER,
});

/** One of the owner's methods (only `fields` and the id, given them: decision 0051), or undefined. */
export async function getContactMethod(scope: DataScope, kind: OwnerType, ownerId: number, id: number, fields?: readonly string[]) {
  const row = await readMethod(scope, id, undefined, fields && [...fields, 'ownerType', 'ownerId']);
  if (!row || row.ownerType !== kind || row.ownerId !== ownerId) return undefined;
  const { ownerType: _o, ownerId: _i, ...method } = row;
  return method;
}

/** The columns that read `fields` (JSON names): a method's type name is its type id's; the id always. */
function methodColumns(fields: readonly string[]): Record<string, AnyPgColumn> {
  const wanted = new Set(fields.map((f) => (f === 'contactMethodType' ? 'contactMethodTypeId' : f)));
  return Object.fromEntries(Object.entries(getTableColumns(contactMethods)).filter(([name]) => name === 'id' || wanted.has(name)));
}

/** A method read by methodColumns, as the record names it (what was not asked for is left to the route's pick). */
function toPartialRecord(row: Record<string, unknown>): Record_ {
  const { id, ...fields } = row;
  return { contactMethodId: id, ...fields, contactMethodType: TYPE_NAMES.get(Number(row.contactMethodTypeId)) ?? '' };
}

/** The owner's methods, pinned first (only `fields` and the id, given them: decision 0051). */
export async function listContactMethods(scope: DataScope, kind: OwnerType, ownerId: number, filter: ContactMethodListFilter, fields?: readonly string[]): Promise<Paged<Record_>> {
  await requireOwner(scope, kind, ownerId);
  const m = contactMethods;
  const where = and(ownedBy(scope, kind, ownerId),
    filter.contactMethodTypeId === undefined ? undefined : eq(m.contactMethodTypeId, filter.contactMethodTypeId),
    filter.isActive === undefined ? undefined : eq(m.isActive, filter.isActive));
  const totalCount = sql<number>`count(*) over ()`.mapWith(Number);
  const countAll = async () => (await scope.select(m, { n: sql<number>`count(*)`.mapWith(Number) }).where(where))[0]!.n;
  if (fields) {
    const rows = await scope.select(m, { row: methodColumns(fields), totalCount }).where(where).orderBy(desc(m.isPinned), asc(m.id)).limit(filter.take).offset(filter.skip);
    return toPage(rows, filter, (r) => toPartialRecord(r.row), countAll);
  }
  const rows = await scope.select(m, { row: m, totalCount })
    .where(where).orderBy(desc(m.isPinned), asc(m.id)).limit(filter.take).offset(filter.skip);
  return toPage(rows, filter, (r) => toRecord(r.row), countAll);
}

/**
 * PATCH target for one owner's methods (AMB-73 (a): another owner's method answers 404). Contact
 * methods have no hierarchy node of their own: the owner's decides whether the caller sees them.
 */
/** `ownerEvent`: the owner record's `.updated` event, written when a PATCH changed the method. */
export function contactMethodPatchTarget(kind: OwnerType, ownerId: number, ownerEvent: EventTemplate): PatchTarget {
  return {
    catalog: contactMethodCatalog,
    table: contactMethods,
    what: 'The contact method',
    visible: (scope) => scope.visible(ownerHier(kind)),
    where: () => and(eq(contactMethods.ownerType, kind), eq(contactMethods.ownerId, ownerId)),
    validate: async ({ next, changes }: PatchContext) => checkRules(next, [...changes.keys()].map((f) => f.json)),
    after: ({ scope }) => ownerChanged(scope, kind, ownerId, ownerEvent),
  };
}

const methodOf = nameIn('contact_methods', 'x.contact_method');
/** A record's primary email address and phone number (a contact's, a customer's, an employee's), in its select lists. */
export const PRIMARY_METHODS = `${methodOf('r.primary_email_address_contact_method_id')} as "primaryEmailAddress",
      ${methodOf('r.primary_phone_number_contact_method_id')} as "primaryPhoneNumber"`;

/** The value (address, number) of a contact method, for an owner's primary email or phone. */
export const methodValue = (tenantId: AnyPgColumn, methodId: AnyPgColumn) =>
  sql<string | null>`(select m.contact_method from contact_methods m where m.tenant_id = ${qualified(tenantId)} and m.id = ${qualified(methodId)})`;

/** Whether a contact method belongs to the owner (the primary email/phone of a record). */
export async function isMethodOf(scope: DataScope, kind: OwnerType, ownerId: number, methodId: number): Promise<boolean> {
  const rows = await scope.select(contactMethods, { one: sql`1` })
    .where(and(eq(contactMethods.id, methodId), eq(contactMethods.ownerType, kind), eq(contactMethods.ownerId, ownerId)));
  return rows.length > 0;
}

/** `Primary…ContactMethodId`: one of the record's own contact methods. */
export function ownContactMethod(kind: OwnerType): Rule {
  return rule(async (v, { scope, id }) => (await isMethodOf(scope, kind, id!, Number(v))) ? undefined : `is not a contact method of this ${kind}`, { onRecordOnly: true });
}
