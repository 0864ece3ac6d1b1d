// Accrual plans: the paid time off and sick time a tenant's assignments earn (decision 0018). An
// assignment's accruals are not stored: they are computed from its timecards against these plans.
import { sql } from 'drizzle-orm';
import { boolean, check, foreignKey, integer, numeric, pgTable, primaryKey, text, varchar } from 'drizzle-orm/pg-core';
import { tenantKey } from '../../platform/db/columns.ts';
import { payCodes } from '../reference-data/reference.table.ts';

export const ACCRUAL_TYPES = ['PTO', 'Sick'] as const;
export type AccrualType = (typeof ACCRUAL_TYPES)[number];

export const accrualPlans = pgTable('accrual_plans', {
  ...tenantKey(),
  type: text('type', { enum: ACCRUAL_TYPES }).notNull(),
  name: varchar('name', { length: 100 }).notNull(),
  /** The rate as a ratio, `accruedHours` per `perHoursWorked` (1 per 30): exact, where 0.0333… is not. */
  accruedHours: numeric('accrued_hours', { precision: 8, scale: 4, mode: 'number' }).notNull(),
  perHoursWorked: numeric('per_hours_worked', { precision: 8, scale: 4, mode: 'number' }).notNull(),
  /** Accrual stops while the balance is at this cap; null: no cap. */
  maxBalance: numeric('max_balance', { precision: 8, scale: 2, mode: 'number' }),
  /** Days from the assignment's start before the accrual may be used (its active window opens). */
  waitingPeriodDays: integer('waiting_period_days').notNull().default(0),
  /** Hours of timecards with this pay code are hours used, not hours worked. */
  usagePayCodeId: integer('usage_pay_code_id'),
  isActive: boolean('is_active').notNull().default(true),
}, (t) => [
  primaryKey({ columns: [t.tenantId, t.id] }),
  foreignKey({ name: 'accrual_plans_usage_pay_code_fk', columns: [t.tenantId, t.usagePayCodeId], foreignColumns: [payCodes.tenantId, payCodes.id] }),
  check('accrual_plans_type', sql`${t.type} in (${sql.raw(ACCRUAL_TYPES.map((s) => `'${s}'`).join(', '))})`),
  check('accrual_plans_rate', sql`${t.accruedHours} > 0 and ${t.perHoursWorked} > 0`),
  check('accrual_plans_waiting', sql`${t.waitingPeriodDays} >= 0`),
]);
