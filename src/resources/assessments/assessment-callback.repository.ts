// What provider callbacks change: results stored against a session, and status updates. Each callback
// is one transaction that locks the session row first, so callbacks for one session run one after
// another; a report is stored once (unique reportId per session), and a status never moves back.
import { and, eq, getTableName, sql } from 'drizzle-orm';
import { TENANT, type DataScope } from '../../platform/scope.ts';
import { qualified } from '../../platform/db/database.ts';
import { existsInTenant } from '../../platform/records/references.ts';
import { AppError, notFound, type FieldErrors } from '../../platform/http/errors.ts';
import { employees } from '../employees/employee.table.ts';
import { assessmentResults as r, assessmentSessionItems as i, assessmentSessions as s, assessmentVendors as v, type SessionStatus } from './assessment.table.ts';
import type { AssessmentReportInput, StatusCallbackInput } from './assessment-callback.schemas.ts';
import { emitEvent } from '../../platform/events/outbox.ts';
import { ASSESSMENT_SESSION_UPDATED } from './assessment-session.events.ts';

/** Which session a callback names: ours, the provider's (if given), and who may report on it. */
export interface CallbackTarget {
  sessionId: number;
  providerSessionId?: string;
  /** AssessOnCloud callbacks reach sessions of `assessoncloud` vendors; a vendor's webhook, that vendor's sessions. */
  via: { kind: 'assessoncloud' } | { vendorId: number };
}

/** A report to store, with what the provider sent for it (kept as `payload`). */
export interface IncomingReport { report: AssessmentReportInput; payload: unknown; field: string }

/** requested < inProgress < the terminal ones; a session never moves to a lower rank. */
const RANK: Record<SessionStatus, number> = { requested: 0, inProgress: 1, completed: 2, expired: 2, failed: 2 };
export const isTerminal = (status: SessionStatus) => RANK[status] === 2;

/**
 * Whether a status update applies: never from a terminal status, never to a lower rank; at the same
 * rank only when it is newer than the status the session has (an out-of-order update is ignored).
 */
export function statusApplies(current: { status: SessionStatus; changedAt: Date }, next: { status: SessionStatus; at: Date }): boolean {
  if (isTerminal(current.status) || RANK[next.status] < RANK[current.status]) return false;
  return RANK[next.status] > RANK[current.status] || next.at.getTime() > current.changedAt.getTime();
}

/** The session row, locked until the transaction ends; 404 when the caller may not report on it. */
async function lockedSession(tx: DataScope, target: CallbackTarget) {
  const byVendor = 'vendorId' in target.via
    ? eq(s.vendorId, target.via.vendorId)
    : sql`exists (select 1 from ${v} where ${v.tenantId} = ${qualified(s.tenantId)} and ${v.id} = ${qualified(s.vendorId)} and ${v.kind} = ${target.via.kind})`;
  // Who may report on a session is decided by its employee's node now, not the session's: `tenant` on the session.
  const [row] = await tx.selectJoined(s, { id: s.id, status: s.status, changedAt: s.statusChangedAt, providerSessionId: s.providerSessionId },
    (q) => q.innerJoin(employees, and(eq(employees.tenantId, s.tenantId), eq(employees.id, s.employeeId), tx.visible(employees.hierId))), 'tenant')
    .where(and(eq(s.id, target.sessionId), byVendor))
    .for('update', { of: s });
  const known = row && (target.providerSessionId === undefined || row.providerSessionId === null || row.providerSessionId === target.providerSessionId);
  if (!row || !known) {
    throw notFound(`The assessment session ${target.sessionId}${target.providerSessionId === undefined ? '' : ` (provider session ${target.providerSessionId})`}`);
  }
  return row;
}

