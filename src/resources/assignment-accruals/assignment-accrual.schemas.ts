// Request and response shapes of GET /Assignments/{id}/accruals (ASG-12 to ASG-15, ASG-26).
import { Type, type Static } from 'typebox';
import { PageQuery } from '../../platform/http/paging.ts';
import { Id64 } from '../../platform/records/shapes.ts';
import { ACCRUAL_TYPES } from './assignment-accrual.table.ts';

export const AssignmentParams = Type.Object({ id: Id64('Id of the assignment (Int64).') });

export const AccrualQuery = Type.Object({
  activeOnly: Type.Boolean({ default: false, description: 'True lists only accruals active today: inside their window (activeFrom to activeTo).' }),
  ...PageQuery.properties,
});
export type AccrualFilter = Static<typeof AccrualQuery>;

const hours = (description: string) => Type.Number({ description });
const dateTime = (description: string) => Type.Unsafe<Date | string>(Type.String({ format: 'date-time', description }));

export const AccrualItem = Type.Object({
  accrualId: Type.Integer({ description: 'The accrual plan\'s id: the same for every assignment under the plan.' }),
  type: Type.String({ enum: [...ACCRUAL_TYPES], description: 'PTO (paid time off) or Sick (paid sick time).' }),
  name: Type.String(),
  ratePerHourWorked: hours('Hours accrued per hour worked (1/30 = 0.033333).'),
  maxBalance: Type.Union([hours('Accrual stops while the balance is at this cap.'), Type.Null()]),
  hoursWorked: hours('Regular, overtime and doubletime hours of the assignment\'s timecards, except time off.'),
  hoursAccrued: hours('Hours earned (none while the balance is at the cap).'),
  hoursUsed: hours('Hours of timecards under the plan\'s usage pay code.'),
  balance: hours('Accrued less used; below zero when more was used than earned.'),
  activeFrom: dateTime('The assignment\'s start plus the plan\'s waiting period.'),
  activeTo: Type.Union([dateTime('The assignment\'s end date.'), Type.Null()]),
  isActive: Type.Boolean({ description: 'Today (UTC) lies between activeFrom and activeTo, both days included.' }),
}, { $id: 'AssignmentAccrual', additionalProperties: false });
