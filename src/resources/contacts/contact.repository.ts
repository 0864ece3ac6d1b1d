// Data access for contacts (people at customers and vendors): create, read, list, and the PATCH
// target. Every query is bound to the caller's tenant and hierarchy through the DataScope; a contact
// lives at its branch's node.
import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { DataScope } from '../../platform/scope.ts';
import { prepared, type Db } from '../../platform/db/database.ts';
import { branches, howHeardOf, serviceReps } from '../../platform/db/schema.ts';
import { invalid } from '../../platform/http/errors.ts';
import { validationError, type Record_ } from '../../platform/http/json-patch/patch.ts';
import type { PatchTarget } from '../../platform/http/json-patch/apply.ts';
import { toPage, type Paged } from '../../platform/http/paging.ts';
import { employees } from '../employees/employee.table.ts';
import { vendors } from '../vendors/vendor.table.ts';
import { customers } from '../customers/customer.table.ts';
import { isMessageOf, startsWith, worksiteFits } from '../customers/customer.repository.ts';
import { visibleBranch } from '../../platform/db/branches.ts';
import { isMethodOf, methodValue } from '../contact-methods/contact-method.repository.ts';
import { contacts } from './contact.table.ts';
import { contactCatalog } from './contact.patch-catalog.ts';
import type { ContactCreateInput, ContactListFilter } from './contact.schemas.ts';

/** How-heard-of options asked of contacts (docs/decisions/0004-datalists.md). */
const CONTACT_ORIGIN = 2;

async function visibleIn(scope: DataScope, table: { tenantId: AnyPgColumn; id: AnyPgColumn; hierId: AnyPgColumn }, id: number): Promise<boolean> {
  const rows = await scope.db.select({ one: sql`1` }).from(table.id.table).where(and(eq(table.tenantId, scope.tenantId), eq(table.id, id), scope.visible(table.hierId)));
  return rows.length > 0;
}

/** A real calendar date written YYYY-MM-DD (AMB-76 (a)). */
export function isIsoDate(text: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) return false;
  const date = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === text;
}

/**
 * Rules beyond the types, for create and PATCH: references exist inside the caller's hierarchy
 * (AMB-78), Birthday is a date, the how-heard-of option is a contact option and its RequireDetails
 * holds (AMB-74 (a)). `id` is the contact's (undefined on create: it has no methods or messages yet).
 */
async function checkRules(scope: DataScope, next: Record_, changed: Set<string>, id?: number): Promise<void> {
  const errors: Record<string, string[]> = {};
  const check = async (json: string, ok: (value: never) => boolean | Promise<boolean>, message: string) => {
    if (changed.has(json) && next[json] != null && !(await ok(next[json] as never))) (errors[json] ??= []).push(message);
  };
  await check('customerId', (v: number) => visibleIn(scope, customers, v), 'no such customer inside your hierarchy');
  await check('companyId', (v: number) => visibleIn(scope, vendors, v), 'no such vendor inside your hierarchy');
  await check('employeeId', (v: number) => visibleIn(scope, employees, v), 'no such employee inside your hierarchy');
  await check('serviceRepId', (v: number) => visibleIn(scope, serviceReps, v), 'no such service rep inside your hierarchy');
  await check('worksiteId', (v: number) => worksiteFits(scope, v, (next.customerId as number | null) ?? null), 'no such worksite (of the contact\'s customer)');
  await check('birthday', isIsoDate, 'must be a date written YYYY-MM-DD');
  if (id !== undefined) {
    for (const key of ['primaryEmailAddressContactMethodId', 'primaryPhoneNumberContactMethodId']) await check(key, (v: number) => isMethodOf(scope, 'contact', id, v), 'is not a contact method of this contact');
    await check('primaryMessageId', (v: number) => isMessageOf(scope, 'contact', id, v), 'is not a message of this contact');
  }
  if ((changed.has('howHeardOfId') || changed.has('howHeardOfDetail')) && next.howHeardOfId != null) {
    const [option] = await scope.db.select({ requireDetails: howHeardOf.requireDetails }).from(howHeardOf)
      .where(and(eq(howHeardOf.tenantId, scope.tenantId), eq(howHeardOf.id, next.howHeardOfId as number), eq(howHeardOf.originTypeId, CONTACT_ORIGIN)));
    if (!option) (errors.howHeardOfId ??= []).push(`is not a contact option of GET /Datalists/HowHeardOf?originTypeId=${CONTACT_ORIGIN}`);
    else if (option.requireDetails && !String(next.howHeardOfDetail ?? '').trim()) (errors.howHeardOfDetail ??= []).push('is required by the chosen how-heard-of option');
  }
  if (Object.keys(errors).length) throw validationError(errors);
}

