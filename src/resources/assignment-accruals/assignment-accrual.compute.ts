// An assignment's accruals, computed from its timecards (decision 0018). Timecards are taken in date
// order: hours worked earn at the plan's rate until the balance reaches the plan's cap; hours paid
// under the plan's usage pay code are used and lower the balance (which may go below zero: time off
// granted before it was earned shows as such). Hours accrue from the first hour worked; the waiting
// period only delays when the accrual may be used, as the US paid sick leave laws do.
import type { AccrualType } from './assignment-accrual.table.ts';

export interface AccrualPlan {
  id: number; type: AccrualType; name: string; accruedHours: number; perHoursWorked: number; maxBalance: number | null;
  waitingPeriodDays: number; usagePayCodeId: number | null; isActive: boolean;
}
/** One timecard's regular, overtime and doubletime hours, with its pay code. */
export interface TimecardHours { payCodeId: number; hours: number }
export interface AssignmentWindow { startDate: Date; endDate: Date | null }

export interface Accrual {
  accrualId: number; type: AccrualType; name: string; ratePerHourWorked: number; maxBalance: number | null;
  hoursWorked: number; hoursAccrued: number; hoursUsed: number; balance: number;
  activeFrom: Date; activeTo: Date | null; isActive: boolean;
}

const DAY_MS = 86_400_000;
const round = (n: number, places = 4) => Math.round(n * 10 ** places) / 10 ** places;
/** The UTC calendar day: the window is compared in whole days. */
const day = (d: Date) => d.toISOString().slice(0, 10);

/**
 * AMB-66 (a): an accrual is active while today (UTC) lies in its window, from the assignment's start
 * plus the waiting period to the assignment's end date (open while it has none), both days included.
 */
export function isInWindow(activeFrom: Date, activeTo: Date | null, today: Date): boolean {
  return day(activeFrom) <= day(today) && (activeTo === null || day(today) <= day(activeTo));
}

/**
 * The accruals of the active plans, in the plans' order. A timecard under any plan's usage pay code
 * is time off, not work: it earns under no plan.
 */
export function accrualsOf(plans: readonly AccrualPlan[], timecards: readonly TimecardHours[], window: AssignmentWindow, today: Date): Accrual[] {
  const timeOffCodes = new Set(plans.flatMap((p) => (p.usagePayCodeId === null ? [] : [p.usagePayCodeId])));
  return plans.filter((p) => p.isActive).map((plan) => {
    const rate = plan.accruedHours / plan.perHoursWorked;
    let worked = 0, accrued = 0, used = 0, balance = 0;
    for (const card of timecards) {
      if (card.payCodeId === plan.usagePayCodeId) {
        used += card.hours;
        balance -= card.hours;
      } else if (!timeOffCodes.has(card.payCodeId)) {
        worked += card.hours;
        const room = plan.maxBalance === null ? Infinity : Math.max(0, plan.maxBalance - balance);
        const earned = Math.min(card.hours * rate, room);
        accrued += earned;
        balance += earned;
      }
    }
    const activeFrom = new Date(window.startDate.getTime() + plan.waitingPeriodDays * DAY_MS);
    return {
      accrualId: plan.id, type: plan.type, name: plan.name, ratePerHourWorked: round(rate, 6), maxBalance: plan.maxBalance,
      hoursWorked: round(worked), hoursAccrued: round(accrued), hoursUsed: round(used), balance: round(balance),
      activeFrom, activeTo: window.endDate, isActive: isInWindow(activeFrom, window.endDate, today),
    };
  });
}
