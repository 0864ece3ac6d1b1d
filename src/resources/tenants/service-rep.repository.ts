// Service reps as an operator adds and finds them (`staffing rep create|list`): a dedicated rep for an
// application (AUTH-21), whose personal access token then acts at the rep's node with its group's rights.
import { and, asc, eq, isNull } from 'drizzle-orm';
import type { DataScope } from '../../platform/scope.ts';
import { hierarchyNodes, securityGroups, serviceReps } from '../../platform/db/schema.ts';
import { DEFAULT_REP_GROUP } from './tenant.provisioning.ts';
import { EMAIL_ADDRESS } from '../../platform/email-address.ts';

/**
 * The longest first or last name, in characters. service_reps' columns are unbounded `text`; 50 is
 * the spec's limit for a person's names on records (FirstName/LastName String(50)).
 */
export const REP_NAME_MAX = 50;

// A pragmatic check (one @, no spaces, a dot in the domain), as the registration link's.

/** Input refused: a name or address out of shape, a node or group the tenant does not have. */
export class ServiceRepError extends Error {}

export interface HierarchyNodeRef { id: number; name: string }

export interface NewServiceRep { firstName: string; lastName: string; hierId?: number; emailAddress?: string; securityGroup?: string }

export interface ServiceRepRow {
  id: number; firstName: string; lastName: string; emailAddress: string | null; node: HierarchyNodeRef; securityGroup: string; isActive: boolean;
}

/** The name trimmed; refused when empty, longer than REP_NAME_MAX or holding control characters (a NUL PostgreSQL refuses). */
function checkedName(label: string, value: string): string {
  const name = value.trim(), length = [...name].length;
  if (length < 1 || length > REP_NAME_MAX) throw new ServiceRepError(`The ${label} must be 1 to ${REP_NAME_MAX} characters (it has ${length}).`);
  if (/\p{Cc}/u.test(name)) throw new ServiceRepError(`The ${label} must not hold control characters.`);
  return name;
}

/** The tenant's node `hierId`, or its root node when none is given. */
async function nodeOf(scope: DataScope, hierId: number | undefined): Promise<HierarchyNodeRef> {
  const [node] = await scope.select(hierarchyNodes, { id: hierarchyNodes.id, name: hierarchyNodes.name }, 'tenant')
    .where(hierId === undefined ? isNull(hierarchyNodes.parentId) : eq(hierarchyNodes.id, hierId))
    .orderBy(asc(hierarchyNodes.id)).limit(1);
  if (!node) throw new ServiceRepError(hierId === undefined ? 'The tenant has no root hierarchy node.' : `The tenant has no hierarchy node ${hierId}.`);
  return node;
}

/** The tenant's group of that name in any case, as the tenant spells it with its id; refused with the list of groups otherwise. */
async function groupNamed(scope: DataScope, name: string): Promise<{ id: number; name: string }> {
  const groups = await scope.select(securityGroups, { id: securityGroups.id, name: securityGroups.name }).where().orderBy(asc(securityGroups.id));
  const group = groups.find((g) => g.name.toLowerCase() === name.toLowerCase());
  if (!group) throw new ServiceRepError(`The tenant has no security group "${name}". Groups: ${groups.map((g) => g.name).join(', ')}.`);
  return group;
}

/** Adds an active rep at `hierId` (default: the root node) in `securityGroup` (default: DEFAULT_REP_GROUP). */
export async function createServiceRep(scope: DataScope, rep: NewServiceRep): Promise<{ id: number; node: HierarchyNodeRef; securityGroup: string }> {
  const firstName = checkedName('first name', rep.firstName), lastName = checkedName('last name', rep.lastName);
  if (rep.emailAddress !== undefined && !EMAIL_ADDRESS.test(rep.emailAddress)) throw new ServiceRepError(`"${rep.emailAddress}" is not an email address (name@example.com).`);
  const node = await nodeOf(scope, rep.hierId);
  const group = await groupNamed(scope, rep.securityGroup ?? DEFAULT_REP_GROUP);
  // A variable, not a literal: the door's insert type (Omit of drizzle's insert value) loses the
  // table's optional columns, so a literal naming emailAddress would be refused though it is a column.
  const values = { hierId: node.id, securityGroupId: group.id, firstName, lastName, emailAddress: rep.emailAddress ?? null };
  const [row] = await scope.insert(serviceReps, values).returning({ id: serviceReps.id });
  return { id: row!.id, node, securityGroup: group.name };
}

/** Every rep of the tenant with its node and group, in hierarchy order (a node before those below it). */
export async function listServiceReps(scope: DataScope): Promise<ServiceRepRow[]> {
  const rows = await scope.selectJoined(serviceReps, {
    id: serviceReps.id, firstName: serviceReps.firstName, lastName: serviceReps.lastName, emailAddress: serviceReps.emailAddress,
    nodeId: hierarchyNodes.id, nodeName: hierarchyNodes.name, securityGroup: securityGroups.name, isActive: serviceReps.isActive,
  }, (q) => q
    .innerJoin(hierarchyNodes, and(eq(hierarchyNodes.tenantId, serviceReps.tenantId), eq(hierarchyNodes.id, serviceReps.hierId)))
    .innerJoin(securityGroups, and(eq(securityGroups.tenantId, serviceReps.tenantId), eq(securityGroups.id, serviceReps.securityGroupId))), 'tenant')
    .where()
    .orderBy(asc(hierarchyNodes.path), asc(serviceReps.id));
  return rows.map(({ nodeId, nodeName, ...rep }) => ({ ...rep, node: { id: nodeId, name: nodeName } }));
}
