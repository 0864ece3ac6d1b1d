import { branches } from '../../platform/db/schema.ts';
import { recordTable } from '../../platform/records/record-table.ts';
import { addressColumns } from '../reference-data/reference.table.ts';
import { worksites } from '../worksites/worksite.table.ts';
import { customerCatalog } from './customer.patch-catalog.ts';

export const customers = recordTable('customers', customerCatalog, {
  bigintId: true,
  extra: addressColumns(),
  references: { branchId: branches, worksiteId: worksites },
  indexes: [['customerName']],
});