export async function createContact(scope: DataScope, input: ContactCreateInput): Promise<number> {
  const branch = await visibleBranch(scope, input.branchId);
  if (!branch) throw invalid('branchId', 'no such branch inside your hierarchy');
  const values: Record_ = {
    firstName: input.firstName, lastName: input.lastName, branchId: branch.id, customerId: input.customerId ?? null, companyId: input.companyId ?? null,
    employeeId: input.employeeId ?? null, worksiteId: input.worksiteId ?? null, title: input.title ?? null, nickName: input.nickName ?? null,
    honorific: input.honorific ?? null, birthday: input.birthday ?? null, note: input.note ?? '', howHeardOfId: input.howHeardOfId ?? null,
    howHeardOfDetail: input.howHeardOfDetail ?? null, serviceRepId: input.serviceRepId ?? scope.principal.serviceRepId,
  };
  await checkRules(scope, values, new Set(Object.keys(values).filter((k) => k !== 'branchId')));
  return scope.transaction(async (tx) => {
    const [row] = await tx.db.insert(contacts).values({ tenantId: tx.tenantId, hierId: branch.hierId, ...values } as never).returning({ id: contacts.id });
    return row!.id as number;
  });
}

const email = methodValue(contacts.tenantId, contacts.primaryEmailAddressContactMethodId!);
const phone = methodValue(contacts.tenantId, contacts.primaryPhoneNumberContactMethodId!);
const branchJoin = and(eq(branches.tenantId, contacts.tenantId), eq(branches.id, contacts.branchId!));
const customerJoin = and(eq(customers.tenantId, contacts.tenantId), eq(customers.id, contacts.customerId!));
const customerName = sql<string | null>`${customers.customerName}`;
/** For FROM: a record table's row type is known only at run time. */
const from = contacts as unknown as PgTable;
const customersTable = customers as unknown as PgTable;

const byId = prepared((db: Db) => db.select({ row: contacts, branch: branches.name, customerName, primaryEmailAddress: email, primaryPhoneNumber: phone })
  .from(contacts)
  .innerJoin(branches, branchJoin)
  .leftJoin(customersTable, customerJoin)
  .where(and(eq(contacts.tenantId, sql.placeholder('tenantId')), eq(contacts.id, sql.placeholder('id')), sql`${contacts.hierId} = any(${sql.placeholder('hierIds')})`))
  .prepare('contact_by_id'));

export async function getContact(scope: DataScope, id: number) {
  const [found] = await byId(scope.db).execute({ tenantId: scope.tenantId, id, hierIds: scope.hierIds });
  if (!found) return undefined;
  const { row, ...names } = found as unknown as { row: Record_ } & Record_;
  const { tenantId: _t, id: contactId, ...rest } = row;
  return { contactId, ...rest, ...names };
}

export async function listContacts(scope: DataScope, filter: ContactListFilter): Promise<Paged<Record_>> {
  const c = contacts;
  const where: SQL | undefined = and(
    eq(c.tenantId, scope.tenantId),
    scope.visible(c.hierId),
    filter.customerId === undefined ? undefined : eq(c.customerId!, filter.customerId),
    filter.lastName === undefined ? undefined : startsWith(c.lastName, filter.lastName),
  );
  const rows = await scope.db.select({
    contactId: c.id, firstName: c.firstName!, lastName: c.lastName!, title: c.title!, customerId: c.customerId!, customerName,
    branchId: c.branchId!, branch: branches.name, primaryEmailAddress: email, primaryPhoneNumber: phone,
    totalCount: sql<number>`count(*) over ()`.mapWith(Number),
  }).from(from).innerJoin(branches, branchJoin).leftJoin(customersTable, customerJoin)
    .where(where).orderBy(asc(c.lastName!), asc(c.firstName!), asc(c.id)).limit(filter.take).offset(filter.skip);
  return toPage(rows, filter, ({ totalCount: _t, ...item }) => item, async () =>
    (await scope.db.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(from).where(where))[0]!.n);
}


export const contactPatchTarget: PatchTarget = {
  catalog: contactCatalog,
  table: contacts,
  what: 'The contact',
  validate: ({ scope, id, next, changes }) => checkRules(scope, next, new Set([...changes.keys()].map((f) => f.json)), id),
  followsBranch: true,
};
