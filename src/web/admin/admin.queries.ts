// What the admin pages read beside the API's repositories: names for the frame, the tenant of a
// sign-in, the reps a signed-in rep may act for.
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../platform/db/database.ts';
import { serviceReps, tenants } from '../../platform/db/schema.ts';

export async function repName(db: Db, tenantId: number, repId: number): Promise<string> {
  const [rep] = await db.select({ firstName: serviceReps.firstName, lastName: serviceReps.lastName }).from(serviceReps)
    .where(and(eq(serviceReps.tenantId, tenantId), eq(serviceReps.id, repId)));
  return rep ? `${rep.firstName} ${rep.lastName}` : `#${repId}`;
}

export async function tenantName(db: Db, tenantId: number): Promise<string> {
  const [tenant] = await db.select({ name: tenants.name }).from(tenants).where(eq(tenants.id, tenantId));
  return tenant?.name ?? '';
}

export interface RepChoice { id: number; name: string }

/** The active reps at the given hierarchy nodes (a rep's own node and those below it). */
export async function repsAt(db: Db, tenantId: number, hierIds: readonly number[]): Promise<RepChoice[]> {
  if (!hierIds.length) return [];
  const rows = await db.select({ id: serviceReps.id, firstName: serviceReps.firstName, lastName: serviceReps.lastName }).from(serviceReps)
    .where(and(eq(serviceReps.tenantId, tenantId), inArray(serviceReps.hierId, [...hierIds]), eq(serviceReps.isActive, true)))
    .orderBy(asc(serviceReps.lastName), asc(serviceReps.firstName), asc(serviceReps.id));
  return rows.map((r) => ({ id: r.id, name: `${r.firstName} ${r.lastName}` }));
}