/** Completes a session once every assessment it asked for has a result (unless it has finished already). */
async function completeIfAllReported(tx: DataScope, session: { id: number; status: SessionStatus }): Promise<SessionStatus> {
  if (isTerminal(session.status)) return session.status;
  const rows = await tx.sql<{ missing: number }>`
    select count(*)::int as missing from assessment_session_items it
     where it.tenant_id = ${TENANT} and it.session_id = ${session.id}
       and not exists (select 1 from assessment_results x where x.tenant_id = it.tenant_id and x.session_id = it.session_id and x.code = it.code)`;
  const summary = rows[0];
  if (!summary || summary.missing > 0) return session.status;
  // The session completed when its last assessment did (not before the status it has).
  await tx.update(s, { status: 'completed', statusReason: null, statusChangedAt: sql`greatest(${s.statusChangedAt}, coalesce(
      (select max(x.completed_at) from assessment_results x where x.tenant_id = ${tx.tenantId} and x.session_id = ${session.id}), now()))` }, 'tenant')
    .where(eq(s.id, session.id));
  return 'completed';
}

/**
 * Stores a callback's reports (ASM-19, ASM-27): all or none. A report for an assessment the session
 * did not ask for is a 400 naming its field, and nothing of the callback is stored.
 */
export async function storeReports(scope: DataScope, target: CallbackTarget, reports: readonly IncomingReport[]) {
  return scope.transaction(async (tx) => {
    if ('vendorId' in target.via && !(await existsInTenant(tx, v, target.via.vendorId))) throw notFound(`The assessment vendor ${target.via.vendorId}`);
    const session = await lockedSession(tx, target);
    const codes = new Set((await tx.select(i, { code: i.code }).where(eq(i.sessionId, session.id))).map((x) => x.code));
    const errors: FieldErrors = {};
    for (const { report, field } of reports) {
      if (!codes.has(report.assessmentCode)) errors[field] = [`"${report.assessmentCode}" is not an assessment of session ${session.id} (${[...codes].join(', ')})`];
    }
    if (Object.keys(errors).length > 0) throw new AppError('VALIDATION_FAILED', `The results name assessments session ${session.id} did not ask for; nothing was stored.`, errors);
    const stored = await tx.insert(r, reports.map(({ report, payload }) => ({
      sessionId: session.id, reportId: report.reportId, code: report.assessmentCode,
      score: report.score?.value ?? null, scoreMinimum: report.score?.minimum ?? null, scoreMaximum: report.score?.maximum ?? null,
      percentile: report.percentile ?? null, outcome: report.outcome ?? null, completedAt: new Date(report.completedAt),
      reportUrl: report.reportUrl ?? null, payload,
    }))).onConflictDoNothing().returning({ id: r.id });
    const status = await completeIfAllReported(tx, session);
    const changedFields = [...(stored.length ? ['results'] : []), ...(status !== session.status ? ['status'] : [])];
    if (changedFields.length) await emitEvent(tx, ASSESSMENT_SESSION_UPDATED, getTableName(s), session.id, { changedFields });
    return { assessmentSessionId: session.id, received: reports.length, stored: stored.length, duplicates: reports.length - stored.length, status };
  });
}

/** Applies a status update (ASM-22) unless it would move the session backwards; says whether it did. */
export async function applyStatus(scope: DataScope, update: StatusCallbackInput) {
  return scope.transaction(async (tx) => {
    const session = await lockedSession(tx, { sessionId: update.assessmentSessionId, providerSessionId: update.providerSessionId, via: { kind: 'assessoncloud' } });
    const at = new Date(update.occurredAt);
    const applied = statusApplies(session, { status: update.status, at });
    if (applied) {
      await tx.update(s, { status: update.status, statusChangedAt: at, statusReason: update.reason ?? null }, 'tenant').where(eq(s.id, session.id));
      await emitEvent(tx, ASSESSMENT_SESSION_UPDATED, getTableName(s), session.id, { changedFields: ['status'] });
    }
    return {
      assessmentSessionId: session.id, applied,
      status: applied ? update.status : session.status, statusChangedAt: applied ? at : session.changedAt,
    };
  });
}
