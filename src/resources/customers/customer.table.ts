import { branches } from '../../platform/db/schema.ts';
import { recordTable } from '../../platform/db/record-table.ts';
import { addressColumns, worksites } from '../reference-data/reference.table.ts';
import { customerCatalog } from './customer.patch-catalog.ts';

export const customers = recordTable('customers', customerCatalog, {
  bigintId: true,
  extra: addressColumns(),
  references: { branchId: branches, worksiteId: worksites },
  indexes: [['customerName']],
});
