import { bigint, boolean, integer, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { branches, serviceReps } from '../../platform/db/schema.ts';
import { recordTable } from '../../platform/records/record-table.ts';
import { assignmentStatuses, salesTeams, workerCompCodes } from '../reference-data/reference.table.ts';
import { customers } from '../customers/customer.table.ts';
import { employees } from '../employees/employee.table.ts';
import { jobOrders } from '../job-orders/job-order.table.ts';
import { jobTitles } from '../job-titles/job-title.record.ts';
import { assignmentCatalog } from './assignment.patch-catalog.ts';

export const assignments = recordTable('assignments', assignmentCatalog, {
  bigintId: true,
  extra: {
    employeeId: bigint('employee_id', { mode: 'number' }).notNull(),
    jobOrderId: integer('job_order_id').notNull(),
    customerId: bigint('customer_id', { mode: 'number' }).notNull(),
  },
  references: {
    employeeId: employees, jobOrderId: jobOrders, customerId: customers, jobTitleId: jobTitles, branchId: branches,
    assignmentStatusId: assignmentStatuses, workerCompCodeId: workerCompCodes, salesTeamId: salesTeams, serviceRepId: serviceReps,
  },
  indexes: [['employeeId'], ['jobOrderId']],
});

/**
 * Assignment restrictions: a customer that will not take an employee again, or an employee who will
 * not work for a customer. Kept current by the two blacklist flags of PATCH /Assignments/{id}.
 */
export const assignmentRestrictions = pgTable('assignment_restrictions', {
  tenantId: integer('tenant_id').notNull(),
  id: integer('id').generatedAlwaysAsIdentity(),
  customerId: bigint('customer_id', { mode: 'number' }).notNull(),
  employeeId: bigint('employee_id', { mode: 'number' }).notNull(),
  /** `customer` (CustomerHasBlacklistedEmployee) or `employee` (EmployeeHasBlacklistedCustomer). */
  raisedBy: text('raised_by', { enum: ['customer', 'employee'] }).notNull(),
  sourceAssignmentId: bigint('source_assignment_id', { mode: 'number' }),
  isActive: boolean('is_active').notNull().default(true),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
}, (t) => [
  primaryKey({ columns: [t.tenantId, t.id] }),
  uniqueIndex('assignment_restrictions_pair').on(t.tenantId, t.customerId, t.employeeId, t.raisedBy),
]);
