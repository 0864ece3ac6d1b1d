// Test data for the job title, job order and timecard route tests: direct inserts of what those
// resources reference (customers, worksites, contacts), lookup ids by name, and the JSON Patch
// operation cases every PATCH route shares. Not a test file itself (no `.test.ts` suffix).
import { and, asc, eq } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import { expect, it } from 'vitest';
import type { Db } from '../../platform/db/database.ts';
import { orderTypes, serviceReps } from '../../platform/db/schema.ts';
import { jobOrderDurations, jobOrderStatuses, jobTitleCategories, payCodes, salesTeams, shifts, workerCompCodes, worksites } from '../reference-data/reference.table.ts';
import { customers } from '../customers/customer.table.ts';
import { contacts } from '../contacts/contact.table.ts';
import { contactMethods, CONTACT_METHOD_TYPES } from '../contact-methods/contact-method.table.ts';
import type { TenantFixture } from '../../../test/helpers.ts';

type Named = PgTable & { tenantId: AnyPgColumn; id: AnyPgColumn; name: AnyPgColumn };
const LOOKUPS = { orderTypes, jobOrderStatuses, salesTeams, jobOrderDurations, workerCompCodes, payCodes, jobTitleCategories, shifts } as unknown as Record<string, Named>;

/** The id of a tenant's lookup item by name, or the first one. */
export async function lookupId(db: Db, tenantId: number, list: keyof typeof LOOKUPS & string, name?: string): Promise<number & string> {
  const table = LOOKUPS[list]!;
  const [row] = await db.select({ id: table.id }).from(table as PgTable)
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

// ---- JSON Patch operations, the same for every PATCH route ---------------------------------------

export interface OpsHarness {
  patch(document: unknown[], contentType?: string): Promise<{ statusCode: number; body: string }>;
  /** The record's catalog fields by JSON name, JSON-normalised (dates as ISO strings). */
  read(): Promise<Record<string, unknown>>;
  /** Two non-nullable String fields (catalog names) that both take 'abc' and 'xyz'. */
  strings: [string, string];
  /** A nullable field, a field its value may move to, and such a value. */
  move: { from: string; to: string; value: unknown };
}

const camel = (name: string) => name[0]!.toLowerCase() + name.slice(1);
const iso = (v: unknown) => (typeof v === 'string' && /^\d{4}-\d\d-\d\dT/.test(v) ? new Date(v).toISOString() : v);

/** The op cases: `it`s for the describe block they are called in. `rules` are prefixed to each name. */
export function patchOperationCases(rules: string, harness: () => OpsHarness) {
  const run = async (doc: unknown[], status: number, contentType?: string) => {
    const res = await harness().patch(doc, contentType);
    expect(res.statusCode, res.body).toBe(status);
    return res;
  };
  const value = async (name: string) => iso((await harness().read())[camel(name)]);

  it(`${rules} PATCH-05 PATCH-09 PATCH-15 PATCH-16: add and replace, any path casing, json-patch+json or json; 200 empty body`, async () => {
    const [a] = harness().strings;
    const res = await run([{ op: 'add', path: `/${a}`, value: 'abc' }], 200, 'application/json-patch+json');
    expect(res.body).toBe('');
    expect(await value(a)).toBe('abc');
    await run([{ op: 'replace', path: `/${a.toLowerCase()}`, value: 'xyz' }], 200);
    expect(await value(a)).toBe('xyz');
    await run([{ op: 'replace', path: `/${camel(a)}`, value: 'abc' }], 200, 'application/json');
    expect(await value(a)).toBe('abc');
  });

  it(`${rules} PATCH-05 AMB-12: copy sets path to from's value; move also nulls from`, async () => {
    const { strings: [a, b], move } = harness();
    await run([{ op: 'replace', path: `/${a}`, value: 'abc' }, { op: 'replace', path: `/${b}`, value: 'xyz' }, { op: 'copy', from: `/${a}`, path: `/${b}` }], 200);
    expect(await value(b)).toBe('abc');
    await run([{ op: 'replace', path: `/${move.from}`, value: move.value }, { op: 'move', from: `/${move.from}`, path: `/${move.to}` }], 200);
    expect(await value(move.to)).toEqual(iso(move.value));
    expect(await value(move.from)).toBeNull();
  });

  it(`${rules} PATCH-05 PATCH-14 AMB-12: remove nulls a nullable field and is refused on a non-nullable one`, async () => {
    const { strings: [a], move } = harness();
    await run([{ op: 'replace', path: `/${move.from}`, value: move.value }], 200);
    await run([{ op: 'remove', path: `/${move.from}` }], 200);
    expect(await value(move.from)).toBeNull();
    const res = await run([{ op: 'remove', path: `/${a}` }], 400);
    expect(Object.keys(JSON.parse(res.body).errors)).toEqual([camel(a)]);
  });

  it(`${rules} PATCH-05 AMB-12: test passes and the document applies; a failed test answers 409 and changes nothing`, async () => {
    const [a, b] = harness().strings;
    await run([{ op: 'replace', path: `/${a}`, value: 'abc' }], 200);
    await run([{ op: 'test', path: `/${a}`, value: 'abc' }, { op: 'replace', path: `/${b}`, value: 'xyz' }], 200);
    expect(await value(b)).toBe('xyz');
    await run([{ op: 'replace', path: `/${b}`, value: 'abc' }, { op: 'test', path: `/${a}`, value: 'not this' }], 409);
    expect(await value(b)).toBe('xyz');
  });

  it(`${rules} PATCH-05 PATCH-11 PATCH-17 AMB-13 AMB-14: one bad operation (unknown field, unknown op) refuses the whole document`, async () => {
    const [a] = harness().strings;
    await run([{ op: 'replace', path: `/${a}`, value: 'abc' }], 200);
    const unknown = await run([{ op: 'replace', path: `/${a}`, value: 'xyz' }, { op: 'replace', path: '/NoSuchField', value: 1 }], 400);
    expect(Object.keys(JSON.parse(unknown.body).errors)).toEqual(['NoSuchField']);
    await run([{ op: 'replace', path: `/${a}`, value: 'xyz' }, { op: 'frobnicate', path: `/${a}`, value: 'x' }], 400);
    expect(await value(a)).toBe('abc');
  });
}
