// Data access for vendors: create, read, list, and the PATCH target. A vendor's hierarchy node is its
// own catalog field (HierId). IsVendor is always true (AMB-71 (a)); DiscountMethod is stored only.
import { existsInTenant } from '../../platform/db/references.ts';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { DataScope } from '../../platform/scope.ts';
import { prepared, type Db } from '../../platform/db/database.ts';
import { hierarchyNodes } from '../../platform/db/schema.ts';
import { validationError } from '../../platform/http/json-patch/patch.ts';
import { checkValue } from '../../platform/http/json-patch/values.ts';
import type { PatchContext, PatchTarget } from '../../platform/http/json-patch/apply.ts';
import { toPage, type Paged } from '../../platform/http/paging.ts';
import { employees } from '../employees/employee.table.ts';
import { vendors } from './vendor.table.ts';
import { vendorCatalog } from './vendor.patch-catalog.ts';
import type { VendorCreateInput, VendorListFilter } from './vendor.schemas.ts';

type Errors = Record<string, string[]>;

type Column = 'hierId' | 'companyName' | 'departmentName' | 'contactName' | 'phoneNumber' | 'emailAddress' | 'isActive';
const v = vendors as unknown as Record<Column, AnyPgColumn>;
/** Drizzle types a run-time-column table as `never` rows: queries name it as a plain table. */
const table = vendors as unknown as PgTable;

/** Rules beyond the catalog for the vendor as it will be; `keys` are the fields given or changed. */
async function checkRules(scope: DataScope, record: Record<string, unknown>, keys: string[], id?: number): Promise<void> {
  const errors: Errors = {};
  const rule = async (json: string, ok: () => Promise<boolean> | boolean, message: string) => {
    if (keys.includes(json) && record[json] != null && !(await ok())) (errors[json] ??= []).push(message);
  };
  await rule('isVendor', () => record.isVendor === true, 'must be true: a vendor is always a vendor (AMB-71)');
  await rule('hierId', () => existsInTenant(scope, hierarchyNodes, record.hierId, scope.visible(hierarchyNodes.id)), 'no such hierarchy node inside your hierarchy');
  await rule('parentCompanyIdent', () => record.parentCompanyIdent !== id && existsInTenant(scope, vendors, record.parentCompanyIdent, scope.visible(v.hierId)),
    'no such other vendor inside your hierarchy');
  await rule('pseudoEmployeeId', () => existsInTenant(scope, employees, record.pseudoEmployeeId, scope.visible(employees.hierId)), 'no such employee inside your hierarchy');
  if (Object.keys(errors).length) throw validationError(errors);
}

export async function createVendor(scope: DataScope, input: VendorCreateInput): Promise<number> {
  return scope.transaction(async (tx) => {
    const errors: Errors = {};
    const values: Record<string, unknown> = {};
    for (const field of vendorCatalog.fields) {
      if (input[field.json] == null) continue;
      const checked = checkValue(field, input[field.json]);
      if (checked.ok) values[field.json] = checked.value;
      else (errors[field.json] ??= []).push(checked.message);
    }
    if (Object.keys(errors).length) throw validationError(errors);
    await checkRules(tx, values, Object.keys(values));
    const [row] = await tx.db.insert(vendors).values({
      tenantId: tx.tenantId, hierId: tx.principal.hierId, isActive: true, isVendor: true, ...values,
    } as never).returning({ id: vendors.id }) as { id: number }[];
    return row!.id;
  });
}

const byId = prepared((db: Db) => db.select().from(table)
  .where(and(eq(vendors.tenantId, sql.placeholder('tenantId')), eq(vendors.id, sql.placeholder('id')), sql`${v.hierId} = any(${sql.placeholder('hierIds')})`))
  .prepare('vendor_by_id'));

export async function getVendor(scope: DataScope, id: number) {
  const [row] = await byId(scope.db).execute({ tenantId: scope.tenantId, id, hierIds: scope.hierIds }) as Record<string, unknown>[];
  if (!row) return undefined;
  return { vendorId: row.id, ...Object.fromEntries(vendorCatalog.fields.map((f) => [f.json, row[f.json]])) };
}

export async function listVendors(scope: DataScope, filter: VendorListFilter): Promise<Paged<Record<string, unknown>>> {
  const where = and(
    eq(vendors.tenantId, scope.tenantId),
    scope.visible(v.hierId),
    filter.isActive === undefined ? undefined : eq(v.isActive, filter.isActive),
    filter.companyName === undefined ? undefined : sql`lower(${v.companyName}) like ${filter.companyName.toLowerCase().replace(/[\\%_]/g, '\\$&') + '%'}`,
  );
  const rows = await scope.db.select({
    vendorId: vendors.id, companyName: v.companyName, departmentName: v.departmentName, contactName: v.contactName, phoneNumber: v.phoneNumber,
    emailAddress: v.emailAddress, isActive: v.isActive, hierId: v.hierId, totalCount: sql<number>`count(*) over ()`.mapWith(Number),
  }).from(table).where(where).orderBy(asc(v.companyName), asc(vendors.id)).limit(filter.take).offset(filter.skip);
  return toPage(rows, filter, ({ totalCount: _t, ...item }) => item, async () =>
    (await scope.db.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(table).where(where))[0]!.n);
}

async function validatePatch({ scope, id, next, changes }: PatchContext): Promise<void> {
  await checkRules(scope, next, [...changes.keys()].map((f) => f.json), id);
}

export const vendorPatchTarget: PatchTarget = {
  catalog: vendorCatalog,
  table: vendors as unknown as PatchTarget['table'],
  what: 'The vendor',
  validate: validatePatch,
};
