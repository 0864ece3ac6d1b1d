// The accrual plans a new tenant starts with (decision 0018): paid sick time at the common US
// statutory rate (1 hour per 30 worked, as California and Minnesota), and paid time off at one week
// a year for full-time hours (1 per 40). Both usable from the 90th day, capped, used through the
// default pay codes `Sick` and `Vacation`. Migration 0012 gave tenants older than it these plans.
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../platform/db/database.ts';
import { payCodes } from '../reference-data/reference.table.ts';
import { accrualPlans, type AccrualType } from './assignment-accrual.table.ts';

interface PlanDefault {
  type: AccrualType; name: string; accruedHours: number; perHoursWorked: number; maxBalance: number | null; waitingPeriodDays: number; usagePayCode: string;
}

export const DEFAULT_ACCRUAL_PLANS: readonly PlanDefault[] = [
  { type: 'PTO', name: 'Paid time off', accruedHours: 1, perHoursWorked: 40, maxBalance: 80, waitingPeriodDays: 90, usagePayCode: 'Vacation' },
  { type: 'Sick', name: 'Paid sick time', accruedHours: 1, perHoursWorked: 30, maxBalance: 48, waitingPeriodDays: 90, usagePayCode: 'Sick' },
];

/** Inserts the default plans; their usage pay codes are the tenant's pay codes of those names (none if missing). */
export async function seedAccrualPlans(db: Db, tenantId: number): Promise<void> {
  const codes = await db.select({ id: payCodes.id, name: payCodes.name }).from(payCodes)
    .where(and(eq(payCodes.tenantId, tenantId), inArray(payCodes.name, DEFAULT_ACCRUAL_PLANS.map((p) => p.usagePayCode))));
  const codeOf = new Map(codes.map((c) => [c.name, c.id]));
  await db.insert(accrualPlans).values(DEFAULT_ACCRUAL_PLANS.map(({ usagePayCode, ...plan }) => ({
    tenantId, ...plan, usagePayCodeId: codeOf.get(usagePayCode) ?? null,
  })));
}
