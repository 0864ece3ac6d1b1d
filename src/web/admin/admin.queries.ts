// What the admin pages read beside the API's repositories, through the signed-in rep's scope: the
// rep's name for the frame, the reps they may act for.
import { asc, eq } from 'drizzle-orm';
import { serviceReps } from '../../platform/db/schema.ts';
import type { DataScope } from '../../platform/scope.ts';

/** A rep's name, anywhere in the tenant (the signed-in rep's own, for the frame). */
export async function repName(scope: DataScope, repId: number): Promise<string> {
  const [rep] = await scope.select(serviceReps, { firstName: serviceReps.firstName, lastName: serviceReps.lastName }, 'tenant').where(eq(serviceReps.id, repId));
  return rep ? `${rep.firstName} ${rep.lastName}` : `#${repId}`;
}

export interface RepChoice { id: number; name: string }

/** The active reps the signed-in rep sees (at their own node and those below it). */
export async function repsAt(scope: DataScope): Promise<RepChoice[]> {
  const rows = await scope.select(serviceReps, { id: serviceReps.id, firstName: serviceReps.firstName, lastName: serviceReps.lastName })
    .where(eq(serviceReps.isActive, true))
    .orderBy(asc(serviceReps.lastName), asc(serviceReps.firstName), asc(serviceReps.id));
  return rows.map((r) => ({ id: r.id, name: `${r.firstName} ${r.lastName}` }));
}
