// The restriction rules of assignment vetting (ASG-04, ASG-05, decision 0017): each rule reads the
// facts of one employee and one job order and answers a finding (an English sentence naming the
// facts) or nothing. Pure code: the repository loads the facts, stores the findings and decides
// who may approve them. Each rule has defaults a tenant's settings may override.

/**
 * Who may approve a finding. `none`: nobody (the finding blocks the placement); `orderVisible`: any
 * rep who sees the order; `aboveOrder`: a rep whose node is a strict ancestor of the order's node;
 * `root`: a rep at the tenant's root node.
 */
export const APPROVAL_LEVELS = ['none', 'orderVisible', 'aboveOrder', 'root'] as const;
export type ApprovalLevel = (typeof APPROVAL_LEVELS)[number];

/** Employee status codes that mean the employee is not working for the agency (datalist defaults: Inactive, Terminated, Do Not Rehire). */
export const INACTIVE_EMPLOYEE_STATUSES: readonly string[] = ['I', 'T', 'D'];

export interface Restriction { raisedBy: 'customer' | 'employee'; isActive: boolean; sourceAssignmentId: number | null; updatedAt: string }

/** What the rules read, loaded in one transaction (assignment-restriction.facts.ts). Dates are ISO 8601 text. */
export interface VettingFacts {
  order: {
    jobOrderId: number; updatedAt: string; status: string; isClosed: boolean; isFilled: boolean; isActive: boolean;
    positionsRequired: number; positionsFilled: number; startDate: string | null; estimatedEndDate: string | null;
  };
  employee: { name: string; isActive: boolean; statusId: string; status: string | null; isI9OnFile: boolean; i9ExpirationDate: string | null };
  customer: { name: string; requiresI9: boolean };
  /** The rows of assignment_restrictions between the order's customer and the employee, either side. */
  restrictions: Restriction[];
  /** Active assignments on the order, and the employee's active assignments whose dates overlap the order's (counts: ids of assignments the caller may not see stay out). */
  placements: { onOrder: number; overlapping: number };
}

interface RuleDefinition {
  /** What the rule checks, for the settings list. */
  summary: string;
  enabledByDefault: boolean;
  approvalLevel: ApprovalLevel;
  /** The finding, naming the facts, or undefined when the rule finds nothing. */
  finds(facts: VettingFacts, now: Date): string | undefined;
}

const day = (iso: string) => iso.slice(0, 10);
const expired = (facts: VettingFacts, now: Date) => facts.employee.i9ExpirationDate !== null && new Date(facts.employee.i9ExpirationDate) < now;

function blacklisted(facts: VettingFacts, raisedBy: Restriction['raisedBy']): Restriction | undefined {
  return facts.restrictions.find((r) => r.raisedBy === raisedBy && r.isActive);
}
const source = (r: Restriction) => (r.sourceAssignmentId === null ? '' : ` on assignment ${r.sourceAssignmentId}`);

/** The two blacklist rules are one rule seen from either side: `field` is the spec's name of that side's flag. */
function blacklistRule(raisedBy: Restriction['raisedBy'], field: string, summary: string) {
  return {
    summary, enabledByDefault: true, approvalLevel: 'aboveOrder',
    finds: (f: VettingFacts) => {
      const r = blacklisted(f, raisedBy);
      const [by, whom] = raisedBy === 'customer' ? [f.customer.name, f.employee.name] : [f.employee.name, f.customer.name];
      return r && `${by} has blacklisted ${whom} (${field}${source(r)}).`;
    },
  } as const satisfies RuleDefinition;
}

