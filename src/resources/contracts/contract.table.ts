import { serviceReps } from '../../platform/db/schema.ts';
import { recordTable } from '../../platform/records/record-table.ts';
import { contractStatuses } from '../reference-data/reference.table.ts';
import { customers } from '../customers/customer.table.ts';
import { contractCatalog } from './contract.patch-catalog.ts';

export const contracts = recordTable('contracts', contractCatalog, {
  references: { customerId: customers, contractStatusId: contractStatuses, ownedByServiceRepId: serviceReps },
  indexes: [['customerId']],
});
