// Assessment vendors and their catalogs as tenant data (docs/decisions/0019): added by an operator
// with `staffing assessment vendor add` and `staffing assessment catalog import` (no API endpoint
// writes them), read by reps through GET /Datalists/AssessmentVendors and /Datalists/Assessments.
// Like the other operator commands these take the tenant id directly: there is no caller to scope by.
import { and, eq, sql } from 'drizzle-orm';
import { pgError, transaction, type Db } from '../../platform/db/database.ts';
import { AppError, invalid, notFound } from '../../platform/http/errors.ts';
import { assessmentPackageMembers, assessmentPackages, assessments, assessmentVendors } from './assessment.table.ts';
import type { CatalogEntry } from './assessment-catalog.csv.ts';

export const VENDOR_KINDS = assessmentVendors.kind.enumValues;
export type VendorKind = (typeof VENDOR_KINDS)[number];
export const isVendorKind = (value: string): value is VendorKind => VENDOR_KINDS.some((kind) => kind === value);

export interface VendorInput { name: string; kind: VendorKind; apiUrl?: string | null; apiKey?: string | null }

const UNIQUE_VIOLATION = '23505';
const MAX_API_KEY_LENGTH = 4096;

/** The stored values of a vendor: a trimmed name of 1 to 100 characters, an http(s) address. */
function vendorValues(input: VendorInput) {
  const name = input.name.trim();
  if (name === '' || name.length > 100) throw invalid('name', 'must be 1 to 100 characters');
  const apiUrl = input.apiUrl?.trim() || null;
  if (apiUrl !== null && !/^https?:$/.test(URL.parse(apiUrl)?.protocol ?? '')) throw invalid('apiUrl', 'must be an http or https address');
  const apiKey = input.apiKey?.trim() || null;
  if (apiKey !== null && apiKey.length > MAX_API_KEY_LENGTH) throw invalid('apiKey', `must be at most ${MAX_API_KEY_LENGTH} characters`);
  return { name, kind: input.kind, apiUrl, apiKey };
}

/** A new vendor of the tenant; 409 when the tenant has one of that name (regardless of case). */
export async function addVendor(db: Db, tenantId: number, input: VendorInput): Promise<number> {
  const values = vendorValues(input);
  try {
    const [row] = await db.insert(assessmentVendors).values({ tenantId, ...values }).returning({ id: assessmentVendors.id });
    if (!row) throw new Error('insert returned no row');
    return row.id;
  } catch (e) {
    if (pgError(e)?.code === UNIQUE_VIOLATION) throw new AppError('CONFLICT', `The tenant already has an assessment vendor named "${values.name}".`);
    throw e;
  }
}

export interface ImportResult { vendor: string; added: number; updated: number }

/**
 * Upserts a catalog by code, in one transaction: new codes are added, known ones get the file's
 * name, description and duration and are active again. Assessments missing from the file are left
 * as they are (packages may hold them).
 */
export async function importCatalog(db: Db, tenantId: number, vendorId: number, entries: readonly CatalogEntry[]): Promise<ImportResult> {
  return transaction(db, async ({ db: tx }) => {
    const [vendor] = await tx.select({ name: assessmentVendors.name }).from(assessmentVendors)
      .where(and(eq(assessmentVendors.tenantId, tenantId), eq(assessmentVendors.id, vendorId)));
    if (!vendor) throw notFound(`Assessment vendor ${vendorId}`);
    const rows = await tx.insert(assessments).values(entries.map((entry) => ({ tenantId, vendorId, ...entry, isActive: true })))
      .onConflictDoUpdate({
        target: [assessments.tenantId, assessments.vendorId, assessments.code],
        set: { name: sql`excluded.name`, description: sql`excluded.description`, durationMinutes: sql`excluded.duration_minutes`, isActive: true },
      })
      // xmax is 0 on a row this statement inserted, set on one it updated.
      .returning({ inserted: sql<boolean>`(xmax = 0)` });
    const added = rows.filter((row) => row.inserted).length;
    return { vendor: vendor.name, added, updated: rows.length - added };
  });
}

/** The demo tenant's catalog: what a staffing agency typically screens for. */
export const DEMO_CATALOG: readonly CatalogEntry[] = [
  { code: 'TYPING-WPM', name: 'Typing', description: 'Words per minute and accuracy on business text.', durationMinutes: 5 },
  { code: 'TENKEY', name: '10-Key Data Entry', description: 'Keystrokes per hour and accuracy on the numeric keypad.', durationMinutes: 5 },
  { code: 'MS-EXCEL', name: 'Microsoft Excel', description: 'Formulas, formatting, sorting and filtering, charts and pivot tables.', durationMinutes: 35 },
  { code: 'FORKLIFT-SAFETY', name: 'Forklift Safety', description: 'OSHA powered industrial truck rules: stability, load handling, pedestrians, inspection.', durationMinutes: 20 },
  { code: 'CUSTOMER-SERVICE', name: 'Customer Service', description: 'Situational judgment with customers on the phone and in person.', durationMinutes: 25 },
  { code: 'WAREHOUSE-SAFETY', name: 'Warehouse Safety', description: 'Lifting, hazard communication, lockout/tagout and personal protective equipment.', durationMinutes: 20 },
  { code: 'BASIC-MATH', name: 'Basic Math', description: 'Arithmetic, fractions, percentages and unit conversions used on the job.', durationMinutes: 15 },
  { code: 'READING-COMP', name: 'Reading Comprehension', description: 'Understanding work instructions, safety notices and memos.', durationMinutes: 20 },
];
const DEMO_PACKAGE = { name: 'Warehouse Starter', description: 'For new light industrial associates: safety and the basics.', codes: ['FORKLIFT-SAFETY', 'WAREHOUSE-SAFETY', 'BASIC-MATH', 'READING-COMP'] };

/** The demo tenant's vendor: named for what it is, the sandbox inside the service (assessment-sandbox.ts). */
export const DEMO_VENDOR = 'AssessOnCloud Sandbox';

/**
 * The demo tenant's AssessOnCloud-style vendor, its catalog and one package. Its API key and address
 * are the sandbox's, set by the demo (tenants/demo.sandbox.ts). New tenants other than the demo
 * start without vendors.
 */
export async function seedDemoAssessments(db: Db, tenantId: number): Promise<void> {
  await transaction(db, async ({ db: tx }) => {
    const vendorId = await addVendor(tx, tenantId, { name: DEMO_VENDOR, kind: 'assessoncloud' });
    await importCatalog(tx, tenantId, vendorId, DEMO_CATALOG);
    const [pkg] = await tx.insert(assessmentPackages).values({ tenantId, vendorId, name: DEMO_PACKAGE.name, description: DEMO_PACKAGE.description }).returning({ id: assessmentPackages.id });
    if (!pkg) throw new Error('insert returned no row');
    const catalog = await tx.select({ id: assessments.id, code: assessments.code }).from(assessments)
      .where(and(eq(assessments.tenantId, tenantId), eq(assessments.vendorId, vendorId)));
    await tx.insert(assessmentPackageMembers).values(catalog.filter((a) => DEMO_PACKAGE.codes.includes(a.code))
      .map((a) => ({ tenantId, packageId: pkg.id, assessmentId: a.id })));
  });
}
