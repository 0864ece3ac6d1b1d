import { branches, serviceReps } from '../../platform/db/schema.ts';
import { recordTable } from '../../platform/records/record-table.ts';
import { worksites } from '../worksites/worksite.table.ts';
import { customers } from '../customers/customer.table.ts';
import { employees } from '../employees/employee.table.ts';
import { contactCatalog } from './contact.patch-catalog.ts';

export const contacts = recordTable('contacts', contactCatalog, {
  bigintId: true,
  references: { branchId: branches, customerId: customers, employeeId: employees, worksiteId: worksites, serviceRepId: serviceReps },
  indexes: [['lastName'], ['customerId']],
});
