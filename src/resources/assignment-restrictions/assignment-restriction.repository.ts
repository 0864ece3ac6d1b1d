// Vetting sessions (ASG-04, ASG-05, decision 0017): start one (run the rules, record the findings),
// read and list them with their status now, approve a finding, and the check POST /Assignments runs
// before it places an employee (and the link to the assignment it placed).
import { and, asc, desc, eq, getTableName, inArray, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DataScope } from '../../platform/scope.ts';
import { AppError, notFound } from '../../platform/http/errors.ts';
import { toPage, type Paged } from '../../platform/http/paging.ts';
import { serviceReps } from '../../platform/db/schema.ts';
import { emitEvent } from '../../platform/events/outbox.ts';
import { customers } from '../customers/customer.table.ts';
import { employees } from '../employees/employee.table.ts';
import { jobOrders } from '../job-orders/job-order.table.ts';
import { assignmentRestrictionResults as R, assignmentRestrictionSessions as S } from './assignment-restriction.table.ts';
import { mayApprove, staleBecause, type ApprovalLevel } from './assignment-restriction.rules.ts';
import { evaluate } from './assignment-restriction.facts.ts';
import { RESTRICTION_SESSION_CREATED, RESTRICTION_SESSION_UPDATED } from './assignment-restriction.events.ts';
import type { SessionListFilter, SessionStatus } from './assignment-restriction.schemas.ts';

const o = jobOrders, e = employees;
const creator = alias(serviceReps, 'creator'), approver = alias(serviceReps, 'approver');
const repName = (rep: typeof creator | typeof approver) => sql<string>`${rep.firstName} || ' ' || ${rep.lastName}`;

const SESSIONS = getTableName(S);

/** POST /jobOrder/{orderId}/assignmentRestriction: runs every enabled rule now and records the findings, with its event; the new session. */
export async function startSession(scope: DataScope, jobOrderId: number, employeeId: number) {
  const id = await scope.transaction(async (tx) => {
    const { found, checked } = await evaluate(tx, jobOrderId, employeeId);
    const [session] = await tx.insert(S, { jobOrderId, employeeId, createdByServiceRepId: tx.principal.serviceRepId, checked }).returning({ id: S.id });
    if (!session) throw new Error('the session insert returned no row');
    if (found.length) await tx.insert(R, found.map((f) => ({ sessionId: session.id, ...f })));
    await emitEvent(tx, RESTRICTION_SESSION_CREATED, SESSIONS, session.id);
    return session.id;
  });
  const session = await getSession(scope, jobOrderId, id);
  if (!session) throw new Error(`session ${id} is not readable by its creator`);
  return session;
}

/** Sessions the caller sees (the scope keeps to the tenant's): of a visible order, for a visible employee. */
const visibleSessions = (scope: DataScope, jobOrderId: number) => and(eq(S.jobOrderId, jobOrderId), scope.visible(o.hierId), scope.visible(e.hierId));

const sessionFields = {
  assignmentRestrictionSessionId: S.id, jobOrderId: S.jobOrderId, employeeId: S.employeeId, employeeName: sql<string>`${e.firstName} || ' ' || ${e.lastName}`,
  customerId: o.customerId, customerName: customers.customerName, createdAt: S.createdAt, createdByServiceRepId: S.createdByServiceRepId,
  createdBy: repName(creator), assignmentId: S.assignmentId, checked: S.checked,
};

function sessionsQuery(scope: DataScope) {
  return scope.selectJoined(S, { ...sessionFields, totalCount: sql<number>`count(*) over ()`.mapWith(Number) }, (q) => q
    .innerJoin(o, and(eq(o.tenantId, S.tenantId), eq(o.id, S.jobOrderId)))
    .innerJoin(e, and(eq(e.tenantId, S.tenantId), eq(e.id, S.employeeId)))
    .innerJoin(customers, and(eq(customers.tenantId, o.tenantId), eq(customers.id, o.customerId)))
    .innerJoin(creator, and(eq(creator.tenantId, S.tenantId), eq(creator.id, S.createdByServiceRepId))));
}

type SessionRow = Awaited<ReturnType<ReturnType<typeof sessionsQuery>['where']>>[number];

async function resultsOf(scope: DataScope, sessionIds: number[]) {
  if (!sessionIds.length) return [];
  return scope.selectJoined(R, {
    sessionId: R.sessionId, resultId: R.id, ruleCode: R.ruleCode, description: R.description, approvalLevel: R.approvalLevel,
    approvedByServiceRepId: R.approvedByServiceRepId, approvedBy: sql<string | null>`case when ${approver.id} is null then null else ${repName(approver)} end`,
    approvedAt: R.approvedAt, approvalNote: R.approvalNote,
  }, (q) => q.leftJoin(approver, and(eq(approver.tenantId, R.tenantId), eq(approver.id, R.approvedByServiceRepId))))
    .where(inArray(R.sessionId, sessionIds)).orderBy(asc(R.id));
}
type ResultRow = Awaited<ReturnType<typeof resultsOf>>[number];

