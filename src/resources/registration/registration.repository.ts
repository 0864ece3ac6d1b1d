// What the registration pages read: the registration tenant named in the address, the rep its
// registrations act as, the choices the form offers, and a link's parameters resolved against them
// (AMB-79 (a): a value that does not resolve is ignored). Every query is bound to the tenant, and
// orders and branches to the acting rep's hierarchy through the DataScope.
import { and, asc, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/database.ts';
import { branches, employmentCategories, howHeardOf, tenants } from '../../platform/db/schema.ts';
import { principalOfRep } from '../../platform/auth/rep-principal.ts';
import { DataScope } from '../../platform/scope.ts';
import { getJobBoardDetails } from '../job-board/job-board-details.repository.ts';
import { jobOrderCandidates } from '../candidates/candidate.table.ts';
import { readRegistrationSettings, registrationSettings, type RegistrationSettings } from './registration.settings.ts';
import { registrationWorkflows } from './registration.table.ts';

export interface RegistrationTenant { tenantId: number; name: string; displayName: string; settings: RegistrationSettings }

/**
 * The tenant whose registration name is `name` (REG-03): a tenant's configured name, else a tenant's
 * own name when it has configured none (a configured name is the only address of its tenant).
 */
export async function registrationTenantNamed(db: Db, name: string): Promise<RegistrationTenant | undefined> {
  if (name.length > 100) return undefined;
  const [row] = await db.select({ tenantId: tenants.id, tenantName: tenants.name, displayName: tenants.displayName, configured: registrationSettings.name })
    .from(tenants).leftJoin(registrationSettings, eq(registrationSettings.tenantId, tenants.id))
    .where(or(eq(registrationSettings.name, name), and(eq(tenants.name, name), isNull(registrationSettings.name))))
    .orderBy(sql`${registrationSettings.name} is null`).limit(1);
  if (!row) return undefined;
  return { tenantId: row.tenantId, name: row.configured ?? row.tenantName, displayName: row.displayName, settings: await readRegistrationSettings(db, row.tenantId) };
}

/** The tenant's top administrator: the first active Administrators rep at the root node, else the first active rep there. */
export async function topAdministrator(db: Db, tenantId: number): Promise<number | undefined> {
  const { rows } = await db.execute<{ id: number }>(sql`
    select r.id from service_reps r
      join hierarchy_nodes n on n.tenant_id = r.tenant_id and n.id = r.hier_id and n.parent_id is null
      join security_groups g on g.tenant_id = r.tenant_id and g.id = r.security_group_id
     where r.tenant_id = ${tenantId} and r.is_active
     order by (g.name = 'Administrators') desc, r.id limit 1`);
  return rows[0]?.id;
}

/** The scope registrations act in: the configured rep's, else the top administrator's; undefined when neither is active. */
export async function actingScope(db: Db, tenant: RegistrationTenant): Promise<DataScope | undefined> {
  const repId = tenant.settings.serviceRepId ?? (await topAdministrator(db, tenant.tenantId));
  const principal = repId === undefined ? undefined : await principalOfRep(db, tenant.tenantId, repId);
  return principal && new DataScope(db, principal);
}

export interface Choice { id: string; name: string }
export interface BranchChoice { id: number; name: string; countryCode: number }
export interface FormChoices { branches: BranchChoice[]; workflows: { id: number; name: string }[]; howHeardOf: (Choice & { requireDetails: boolean })[]; employmentCategories: Choice[] }

/** The branches an applicant may pick (active, web-public, inside the acting rep's hierarchy) and the tenant's lists. */
export async function formChoices(scope: DataScope): Promise<FormChoices> {
  const [branchRows, workflows, heard, categories] = await Promise.all([
    scope.select(branches, { id: branches.id, name: branches.name, countryCode: branches.countryCode })
      .where(and(eq(branches.isActive, true), eq(branches.isWebPublic, true))).orderBy(asc(branches.name)),
    scope.select(registrationWorkflows, { id: registrationWorkflows.id, name: registrationWorkflows.name })
      .where(eq(registrationWorkflows.isActive, true)).orderBy(asc(registrationWorkflows.name)),
    scope.select(howHeardOf, { id: howHeardOf.id, name: howHeardOf.name, requireDetails: howHeardOf.requireDetails })
      .where(eq(howHeardOf.originTypeId, 1)).orderBy(asc(howHeardOf.name)),
    scope.select(employmentCategories, { id: employmentCategories.id, name: employmentCategories.name }).where().orderBy(asc(employmentCategories.name)),
  ]);
  return {
    branches: branchRows, workflows,
    howHeardOf: heard.map((h) => ({ ...h, id: String(h.id) })),
    employmentCategories: categories.map((c) => ({ id: String(c.id), name: c.name })),
  };
}

export interface LinkedOrder { id: number; title: string }

/**
 * REG-19, AMB-79 (a): the ids of `orders` (comma-joined) that name an order the job board shows
 * (eligible, inside the acting rep's hierarchy); anything else in the list is ignored. At most 20.
 */
export async function linkedOrders(scope: DataScope, orders: string | undefined, jobBoardBase: string): Promise<LinkedOrder[]> {
  const ids = [...new Set((orders ?? '').split(',').map((s) => s.trim()).filter((s) => /^\d{1,10}$/.test(s)).map(Number))]
    .filter((n) => n >= 1 && n <= 2147483647).slice(0, 20);
  const found: LinkedOrder[] = [];
  for (const id of ids) {
    const details = await getJobBoardDetails(scope, id, jobBoardBase);
    if (details) found.push({ id, title: details.jobTitle ?? details.category });
  }
  return found;
}

/** REG-07 to REG-09: `workflowId` when it names an active workflow, else `workflowName` (any case), else none. */
export function linkedWorkflow(workflows: FormChoices['workflows'], workflowId: string | undefined, workflowName: string | undefined) {
  const byId = workflowId && /^\d{1,10}$/.test(workflowId) ? workflows.find((w) => w.id === Number(workflowId)) : undefined;
  return byId ?? (workflowName ? workflows.find((w) => w.name.toLowerCase() === workflowName.trim().toLowerCase()) : undefined);
}

/** REG-06: the branch of `branchId` when the applicant could pick it, else none. */
export function linkedBranch(choices: FormChoices['branches'], branchId: string | undefined): BranchChoice | undefined {
  return branchId && /^\d{1,10}$/.test(branchId) ? choices.find((b) => b.id === Number(branchId)) : undefined;
}

/** The orders of `orderIds` the employee is a candidate of already. */
export async function candidacies(scope: DataScope, employeeId: number, orderIds: number[]): Promise<Set<number>> {
  if (!orderIds.length) return new Set();
  const rows = await scope.select(jobOrderCandidates, { id: jobOrderCandidates.jobOrderId }, 'tenant')
    .where(and(eq(jobOrderCandidates.employeeId, employeeId), inArray(jobOrderCandidates.jobOrderId, orderIds)));
  return new Set(rows.map((r) => r.id));
}

/** Adds a workflow to the tenant's list (the CLI and the demo seed); answers its id. */
export async function addWorkflow(db: Db, tenantId: number, name: string): Promise<number> {
  const [row] = await db.insert(registrationWorkflows).values({ tenantId, name: name.trim() }).onConflictDoNothing().returning({ id: registrationWorkflows.id });
  if (row) return row.id;
  const [existing] = await db.select({ id: registrationWorkflows.id }).from(registrationWorkflows)
    .where(and(eq(registrationWorkflows.tenantId, tenantId), sql`lower(${registrationWorkflows.name}) = lower(${name.trim()})`));
  return existing!.id;
}

export async function listWorkflows(db: Db, tenantId: number) {
  return db.select().from(registrationWorkflows).where(eq(registrationWorkflows.tenantId, tenantId)).orderBy(asc(registrationWorkflows.id));
}

/** The employee of an active web user login (the applicant's sign-in). */
export async function webUserEmployee(db: Db, tenantId: number, webUserId: number): Promise<{ employeeId: number; firstName: string } | undefined> {
  const { rows } = await db.execute<{ employee_id: number; first_name: string }>(sql`
    select e.id as employee_id, e.first_name from web_users w join employees e on e.tenant_id = w.tenant_id and e.id = w.employee_id
     where w.tenant_id = ${tenantId} and w.id = ${webUserId} and w.kind = 'employee' and w.disabled_at is null`);
  const row = rows[0];
  return row && { employeeId: Number(row.employee_id), firstName: row.first_name };
}
