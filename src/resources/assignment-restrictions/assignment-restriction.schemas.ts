// Request and response shapes of assignment restriction vetting (ASG-05, decision 0017).
import { Type, type Static, type TSchema } from 'typebox';
import { Id32, Id64 } from '../../platform/records/shapes.ts';
import { PageQuery } from '../../platform/http/paging.ts';
import { APPROVAL_LEVELS, RULE_CODES, type ApprovalLevel as Level, type RuleCode as Code } from './assignment-restriction.rules.ts';

const DateTime = (description: string) => Type.Unsafe<Date | string>(Type.String({ format: 'date-time', description }));
const orNull = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);

export const SESSION_STATUSES = ['clear', 'pendingApproval', 'approved', 'blocked', 'stale', 'placed'] as const;
export type SessionStatus = (typeof SESSION_STATUSES)[number];

const ApprovalLevel = Type.Unsafe<Level>(Type.String({
  enum: [...APPROVAL_LEVELS],
  description: 'Who may approve: none (the finding blocks), orderVisible (any rep who sees the order), aboveOrder (a rep whose node is above the order\'s), root (a rep at the tenant\'s root node).',
}));
const RuleCode = Type.Unsafe<Code>(Type.String({ enum: [...RULE_CODES], description: 'The rule (GET /assignmentRestriction/rules lists them).' }));

export const OrderParams = Type.Object({ orderId: Id32('The job order.') });
export const SessionParams = Type.Object({ orderId: Id32('The job order.'), sessionId: Id64('The session.') });
export const ResultParams = Type.Object({ orderId: Id32('The job order.'), sessionId: Id64('The session.'), resultId: Id64('The result.') });

export const SessionStart = Type.Object({
  employeeId: Id64('The employee to vet for the order; visible to the caller.'),
}, { $id: 'AssignmentRestrictionSessionStart' });

export const ResultApproval = Type.Object({
  note: Type.String({ minLength: 1, maxLength: 1000, pattern: '\\S', description: 'Why the finding is accepted (1 to 1000 characters).' }),
}, { $id: 'AssignmentRestrictionResultApproval' });

export const SessionListQuery = Type.Object({
  ...PageQuery.properties,
  employeeId: Type.Optional(Id64('Only this employee\'s sessions.')),
});
export type SessionListFilter = Static<typeof SessionListQuery>;

export const RestrictionResult = Type.Object({
  resultId: Type.Integer(),
  ruleCode: RuleCode,
  description: Type.String({ description: 'The finding, naming the facts.' }),
  approvalLevel: ApprovalLevel,
  approvable: Type.Boolean({ description: 'false: the finding blocks the placement (approvalLevel none).' }),
  approvedByServiceRepId: orNull(Type.Integer()),
  approvedBy: orNull(Type.String({ description: 'Name of the rep who approved.' })),
  approvedAt: orNull(DateTime('When it was approved.')),
  approvalNote: orNull(Type.String()),
}, { $id: 'AssignmentRestrictionResult' });

export const Session = Type.Object({
  assignmentRestrictionSessionId: Type.Integer(),
  jobOrderId: Type.Integer(),
  employeeId: Type.Integer(),
  employeeName: Type.String(),
  customerId: Type.Integer(),
  customerName: Type.String(),
  createdAt: DateTime('When the session ran the rules.'),
  createdByServiceRepId: Type.Integer(),
  createdBy: Type.String({ description: 'Name of the rep who started the session.' }),
  status: Type.String({
    enum: [...SESSION_STATUSES],
    description: 'clear: no results; pendingApproval: approvable results wait; approved: every result approved; blocked: a result nobody may approve; '
      + 'stale: what the session checked has changed (staleBecause), start a new one; placed: the session allowed assignmentId. '
      + 'POST /Assignments takes the latest session of the employee and order when it is clear or approved.',
  }),
  staleBecause: Type.Array(Type.String({ enum: ['order', 'restrictions', 'employee', 'customer', 'findings'] }), {
    description: 'What changed since the session ran: the order, the restriction rows between its customer and the employee, the employee\'s status or I-9, '
      + 'the customer\'s I-9 requirement, or the rules\' findings. Empty unless stale.',
  }),
  assignmentId: orNull(Type.Integer({ description: 'The assignment this session allowed (a session places once).' })),
  results: Type.Array(RestrictionResult),
}, { $id: 'AssignmentRestrictionSession' });

export const RuleSetting = Type.Object({
  ruleCode: RuleCode,
  summary: Type.String({ description: 'What the rule checks.' }),
  isEnabled: Type.Boolean(),
  approvalLevel: ApprovalLevel,
  isDefault: Type.Boolean({ description: 'true: the tenant has not changed the rule\'s defaults.' }),
}, { $id: 'AssignmentRestrictionRule' });

export const RuleParams = Type.Object({ ruleCode: RuleCode });
export const RuleUpdate = Type.Object({
  isEnabled: Type.Boolean(),
  approvalLevel: ApprovalLevel,
}, { $id: 'AssignmentRestrictionRuleUpdate', additionalProperties: false });

export const CustomerParams = Type.Object({ customerId: Id64('The customer, visible to the caller.') });
export const CustomerRequirement = Type.Object({
  requiresI9: Type.Boolean({ description: 'true: employees placed with the customer need an I-9 on file that has not expired (rule I9_MISSING).' }),
}, { $id: 'AssignmentRestrictionCustomerUpdate', additionalProperties: false });
export const CustomerRequirementSaved = Type.Object({
  customerId: Type.Integer(),
  requiresI9: Type.Boolean(),
}, { $id: 'AssignmentRestrictionCustomer' });
