// Data access for assessment sessions: the request's insert (package and assessments copied), what
// the provider answered, and the reads. A session is seen by whoever sees its employee now (the
// employee's current node decides, as for the employee's own record).
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { DataScope } from '../../platform/scope.ts';
import { pgError } from '../../platform/db/database.ts';
import { AppError, invalid, notFound } from '../../platform/http/errors.ts';
import { toPage, type Page, type Paged } from '../../platform/http/paging.ts';
import { employees } from '../employees/employee.table.ts';
import {
  assessmentPackageMembers as m, assessmentPackages as p, assessmentResults as r, assessmentSessionItems as i,
  assessmentSessions as s, assessmentVendors as v, assessments as a,
} from './assessment.table.ts';
import { ProviderError, type ProviderSessionAnswer, type ProviderSessionRequest } from './assessment-provider.ts';

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
  const { rows } = await scope.db.execute<CandidateRow>(sql`
    select e.hier_id, e.first_name, e.last_name,
           (select cm.contact_method from contact_methods cm where cm.tenant_id = e.tenant_id and cm.id = e.primary_email_address_contact_method_id) as email
      from employees e
     where e.tenant_id = ${scope.tenantId} and e.id = ${employeeId} and ${scope.visible(sql`e.hier_id`)}`);
  return rows[0];
}

/** The package with its vendor, locked against member changes until the session's items are copied. */
async function usablePackage(scope: DataScope, packageId: number) {
  const [row] = await scope.db.select({
    name: p.name, isActive: p.isActive, vendor: { id: v.id, kind: v.kind, apiUrl: v.apiUrl, apiKey: v.apiKey, isActive: v.isActive },
  }).from(p).innerJoin(v, and(eq(v.tenantId, p.tenantId), eq(v.id, p.vendorId)))
    .where(and(eq(p.tenantId, scope.tenantId), eq(p.id, packageId))).for('share', { of: p });
  if (!row || !row.isActive) throw invalid('assessmentPackageId', `no active assessment package ${packageId} in this tenant`);
  if (!row.vendor.isActive) throw invalid('assessmentPackageId', `the package's vendor ${row.vendor.id} is not active`);
  const items = await scope.db.select({ assessmentId: a.id, code: a.code, name: a.name }).from(m)
    .innerJoin(a, and(eq(a.tenantId, m.tenantId), eq(a.id, m.assessmentId)))
    .where(and(eq(m.tenantId, scope.tenantId), eq(m.packageId, packageId), eq(a.isActive, true)))
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
    const [row] = await tx.db.insert(s).values({
      tenantId: tx.tenantId, hierId: candidate.hier_id, employeeId, vendorId: vendor.id, packageId, packageName: pkg.name,
      requestedByServiceRepId: tx.principal.serviceRepId || null,
    }).returning({ id: s.id });
    if (!row) throw new Error('insert returned no row');
    await tx.db.insert(i).values(pkg.items.map((item) => ({ tenantId: tx.tenantId, sessionId: row.id, ...item })));
    return {
      sessionId: row.id,
      vendor: { id: vendor.id, kind: vendor.kind, apiUrl: vendor.apiUrl, apiKey: vendor.apiKey },
      candidate: { candidateId: String(employeeId), givenName: candidate.first_name, familyName: candidate.last_name, ...(candidate.email ? { email: candidate.email } : {}) },
      assessments: pkg.items.map((item) => ({ assessmentCode: item.code })),
    };
  });
}

/** What the provider answered. Its session id must be new for the vendor (unique index). */
export async function recordProviderSession(scope: DataScope, sessionId: number, answer: ProviderSessionAnswer): Promise<void> {
  try {
    await scope.db.update(s).set({
      providerSessionId: answer.providerSessionId, invitationUrl: answer.invitationUrl, expiresAt: answer.expiresAt ? new Date(answer.expiresAt) : null,
    }).where(and(eq(s.tenantId, scope.tenantId), eq(s.id, sessionId)));
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
  await scope.db.update(s).set({ status: 'failed', statusReason: reason.slice(0, 1000), statusChangedAt: new Date() })
    .where(and(eq(s.tenantId, scope.tenantId), eq(s.id, sessionId), eq(s.status, 'requested')));
}

const sessionFields = {
  assessmentSessionId: s.id, employeeId: s.employeeId, vendorId: s.vendorId, vendorName: v.name,
  resultsVia: sql<'provider' | 'webhook'>`case when ${v.kind} = 'webhook' then 'webhook' else 'provider' end`,
  assessmentPackageId: s.packageId, packageName: s.packageName, status: s.status, statusChangedAt: s.statusChangedAt,
  statusReason: s.statusReason, providerSessionId: s.providerSessionId, invitationUrl: s.invitationUrl, expiresAt: s.expiresAt,
  requestedByServiceRepId: s.requestedByServiceRepId, requestedAt: s.requestedAt,
};

/** Sessions of employees the caller sees now. */
const sessions = (scope: DataScope) => scope.db.select({ ...sessionFields, totalCount: sql<number>`count(*) over ()`.mapWith(Number) }).from(s)
  .innerJoin(v, and(eq(v.tenantId, s.tenantId), eq(v.id, s.vendorId)))
  .innerJoin(employees, and(eq(employees.tenantId, s.tenantId), eq(employees.id, s.employeeId), scope.visible(employees.hierId)))
  .$dynamic();

/** The sessions' assessments and results, attached to each session. */
async function withDetails<T extends { assessmentSessionId: number }>(scope: DataScope, rows: T[]) {
  const ids = rows.map((row) => row.assessmentSessionId);
  if (ids.length === 0) return [];
  const [items, results] = await Promise.all([
    scope.db.select({ sessionId: i.sessionId, assessmentId: i.assessmentId, assessmentCode: i.code, name: i.name }).from(i)
      .where(and(eq(i.tenantId, scope.tenantId), inArray(i.sessionId, ids))).orderBy(i.name, i.assessmentId),
    scope.db.select({
      sessionId: r.sessionId, reportId: r.reportId, assessmentCode: r.code, value: r.score, minimum: r.scoreMinimum, maximum: r.scoreMaximum,
      percentile: r.percentile, outcome: r.outcome, completedAt: r.completedAt, reportUrl: r.reportUrl, receivedAt: r.receivedAt,
    }).from(r).where(and(eq(r.tenantId, scope.tenantId), inArray(r.sessionId, ids))).orderBy(r.receivedAt, r.id),
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
  const rows = await sessions(scope).where(and(eq(s.tenantId, scope.tenantId), eq(s.id, sessionId)));
  const [session] = await withDetails(scope, rows.map(({ totalCount: _t, ...row }) => row));
  return session;
}

/** GET /Employees/{id}/assessmentSessions: latest first; undefined when the caller does not see the employee. */
export async function listEmployeeSessions(scope: DataScope, employeeId: number, page: Page): Promise<Paged<Record<string, unknown>> | undefined> {
  const [employee] = await scope.db.select({ id: employees.id }).from(employees)
    .where(and(eq(employees.tenantId, scope.tenantId), eq(employees.id, employeeId), scope.visible(employees.hierId)));
  if (!employee) return undefined;
  const where = and(eq(s.tenantId, scope.tenantId), eq(s.employeeId, employeeId));
  const rows = await sessions(scope).where(where).orderBy(desc(s.requestedAt), desc(s.id)).limit(page.take).offset(page.skip);
  const page_ = await toPage(rows, page, ({ totalCount: _t, ...row }) => row, async () =>
    (await scope.db.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(s).where(where))[0]?.n ?? 0);
  return { data: await withDetails(scope, page_.data), totalCount: page_.totalCount };
}
