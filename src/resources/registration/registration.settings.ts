// Per-tenant settings of applicant registration (decision 0021). `name` is the registration tenant's
// name in `{REGISTRATION_URL}/{localeId}/{name}` (REG-03: usually not the API tenant's name); a tenant
// without a row registers under its own name.
import { eq } from 'drizzle-orm';
import { integer, pgTable, text } from 'drizzle-orm/pg-core';
import { tenants } from '../../platform/db/schema.ts';
import type { Db } from '../../platform/db/database.ts';

export const registrationSettings = pgTable('registration_settings', {
  tenantId: integer('tenant_id').primaryKey().references(() => tenants.id),
  name: text('name').notNull().unique(),
});

/** The name the tenant's registration pages are addressed by. */
export async function registrationNameOf(db: Db, tenantId: number): Promise<string> {
  const [row] = await db.select({ name: registrationSettings.name, tenant: tenants.name }).from(tenants)
    .leftJoin(registrationSettings, eq(registrationSettings.tenantId, tenants.id)).where(eq(tenants.id, tenantId));
  if (!row) throw new Error(`No tenant ${tenantId}.`);
  return row.name ?? row.tenant;
}
