import { bigint, boolean, integer, timestamp, varchar } from 'drizzle-orm/pg-core';
import { branches } from '../../platform/db/schema.ts';
import { recordTable } from '../../platform/records/record-table.ts';
import { payCodes } from '../reference-data/reference.table.ts';
import { worksites } from '../worksites/worksite.table.ts';
import { jobOrders } from '../job-orders/job-order.table.ts';
import { timecardCatalog } from './timecard.patch-catalog.ts';

export const timecards = recordTable('timecards', timecardCatalog, {
  extra: {
    assignmentId: bigint('assignment_id', { mode: 'number' }),
    jobOrderId: integer('job_order_id'),
    employeeId: bigint('employee_id', { mode: 'number' }),
    /** Processed by payroll: no longer receives values passed down from its job order. */
    isProcessed: boolean('is_processed').notNull().default(false),
    /** Passed down from the job order; not patchable on the timecard itself. */
    customerSkill: varchar('customer_skill', { length: 15 }),
    requisitionEndDate: timestamp('requisition_end_date', { withTimezone: true, mode: 'date' }),
  },
  references: { jobOrderId: jobOrders, branchId: branches, payCodeId: payCodes, worksiteId: worksites },
  indexes: [['jobOrderId'], ['assignmentId']],
});
