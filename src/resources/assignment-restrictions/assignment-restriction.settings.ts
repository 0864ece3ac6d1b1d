// The tenant's configuration of vetting: which rules run and who may approve their findings (a rule
// without a row runs with its defaults), and which customers require an I-9.
import { eq, getTableName } from 'drizzle-orm';
import type { DataScope } from '../../platform/scope.ts';
import { AppError, notFound } from '../../platform/http/errors.ts';
import { existsInTenant } from '../../platform/records/references.ts';
import { pageOf, type Page } from '../../platform/http/paging.ts';
import { emitEvent } from '../../platform/events/outbox.ts';
import { hierarchyNodes } from '../../platform/db/schema.ts';
import { recordEvent } from '../../platform/records/record-events.ts';
import { customers } from '../customers/customer.table.ts';
import { customerRecord } from '../customers/customer.record.ts';
import { assignmentRestrictionCustomers, assignmentRestrictionRuleSettings as rs } from './assignment-restriction.table.ts';
import { isRuleCode, RULE_CODES, ruleOf, type ApprovalLevel, type RuleCode, type RuleSetting } from './assignment-restriction.rules.ts';
import { RESTRICTION_RULES_UPDATED } from './assignment-restriction.events.ts';

/** Whether a customer requires an I-9 is the customer's data: a change is its `.updated` (changedFields ["requiresI9"]). */
const CUSTOMER_UPDATED = recordEvent(customerRecord, 'updated');

/** Every rule as the tenant runs it, in RULE_CODES order; `isDefault` when the tenant has no row for it. */
export async function ruleSettings(scope: DataScope): Promise<(RuleSetting & { isDefault: boolean })[]> {
  const rows = await scope.select(rs, { ruleCode: rs.ruleCode, isEnabled: rs.isEnabled, approvalLevel: rs.approvalLevel }).where();
  const own = new Map(rows.flatMap((r) => (isRuleCode(r.ruleCode) ? [[r.ruleCode, r]] : [])));
  return RULE_CODES.map((ruleCode) => {
    const row = own.get(ruleCode);
    const rule = ruleOf(ruleCode);
    return row
      ? { ruleCode, isEnabled: row.isEnabled, approvalLevel: row.approvalLevel, isDefault: false }
      : { ruleCode, isEnabled: rule.enabledByDefault, approvalLevel: rule.approvalLevel, isDefault: true };
  });
}

/** The rules with what they check. */
async function describedRuleSettings(scope: DataScope) {
  return (await ruleSettings(scope)).map((s) => ({ ...s, summary: ruleOf(s.ruleCode).summary }));
}

/** GET /assignmentRestriction/rules: a page of the rules, paged like every list. */
export async function listRuleSettings(scope: DataScope, page: Page) {
  return pageOf(await describedRuleSettings(scope), page);
}

/** Tenant-wide: only a rep at the tenant's root node changes it. */
function requireRoot(scope: DataScope) {
  if (scope.principal.ancestorHierIds.length > 0) {
    throw new AppError('HIERARCHY_NOT_ALLOWED', 'Only a rep at the tenant\'s root hierarchy node changes the vetting rules.');
  }
}

/** Sets a rule for the tenant, with the rules' event (located at the root node, the caller's). */
export async function setRuleSetting(scope: DataScope, ruleCode: RuleCode, setting: { isEnabled: boolean; approvalLevel: ApprovalLevel }) {
  requireRoot(scope);
  await scope.transaction(async (tx) => {
    await tx.insert(rs, { ruleCode, ...setting })
      .onConflictDoUpdate({ target: [rs.tenantId, rs.ruleCode], set: { ...setting, updatedAt: new Date() } });
    await emitEvent(tx, RESTRICTION_RULES_UPDATED, getTableName(hierarchyNodes), tx.principal.hierId, { changedFields: [ruleCode] });
  });
  const saved = (await describedRuleSettings(scope)).find((s) => s.ruleCode === ruleCode);
  if (!saved) throw new Error(`rule ${ruleCode} vanished`);
  return saved;
}

/** Whether the customer requires an I-9 of the employees placed with it (a customer the caller sees; 404 otherwise). */
export async function setCustomerRequiresI9(scope: DataScope, customerId: number, requiresI9: boolean) {
  const c = assignmentRestrictionCustomers;
  return scope.transaction(async (tx) => {
    if (!(await existsInTenant(tx, customers, customerId, tx.visible(customers.hierId)))) throw notFound('The customer');
    await tx.insert(c, { customerId, requiresI9 })
      .onConflictDoUpdate({ target: [c.tenantId, c.customerId], set: { requiresI9, updatedAt: new Date() } });
    await emitEvent(tx, CUSTOMER_UPDATED, getTableName(customers), customerId, { changedFields: ['requiresI9'] });
    return { customerId, requiresI9 };
  });
}

/** Whether the customer requires an I-9 (no row: it does not). */
export async function customerRequiresI9(scope: DataScope, customerId: number): Promise<boolean> {
  const c = assignmentRestrictionCustomers;
  const [row] = await scope.select(c, { requiresI9: c.requiresI9 }).where(eq(c.customerId, customerId));
  return row?.requiresI9 ?? false;
}
