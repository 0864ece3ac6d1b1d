// The vetting rules as pure code: who may approve at each level, what a status code makes inactive,
// and that a session's stored checks compare by value (jsonb gives keys back in its own order).
import { describe, expect, it } from 'vitest';
import { APPROVAL_LEVELS, checkedOf, findings, mayApprove, RULE_CODES, ruleOf, staleBecause, type VettingFacts } from './assignment-restriction.rules.ts';

const facts = (): VettingFacts => ({
  order: { jobOrderId: 7, updatedAt: '2026-01-01T00:00:00.000Z', status: 'Unfilled', isClosed: false, isFilled: false, isActive: true,
    positionsRequired: 2, positionsFilled: 0, startDate: null, estimatedEndDate: null },
  employee: { name: 'Pat Placed', isActive: true, statusId: 'A', status: 'Active', isI9OnFile: false, i9ExpirationDate: null },
  customer: { name: 'Acme Widgets', requiresI9: false },
  restrictions: [],
  placements: { onOrder: 0, overlapping: 0 },
});
const everyRule = RULE_CODES.map((ruleCode) => ({ ruleCode, isEnabled: true, approvalLevel: ruleOf(ruleCode).approvalLevel }));
const now = new Date('2026-06-01T00:00:00Z');

describe('assignment restriction rules', () => {
  it('ASG-05: approval levels: a branch rep approves orderVisible at its own node, aboveOrder only for orders below it, root only at the root', () => {
    const branchRep = { hierId: 2, visibleHierIds: [2], ancestorHierIds: [1] };
    const rootRep = { hierId: 1, visibleHierIds: [1, 2, 3], ancestorHierIds: [] };
    expect(APPROVAL_LEVELS.map((level) => [level, mayApprove(level, branchRep, 2)]))
      .toEqual([['none', false], ['orderVisible', true], ['aboveOrder', false], ['root', false]]);
    expect([mayApprove('aboveOrder', rootRep, 2), mayApprove('root', rootRep, 2), mayApprove('none', rootRep, 2)]).toEqual([true, true, false]);
    expect(mayApprove('orderVisible', branchRep, 3), 'an order the rep cannot see').toBe(false);
  });

  it('ASG-05: an employee status of Inactive, Terminated or Do Not Rehire is EMPLOYEE_INACTIVE; a new applicant is not', () => {
    for (const [statusId, inactive] of [['I', true], ['T', true], ['D', true], ['N', false], ['A', false]] as const) {
      const f = facts();
      f.employee.statusId = statusId;
      expect(findings(f, everyRule, now).some((x) => x.ruleCode === 'EMPLOYEE_INACTIVE'), statusId).toBe(inactive);
    }
  });

  it('ASG-05: ORDER_FILLED counts active assignments or PositionsFilled against PositionsRequired', () => {
    const f = facts();
    f.placements.onOrder = 1;
    expect(findings(f, everyRule, now)).toEqual([]);
    f.order.positionsFilled = 2;
    expect(findings(f, everyRule, now).map((x) => x.description)).toEqual(['Job order 7 is filled: 2 active assignments for 2 positions required.']);
  });

  it('a stored check compares by value, whatever the order of its keys', () => {
    const checked = checkedOf(facts(), []);
    const reordered = JSON.parse(JSON.stringify({ findings: checked.findings, customer: checked.customer, employee: { i9ExpirationDate: null, isI9OnFile: false, statusId: 'A', isActive: true },
      restrictions: checked.restrictions, order: checked.order }));
    expect(staleBecause(reordered, checked)).toEqual([]);
    const changed = facts();
    changed.employee.isI9OnFile = true;
    expect(staleBecause(checked, checkedOf(changed, []))).toEqual(['employee']);
  });
});
