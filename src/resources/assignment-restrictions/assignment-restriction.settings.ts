// The tenant's configuration of vetting: which rules run and who may approve their findings (a rule
// without a row runs with its defaults), and which customers require an I-9.
import { and, eq } from 'drizzle-orm';
import type { DataScope } from '../../platform/scope.ts';
import { AppError, notFound } from '../../platform/http/errors.ts';
import { existsInTenant } from '../../platform/records/references.ts';
import { pageOf, type Page } from '../../platform/http/paging.ts';
import { customers } from '../customers/customer.table.ts';
import { assignmentRestrictionCustomers, assignmentRestrictionRuleSettings as rs } from './assignment-restriction.table.ts';
import { isRuleCode, RULE_CODES, ruleOf, type ApprovalLevel, type RuleCode, type RuleSetting } from './assignment-restriction.rules.ts';

/** Every rule as the tenant runs it, in RULE_CODES order; `isDefault` when the tenant has no row for it. */
export async function ruleSettings(scope: DataScope): Promise<(RuleSetting & { isDefault: boolean })[]> {
  const rows = await scope.db.select({ ruleCode: rs.ruleCode, isEnabled: rs.isEnabled, approvalLevel: rs.approvalLevel }).from(rs)
    .where(eq(rs.tenantId, scope.tenantId));
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

export async function setRuleSetting(scope: DataScope, ruleCode: RuleCode, setting: { isEnabled: boolean; approvalLevel: ApprovalLevel }) {
  requireRoot(scope);
  await scope.transaction(async (tx) => {
    await tx.db.insert(rs).values({ tenantId: tx.tenantId, ruleCode, ...setting })
      .onConflictDoUpdate({ target: [rs.tenantId, rs.ruleCode], set: { ...setting, updatedAt: new Date() } });
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
    await tx.db.insert(c).values({ tenantId: tx.tenantId, customerId, requiresI9 })
      .onConflictDoUpdate({ target: [c.tenantId, c.customerId], set: { requiresI9, updatedAt: new Date() } });
    return { customerId, requiresI9 };
  });
}

/** Whether the customer requires an I-9 (no row: it does not). */
export async function customerRequiresI9(scope: DataScope, customerId: number): Promise<boolean> {
  const c = assignmentRestrictionCustomers;
  const [row] = await scope.db.select({ requiresI9: c.requiresI9 }).from(c).where(and(eq(c.tenantId, scope.tenantId), eq(c.customerId, customerId)));
  return row?.requiresI9 ?? false;
}