const isOpen = (r: Pick<ResultRow, 'approvedAt'>) => r.approvedAt === null;

function statusOf(session: Pick<SessionRow, 'assignmentId'>, results: readonly Pick<ResultRow, 'approvedAt' | 'approvalLevel'>[], stale: readonly string[]): SessionStatus {
  if (session.assignmentId !== null) return 'placed';
  if (stale.length) return 'stale';
  const open = results.filter(isOpen);
  if (open.some((r) => r.approvalLevel === 'none')) return 'blocked';
  if (open.length) return 'pendingApproval';
  return results.length ? 'approved' : 'clear';
}

/** The session as clients see it, with its status now (the current facts of each employee evaluated once). */
async function present(scope: DataScope, rows: SessionRow[]) {
  const results = await resultsOf(scope, rows.map((r) => r.assignmentRestrictionSessionId));
  const now = new Map<number, Awaited<ReturnType<typeof evaluate>>>();
  const out = [];
  for (const { checked, totalCount: _total, ...row } of rows) {
    const own = results.filter((r) => r.sessionId === row.assignmentRestrictionSessionId).map(({ sessionId: _s, ...r }) => ({ ...r, approvable: r.approvalLevel !== 'none' }));
    let stale: string[] = [];
    if (row.assignmentId === null) {
      const current = now.get(row.employeeId) ?? await evaluate(scope, row.jobOrderId, row.employeeId);
      now.set(row.employeeId, current);
      stale = staleBecause(checked, current.checked);
    }
    out.push({ ...row, status: statusOf(row, own, stale), staleBecause: stale, results: own });
  }
  return out;
}

/** GET /jobOrder/{orderId}/assignmentRestriction/{sessionId}; undefined when the caller cannot see it. */
export async function getSession(scope: DataScope, jobOrderId: number, sessionId: number) {
  const rows = await sessionsQuery(scope).where(and(visibleSessions(scope, jobOrderId), eq(S.id, sessionId)));
  return (await present(scope, rows))[0];
}

/** GET /jobOrder/{orderId}/assignmentRestriction: latest first; undefined when the caller cannot see the order. */
export async function listSessions(scope: DataScope, jobOrderId: number, filter: SessionListFilter): Promise<Paged<Awaited<ReturnType<typeof present>>[number]> | undefined> {
  const [order] = await scope.select(o, { id: o.id }).where(eq(o.id, jobOrderId));
  if (!order) return undefined;
  const where = and(visibleSessions(scope, jobOrderId), filter.employeeId === undefined ? undefined : eq(S.employeeId, filter.employeeId));
  const rows = await sessionsQuery(scope).where(where).orderBy(desc(S.id)).limit(filter.take).offset(filter.skip);
  const page = await toPage(rows, filter, (row) => row, async () => {
    const [all] = await sessionsQuery(scope).where(where).limit(1);
    return all?.totalCount ?? 0;
  });
  return { data: await present(scope, page.data), totalCount: page.totalCount };
}

/** The session, locked for the rest of the transaction, with its order's node; undefined when not visible. */
async function lockedSession(tx: DataScope, jobOrderId: number, sessionId: number) {
  const [row] = await tx.selectJoined(S, { employeeId: S.employeeId, assignmentId: S.assignmentId, checked: S.checked, orderHierId: o.hierId }, (q) => q
    .innerJoin(o, and(eq(o.tenantId, S.tenantId), eq(o.id, S.jobOrderId)))
    .innerJoin(e, and(eq(e.tenantId, S.tenantId), eq(e.id, S.employeeId))))
    .where(and(visibleSessions(tx, jobOrderId), eq(S.id, sessionId))).for('update', { of: S });
  return row;
}

