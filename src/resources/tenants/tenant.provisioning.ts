// Creating tenants and their structure: hierarchy nodes, branches, service reps, and the default
// lookup lists every new tenant starts with. Used by the seed commands and by tests.
import { and, eq, sql } from 'drizzle-orm';
import { transaction, type Db } from '../../platform/db/database.ts';
import {
  branches, employeeStatuses, employmentCategories, howHeardOf, messageActions, orderTypes, securityGroupMessageActions,
  securityGroups, serviceReps, tenants, washedStatuses,
} from '../../platform/db/schema.ts';
import * as D from '../datalists/datalist.defaults.ts';
import * as R from '../reference-data/reference.table.ts';
import { documentTypes } from '../assignment-messages/assignment-message.table.ts';
import { seedAccrualPlans } from '../assignment-accruals/assignment-accrual.defaults.ts';
import { CODE_LISTS, DEFAULT_TAX_JURISDICTIONS } from '../reference-data/back-office.lists.ts';

export interface NodeOptions { canCreateEmployees?: boolean; canInsertMasterData?: boolean }

/** Adds a hierarchy node under `parentId` (or a root); its path is the parent's path plus its id. */
export async function addHierarchyNode(db: Db, tenantId: number, parentId: number | null, name: string, options: NodeOptions = {}): Promise<number> {
  const result = await db.execute<{ id: number }>(sql`
    with n as (select nextval(pg_get_serial_sequence('hierarchy_nodes', 'id'))::int as id)
    insert into hierarchy_nodes (tenant_id, id, parent_id, path, name, can_create_employees, can_insert_master_data)
    overriding system value
    select ${tenantId}, n.id, ${parentId}::int,
           coalesce((select path from hierarchy_nodes where tenant_id = ${tenantId} and id = ${parentId}::int), ''::ltree) || n.id::text::ltree,
           ${name}, ${options.canCreateEmployees ?? true}, ${options.canInsertMasterData ?? true}
      from n
    returning id`);
  return result.rows[0]!.id;
}

export async function addBranch(db: Db, tenantId: number, hierId: number, name: string, options: { isWebPublic?: boolean; countryCode?: number } = {}): Promise<number> {
  const [row] = await db.insert(branches).values({
    tenantId, hierId, name, isWebPublic: options.isWebPublic ?? true, countryCode: options.countryCode ?? 840,
  }).returning({ id: branches.id });
  return row!.id;
}

/** The group a new rep joins unless told otherwise. */
export const DEFAULT_REP_GROUP: D.SecurityGroupName = 'Recruiters';

/** The id of the tenant's security group `name` (every tenant starts with D.DEFAULT_SECURITY_GROUPS). */
export async function securityGroupId(db: Db, tenantId: number, name: string): Promise<number> {
  const [row] = await db.select({ id: securityGroups.id }).from(securityGroups)
    .where(and(eq(securityGroups.tenantId, tenantId), eq(securityGroups.name, name)));
  if (!row) throw new Error(`No security group ${name} in tenant ${tenantId}`);
  return row.id;
}

export interface RepInput { hierId: number; firstName: string; lastName: string; emailAddress?: string; securityGroup?: string }

export async function addServiceRep(db: Db, tenantId: number, rep: RepInput): Promise<number> {
  const groupId = await securityGroupId(db, tenantId, rep.securityGroup ?? DEFAULT_REP_GROUP);
  const [row] = await db.insert(serviceReps).values({
    tenantId, hierId: rep.hierId, securityGroupId: groupId, firstName: rep.firstName, lastName: rep.lastName, emailAddress: rep.emailAddress ?? null,
  }).returning({ id: serviceReps.id });
  return row!.id;
}

export interface CreatedTenant { tenantId: number; rootHierId: number }

/** A tenant with its root hierarchy node, security groups and default lookup lists. */
export async function createTenant(db: Db, name: string, displayName: string): Promise<CreatedTenant> {
  return transaction(db, async ({ db: tx }) => {
    const [tenant] = await tx.insert(tenants).values({ name, displayName }).returning({ id: tenants.id });
    const tenantId = tenant!.id;
    const rootHierId = await addHierarchyNode(tx, tenantId, null, displayName);

    const groups = await tx.insert(securityGroups).values(D.DEFAULT_SECURITY_GROUPS.map((g) => ({ tenantId, name: g })))
      .returning({ id: securityGroups.id, name: securityGroups.name });
    const groupIds = new Map(groups.map((g) => [g.name, g.id]));
    const actions = await tx.insert(messageActions).values(Object.keys(D.DEFAULT_MESSAGE_ACTIONS).map((a) => ({ tenantId, name: a })))
      .returning({ id: messageActions.id, name: messageActions.name });
    await tx.insert(securityGroupMessageActions).values(actions.flatMap((a) => D.DEFAULT_MESSAGE_ACTIONS[a.name]!.map((g) => ({
      tenantId, securityGroupId: groupIds.get(g)!, messageActionId: a.id,
    }))));
    await tx.insert(orderTypes).values(D.DEFAULT_ORDER_TYPES.map((o) => ({ tenantId, name: o })));
    await tx.insert(employmentCategories).values(D.DEFAULT_EMPLOYMENT_CATEGORIES.map((c) => ({ tenantId, name: c })));
    await tx.insert(washedStatuses).values(D.DEFAULT_WASHED_STATUSES.map(([id, n]) => ({ tenantId, id, name: n })));
    await tx.insert(howHeardOf).values(D.DEFAULT_HOW_HEARD_OF.map((h) => ({ tenantId, ...h })));
    await tx.insert(employeeStatuses).values(D.DEFAULT_EMPLOYEE_STATUSES.map((s) => ({ tenantId, ...s })));
    await tx.insert(R.jobOrderStatuses).values(D.DEFAULT_JOB_ORDER_STATUSES.map((s) => ({ tenantId, ...s })));
    await tx.insert(R.assignmentStatuses).values(D.DEFAULT_ASSIGNMENT_STATUSES.map((s) => ({ tenantId, ...s })));
    const named = [
      [R.jobOrderDurations, D.DEFAULT_JOB_ORDER_DURATIONS], [R.salesTeams, D.DEFAULT_SALES_TEAMS], [R.workerCompCodes, D.DEFAULT_WORKER_COMP_CODES],
      [R.payCodes, D.DEFAULT_PAY_CODES], [R.jobTitleCategories, D.DEFAULT_JOB_TITLE_CATEGORIES], [R.contractStatuses, D.DEFAULT_CONTRACT_STATUSES],
      [R.prospectStatuses, D.DEFAULT_PROSPECT_STATUSES],
    ] as const;
    for (const [table, names] of named) await tx.insert(table).values(names.map((name) => ({ tenantId, name })));
    await tx.insert(R.shifts).values(D.DEFAULT_SHIFTS.map((s) => ({ tenantId, ...s })));
    await tx.insert(documentTypes).values(D.DEFAULT_DOCUMENT_TYPES.map((name) => ({ tenantId, name })));
    for (const list of CODE_LISTS) await tx.insert(list.table).values(list.defaults.map((name) => ({ tenantId, name })));
    await tx.insert(R.taxJurisdictions).values(DEFAULT_TAX_JURISDICTIONS.map((j) => ({ tenantId, ...j })));
    await seedAccrualPlans(tx, tenantId);
    return { tenantId, rootHierId };
  });
}
