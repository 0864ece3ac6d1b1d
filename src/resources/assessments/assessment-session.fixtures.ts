// Test fixtures for sessions and callbacks: vendors, catalog assessments, packages and sessions
// inserted through the Drizzle tables (independent of the package routes), the dedicated callback
// rep's token (AMB-70 (a)), and a Service-role bearer token signed with the service's own key.
import { importJWK, SignJWT } from 'jose';
import type { Db } from '../../platform/db/database.ts';
import type { TestContext } from '../../../test/helpers.ts';
import { issueCredential, type IssuedCredential } from '../../platform/auth/tokens.ts';
import { addProductInstance, registerClient } from '../../platform/auth/clients.ts';
import { ensureSigningKey, loadKeys } from '../../platform/auth/signing-keys.ts';
import { assessmentPackageMembers, assessmentPackages, assessmentSessionItems, assessmentSessions, assessmentVendors, assessments } from './assessment.table.ts';

type VendorSeed = Partial<Pick<typeof assessmentVendors.$inferInsert, 'kind' | 'apiUrl' | 'apiKey' | 'isActive'>>;

let names = 0;
const unique = (prefix: string) => `${prefix} ${++names}`;

export async function seedVendor(db: Db, tenantId: number, seed: VendorSeed = {}): Promise<number> {
  const [row] = await db.insert(assessmentVendors).values({ tenantId, name: unique('Vendor'), kind: 'assessoncloud', ...seed }).returning({ id: assessmentVendors.id });
  if (!row) throw new Error('no vendor');
  return row.id;
}

/** Catalog assessments of a vendor, by code; inactive when the code starts with `old-`. */
export async function seedCatalog(db: Db, tenantId: number, vendorId: number, codes: readonly string[]): Promise<number[]> {
  const rows = await db.insert(assessments).values(codes.map((code) => ({ tenantId, vendorId, code, name: `Assessment ${code}`, isActive: !code.startsWith('old-') })))
    .returning({ id: assessments.id });
  return rows.map((r) => r.id);
}

export async function seedPackage(db: Db, tenantId: number, vendorId: number, assessmentIds: readonly number[], isActive = true): Promise<number> {
  const [row] = await db.insert(assessmentPackages).values({ tenantId, vendorId, name: unique('Package'), isActive }).returning({ id: assessmentPackages.id });
  if (!row) throw new Error('no package');
  if (assessmentIds.length) await db.insert(assessmentPackageMembers).values(assessmentIds.map((assessmentId) => ({ tenantId, packageId: row.id, assessmentId })));
  return row.id;
}

/** A vendor, its catalog of `codes` and a package of all of them. */
export async function seedOffer(db: Db, tenantId: number, codes: readonly string[], vendor: VendorSeed = {}) {
  const vendorId = await seedVendor(db, tenantId, vendor);
  const assessmentIds = await seedCatalog(db, tenantId, vendorId, codes);
  return { vendorId, assessmentIds, packageId: await seedPackage(db, tenantId, vendorId, assessmentIds) };
}

export interface SessionSeed { tenantId: number; hierId: number; employeeId: number; vendorId: number; assessmentIds: readonly number[]; codes: readonly string[]; providerSessionId?: string }

/** A session as the request leaves it (requested), without calling anyone. */
export async function seedSession(db: Db, seed: SessionSeed): Promise<number> {
  const [row] = await db.insert(assessmentSessions).values({
    tenantId: seed.tenantId, hierId: seed.hierId, employeeId: seed.employeeId, vendorId: seed.vendorId, packageName: 'Seeded',
    providerSessionId: seed.providerSessionId ?? null, statusChangedAt: new Date('2026-01-01T00:00:00Z'),
  }).returning({ id: assessmentSessions.id });
  if (!row) throw new Error('no session');
  await db.insert(assessmentSessionItems).values(seed.assessmentIds.map((assessmentId, n) => ({
    tenantId: seed.tenantId, sessionId: row.id, assessmentId, code: seed.codes[n] ?? `code-${n}`, name: `Assessment ${seed.codes[n]}`,
  })));
  return row.id;
}

/** A personal access token of a rep with only the given scopes. */
export function repToken(db: Db, tenantId: number, serviceRepId: number, scopes: string[]): Promise<IssuedCredential> {
  return issueCredential(db, { tenantId, serviceRepId, kind: 'personal', name: `only ${scopes.join(' ')}`, scopes, expiresAt: new Date(Date.now() + 86_400_000) });
}

/** A bearer token of the Service role (a service client acting as the tenant's administrator), with the given scopes. */
export async function serviceBearer(t: TestContext, scopes: string[]): Promise<string> {
  const db = t.database.db, tenantId = t.tenant.tenantId;
  await ensureSigningKey(db);
  const pid = unique('pid').replace(' ', '');
  await addProductInstance(db, tenantId, pid, 'Web');
  const client = await registerClient(db, { tenantId, productInstanceId: pid, name: 'service', grants: ['tw_vendor_service_credentials'], serviceRepId: t.tenant.adminRepId });
  const [jwk] = await loadKeys(db);
  if (!jwk) throw new Error('no signing key');
  return new SignJWT({ sub: client.clientId, client_id: client.clientId, tid: tenantId, role: 'Service', scope: scopes.join(' ') })
    .setProtectedHeader({ alg: 'RS256', typ: 'at+jwt', kid: jwk.kid }).setIssuer(t.config.AUTH_URL).setAudience(t.config.BASE_URL)
    .setIssuedAt().setExpirationTime('1h').sign(await importJWK(jwk, 'RS256'));
}