/** POST …/results/{resultId}/approval: the caller approves one finding with a note, with the session's event. */
export async function approveResult(scope: DataScope, ids: { orderId: number; sessionId: number; resultId: number }, note: string) {
  return scope.transaction(async (tx) => {
    const session = await lockedSession(tx, ids.orderId, ids.sessionId);
    if (!session) throw notFound('The assignment restriction session');
    const [result] = await tx.select(R, { approvalLevel: R.approvalLevel, approvedAt: R.approvedAt, ruleCode: R.ruleCode })
      .where(and(eq(R.sessionId, ids.sessionId), eq(R.id, ids.resultId)));
    if (!result) throw notFound('The restriction result');
    if (result.approvalLevel === 'none') throw new AppError('RESTRICTION_RESULT_NOT_APPROVABLE', `${result.ruleCode} blocks the placement: nobody may approve it.`);
    if (result.approvedAt) throw new AppError('RESTRICTION_RESULT_NOT_APPROVABLE', `The result was approved on ${result.approvedAt.toISOString()}.`);
    if (!mayApprove(result.approvalLevel, tx.principal, session.orderHierId)) {
      throw new AppError('APPROVAL_LEVEL', `${result.ruleCode} needs approval by ${describeLevel(result.approvalLevel)}.`);
    }
    if (session.assignmentId !== null) {
      throw new AppError('RESTRICTION_SESSION_STALE', `The session has placed assignment ${session.assignmentId}; start a new session.`, undefined, undefined, { staleBecause: [] });
    }
    const stale = staleBecause(session.checked, (await evaluate(tx, ids.orderId, session.employeeId)).checked);
    if (stale.length) {
      throw new AppError('RESTRICTION_SESSION_STALE', `What the session checked has changed (${stale.join(', ')}); start a new session.`, undefined, undefined, { staleBecause: stale });
    }
    await tx.update(R, { approvedByServiceRepId: tx.principal.serviceRepId, approvedAt: new Date(), approvalNote: note }).where(eq(R.id, ids.resultId));
    const approved = await getSession(tx, ids.orderId, ids.sessionId);
    // The result was open, so the session was blocked or waiting: it is approved now if none is left open.
    const changedFields = approved?.status === 'approved' ? ['results', 'status'] : ['results'];
    await emitEvent(tx, RESTRICTION_SESSION_UPDATED, SESSIONS, ids.sessionId, { changedFields });
    return approved;
  });
}

function describeLevel(level: ApprovalLevel): string {
  switch (level) {
    case 'none': return 'nobody';
    case 'orderVisible': return 'a rep who sees the job order';
    case 'aboveOrder': return 'a rep whose hierarchy node is above the job order\'s';
    case 'root': return 'a rep at the tenant\'s root hierarchy node';
  }
}

/**
 * ASG-04, AMB-64 (a): the check of POST /Assignments, inside its transaction. The latest session of
 * the employee and order must hold (not stale, not used) and have no result left unapproved;
 * otherwise 409 with what is missing. Answers the session, which the new assignment then uses up.
 */
export async function vetPlacement(tx: DataScope, jobOrderId: number, employeeId: number): Promise<number> {
  const [session] = await tx.select(S, { id: S.id, assignmentId: S.assignmentId, checked: S.checked })
    .where(and(eq(S.jobOrderId, jobOrderId), eq(S.employeeId, employeeId)))
    .orderBy(desc(S.id)).limit(1).for('update');
  const start = `start one at POST /jobOrder/${jobOrderId}/assignmentRestriction`;
  if (!session) {
    throw new AppError('ASSIGNMENT_NOT_VETTED', `Employee ${employeeId} has not been vetted for job order ${jobOrderId}: ${start}.`, undefined, undefined,
      { assignmentRestrictionSessionId: null, staleBecause: [] });
  }
  const notVetted = (why: string, staleBecause: string[]) => new AppError('ASSIGNMENT_NOT_VETTED', `${why}: ${start}.`, undefined, undefined,
    { assignmentRestrictionSessionId: session.id, staleBecause });
  if (session.assignmentId !== null) throw notVetted(`The latest session (${session.id}) has placed assignment ${session.assignmentId}`, []);
  const stale = staleBecause(session.checked, (await evaluate(tx, jobOrderId, employeeId)).checked);
  if (stale.length) throw notVetted(`The latest session (${session.id}) is stale: ${stale.join(', ')} changed since`, stale);
  const open = (await resultsOf(tx, [session.id])).filter(isOpen);
  if (open.length) {
    throw new AppError('ASSIGNMENT_RESTRICTED', `Session ${session.id} has ${open.length} result${open.length > 1 ? 's' : ''} not approved: ${open.map((r) => r.ruleCode).join(', ')}.`,
      undefined, undefined, {
        assignmentRestrictionSessionId: session.id,
        results: open.map((r) => ({ resultId: r.resultId, ruleCode: r.ruleCode, description: r.description, approvalLevel: r.approvalLevel, approvable: r.approvalLevel !== 'none' })),
      });
  }
  return session.id;
}

/** The session placed this assignment: it cannot place another (its event says so, in the placement's transaction). */
export async function markPlaced(tx: DataScope, sessionId: number, assignmentId: number): Promise<void> {
  await tx.update(S, { assignmentId }).where(eq(S.id, sessionId));
  await emitEvent(tx, RESTRICTION_SESSION_UPDATED, SESSIONS, sessionId, { changedFields: ['assignmentId', 'status'] });
}
