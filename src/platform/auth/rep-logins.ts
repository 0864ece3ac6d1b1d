// Service reps' sign-in for the code flow: a username and an Argon2id password on the rep.
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import { serviceReps } from '../db/schema.ts';
import { hashPassword, passwordProblem } from './passwords.ts';

export async function findRepLogin(db: Db, tenantId: number, username: string) {
  const [row] = await db.select({ id: serviceReps.id, passwordHash: serviceReps.passwordHash }).from(serviceReps)
    .where(and(eq(serviceReps.tenantId, tenantId), sql`lower(${serviceReps.username}) = lower(${username})`, eq(serviceReps.isActive, true)));
  return row;
}

export class RepLoginError extends Error {}

/** Sets a rep's username and password (`staffing rep login`); the username is unique per tenant. */
export async function setRepLogin(db: Db, tenantId: number, repId: number, username: string, password: string): Promise<void> {
  const problem = passwordProblem(password);
  if (problem) throw new RepLoginError(`--password ${problem}.`);
  if (!username.trim()) throw new RepLoginError('--username must not be blank.');
  const passwordHash = await hashPassword(password);
  try {
    const rows = await db.update(serviceReps).set({ username: username.trim(), passwordHash })
      .where(and(eq(serviceReps.tenantId, tenantId), eq(serviceReps.id, repId))).returning({ id: serviceReps.id });
    if (!rows.length) throw new RepLoginError(`No service rep ${repId} in this tenant.`);
  } catch (e) {
    if (e instanceof RepLoginError) throw e;
    throw new RepLoginError(`The username "${username}" is taken in this tenant.`);
  }
}
