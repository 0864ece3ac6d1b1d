// A tenant's match weights (decision 0058): how much each category of a score counts. A tenant
// without a row scores with DEFAULT_WEIGHTS; PUT /Matching/Weights stores all nine at once. Kept as
// the vetting rules' settings are (assignment-restriction.settings.ts): tenant-wide, changed only by a
// rep at the tenant's root node, with an event at that node.
import { getTableName } from 'drizzle-orm';
import { integer, jsonb, pgTable, timestamp } from 'drizzle-orm/pg-core';
import { hierarchyNodes, tenants } from '../../platform/db/schema.ts';
import { emitEvent } from '../../platform/events/outbox.ts';
import { AppError, validationError, addFieldError, type FieldErrors } from '../../platform/http/errors.ts';
import { TENANT, type DataScope } from '../../platform/scope.ts';
import { MATCH_CATEGORIES, type MatchWeights } from './matching.contract.ts';
import { MATCHING_WEIGHTS_UPDATED } from './matching-weights.events.ts';
import { DEFAULT_WEIGHTS } from './score-match.ts';

export const matchingWeights = pgTable('matching_weights', {
  tenantId: integer('tenant_id').primaryKey().references(() => tenants.id),
  weights: jsonb('weights').$type<MatchWeights>().notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** The tenant's weights, and whether they are the defaults (no row). */
export async function weightsOf(scope: DataScope): Promise<{ weights: MatchWeights; isDefault: boolean }> {
  const [row] = await scope.sql<{ weights: MatchWeights }>`select weights from matching_weights where tenant_id = ${TENANT}`;
  // A category added after the row was written takes its default.
  return row ? { weights: { ...DEFAULT_WEIGHTS, ...row.weights }, isDefault: false } : { weights: { ...DEFAULT_WEIGHTS }, isDefault: true };
}

/** Every category's weight, a number from 0 to 10, and at least one above 0 (else no score could be made). */
export function checkWeights(body: Record<string, unknown>): MatchWeights {
  const errors: FieldErrors = {};
  const weights = { ...DEFAULT_WEIGHTS };
  for (const category of MATCH_CATEGORIES) {
    const value = body[category];
    if (typeof value !== 'number' || !Number.isFinite(value) || value < 0 || value > 10) addFieldError(errors, category, 'a weight is a number from 0 to 10');
    else weights[category] = value;
  }
  for (const key of Object.keys(body)) if (!MATCH_CATEGORIES.some((c) => c === key)) addFieldError(errors, key, `not a category; categories: ${MATCH_CATEGORIES.join(', ')}`);
  if (!Object.keys(errors).length && MATCH_CATEGORIES.every((c) => weights[c] === 0)) addFieldError(errors, MATCH_CATEGORIES[0], 'at least one weight must be above 0');
  if (Object.keys(errors).length) throw validationError(errors);
  return weights;
}

/** Stores the tenant's weights (all of them) and their event at the root node, in one transaction. */
export async function setWeights(scope: DataScope, body: Record<string, unknown>): Promise<{ weights: MatchWeights; isDefault: boolean }> {
  if (scope.principal.ancestorHierIds.length > 0) throw new AppError('HIERARCHY_NOT_ALLOWED', 'Only a rep at the tenant\'s root hierarchy node changes the match weights.');
  const weights = checkWeights(body);
  await scope.transaction(async (tx) => {
    const before = await weightsOf(tx);
    const changed = MATCH_CATEGORIES.filter((c) => before.weights[c] !== weights[c]);
    await tx.sql`insert into matching_weights (tenant_id, weights) values (${TENANT}, ${JSON.stringify(weights)}::jsonb)
      on conflict (tenant_id) do update set weights = excluded.weights, updated_at = now()`;
    if (changed.length) await emitEvent(tx, MATCHING_WEIGHTS_UPDATED, getTableName(hierarchyNodes), tx.principal.hierId, { changedFields: changed });
  });
  return { weights, isDefault: false };
}
