// The employees table: the catalog's columns plus what the create request and the read shape need.
// The government id is kept only as a keyed hash (for the duplicate check) and its last four
// characters (for display): it can never be returned in full.
import { sql } from 'drizzle-orm';
import { type AnyPgColumn, foreignKey, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex, varchar, boolean } from 'drizzle-orm/pg-core';
import { branches, bytea, hierarchyNodes, serviceReps } from '../../platform/db/schema.ts';
import { catalogColumns } from '../../platform/records/catalog-columns.ts';
import { bigIdentity } from '../../platform/db/columns.ts';
import { employeeCatalog } from './employee.patch-catalog.ts';
import { externalIdColumn, externalIdIndex } from '../../platform/records/external-id.ts';

/** The catalog's columns that reference other tables. */
function catalogReferences(c: { tenantId: AnyPgColumn; branchId: AnyPgColumn; serviceRepId: AnyPgColumn }) {
  return [
    foreignKey({ columns: [c.tenantId, c.branchId], foreignColumns: [branches.tenantId, branches.id] }),
    foreignKey({ columns: [c.tenantId, c.serviceRepId], foreignColumns: [serviceReps.tenantId, serviceReps.id] }),
  ];
}

export const employees = pgTable('employees', {
  tenantId: integer('tenant_id').notNull(),
  id: bigIdentity(),
  hierId: integer('hier_id').notNull(),
  ...catalogColumns(employeeCatalog),
  street1: varchar('street1', { length: 50 }),
  street2: varchar('street2', { length: 50 }),
  municipality: varchar('municipality', { length: 50 }),
  region: varchar('region', { length: 5 }).notNull(),
  postalCode: varchar('postal_code', { length: 10 }),
  countryCode: integer('country_code').notNull(),
  bypassAddressValidation: boolean('bypass_address_validation').notNull().default(true),
  dateAddressStandardized: timestamp('date_address_standardized', { withTimezone: true, mode: 'date' }),
  governmentIdHash: bytea('government_id_hash'),
  governmentIdLast4: varchar('government_id_last4', { length: 4 }),
  employeeStatusId: text('employee_status_id').notNull().default('N'),
  ...externalIdColumn('employees'),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
}, (t) => [
  ...catalogReferences(t),
  primaryKey({ columns: [t.tenantId, t.id] }),
  foreignKey({ columns: [t.tenantId, t.hierId], foreignColumns: [hierarchyNodes.tenantId, hierarchyNodes.id] }),
  uniqueIndex('employees_government_id').on(t.tenantId, t.governmentIdHash).where(sql`government_id_hash is not null`),
  index('employees_hier').on(t.tenantId, t.hierId),
  externalIdIndex('employees', t),
  index('employees_last_name').on(t.tenantId, sql`lower(last_name) text_pattern_ops`),
  index('employees_first_name').on(t.tenantId, sql`lower(first_name) text_pattern_ops`),
]);
