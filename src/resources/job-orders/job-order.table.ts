import { bigint, boolean, numeric, smallint, text, timestamp } from 'drizzle-orm/pg-core';
import { branches, serviceReps } from '../../platform/db/schema.ts';
import { textList } from '../../platform/db/columns.ts';
import { recordTable } from '../../platform/records/record-table.ts';
import { jobOrderDurations, jobOrderStatuses, salesTeams, workerCompCodes } from '../reference-data/reference.table.ts';
import { worksites } from '../worksites/worksite.table.ts';
import { customers } from '../customers/customer.table.ts';
import { contacts } from '../contacts/contact.table.ts';
import { jobTitles } from '../job-titles/job-title.record.ts';
import { jobOrderCatalog } from './job-order.patch-catalog.ts';

export const jobOrders = recordTable('job_orders', jobOrderCatalog, {
  extra: {
    customerId: bigint('customer_id', { mode: 'number' }).notNull(),
    supervisorContactId: bigint('supervisor_contact_id', { mode: 'number' }),
    isActive: boolean('is_active').notNull().default(true),
    positionsFilled: smallint('positions_filled').notNull().default(0),
    dateOrderTaken: timestamp('date_order_taken', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    payRate: numeric('pay_rate', { mode: 'number' }).notNull().default(0),
    billRate: numeric('bill_rate', { mode: 'number' }).notNull().default(0),
    /** Job board pay display: a single figure or a range, per `payFrequency`. */
    payMin: numeric('pay_min', { mode: 'number' }),
    payMax: numeric('pay_max', { mode: 'number' }),
    payFrequency: text('pay_frequency'),
    featured: boolean('featured'),
    publicEducationSummary: text('public_education_summary'),
    publicExperienceSummary: text('public_experience_summary'),
    showPayRate: boolean('show_pay_rate').notNull().default(false),
    showWorksiteAddress: boolean('show_worksite_address').notNull().default(true),
    /** The tenant's do-not-post-to-web setting when the order was created (JBD-04, JBD-05). */
    doNotPostToWebAtCreation: boolean('do_not_post_to_web_at_creation').notNull().default(false),
    /** Skills shown on the job board and searched by its full-text search. */
    skills: textList('skills'),
  },
  references: {
    customerId: customers, supervisorContactId: contacts, jobTitleId: jobTitles, worksiteId: worksites, branchId: branches,
    jobOrderStatusId: jobOrderStatuses, serviceRepId: serviceReps, salesTeamId: salesTeams, jobOrderDurationId: jobOrderDurations,
    workerCompCodeId: workerCompCodes,
  },
  indexes: [['customerId'], ['jobOrderStatusId']],
});
