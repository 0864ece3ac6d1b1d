// Per-tenant settings of applicant registration (decisions 0021, 0023). `name` is the registration
// tenant's name in `{REGISTRATION_URL}/{localeId}/{name}` (REG-03: usually not the API tenant's name;
// null: the tenant's own name). `visibleFields` are the spec's * fields shown to applicants (REG-04);
// `serviceRepId` the rep registrations act as (null: the tenant's top administrator); the callback is
// the post-registration procedure (REG-05), signed with `callbackSecret`.
import { eq } from 'drizzle-orm';
import { integer, pgTable, text } from 'drizzle-orm/pg-core';
import { tenants } from '../../platform/db/schema.ts';
import type { Db } from '../../platform/db/database.ts';

/** The spec's fields marked *: used only when shown to applicants (REG-04). */
export const STAR_FIELDS = ['emailAddress', 'phoneNumber', 'howHeardOfId', 'middleName', 'postalCode', 'employmentCategoryId'] as const;
export type StarField = (typeof STAR_FIELDS)[number];
export const isStarField = (value: unknown): value is StarField => STAR_FIELDS.some((f) => f === value);

export const registrationSettings = pgTable('registration_settings', {
  tenantId: integer('tenant_id').primaryKey().references(() => tenants.id),
  name: text('name').unique(),
  visibleFields: text('visible_fields').array().notNull().default([...STAR_FIELDS]),
  serviceRepId: integer('service_rep_id'),
  callbackUrl: text('callback_url'),
  /** The HMAC key of the callback's signature: kept as given (the HMAC needs it), shown once when made. */
  callbackSecret: text('callback_secret'),
});

export interface RegistrationSettings {
  name: string | null;
  visibleFields: StarField[];
  serviceRepId: number | null;
  callbackUrl: string | null;
  callbackSecret: string | null;
}

export const DEFAULT_REGISTRATION_SETTINGS: Readonly<RegistrationSettings> = Object.freeze({
  name: null, visibleFields: [...STAR_FIELDS], serviceRepId: null, callbackUrl: null, callbackSecret: null,
});

/** The tenant's settings, or the defaults when it has no row. */
export async function readRegistrationSettings(db: Db, tenantId: number): Promise<RegistrationSettings> {
  const [row] = await db.select().from(registrationSettings).where(eq(registrationSettings.tenantId, tenantId));
  if (!row) return { ...DEFAULT_REGISTRATION_SETTINGS, visibleFields: [...STAR_FIELDS] };
  return { name: row.name, visibleFields: row.visibleFields.filter(isStarField), serviceRepId: row.serviceRepId, callbackUrl: row.callbackUrl, callbackSecret: row.callbackSecret };
}

/** Creates or changes the tenant's settings (only the given keys). */
export async function writeRegistrationSettings(db: Db, tenantId: number, changes: Partial<RegistrationSettings>): Promise<RegistrationSettings> {
  const next = { ...(await readRegistrationSettings(db, tenantId)), ...changes };
  await db.insert(registrationSettings).values({ tenantId, ...next })
    .onConflictDoUpdate({ target: registrationSettings.tenantId, set: next });
  return next;
}

/** The name the tenant's registration pages are addressed by. */
export async function registrationNameOf(db: Db, tenantId: number): Promise<string> {
  const [row] = await db.select({ name: registrationSettings.name, tenant: tenants.name }).from(tenants)
    .leftJoin(registrationSettings, eq(registrationSettings.tenantId, tenants.id)).where(eq(tenants.id, tenantId));
  if (!row) throw new Error(`No tenant ${tenantId}.`);
  return row.name ?? row.tenant;
}
