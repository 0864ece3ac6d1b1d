// The events of vetting (decision 0017, docs/events.md): a session started, a result approved or the
// session used up by a placement, and the tenant's rules changed. A session has no hierarchy node of
// its own: it is the job order's (its path is under the order), so its events are seen by who sees
// the order; the rules are the tenant's, set at its root node, and their event is the root's.
import { getTableName } from 'drizzle-orm';
import type { EventTemplate } from '../../platform/events/outbox.ts';
import type { EventType } from '../../platform/events/event-type.ts';
import { jobOrders } from '../job-orders/job-order.table.ts';

/** The scopes that read a session and the rules (their GETs'). */
export const VETTING_READ_SCOPES = ['assignment-read', 'assignment-write'] as const;

/** A session's node and location, over its row `r`: its job order's node, and `/jobOrder/3/assignmentRestriction/12`. */
const sessionSource = {
  node: `(select x.hier_id from ${getTableName(jobOrders)} x where x.tenant_id = r.tenant_id and x.id = r.job_order_id)`,
  location: `'/jobOrder/' || r.job_order_id || '/assignmentRestriction/' || r.id`,
};

const session = { recordType: 'AssignmentRestrictionSession', path: '/jobOrder/{orderId}/assignmentRestriction', readScopes: VETTING_READ_SCOPES, source: sessionSource };

/** A vetting session started. */
export const RESTRICTION_SESSION_CREATED: EventTemplate & EventType = {
  type: 'assignmentRestrictionSession.created', ...session,
  when: 'a vetting session was started (`POST /jobOrder/{orderId}/assignmentRestriction`); located under its job order and seen by who sees the order',
  changedFields: 'none',
};

/** A vetting session's result approved, or the session used by a placement. */
export const RESTRICTION_SESSION_UPDATED: EventTemplate & EventType = {
  type: 'assignmentRestrictionSession.updated', ...session,
  when: 'a result of the session was approved (`POST …/results/{resultId}/approval`), or `POST /Assignments` placed the employee with it',
  changedFields: '`results` (and `status` when the approval cleared the session), or `assignmentId` and `status` (placed)',
};

/**
 * The tenant's rules changed. The record is the tenant's rules, located at their list; its id is the
 * tenant's root hierarchy node (the rules have no id of their own), and only reps at the root see
 * it, as only they change the rules.
 */
export const RESTRICTION_RULES_UPDATED: EventTemplate & EventType = {
  type: 'assignmentRestrictionRules.updated', recordType: 'AssignmentRestrictionRules', path: '/assignmentRestriction/rules', readScopes: VETTING_READ_SCOPES,
  when: '`PUT /assignmentRestriction/rules/{ruleCode}` set a rule for the tenant; the record is the tenant\'s rules (`/assignmentRestriction/rules`, id: the root hierarchy node\'s), seen at the root',
  changedFields: 'the rule\'s code (`OVERLAPPING_ASSIGNMENT`), as `GET /assignmentRestriction/rules` names it',
  source: { node: 'r.id', location: `'/assignmentRestriction/rules'` },
};
