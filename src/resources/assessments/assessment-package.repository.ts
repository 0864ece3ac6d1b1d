// Data access for assessment packages and their members (ASM-05 to ASM-15). Packages are tenant-wide
// administration data (no hierarchy node): every query goes through the scope, filtered by the
// caller's tenant, so another tenant's package or member is a 404. Writes lock the package row, so a
// vendor change and a member added at the same time cannot leave a package holding another vendor's
// assessment; each write records its package's event in its transaction.
import { and, asc, eq, getTableName, sql, type SQL } from 'drizzle-orm';
import type { DataScope } from '../../platform/scope.ts';
import { emitEvent } from '../../platform/events/outbox.ts';
import { pgError, qualified } from '../../platform/db/database.ts';
import { AppError, invalid, notFound } from '../../platform/http/errors.ts';
import { toPage, type Page } from '../../platform/http/paging.ts';
import { assessmentPackageMembers as m, assessmentPackages as p, assessmentSessions, assessments as a, assessmentVendors as v } from './assessment.table.ts';
import type { MemberInput, PackageInput } from './assessment-package.schemas.ts';
import { ASSESSMENT_PACKAGE_CREATED, ASSESSMENT_PACKAGE_DELETED, ASSESSMENT_PACKAGE_UPDATED } from './assessment-package.events.ts';

const UNIQUE_VIOLATION = '23505';
const totalCount = sql<number>`count(*) over ()`.mapWith(Number);
const countAll = sql<number>`count(*)`.mapWith(Number);

const packageFields = {
  id: p.id, name: p.name, description: p.description, assessmentVendorId: p.vendorId, assessmentVendor: v.name, isActive: p.isActive,
  memberCount: sql<number>`(select count(*) from ${m} where ${m.tenantId} = ${qualified(p.tenantId)} and ${m.packageId} = ${qualified(p.id)})`.mapWith(Number),
  createdAt: p.createdAt, updatedAt: p.updatedAt,
};
const memberFields = {
  assessmentPackageMemberId: m.id, assessmentPackageId: m.packageId, assessmentId: m.assessmentId,
  code: a.code, name: a.name, description: a.description, durationMinutes: a.durationMinutes,
};

/** Packages with their vendor's name; `where` narrows (one package). */
const packages = (scope: DataScope, where?: SQL) => scope.selectJoined(p, { ...packageFields, totalCount },
  (q) => q.innerJoin(v, and(eq(v.tenantId, p.tenantId), eq(v.id, p.vendorId)))).where(where);

/** Members with their catalog entry; `where` narrows (one member). */
const members = (scope: DataScope, packageId: number, where?: SQL) => scope.selectJoined(m, { ...memberFields, totalCount },
  (q) => q.innerJoin(a, and(eq(a.tenantId, m.tenantId), eq(a.id, m.assessmentId)))).where(and(eq(m.packageId, packageId), where));

const withoutTotal = <T extends { totalCount: number }>({ totalCount: _t, ...item }: T) => item;

/** ASM-05, AMB-69 (a): by name regardless of case, equal names by id. */
export async function listPackages(scope: DataScope, page: Page) {
  const rows = await packages(scope).orderBy(sql`lower(${p.name})`, asc(p.id)).limit(page.take).offset(page.skip);
  return toPage(rows, page, withoutTotal, async () =>
    (await scope.select(p, { n: countAll }).where())[0]?.n ?? 0);
}

export async function getPackage(scope: DataScope, id: number) {
  const [row] = await packages(scope, eq(p.id, id));
  return row && withoutTotal(row);
}

/** What a PUT replaces, as stored. */
interface Stored { name: string; description: string | null; vendorId: number; isActive: boolean }

/** The package row, locked until the transaction ends; undefined when the tenant has none with this id. */
async function lockedPackage(scope: DataScope, id: number): Promise<Stored | undefined> {
  const [row] = await scope.select(p, { name: p.name, description: p.description, vendorId: p.vendorId, isActive: p.isActive }).where(eq(p.id, id)).for('update');
  return row;
}

type PackageEvent = typeof ASSESSMENT_PACKAGE_CREATED | typeof ASSESSMENT_PACKAGE_UPDATED | typeof ASSESSMENT_PACKAGE_DELETED;

/** The package's event, in the transaction of its change. */
const packageEvent = (tx: DataScope, event: PackageEvent, id: number, changedFields?: string[]) =>
  emitEvent(tx, event, getTableName(p), id, changedFields && { changedFields });

/** Each stored field with its name in the package's GET. */
const JSON_NAMES: readonly (readonly [keyof Stored, string])[] = [['name', 'name'], ['description', 'description'], ['vendorId', 'assessmentVendorId'], ['isActive', 'isActive']];
/** A PUT's changed fields, as the package's GET names them. */
const changed = (before: Stored, after: Stored) => JSON_NAMES.filter(([k]) => before[k] !== after[k]).map(([, name]) => name);

/** A vendor of the tenant that may be given: an active one, or the one the package already has (so a retired vendor's package can still be renamed or switched off). */
async function checkVendor(scope: DataScope, vendorId: number, current?: number): Promise<void> {
  const [row] = await scope.select(v, { isActive: v.isActive }).where(eq(v.id, vendorId));
  if (!row) throw invalid('assessmentVendorId', `no assessment vendor ${vendorId} in this tenant`);
  if (!row.isActive && vendorId !== current) throw invalid('assessmentVendorId', `assessment vendor ${vendorId} is not active`);
}

/** The stored values of a create or replace: trimmed name, optional fields reset to their defaults. */
function packageValues(input: PackageInput) {
  const name = input.name.trim();
  if (name === '') throw invalid('name', 'must not be blank');
  return { name, description: input.description ?? null, vendorId: input.assessmentVendorId, isActive: input.isActive ?? true };
}

