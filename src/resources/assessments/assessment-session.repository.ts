// Data access for assessment sessions: the request's insert (package and assessments copied), what
// the provider answered, and the reads. A session is seen by whoever sees its employee now (the
// employee's current node decides, as for the employee's own record). The request and what the
// provider answered record the session's events in their transactions.
import { and, desc, eq, getTableName, inArray, sql } from 'drizzle-orm';
import { NODES, TENANT, type DataScope } from '../../platform/scope.ts';
import { emitEvent } from '../../platform/events/outbox.ts';
import { pgError } from '../../platform/db/database.ts';
import { AppError, invalid, notFound } from '../../platform/http/errors.ts';
import { toPage, type Page, type Paged } from '../../platform/http/paging.ts';
import { employees } from '../employees/employee.table.ts';
import {
  assessmentPackageMembers as m, assessmentPackages as p, assessmentResults as r, assessmentSessionItems as i,
  assessmentSessions as s, assessmentVendors as v, assessments as a,
} from './assessment.table.ts';
import { ProviderError, type ProviderSessionAnswer, type ProviderSessionRequest } from './assessment-provider.ts';
import { ASSESSMENT_SESSION_CREATED, ASSESSMENT_SESSION_UPDATED } from './assessment-session.events.ts';

const UNIQUE_VIOLATION = '23505';

export interface VendorConfig { id: number; kind: 'assessoncloud' | 'webhook'; apiUrl: string | null; apiKey: string | null }

/** A session just inserted, with what the provider needs to hear about it. */
export interface NewSession {
  sessionId: number;
  vendor: VendorConfig;
  candidate: ProviderSessionRequest['candidate'];
  assessments: ProviderSessionRequest['assessments'];
}

interface CandidateRow extends Record<string, unknown> { hier_id: number; first_name: string; last_name: string; email: string | null }

/** The employee inside the caller's hierarchy, with the names and email a provider invites. */
async function visibleCandidate(scope: DataScope, employeeId: number): Promise<CandidateRow | undefined> {
  const rows = await scope.sql<CandidateRow>`
    select e.hier_id, e.first_name, e.last_name,
           (select cm.contact_method from contact_methods cm where cm.tenant_id = e.tenant_id and cm.id = e.primary_email_address_contact_method_id) as email
      from employees e
     where e.tenant_id = ${TENANT} and e.id = ${employeeId} and e.hier_id = any(${NODES})`;
  return rows[0];
}

/** The package with its vendor, locked against member changes until the session's items are copied. */
async function usablePackage(scope: DataScope, packageId: number) {
  const [row] = await scope.selectJoined(p, {
    name: p.name, isActive: p.isActive, vendor: { id: v.id, kind: v.kind, apiUrl: v.apiUrl, apiKey: v.apiKey, isActive: v.isActive },
  }, (q) => q.innerJoin(v, and(eq(v.tenantId, p.tenantId), eq(v.id, p.vendorId))))
    .where(eq(p.id, packageId)).for('share', { of: p });
  if (!row || !row.isActive) throw invalid('assessmentPackageId', `no active assessment package ${packageId} in this tenant`);
  if (!row.vendor.isActive) throw invalid('assessmentPackageId', `the package's vendor ${row.vendor.id} is not active`);
  const items = await scope.selectJoined(m, { assessmentId: a.id, code: a.code, name: a.name },
    (q) => q.innerJoin(a, and(eq(a.tenantId, m.tenantId), eq(a.id, m.assessmentId))))
    .where(and(eq(m.packageId, packageId), eq(a.isActive, true)))
    .orderBy(a.name, a.id);
  if (items.length === 0) throw invalid('assessmentPackageId', `package ${packageId} has no active assessments`);
  return { name: row.name, vendor: row.vendor, items };
}

/**
 * Inserts a `requested` session for a visible employee (404 otherwise) in one transaction, copying
 * the package's name and active assessments. A provider vendor without an address or key is a 409:
 * nothing is written then.
 */
export async function insertSession(scope: DataScope, employeeId: number, packageId: number): Promise<NewSession> {
  return scope.transaction(async (tx) => {
    const candidate = await visibleCandidate(tx, employeeId);
    if (!candidate) throw notFound('The employee');
    const pkg = await usablePackage(tx, packageId);
    const { vendor } = pkg;
    if (vendor.kind === 'assessoncloud' && (!vendor.apiUrl || !vendor.apiKey)) {
      throw new AppError('CONFLICT', `The assessment vendor ${vendor.id} is not configured: it has no API address or key to request sessions with.`);
    }
    const [row] = await tx.insert(s, {
      hierId: candidate.hier_id, employeeId, vendorId: vendor.id, packageId, packageName: pkg.name,
      requestedByServiceRepId: tx.principal.serviceRepId || null,
    }).returning({ id: s.id });
    if (!row) throw new Error('insert returned no row');
    await tx.insert(i, pkg.items.map((item) => ({ sessionId: row.id, ...item })));
    await emitEvent(tx, ASSESSMENT_SESSION_CREATED, getTableName(s), row.id);
    return {
      sessionId: row.id,
      vendor: { id: vendor.id, kind: vendor.kind, apiUrl: vendor.apiUrl, apiKey: vendor.apiKey },
      candidate: { candidateId: String(employeeId), givenName: candidate.first_name, familyName: candidate.last_name, ...(candidate.email ? { email: candidate.email } : {}) },
      assessments: pkg.items.map((item) => ({ assessmentCode: item.code })),
    };
  });
}

/**
 * What the provider answered. Its session id must be new for the vendor (unique index). The session
 * is the one this request inserted: found by id in the tenant (`tenant`), as its insert left it.
 */
