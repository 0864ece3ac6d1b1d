// Contact methods (emails, phones, ...) belong to an employee, a contact or a customer.
import { sql } from 'drizzle-orm';
import { bigint, index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { catalogColumns } from '../../platform/records/catalog-columns.ts';
import { contactMethodCatalog } from './contact-method.patch-catalog.ts';

export const OWNER_TYPES = ['employee', 'contact', 'customer'] as const;
export type OwnerType = (typeof OWNER_TYPES)[number];

export const contactMethods = pgTable('contact_methods', {
  tenantId: integer('tenant_id').notNull(),
  id: integer('id').generatedAlwaysAsIdentity(),
  ownerType: text('owner_type', { enum: OWNER_TYPES }).notNull(),
  ownerId: bigint('owner_id', { mode: 'number' }).notNull(),
  ...catalogColumns(contactMethodCatalog),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
}, (t) => [
  primaryKey({ columns: [t.tenantId, t.id] }),
  index('contact_methods_owner').on(t.tenantId, t.ownerType, t.ownerId),
  index('contact_methods_value').on(t.tenantId, sql`lower(contact_method) text_pattern_ops`),
]);

/** ContactMethodTypeId values (Int16). */
export const CONTACT_METHOD_TYPES = { email: 1, homePhone: 2, cellPhone: 3, workPhone: 4, fax: 5, website: 6 } as const;
