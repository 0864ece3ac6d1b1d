import { integer, varchar } from 'drizzle-orm/pg-core';
import { branches } from '../../platform/db/schema.ts';
import { recordTable } from '../../platform/db/record-table.ts';
import { worksites } from '../reference-data/reference.table.ts';
import { customerCatalog } from './customer.patch-catalog.ts';

export const customers = recordTable('customers', customerCatalog, {
  bigintId: true,
  extra: {
    street1: varchar('street1', { length: 50 }),
    street2: varchar('street2', { length: 50 }),
    municipality: varchar('municipality', { length: 50 }),
    region: varchar('region', { length: 5 }),
    postalCode: varchar('postal_code', { length: 10 }),
    countryCode: integer('country_code').notNull().default(840),
  },
  references: { branchId: branches, worksiteId: worksites },
  indexes: [['customerName']],
});
