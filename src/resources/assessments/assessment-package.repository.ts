// Data access for assessment packages and their members (ASM-05 to ASM-15). Packages are tenant-wide
// administration data (no hierarchy node): every query is filtered by the caller's tenant, so another
// tenant's package or member is a 404. Writes lock the package row, so a vendor change and a member
// added at the same time cannot leave a package holding another vendor's assessment.
import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import type { DataScope } from '../../platform/scope.ts';
import { pgError, qualified } from '../../platform/db/database.ts';
import { AppError, invalid, notFound } from '../../platform/http/errors.ts';
import { toPage, type Page } from '../../platform/http/paging.ts';
import { assessmentPackageMembers as m, assessmentPackages as p, assessmentSessions, assessments as a, assessmentVendors as v } from './assessment.table.ts';
import type { MemberInput, PackageInput } from './assessment-package.schemas.ts';

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
const packages = (scope: DataScope, where?: SQL) => scope.db.select({ ...packageFields, totalCount }).from(p)
  .innerJoin(v, and(eq(v.tenantId, p.tenantId), eq(v.id, p.vendorId)))
  .where(and(eq(p.tenantId, scope.tenantId), where));

/** Members with their catalog entry; `where` narrows (one member). */
const members = (scope: DataScope, packageId: number, where?: SQL) => scope.db.select({ ...memberFields, totalCount }).from(m)
  .innerJoin(a, and(eq(a.tenantId, m.tenantId), eq(a.id, m.assessmentId)))
  .where(and(eq(m.tenantId, scope.tenantId), eq(m.packageId, packageId), where));

const withoutTotal = <T extends { totalCount: number }>({ totalCount: _t, ...item }: T) => item;

/** ASM-05, AMB-69 (a): by name regardless of case, equal names by id. */
export async function listPackages(scope: DataScope, page: Page) {
  const rows = await packages(scope).orderBy(sql`lower(${p.name})`, asc(p.id)).limit(page.take).offset(page.skip);
  return toPage(rows, page, withoutTotal, async () =>
    (await scope.db.select({ n: countAll }).from(p).where(eq(p.tenantId, scope.tenantId)))[0]?.n ?? 0);
}

export async function getPackage(scope: DataScope, id: number) {
  const [row] = await packages(scope, eq(p.id, id));
  return row && withoutTotal(row);
}

/** The package row, locked until the transaction ends; undefined when the tenant has none with this id. */
async function lockedPackage(scope: DataScope, id: number): Promise<{ vendorId: number } | undefined> {
  const [row] = await scope.db.select({ vendorId: p.vendorId }).from(p).where(and(eq(p.tenantId, scope.tenantId), eq(p.id, id))).for('update');
  return row;
}

/** A vendor of the tenant that may be given: an active one, or the one the package already has (so a retired vendor's package can still be renamed or switched off). */
async function checkVendor(scope: DataScope, vendorId: number, current?: number): Promise<void> {
  const [row] = await scope.db.select({ isActive: v.isActive }).from(v).where(and(eq(v.tenantId, scope.tenantId), eq(v.id, vendorId)));
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
    const [row] = await uniqueName(values.name, () => tx.db.insert(p)
      .values({ tenantId: tx.tenantId, ...values, createdByServiceRepId: tx.principal.serviceRepId }).returning({ id: p.id }));
    if (!row) throw new Error('insert returned no row');
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
      const [held] = await tx.db.select({ n: countAll }).from(m).where(and(eq(m.tenantId, tx.tenantId), eq(m.packageId, id)));
      if (held && held.n > 0) {
        throw new AppError('CONFLICT', `The package holds ${held.n} assessment(s) of vendor ${current.vendorId}; remove them before changing its vendor.`);
      }
    }
    await uniqueName(values.name, () => tx.db.update(p).set({ ...values, updatedAt: sql`now()` }).where(and(eq(p.tenantId, tx.tenantId), eq(p.id, id))));
  });
}

/**
 * ASM-09, AMB-69 (a): the members go with the package (cascade); sessions requested from it keep
 * their copied name and assessments and lose only the link.
 */
export async function deletePackage(scope: DataScope, id: number): Promise<void> {
  await scope.transaction(async (tx) => {
    if (!(await lockedPackage(tx, id))) throw notFound('The assessment package');
    await tx.db.update(assessmentSessions).set({ packageId: null })
      .where(and(eq(assessmentSessions.tenantId, tx.tenantId), eq(assessmentSessions.packageId, id)));
    await tx.db.delete(p).where(and(eq(p.tenantId, tx.tenantId), eq(p.id, id)));
  });
}

async function packageExists(scope: DataScope, id: number): Promise<boolean> {
  const rows = await scope.db.select({ id: p.id }).from(p).where(and(eq(p.tenantId, scope.tenantId), eq(p.id, id)));
  return rows.length > 0;
}

/** ASM-12: by assessment name regardless of case, equal names by member id; undefined when there is no such package. */
export async function listMembers(scope: DataScope, packageId: number, page: Page) {
  if (!(await packageExists(scope, packageId))) return undefined;
  const rows = await members(scope, packageId).orderBy(sql`lower(${a.name})`, asc(m.id)).limit(page.take).offset(page.skip);
  return toPage(rows, page, withoutTotal, async () =>
    (await scope.db.select({ n: countAll }).from(m).where(and(eq(m.tenantId, scope.tenantId), eq(m.packageId, packageId))))[0]?.n ?? 0);
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
    const [assessment] = await tx.db.select({ vendorId: a.vendorId, isActive: a.isActive }).from(a)
      .where(and(eq(a.tenantId, tx.tenantId), eq(a.id, input.assessmentId)));
    if (!assessment) throw invalid('assessmentId', `no assessment ${input.assessmentId} in this tenant's catalogs`);
    if (assessment.vendorId !== pkg.vendorId) throw invalid('assessmentId', `assessment ${input.assessmentId} is not in the catalog of the package's vendor ${pkg.vendorId}`);
    if (!assessment.isActive) throw invalid('assessmentId', `assessment ${input.assessmentId} is no longer offered (inactive)`);
    try {
      const [row] = await tx.db.insert(m).values({ tenantId: tx.tenantId, packageId, assessmentId: input.assessmentId }).returning({ id: m.id });
      if (!row) throw new Error('insert returned no row');
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
    const deleted = await tx.db.delete(m).where(and(eq(m.tenantId, tx.tenantId), eq(m.packageId, packageId), eq(m.id, memberId))).returning({ id: m.id });
    return deleted.length > 0;
  });
}