const RULES = {
  CUSTOMER_BLACKLISTED_EMPLOYEE: blacklistRule('customer', 'CustomerHasBlacklistedEmployee', 'The order\'s customer has blacklisted the employee (CustomerHasBlacklistedEmployee).'),
  EMPLOYEE_BLACKLISTED_CUSTOMER: blacklistRule('employee', 'EmployeeHasBlacklistedCustomer', 'The employee has blacklisted the order\'s customer (EmployeeHasBlacklistedCustomer).'),
  EMPLOYEE_INACTIVE: {
    summary: 'The employee is inactive: IsActive false, or a status of Inactive, Terminated or Do Not Rehire (I, T, D).',
    enabledByDefault: true,
    approvalLevel: 'none',
    finds: ({ employee: e }) => {
      const reasons = [
        ...(e.isActive ? [] : ['IsActive is false']),
        ...(INACTIVE_EMPLOYEE_STATUSES.includes(e.statusId) ? [`the status is ${e.status ?? e.statusId} (${e.statusId})`] : []),
      ];
      return reasons.length ? `${e.name} is inactive: ${reasons.join(' and ')}.` : undefined;
    },
  },
  ORDER_CLOSED: {
    summary: 'The job order is closed: its status is a closed one, or the order is inactive.',
    enabledByDefault: true,
    approvalLevel: 'none',
    finds: ({ order: o }) => {
      if (o.isClosed) return `Job order ${o.jobOrderId} is closed (status ${o.status}).`;
      return o.isActive ? undefined : `Job order ${o.jobOrderId} is inactive.`;
    },
  },
  ORDER_FILLED: {
    summary: 'The job order is filled: its status is a filled one, or its active assignments reach PositionsRequired. Approving overfills the order.',
    enabledByDefault: true,
    approvalLevel: 'orderVisible',
    finds: ({ order: o, placements }) => {
      if (o.isFilled) return `Job order ${o.jobOrderId} is filled (status ${o.status}).`;
      const placed = Math.max(placements.onOrder, o.positionsFilled);
      return o.positionsRequired > 0 && placed >= o.positionsRequired
        ? `Job order ${o.jobOrderId} is filled: ${placed} active assignments for ${o.positionsRequired} positions required.`
        : undefined;
    },
  },
  I9_MISSING: {
    summary: 'The customer requires an I-9 and the employee has none on file (IsI9OnFile false) or it has expired (I9ExpirationDate past).',
    enabledByDefault: true,
    approvalLevel: 'none',
    finds: (f, now) => {
      if (!f.customer.requiresI9) return undefined;
      if (!f.employee.isI9OnFile) return `${f.customer.name} requires an I-9 and ${f.employee.name} has none on file (IsI9OnFile is false).`;
      return expired(f, now) ? `${f.customer.name} requires an I-9 and ${f.employee.name}'s expired on ${day(f.employee.i9ExpirationDate ?? '')}.` : undefined;
    },
  },
  OVERLAPPING_ASSIGNMENT: {
    summary: 'The employee has an active assignment whose dates overlap the order\'s (StartDate to EstimatedEndDate). Off by default.',
    enabledByDefault: false,
    approvalLevel: 'orderVisible',
    finds: ({ employee, order: o, placements: { overlapping: n } }) => n
      ? `${employee.name} has ${n} active assignment${n > 1 ? 's' : ''} overlapping job order ${o.jobOrderId}`
        + ` (${o.startDate ? day(o.startDate) : 'no start date'} to ${o.estimatedEndDate ? day(o.estimatedEndDate) : 'no end date'}).`
      : undefined,
  },
  I9_EXPIRES_DURING_ORDER: {
    summary: 'The customer requires an I-9 and the employee\'s expires before the order\'s EstimatedEndDate (or the order has none). Off by default.',
    enabledByDefault: false,
    approvalLevel: 'orderVisible',
    finds: (f, now) => {
      const expires = f.employee.i9ExpirationDate;
      // I9_MISSING speaks for an I-9 that is missing or already expired.
      if (!f.customer.requiresI9 || !f.employee.isI9OnFile || expires === null || expired(f, now)) return undefined;
      const end = f.order.estimatedEndDate;
      if (end === null) return `${f.employee.name}'s I-9 expires on ${day(expires)} and job order ${f.order.jobOrderId} has no estimated end date.`;
      return new Date(expires) < new Date(end)
        ? `${f.employee.name}'s I-9 expires on ${day(expires)}, before job order ${f.order.jobOrderId}'s estimated end on ${day(end)}.`
        : undefined;
    },
  },
} as const satisfies Record<string, RuleDefinition>;

export type RuleCode = keyof typeof RULES;
export const isRuleCode = (value: string): value is RuleCode => value in RULES;
/** Every rule, in the order findings are listed. */
export const RULE_CODES: readonly RuleCode[] = Object.keys(RULES).filter(isRuleCode);

export function ruleOf(code: RuleCode): RuleDefinition {
  return RULES[code];
}

/** A rule as the tenant runs it: its defaults, or the tenant's row. */
export interface RuleSetting { ruleCode: RuleCode; isEnabled: boolean; approvalLevel: ApprovalLevel }

export interface Finding { ruleCode: RuleCode; description: string; approvalLevel: ApprovalLevel }

/** Every enabled rule's finding, in RULE_CODES order. */
export function findings(facts: VettingFacts, settings: readonly RuleSetting[], now: Date): Finding[] {
  return settings.flatMap(({ ruleCode, isEnabled, approvalLevel }) => {
    const description = isEnabled ? RULES[ruleCode].finds(facts, now) : undefined;
    return description ? [{ ruleCode, description, approvalLevel }] : [];
  });
}

/** The caller as approval sees it: its node, the nodes it sees, the nodes above it. */
export interface Approver { hierId: number; visibleHierIds: readonly number[]; ancestorHierIds: readonly number[] }

export function mayApprove(level: ApprovalLevel, approver: Approver, orderHierId: number): boolean {
  const seesOrder = approver.visibleHierIds.includes(orderHierId);
  switch (level) {
    case 'none': return false;
    case 'orderVisible': return seesOrder;
    case 'aboveOrder': return seesOrder && approver.hierId !== orderHierId;
    case 'root': return approver.ancestorHierIds.length === 0;
  }
}

/**
 * What a session keeps to tell later whether it still holds (decision 0017): the order's last change,
 * the pair's restriction rows, the employee's status and I-9, the customer's I-9 requirement, and
 * the rules' findings (which also move with placements, dates and the tenant's settings).
 */
export function checkedOf(facts: VettingFacts, found: readonly Finding[]) {
  const e = facts.employee;
  return {
    order: facts.order.updatedAt,
    restrictions: facts.restrictions,
    employee: { isActive: e.isActive, statusId: e.statusId, isI9OnFile: e.isI9OnFile, i9ExpirationDate: e.i9ExpirationDate },
    customer: { requiresI9: facts.customer.requiresI9 },
    findings: found.map((f) => `${f.ruleCode}:${f.approvalLevel}`),
  };
}
export type Checked = ReturnType<typeof checkedOf>;

/** JSON with object keys sorted: jsonb gives a stored object back with its keys in an order of its own. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    return `{${Object.entries(value).sort(([a], [b]) => (a < b ? -1 : 1)).map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/** The parts of what a session checked that are no longer so (empty: the session holds). */
export function staleBecause(then: Checked, now: Checked): string[] {
  const keys: (keyof Checked)[] = ['order', 'restrictions', 'employee', 'customer', 'findings'];
  return keys.filter((key) => canonical(then[key]) !== canonical(now[key]));
}
