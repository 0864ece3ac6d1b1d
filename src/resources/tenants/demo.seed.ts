// The demo tenant `demo`: a parent hierarchy node with two branches, an administrator at the top and
// a recruiter in each branch, an account key and a personal access token; and a Payroll Services node
// that may not create employees, with a rep and a token, so that 403 can be tried. Seeded once; the
// credentials are kept in DATA_DIR/demo-credentials.json (mode 600) so `npm start` can print working
// ones on every start. Demo only: real credentials are shown once and never stored in clear.
import { existsSync, readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../platform/db/database.ts';
import { branches, hierarchyNodes, serviceReps, tenants } from '../../platform/db/schema.ts';
import { issueCredential } from '../../platform/auth/tokens.ts';
import { addBranch, addHierarchyNode, addServiceRep, createTenant } from './tenant.provisioning.ts';
import { generateDemoData } from './demo-data.ts';
import { seedDemoAssessments } from '../assessments/assessment-catalog.repository.ts';
import { seedDemoOAuth, type DemoOAuth } from './demo.oauth.ts';
import { seedDemoRegistration } from './demo.registration.ts';
import { seedDemoMessages } from '../messages/message.demo.ts';
import { seedDemoSandbox, type DemoAssessments } from './demo.sandbox.ts';

export const DEMO_TENANT = 'demo';
export const PAYROLL_NODE = 'Payroll Services';

interface DemoToken { sid: string; token: string; expiresAt: string | null }

/** A rep at a node that may not create employees: POST /Employees answers 403 with its token. */
export interface DemoPayroll {
  node: string;
  hierId: number;
  serviceRepId: number;
  /** Minneapolis, for a sample body the administrator's token creates with (201). */
  branchId: number;
  personalAccessToken: DemoToken;
}

export interface DemoCredentials {
  tenant: string;
  tenantId: number;
  adminServiceRepId: number;
  accountSid: string;
  authToken: string;
  personalAccessToken: DemoToken;
  oauth: DemoOAuth;
  payroll: DemoPayroll;
  /** The assessment vendor: the sandbox inside the service, with the secrets it holds. */
  assessments: DemoAssessments;
}

export async function seedDemoStructure(db: Db): Promise<{ tenantId: number; adminRepId: number }> {
  const { tenantId, rootHierId } = await createTenant(db, DEMO_TENANT, 'Demo Staffing Group');
  const north = await addHierarchyNode(db, tenantId, rootHierId, 'Minneapolis Branch');
  const south = await addHierarchyNode(db, tenantId, rootHierId, 'Austin Branch');
  await addBranch(db, tenantId, north, 'Minneapolis');
  await addBranch(db, tenantId, south, 'Austin');
  const adminRepId = await addServiceRep(db, tenantId, { hierId: rootHierId, firstName: 'Avery', lastName: 'Admin', emailAddress: 'avery.admin@demo-staffing.example', securityGroup: 'Administrators' });
  await addServiceRep(db, tenantId, { hierId: north, firstName: 'Morgan', lastName: 'Lee', emailAddress: 'morgan.lee@demo-staffing.example' });
  await addServiceRep(db, tenantId, { hierId: south, firstName: 'Jordan', lastName: 'Diaz', emailAddress: 'jordan.diaz@demo-staffing.example' });
  await generateDemoData(db, tenantId);
  await seedDemoAssessments(db, tenantId);
  await seedDemoRegistration(db, tenantId);
  await seedDemoMessages(db, tenantId);
  return { tenantId, adminRepId };
}

/** The demo tenant's id and its top-level administrator rep, if the tenant exists. */
export async function findDemo(db: Db): Promise<{ tenantId: number; adminRepId: number } | undefined> {
  const [row] = await db.select({ tenantId: tenants.id, adminRepId: serviceReps.id })
    .from(tenants).innerJoin(serviceReps, eq(serviceReps.tenantId, tenants.id))
    .where(and(eq(tenants.name, DEMO_TENANT), eq(serviceReps.lastName, 'Admin'))).orderBy(serviceReps.id).limit(1);
  return row;
}

/**
 * The Payroll Services node under the administrator's (the root) and its rep, added after the rest of
 * the demo so the generated records keep their ids; a demo seeded before it existed gets it too.
 */
async function ensurePayroll(db: Db, demo: { tenantId: number; adminRepId: number }): Promise<Omit<DemoPayroll, 'personalAccessToken'>> {
  const { tenantId } = demo;
  const [admin] = await db.select({ hierId: serviceReps.hierId }).from(serviceReps).where(and(eq(serviceReps.tenantId, tenantId), eq(serviceReps.id, demo.adminRepId)));
  const [node] = await db.select({ id: hierarchyNodes.id }).from(hierarchyNodes).where(and(eq(hierarchyNodes.tenantId, tenantId), eq(hierarchyNodes.name, PAYROLL_NODE)));
  // Payroll keeps the employees recruiting creates: it may neither create them nor insert master data (a resume upload).
  const hierId = node?.id ?? await addHierarchyNode(db, tenantId, admin!.hierId, PAYROLL_NODE, { canCreateEmployees: false, canInsertMasterData: false });
  const [rep] = await db.select({ id: serviceReps.id }).from(serviceReps).where(and(eq(serviceReps.tenantId, tenantId), eq(serviceReps.hierId, hierId)));
  const serviceRepId = rep?.id ?? await addServiceRep(db, tenantId, { hierId, firstName: 'Riley', lastName: 'Quinn', emailAddress: 'riley.quinn@demo-staffing.example', securityGroup: 'Payroll' });
  const [branch] = await db.select({ id: branches.id }).from(branches).where(and(eq(branches.tenantId, tenantId), eq(branches.name, 'Minneapolis')));
  return { node: PAYROLL_NODE, hierId, serviceRepId, branchId: branch!.id };
}

/** Seeds the demo tenant if absent and returns working credentials for it. */
export async function ensureDemo(db: Db, dataDir: string): Promise<DemoCredentials> {
  const file = join(dataDir, 'demo-credentials.json');
  const demo = (await findDemo(db)) ?? (await seedDemoStructure(db));
  if (existsSync(file)) {
    // Our own file, written below; an older one (no OAuth, payroll, web user's assignment or sandbox part) is replaced.
    const saved = JSON.parse(readFileSync(file, 'utf8')) as Partial<DemoCredentials> & DemoCredentials;
    if (saved.adminServiceRepId === demo.adminRepId && saved.tenantId === demo.tenantId && saved.oauth?.webuser?.assignmentId && saved.payroll
      && saved.assessments) return saved;
  }
  const payroll = await ensurePayroll(db, demo);
  const account = await issueCredential(db, { tenantId: demo.tenantId, serviceRepId: demo.adminRepId, kind: 'account', name: 'Demo account key' });
  const pat = await issueCredential(db, {
    tenantId: demo.tenantId, serviceRepId: demo.adminRepId, kind: 'personal', name: 'Demo personal access token',
    expiresAt: new Date(Date.now() + 90 * 86_400_000),
  });
  const payrollPat = await issueCredential(db, {
    tenantId: demo.tenantId, serviceRepId: payroll.serviceRepId, kind: 'personal', name: 'Demo payroll rep token',
    expiresAt: new Date(Date.now() + 90 * 86_400_000),
  });
  const credentials: DemoCredentials = {
    oauth: await seedDemoOAuth(db, demo.tenantId, demo.adminRepId),
    tenant: DEMO_TENANT,
    tenantId: demo.tenantId,
    adminServiceRepId: demo.adminRepId,
    accountSid: account.sid,
    authToken: account.secret,
    personalAccessToken: { sid: pat.sid, token: pat.token, expiresAt: pat.expiresAt },
    payroll: { ...payroll, personalAccessToken: { sid: payrollPat.sid, token: payrollPat.token, expiresAt: payrollPat.expiresAt } },
    assessments: await seedDemoSandbox(db, demo.tenantId),
  };
  mkdirSync(dataDir, { recursive: true });
  writeFileSync(file, JSON.stringify(credentials, null, 2), { mode: 0o600 });
  return credentials;
}
