// Data access for vendors: create, read, list. A vendor's hierarchy node is its own catalog field
// (HierId); the field rules (vendor.record.ts) run before create. IsVendor is always true (AMB-71 (a)).
import { and, asc, eq, sql } from 'drizzle-orm';
import type { DataScope } from '../../platform/scope.ts';
import { byIdReader, catalogSelect } from '../../platform/records/read.ts';
import { validationError } from '../../platform/http/json-patch/patch.ts';
import { checkValue } from '../../platform/http/json-patch/values.ts';
import { toPage, type Paged } from '../../platform/http/paging.ts';
import { vendors } from './vendor.table.ts';
import { vendorCatalog } from './vendor.patch-catalog.ts';
import type { VendorCreateInput, VendorListFilter } from './vendor.schemas.ts';

type Errors = Record<string, string[]>;

const v = vendors;

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
    // Required on create (REQUIRED_ON_CREATE): the columns without a default.
    const { companyTypeId, employerId, paymentTypeId } = values;
    if (typeof companyTypeId !== 'string') errors.companyTypeId ??= ['is required'];
    if (typeof employerId !== 'number') errors.employerId ??= ['is required'];
    if (typeof paymentTypeId !== 'number') errors.paymentTypeId ??= ['is required'];
    if (Object.keys(errors).length || typeof companyTypeId !== 'string' || typeof employerId !== 'number' || typeof paymentTypeId !== 'number') throw validationError(errors);
    const [row] = await tx.db.insert(vendors).values({
      tenantId: tx.tenantId, hierId: tx.principal.hierId, isActive: true, isVendor: true, ...values, companyTypeId, employerId, paymentTypeId,
    }).returning({ id: vendors.id });
    return row!.id;
  });
}

/** One vendor: every catalog field (its node is one). */
export const getVendor = byIdReader({
  name: 'vendors_by_ids',
  table: 'vendors',
  key: 'vendorId',
  select: `r.id as "vendorId", ${catalogSelect(vendorCatalog)}`,
});

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
  }).from(vendors).where(where).orderBy(asc(v.companyName), asc(vendors.id)).limit(filter.take).offset(filter.skip);
  return toPage(rows, filter, ({ totalCount: _t, ...item }) => item, async () =>
    (await scope.db.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(vendors).where(where))[0]!.n);
}
