// The demo tenant's assessment vendor is the sandbox inside the service (assessments/assessment-sandbox.ts,
// decision 0037): its vendor gets a random API key, and a dedicated rep at the root node gets the
// personal access token the sandbox calls back with (scope `assessoncloudresults-write` only, as
// decision 0020 tells real providers to be given). Both secrets are kept in the demo's credentials
// file; each start points the vendor at the sandbox on that start's BASE_URL.
import { randomBytes } from 'node:crypto';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { Db } from '../../platform/db/database.ts';
import { hierarchyNodes, serviceReps } from '../../platform/db/schema.ts';
import { issueCredential } from '../../platform/auth/tokens.ts';
import { assessmentPackages, assessmentVendors } from '../assessments/assessment.table.ts';
import { DEMO_VENDOR } from '../assessments/assessment-catalog.repository.ts';
import { SANDBOX_PATH, type SandboxCredentials } from '../assessments/assessment-sandbox.ts';
import { addServiceRep } from './tenant.provisioning.ts';

/** The vendor's name before it became the sandbox (demos seeded earlier): renamed when found. */
const EARLIER_NAME = 'AssessOnCloud';
const SANDBOX_REP = { firstName: 'Assessment', lastName: 'Sandbox', emailAddress: 'assessment.sandbox@demo-staffing.example' };
const CALLBACK_DAYS = 365;

export interface DemoAssessments {
  vendorId: number;
  /** The demo's package (Warehouse Starter), for the printed session request. */
  packageId: number;
  /** The rep the sandbox calls back as. */
  serviceRepId: number;
  sandbox: SandboxCredentials;
}

async function sandboxRep(db: Db, tenantId: number): Promise<number> {
  const [existing] = await db.select({ id: serviceReps.id }).from(serviceReps)
    .where(and(eq(serviceReps.tenantId, tenantId), eq(serviceReps.firstName, SANDBOX_REP.firstName), eq(serviceReps.lastName, SANDBOX_REP.lastName)));
  if (existing) return existing.id;
  // At the root: every employee's session is visible to it (decision 0020).
  const [root] = await db.select({ id: hierarchyNodes.id }).from(hierarchyNodes).where(and(eq(hierarchyNodes.tenantId, tenantId), isNull(hierarchyNodes.parentId)));
  if (!root) throw new Error('The demo tenant has no root node.');
  return addServiceRep(db, tenantId, { hierId: root.id, ...SANDBOX_REP });
}

/** A new API key for the demo's vendor and a new callback token for its sandbox rep (seeding, or a lost credentials file). */
export async function seedDemoSandbox(db: Db, tenantId: number): Promise<DemoAssessments> {
  const apiKey = randomBytes(32).toString('base64url');
  const [vendor] = await db.update(assessmentVendors).set({ name: DEMO_VENDOR, apiKey })
    .where(and(eq(assessmentVendors.tenantId, tenantId), inArray(assessmentVendors.name, [DEMO_VENDOR, EARLIER_NAME])))
    .returning({ id: assessmentVendors.id });
  if (!vendor) throw new Error('The demo tenant has no assessment vendor.');
  const [pkg] = await db.select({ id: assessmentPackages.id }).from(assessmentPackages)
    .where(and(eq(assessmentPackages.tenantId, tenantId), eq(assessmentPackages.vendorId, vendor.id))).orderBy(assessmentPackages.id).limit(1);
  if (!pkg) throw new Error('The demo tenant has no assessment package.');
  const serviceRepId = await sandboxRep(db, tenantId);
  const token = await issueCredential(db, {
    tenantId, serviceRepId, kind: 'personal', name: 'Assessment sandbox callbacks', scopes: ['assessoncloudresults-write'],
    expiresAt: new Date(Date.now() + CALLBACK_DAYS * 86_400_000),
  });
  return { vendorId: vendor.id, packageId: pkg.id, serviceRepId, sandbox: { apiKey, callbackToken: token.token } };
}

/** Points the demo's vendor at the sandbox on this start's address (BASE_URL may change between starts). */
export async function pointDemoSandbox(db: Db, tenantId: number, vendorId: number, baseUrl: string): Promise<void> {
  await db.update(assessmentVendors).set({ apiUrl: `${baseUrl}${SANDBOX_PATH}` })
    .where(and(eq(assessmentVendors.tenantId, tenantId), eq(assessmentVendors.id, vendorId)));
}
