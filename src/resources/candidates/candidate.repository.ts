// Data access for job order candidates: the job board's create (CAND-01 to CAND-11) and the reads of
// an order's candidates. The caller must see the order and the employee; a second request for the
// same pair meets the unique constraint and answers 409, however close together the two arrive.
import { and, asc, eq, getTableName, sql } from 'drizzle-orm';
import type { DataScope } from '../../platform/scope.ts';
import { pgError, qualified } from '../../platform/db/database.ts';
import { existsInTenant } from '../../platform/records/references.ts';
import { AppError, invalid, notFound } from '../../platform/http/errors.ts';
import { toPage, type Page, type Paged } from '../../platform/http/paging.ts';
import { employees } from '../employees/employee.table.ts';
import { jobOrders } from '../job-orders/job-order.table.ts';
import { APPLIED_FROM_WEB, jobOrderCandidates as jc, type CandidateStatus } from './candidate.table.ts';
import type { CandidateCreateInput } from './candidate.schemas.ts';
import { emitEvent } from '../../platform/events/outbox.ts';
import { candidateCreated } from './candidate.events.ts';

const o = jobOrders;
const UNIQUE_VIOLATION = '23505';

/**
 * CAND-12 (decision 0011): where a candidate may go next. Placed, Not selected and Withdrawn are final.
 * No endpoint moves candidates yet; whatever does later checks here.
 */
export const CANDIDATE_TRANSITIONS: Record<CandidateStatus, readonly CandidateStatus[]> = {
  'Applied from web': ['Under review', 'Not selected', 'Withdrawn'],
  'Under review': ['Submitted to customer', 'Not selected', 'Withdrawn'],
  'Submitted to customer': ['Placed', 'Not selected', 'Withdrawn'],
  'Placed': [],
  'Not selected': [],
  'Withdrawn': [],
};

export function canMove(from: CandidateStatus, to: CandidateStatus): boolean {
  return CANDIDATE_TRANSITIONS[from].includes(to);
}

/** The order's node if the caller sees the order (CAND-07), else undefined. */
async function visibleOrderNode(scope: DataScope, jobOrderId: number): Promise<number | undefined> {
  const [row] = await scope.select(o, { hierId: o.hierId }).where(eq(o.id, jobOrderId));
  return row?.hierId;
}

/** utmSource or its alias utm_source (AMB-62 (f)); both with different values is a 400. */
const SNAKE = { Source: 'utm_source', Campaign: 'utm_campaign', Medium: 'utm_medium' } as const;

function utm(input: CandidateCreateInput, name: keyof typeof SNAKE): string | null {
  const camel = input[`utm${name}`] ?? null, snake = input[SNAKE[name]] ?? null;
  if (camel !== null && snake !== null && camel !== snake) throw invalid(`utm${name}`, `differs from ${SNAKE[name]}; send one of them`);
  const value = camel ?? snake;
  return value === null || value === '' ? null : value;
}

/**
 * POST /JobOrders/{id}/jobBoardCandidate. The order need not be job board eligible (AMB-62 (d)), and
 * no assignment restriction is consulted (CAND-10): a candidate is not a placement.
 */
export async function createCandidate(scope: DataScope, jobOrderId: number, input: CandidateCreateInput, status: CandidateStatus = APPLIED_FROM_WEB): Promise<number> {
  const utms = { utmSource: utm(input, 'Source'), utmCampaign: utm(input, 'Campaign'), utmMedium: utm(input, 'Medium') };
  return scope.transaction(async (tx) => {
    const hierId = await visibleOrderNode(tx, jobOrderId);
    if (hierId === undefined) throw notFound('The job order');
    if (!(await existsInTenant(tx, employees, input.employeeId, tx.visible(employees.hierId)))) throw notFound('The employee');
    try {
      const candidate = { jobOrderId, employeeId: input.employeeId, hierId, status, ...utms };
      const [row] = await tx.insert(jc, candidate).returning({ id: jc.id });
      await emitEvent(tx, candidateCreated(jobOrderId), getTableName(jc), row!.id);
      return row!.id;
    } catch (e) {
      if (pgError(e)?.code === UNIQUE_VIOLATION) throw new AppError('CANDIDATE_EXISTS', 'The employee is already a candidate for the job order.');
      throw e;
    }
  });
}

const candidateFields = {
  jobOrderCandidateId: jc.id, jobOrderId: jc.jobOrderId, employeeId: jc.employeeId, status: jc.status,
  utmSource: jc.utmSource, utmCampaign: jc.utmCampaign, utmMedium: jc.utmMedium, dateCreated: jc.createdAt,
};
/** Candidates are seen where their order is now (an order may move to another branch's node): read with reach 'tenant' and this condition. */
const ofVisibleOrder = (scope: DataScope, jobOrderId: number) => and(
  eq(jc.jobOrderId, jobOrderId),
  sql`exists (select 1 from ${o} where ${o.tenantId} = ${qualified(jc.tenantId)} and ${o.id} = ${qualified(jc.jobOrderId)} and ${scope.visible(o.hierId)})`,
);

/** GET /JobOrders/{id}/candidates: oldest first; undefined when the caller does not see the order. */
export async function listCandidates(scope: DataScope, jobOrderId: number, page: Page): Promise<Paged<Record<string, unknown>> | undefined> {
  if ((await visibleOrderNode(scope, jobOrderId)) === undefined) return undefined;
  const where = ofVisibleOrder(scope, jobOrderId);
  const rows = await scope.select(jc, { ...candidateFields, totalCount: sql<number>`count(*) over ()`.mapWith(Number) }, 'tenant')
    .where(where).orderBy(asc(jc.id)).limit(page.take).offset(page.skip);
  return toPage(rows, page, ({ totalCount: _t, ...item }) => item, async () =>
    (await scope.select(jc, { n: sql<number>`count(*)`.mapWith(Number) }, 'tenant').where(where))[0]!.n);
}

/** GET /JobOrders/{id}/candidates/{candidateId}. */
export async function getCandidate(scope: DataScope, jobOrderId: number, candidateId: number) {
  const [row] = await scope.select(jc, candidateFields, 'tenant').where(and(ofVisibleOrder(scope, jobOrderId), eq(jc.id, candidateId)));
  return row;
}