export async function recordProviderSession(scope: DataScope, sessionId: number, answer: ProviderSessionAnswer): Promise<void> {
  try {
    await scope.transaction(async (tx) => {
      await tx.update(s, {
        providerSessionId: answer.providerSessionId, invitationUrl: answer.invitationUrl, expiresAt: answer.expiresAt ? new Date(answer.expiresAt) : null,
      }, 'tenant').where(eq(s.id, sessionId));
      await emitEvent(tx, ASSESSMENT_SESSION_UPDATED, getTableName(s), sessionId, { changedFields: ['providerSessionId', 'invitationUrl', 'expiresAt'] });
    });
  } catch (e) {
    if (pgError(e)?.code === UNIQUE_VIOLATION) throw new ProviderError('bad-answer', `The assessment provider answered a session id (${answer.providerSessionId}) another session already has.`);
    throw e;
  }
}

/**
 * The provider did not open the session. Only a session still `requested` fails: a callback that
 * came first (the provider did open it) is not undone.
 */
export async function markSessionFailed(scope: DataScope, sessionId: number, reason: string): Promise<void> {
  await scope.transaction(async (tx) => {
    const failed = await tx.update(s, { status: 'failed', statusReason: reason.slice(0, 1000), statusChangedAt: new Date() }, 'tenant')
      .where(and(eq(s.id, sessionId), eq(s.status, 'requested'))).returning({ id: s.id });
    if (failed.length) await emitEvent(tx, ASSESSMENT_SESSION_UPDATED, getTableName(s), sessionId, { changedFields: ['status'] });
  });
}

const sessionFields = {
  assessmentSessionId: s.id, employeeId: s.employeeId, vendorId: s.vendorId, vendorName: v.name,
  resultsVia: sql<'provider' | 'webhook'>`case when ${v.kind} = 'webhook' then 'webhook' else 'provider' end`,
  assessmentPackageId: s.packageId, packageName: s.packageName, status: s.status, statusChangedAt: s.statusChangedAt,
  statusReason: s.statusReason, providerSessionId: s.providerSessionId, invitationUrl: s.invitationUrl, expiresAt: s.expiresAt,
  requestedByServiceRepId: s.requestedByServiceRepId, requestedAt: s.requestedAt,
};

/** Sessions of employees the caller sees now (the employee's node decides, not the session's: `tenant` on the session). */
const sessions = (scope: DataScope) => scope.selectJoined(s, { ...sessionFields, totalCount: sql<number>`count(*) over ()`.mapWith(Number) }, (q) => q
  .innerJoin(v, and(eq(v.tenantId, s.tenantId), eq(v.id, s.vendorId)))
  .innerJoin(employees, and(eq(employees.tenantId, s.tenantId), eq(employees.id, s.employeeId), scope.visible(employees.hierId))), 'tenant');

/** The sessions' assessments and results, attached to each session. */
async function withDetails<T extends { assessmentSessionId: number }>(scope: DataScope, rows: T[]) {
  const ids = rows.map((row) => row.assessmentSessionId);
  if (ids.length === 0) return [];
  const [items, results] = await Promise.all([
    scope.select(i, { sessionId: i.sessionId, assessmentId: i.assessmentId, assessmentCode: i.code, name: i.name })
      .where(inArray(i.sessionId, ids)).orderBy(i.name, i.assessmentId),
    scope.select(r, {
      sessionId: r.sessionId, reportId: r.reportId, assessmentCode: r.code, value: r.score, minimum: r.scoreMinimum, maximum: r.scoreMaximum,
      percentile: r.percentile, outcome: r.outcome, completedAt: r.completedAt, reportUrl: r.reportUrl, receivedAt: r.receivedAt,
    }).where(inArray(r.sessionId, ids)).orderBy(r.receivedAt, r.id),
  ]);
  return rows.map((row) => ({
    ...row,
    items: items.filter((x) => x.sessionId === row.assessmentSessionId).map(({ sessionId: _s, ...item }) => item),
    results: results.filter((x) => x.sessionId === row.assessmentSessionId).map(({ sessionId: _s, value, minimum, maximum, ...result }) => ({
      ...result,
      score: value === null ? null : { value, ...(minimum === null ? {} : { minimum }), ...(maximum === null ? {} : { maximum }) },
    })),
  }));
}

/** GET /Assessments/Sessions/{sessionId}: undefined when the caller does not see it. */
export async function getSession(scope: DataScope, sessionId: number) {
  const rows = await sessions(scope).where(eq(s.id, sessionId));
  const [session] = await withDetails(scope, rows.map(({ totalCount: _t, ...row }) => row));
  return session;
}

/** GET /Employees/{id}/assessmentSessions: latest first; undefined when the caller does not see the employee. */
export async function listEmployeeSessions(scope: DataScope, employeeId: number, page: Page): Promise<Paged<Record<string, unknown>> | undefined> {
  const [employee] = await scope.select(employees, { id: employees.id }).where(eq(employees.id, employeeId));
  if (!employee) return undefined;
  const where = eq(s.employeeId, employeeId);
  const rows = await sessions(scope).where(where).orderBy(desc(s.requestedAt), desc(s.id)).limit(page.take).offset(page.skip);
  const page_ = await toPage(rows, page, ({ totalCount: _t, ...row }) => row, async () =>
    (await scope.select(s, { n: sql<number>`count(*)`.mapWith(Number) }, 'tenant').where(where))[0]?.n ?? 0);
  return { data: await withDetails(scope, page_.data), totalCount: page_.totalCount };
}
