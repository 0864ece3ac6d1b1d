// The accrual arithmetic (decision 0018): earning at the plan's rate, the cap, usage, time off that
// earns nothing, and the active window (AMB-66 (a)).
import { describe, expect, it } from 'vitest';
import { accrualsOf, type AccrualPlan } from './assignment-accrual.compute.ts';

const REGULAR = 1, VACATION = 5, SICK = 6;
const sick: AccrualPlan = { id: 2, type: 'Sick', name: 'Paid sick time', accruedHours: 1, perHoursWorked: 30, maxBalance: 48, waitingPeriodDays: 90, usagePayCodeId: SICK, isActive: true };
const pto: AccrualPlan = { id: 1, type: 'PTO', name: 'Paid time off', accruedHours: 1, perHoursWorked: 40, maxBalance: null, waitingPeriodDays: 0, usagePayCodeId: VACATION, isActive: true };
const window = { startDate: new Date('2026-01-01T00:00:00Z'), endDate: new Date('2026-06-30T00:00:00Z') };
const today = new Date('2026-05-01T12:00:00Z');

describe('accrualsOf', () => {
  it('worked hours earn at the plan\'s rate; hours under any plan\'s pay code are time off, used under their own plan', () => {
    const cards = [{ payCodeId: REGULAR, hours: 46 }, { payCodeId: VACATION, hours: 8 }, { payCodeId: SICK, hours: 4 }];
    const [p, s] = accrualsOf([pto, sick], cards, window, today);
    expect(p).toMatchObject({ accrualId: 1, type: 'PTO', ratePerHourWorked: 0.025, hoursWorked: 46, hoursAccrued: 1.15, hoursUsed: 8, balance: -6.85 });
    expect(s).toMatchObject({ accrualId: 2, type: 'Sick', ratePerHourWorked: 0.033333, hoursWorked: 46, hoursAccrued: 1.5333, hoursUsed: 4, balance: -2.4667 });
  });

  it('accrual stops while the balance is at the cap, and resumes once hours are used', () => {
    const cards = [{ payCodeId: REGULAR, hours: 3000 }, { payCodeId: SICK, hours: 8 }, { payCodeId: REGULAR, hours: 300 }];
    const [s] = accrualsOf([sick], cards, window, today);
    expect(s).toMatchObject({ hoursWorked: 3300, hoursAccrued: 56, hoursUsed: 8, balance: 48, maxBalance: 48 });
  });

  it('AMB-66: active from the start plus the waiting period to the end date, both days included (UTC days)', () => {
    const at = (iso: string) => accrualsOf([sick], [], window, new Date(iso))[0]!;
    expect(at('2026-03-31T23:59:59Z')).toMatchObject({ activeFrom: new Date('2026-04-01T00:00:00Z'), activeTo: window.endDate, isActive: false });
    expect(at('2026-04-01T00:00:00Z').isActive).toBe(true);
    expect(at('2026-06-30T23:59:59Z').isActive).toBe(true);
    expect(at('2026-07-01T00:00:00Z').isActive).toBe(false);
    expect(accrualsOf([sick], [], { ...window, endDate: null }, new Date('2030-01-01'))[0]).toMatchObject({ activeTo: null, isActive: true });
  });

  it('lists only active plans, but an inactive plan\'s pay code is still time off', () => {
    const cards = [{ payCodeId: REGULAR, hours: 30 }, { payCodeId: VACATION, hours: 30 }];
    const list = accrualsOf([{ ...pto, isActive: false }, sick], cards, window, today);
    expect(list.map((x) => x.accrualId)).toEqual([2]);
    expect(list[0]).toMatchObject({ hoursWorked: 30, hoursAccrued: 1 });
  });
});
