// Keeping the back office's lists (`staffing lists`, decision 0028): entries are added and
// deactivated, never deleted, since records keep the ids they hold. A name is unique in its list (any
// case); adding a deactivated entry's name activates it again.
import { and, eq, sql, type SQL } from 'drizzle-orm';
import { pgError, type Db } from '../../platform/db/database.ts';
import { CODE_LISTS, isJurisdictionKind, type CodeListTable } from '../reference-data/back-office.lists.ts';
import { JURISDICTION_KINDS, purchaseOrders, taxJurisdictions } from '../reference-data/reference.table.ts';
import { customers } from '../customers/customer.table.ts';

/** A refusal worth telling the user as it is (unknown list or customer, a name already there or not there). */
export class ListEntryError extends Error {}

/** Every list `staffing lists` keeps: the code lists, tax jurisdictions (by kind), purchase orders (by customer). */
export const LIST_NAMES = [...CODE_LISTS.map((l) => l.name), 'TaxJurisdictions', 'PurchaseOrders'];

const UNIQUE_VIOLATION = '23505';

/** Where an entry lives: its list's table and, for jurisdictions and purchase orders, its kind or customer. */
interface Place { table: CodeListTable; where?: SQL; extra?: Record<string, string | number> }

export interface Within { kind?: string; customerId?: number }

async function placeOf(db: Db, tenantId: number, list: string, within: Within): Promise<Place> {
  if (list === 'TaxJurisdictions') {
    const { kind } = within;
    if (kind === undefined || !isJurisdictionKind(kind)) throw new ListEntryError(`TaxJurisdictions needs --kind ${JURISDICTION_KINDS.join('|')}.`);
    return { table: taxJurisdictions, where: eq(taxJurisdictions.kind, kind), extra: { kind } };
  }
  if (list === 'PurchaseOrders') {
    const { customerId } = within;
    if (customerId === undefined) throw new ListEntryError('PurchaseOrders needs --customer <id>.');
    const [customer] = await db.select({ id: customers.id }).from(customers).where(and(eq(customers.tenantId, tenantId), eq(customers.id, customerId)));
    if (!customer) throw new ListEntryError(`The tenant has no customer ${customerId}.`);
    return { table: purchaseOrders, where: eq(purchaseOrders.customerId, customerId), extra: { customerId } };
  }
  const codeList = CODE_LISTS.find((l) => l.name === list);
  if (!codeList) throw new ListEntryError(`No list named "${list}". Lists: ${LIST_NAMES.join(', ')}.`);
  return { table: codeList.table };
}

async function entryNamed(db: Db, tenantId: number, place: Place, name: string) {
  const { table } = place;
  const [entry] = await db.select({ id: table.id, isActive: table.isActive }).from(table)
    .where(and(eq(table.tenantId, tenantId), sql`lower(${table.name}) = lower(${name})`, place.where));
  return entry;
}

/** Adds the entry (or activates it again); a sentence saying which. */
export async function addListEntry(db: Db, tenantId: number, list: string, name: string, within: Within = {}): Promise<string> {
  const place = await placeOf(db, tenantId, list, within);
  const existing = await entryNamed(db, tenantId, place, name);
  if (existing?.isActive === true) throw new ListEntryError(`${list} already holds "${name}" (id ${String(existing.id)}).`);
  if (existing) {
    await db.update(place.table).set({ isActive: true }).where(and(eq(place.table.tenantId, tenantId), eq(place.table.id, existing.id)));
    return `${list} ${String(existing.id)} "${name}" is active again.`;
  }
  // Another add of the same name may commit between the look and the insert: the unique index says so.
  const [added] = await db.insert(place.table).values({ tenantId, name, ...place.extra }).returning({ id: place.table.id }).catch((e: unknown) => {
    throw pgError(e)?.code === UNIQUE_VIOLATION ? new ListEntryError(`${list} already holds "${name}".`) : e;
  });
  return `${list} ${String(added?.id)} "${name}" added.`;
}

/** Deactivates the entry: records keep it, new values may no longer take it. */
export async function deactivateListEntry(db: Db, tenantId: number, list: string, name: string, within: Within = {}): Promise<string> {
  const place = await placeOf(db, tenantId, list, within);
  const existing = await entryNamed(db, tenantId, place, name);
  if (!existing) throw new ListEntryError(`${list} holds no "${name}".`);
  await db.update(place.table).set({ isActive: false }).where(and(eq(place.table.tenantId, tenantId), eq(place.table.id, existing.id)));
  return `${list} ${String(existing.id)} "${name}" deactivated: records keep it, new values may not take it.`;
}
