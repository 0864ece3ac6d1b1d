// Every resource's routes, registered by app.ts in this order. Adding a resource: one line here.
import type { FastifyInstance } from 'fastify';
import { datalistRoutes } from './datalists/datalist.routes.ts';
import { employeeRoutes } from './employees/employee.routes.ts';
import { customerRoutes } from './customers/customer.routes.ts';
import { contactRoutes } from './contacts/contact.routes.ts';
import { contactMethodRoutes } from './contact-methods/contact-method.routes.ts';
import { jobTitleRoutes } from './job-titles/job-title.routes.ts';
import { jobOrderRoutes } from './job-orders/job-order.routes.ts';
import { timecardRoutes } from './timecards/timecard.routes.ts';
import { assignmentRoutes } from './assignments/assignment.routes.ts';
import { contractRoutes } from './contracts/contract.routes.ts';
import { prospectRoutes } from './prospects/prospect.routes.ts';
import { rateSheetRoutes } from './rate-sheets/rate-sheet.routes.ts';
import { vendorRoutes } from './vendors/vendor.routes.ts';
import { searchRoutes } from './search/search.routes.ts';
import { batchJobRoutes } from './batch-jobs/batch-job.routes.ts';
import { stagedEmployeeRoutes } from './staging/staged-employee.routes.ts';
import { resumeEmployeeRoutes } from './resumes/resume-employee.routes.ts';
import { jobBoardSearchRoutes } from './job-board/job-board-search.routes.ts';
import { jobBoardDetailsRoutes } from './job-board/job-board-details.routes.ts';
import { candidateRoutes } from './candidates/candidate.routes.ts';

export const resourceRoutes: ((app: FastifyInstance) => Promise<void>)[] = [
  datalistRoutes,
  employeeRoutes,
  customerRoutes,
  contactRoutes,
  contactMethodRoutes,
  jobTitleRoutes,
  jobOrderRoutes,
  timecardRoutes,
  assignmentRoutes,
  contractRoutes,
  prospectRoutes,
  rateSheetRoutes,
  vendorRoutes,
  searchRoutes,
  batchJobRoutes,
  stagedEmployeeRoutes,
  resumeEmployeeRoutes,
  jobBoardSearchRoutes,
  jobBoardDetailsRoutes,
  candidateRoutes,
];
