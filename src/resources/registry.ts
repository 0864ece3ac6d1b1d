// The registry: every record and feature the service serves. Adding a record is its definition file
// (`<name>.record.ts`) and one line in `records`; a feature with routes of its own, one line in
// `features`. The app's routes, the PATCH catalogs (catalogs.ts) and the tests that walk every record
// derive from these lists.
import type { FastifyInstance } from 'fastify';
import { datalistRoutes } from './datalists/datalist.routes.ts';
import { recordRoutes } from '../platform/records/record.routes.ts';
import { records } from './records.ts';
import { importRoutes } from './imports/import.routes.ts';
import { contactMethodRoutes } from './contact-methods/contact-method.routes.ts';
import { employeeProfileRoutes } from './employee-profiles/employee-profile.routes.ts';
import { messageRoutes } from './messages/message.routes.ts';
import { jobOrderSummaryRoutes } from './job-orders/job-order.routes.ts';
import { searchRoutes } from './search/search.routes.ts';
import { webUserRoutes } from './web-users/web-user.routes.ts';
import { batchJobRoutes } from './batch-jobs/batch-job.routes.ts';
import { BATCH_JOB_CREATED, BATCH_JOB_UPDATED } from './batch-jobs/batch-job.events.ts';
import { batchJobTypes, importJobTypes } from './jobs.ts';
import { stagedEmployeeRoutes } from './staging/staged-employee.routes.ts';
import { STAGED_EMPLOYEE_EVENTS } from './staging/staged-employee.events.ts';
import { resumeEmployeeRoutes } from './resumes/resume-employee.routes.ts';
import { jobBoardSearchRoutes } from './job-board/job-board-search.routes.ts';
import { jobBoardDetailsRoutes } from './job-board/job-board-details.routes.ts';
import { candidateRoutes } from './candidates/candidate.routes.ts';
import { assignmentAccrualRoutes } from './assignment-accruals/assignment-accrual.routes.ts';
import { assignmentMessageRoutes } from './assignment-messages/assignment-message.routes.ts';
import { assignmentRestrictionRoutes } from './assignment-restrictions/assignment-restriction.routes.ts';
import { assessmentPackageRoutes } from './assessments/assessment-package.routes.ts';
import { assessmentSessionRoutes } from './assessments/assessment-session.routes.ts';
import { eventRoutes } from './events/event.routes.ts';
import { webhookRoutes } from './webhooks/webhook.routes.ts';
import { recordEventTypes } from '../platform/records/record-events.ts';
import { BATCH_JOB_COMPLETED } from '../platform/jobs/queue.ts';
import { ASSESSMENT_SESSION_CREATED, ASSESSMENT_SESSION_UPDATED } from './assessments/assessment-session.events.ts';
import { ASSESSMENT_PACKAGE_CREATED, ASSESSMENT_PACKAGE_DELETED, ASSESSMENT_PACKAGE_UPDATED } from './assessments/assessment-package.events.ts';
import { CANDIDATE_CREATED } from './candidates/candidate.events.ts';
import { RESTRICTION_RULES_UPDATED, RESTRICTION_SESSION_CREATED, RESTRICTION_SESSION_UPDATED } from './assignment-restrictions/assignment-restriction.events.ts';
import { MESSAGE_DOCUMENT_CREATED } from './assignment-messages/message-document.events.ts';
import type { EventType } from '../platform/events/event-type.ts';
import { WEBHOOK_EVENT_TYPES } from './webhooks/webhook.events.ts';
import { WEB_USER_CREATED, WEB_USER_DISABLED } from './web-users/web-user.events.ts';
import { TOKEN_EVENT_TYPES } from '../platform/auth/tokens.events.ts';
import { CLIENT_EVENT_TYPES } from '../platform/auth/clients.events.ts';
import { JOB_BOARD_SETTINGS_UPDATED } from './reference-data/job-board.events.ts';
import { MATCHING_WEIGHTS_UPDATED } from './matching/matching-weights.events.ts';
import { matchingRoutes } from './matching/matching.routes.ts';
import { matchesRoutes } from './matching/matches.routes.ts';

/** Records served by the record engine (platform/records): the list is records.ts (the job catalog derives its exports and imports from it too). */
export { records };

/**
 * Every event type the service emits, with the scopes that read it and what it says: the feed's and
 * the webhooks' list, and docs/events.md's table (`npm run docs:events`). A feature's types are
 * declared beside it (`<feature>.events.ts`); append them here.
 */
export const eventTypes: EventType[] = [...records.flatMap(recordEventTypes), BATCH_JOB_COMPLETED, ASSESSMENT_SESSION_UPDATED, CANDIDATE_CREATED,
  RESTRICTION_SESSION_CREATED, RESTRICTION_SESSION_UPDATED, RESTRICTION_RULES_UPDATED, MESSAGE_DOCUMENT_CREATED, BATCH_JOB_CREATED,
  ...WEBHOOK_EVENT_TYPES, ASSESSMENT_SESSION_CREATED, ASSESSMENT_PACKAGE_CREATED, ASSESSMENT_PACKAGE_UPDATED, ASSESSMENT_PACKAGE_DELETED,
  WEB_USER_CREATED, WEB_USER_DISABLED, ...STAGED_EMPLOYEE_EVENTS, ...TOKEN_EVENT_TYPES, JOB_BOARD_SETTINGS_UPDATED, BATCH_JOB_UPDATED, ...CLIENT_EVENT_TYPES,
  MATCHING_WEIGHTS_UPDATED];

/** Features with routes of their own (and records with routes beyond the standard four). */
export const features: readonly ((app: FastifyInstance) => Promise<void>)[] = [
  datalistRoutes,
  contactMethodRoutes,
  employeeProfileRoutes,
  messageRoutes(records),
  jobOrderSummaryRoutes,
  searchRoutes,
  webUserRoutes,
  batchJobRoutes(batchJobTypes, importJobTypes),
  importRoutes(records),
  stagedEmployeeRoutes,
  resumeEmployeeRoutes,
  jobBoardSearchRoutes,
  jobBoardDetailsRoutes,
  candidateRoutes,
  assignmentAccrualRoutes,
  assignmentMessageRoutes,
  assignmentRestrictionRoutes,
  assessmentPackageRoutes,
  assessmentSessionRoutes,
  matchingRoutes,
  matchesRoutes,
  eventRoutes(eventTypes),
  webhookRoutes(eventTypes),
];

export const resourceRoutes: readonly ((app: FastifyInstance) => Promise<void>)[] = [...records.map((r) => recordRoutes(r)), ...features];

/** The database as the service needs it (migrated, reference data loaded): database/prepare-database.ts, which a worker loads without the routes above. */
export { prepareDatabase, referenceData } from './database/prepare-database.ts';