/** The name index refuses a second package of the same name (however close together they arrive): 409. */
async function uniqueName<T>(name: string, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (e) {
    if (pgError(e)?.code === UNIQUE_VIOLATION) throw new AppError('CONFLICT', `An assessment package named "${name}" already exists.`);
    throw e;
  }
}

/** ASM-06. */
export async function createPackage(scope: DataScope, input: PackageInput): Promise<number> {
  const values = packageValues(input);
  return scope.transaction(async (tx) => {
    await checkVendor(tx, values.vendorId);
    const [row] = await uniqueName(values.name, () => tx.insert(p, { ...values, createdByServiceRepId: tx.principal.serviceRepId }).returning({ id: p.id }));
    if (!row) throw new Error('insert returned no row');
    await packageEvent(tx, ASSESSMENT_PACKAGE_CREATED, row.id);
    return row.id;
  });
}

/** ASM-08: every field replaced. A package holding assessments cannot move to another vendor (409). */
export async function replacePackage(scope: DataScope, id: number, input: PackageInput): Promise<void> {
  const values = packageValues(input);
  await scope.transaction(async (tx) => {
    const current = await lockedPackage(tx, id);
    if (!current) throw notFound('The assessment package');
    await checkVendor(tx, values.vendorId, current.vendorId);
    if (values.vendorId !== current.vendorId) {
      const [held] = await tx.select(m, { n: countAll }).where(eq(m.packageId, id));
      if (held && held.n > 0) {
        throw new AppError('CONFLICT', `The package holds ${held.n} assessment(s) of vendor ${current.vendorId}; remove them before changing its vendor.`);
      }
    }
    await uniqueName(values.name, () => tx.update(p, { ...values, updatedAt: sql`now()` }).where(eq(p.id, id)));
    await packageEvent(tx, ASSESSMENT_PACKAGE_UPDATED, id, changed(current, values));
  });
}

/**
 * ASM-09, AMB-69 (a): the members go with the package (cascade); sessions requested from it keep
 * their copied name and assessments and lose only the link.
 */
export async function deletePackage(scope: DataScope, id: number): Promise<void> {
  await scope.transaction(async (tx) => {
    if (!(await lockedPackage(tx, id))) throw notFound('The assessment package');
    // Every session of the tenant loses the link, whoever sees its employee: the package goes for all.
    await tx.update(assessmentSessions, { packageId: null }, 'tenant').where(eq(assessmentSessions.packageId, id));
    // The event reads the package's row: written before the row goes.
    await packageEvent(tx, ASSESSMENT_PACKAGE_DELETED, id);
    await tx.delete(p).where(eq(p.id, id));
  });
}

async function packageExists(scope: DataScope, id: number): Promise<boolean> {
  const rows = await scope.select(p, { id: p.id }).where(eq(p.id, id));
  return rows.length > 0;
}

/** ASM-12: by assessment name regardless of case, equal names by member id; undefined when there is no such package. */
export async function listMembers(scope: DataScope, packageId: number, page: Page) {
  if (!(await packageExists(scope, packageId))) return undefined;
  const rows = await members(scope, packageId).orderBy(sql`lower(${a.name})`, asc(m.id)).limit(page.take).offset(page.skip);
  return toPage(rows, page, withoutTotal, async () =>
    (await scope.select(m, { n: countAll }).where(eq(m.packageId, packageId)))[0]?.n ?? 0);
}

/** ASM-14, AMB-69 (a): a member is found only under its own package. */
export async function getMember(scope: DataScope, packageId: number, memberId: number) {
  const [row] = await members(scope, packageId, eq(m.id, memberId));
  return row && withoutTotal(row);
}

/** ASM-13: an active assessment of the package's vendor (else 400 naming assessmentId), at most once (409). */
export async function addMember(scope: DataScope, packageId: number, input: MemberInput): Promise<number> {
  return scope.transaction(async (tx) => {
    const pkg = await lockedPackage(tx, packageId);
    if (!pkg) throw notFound('The assessment package');
    const [assessment] = await tx.select(a, { vendorId: a.vendorId, isActive: a.isActive }).where(eq(a.id, input.assessmentId));
    if (!assessment) throw invalid('assessmentId', `no assessment ${input.assessmentId} in this tenant's catalogs`);
    if (assessment.vendorId !== pkg.vendorId) throw invalid('assessmentId', `assessment ${input.assessmentId} is not in the catalog of the package's vendor ${pkg.vendorId}`);
    if (!assessment.isActive) throw invalid('assessmentId', `assessment ${input.assessmentId} is no longer offered (inactive)`);
    try {
      const [row] = await tx.insert(m, { packageId, assessmentId: input.assessmentId }).returning({ id: m.id });
      if (!row) throw new Error('insert returned no row');
      await packageEvent(tx, ASSESSMENT_PACKAGE_UPDATED, packageId, ['assessments']);
      return row.id;
    } catch (e) {
      if (pgError(e)?.code === UNIQUE_VIOLATION) throw new AppError('CONFLICT', `Assessment ${input.assessmentId} is already in the package.`);
      throw e;
    }
  });
}

/** ASM-15: false when the package has no such member. */
export async function removeMember(scope: DataScope, packageId: number, memberId: number): Promise<boolean> {
  return scope.transaction(async (tx) => {
    const deleted = await tx.delete(m).where(and(eq(m.packageId, packageId), eq(m.id, memberId))).returning({ id: m.id });
    if (deleted.length > 0) await packageEvent(tx, ASSESSMENT_PACKAGE_UPDATED, packageId, ['assessments']);
    return deleted.length > 0;
  });
}
