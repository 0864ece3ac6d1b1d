// Per-tenant job board settings (spec "Job board configurations"; decision AMB-57: stored per
// tenant). No API endpoint reads or changes them (JB-48): `staffing jobboard settings` does.
// A tenant without a row has the spec's defaults. Tenant settings sit with the reference data, below
// the records: a new job order reads one (JBD-04), the job board and its pages read them all.
import { eq, getTableName, sql } from 'drizzle-orm';
import { boolean, integer, pgTable } from 'drizzle-orm/pg-core';
import { hierarchyNodes, tenants } from '../../platform/db/schema.ts';
import { emitEvent } from '../../platform/events/outbox.ts';
import { JOB_BOARD_SETTINGS_UPDATED } from './job-board.events.ts';
import { prepared, type Db } from '../../platform/db/database.ts';
import { TENANT, type DataScope } from '../../platform/scope.ts';

export const jobBoardSettings = pgTable('job_board_settings', {
  tenantId: integer('tenant_id').primaryKey().references(() => tenants.id),
  canSearchByLocation: boolean('can_search_by_location').notNull().default(true),
  jobDescriptionFallback: boolean('job_description_fallback').notNull().default(true),
  jobTitleFallback: boolean('job_title_fallback').notNull().default(true),
  hideOldDates: boolean('hide_old_dates').notNull().default(false),
  oldDateCutoffDays: integer('old_date_cutoff_days').notNull().default(30),
  hideWorksite: boolean('hide_worksite').notNull().default(false),
  /** The tenant's do-not-post-to-web value, copied onto each job order at creation (JBD-04). */
  doNotPostToWeb: boolean('do_not_post_to_web').notNull().default(false),
});

export type JobBoardSettings = Omit<typeof jobBoardSettings.$inferSelect, 'tenantId'>;

export const DEFAULT_JOB_BOARD_SETTINGS: Readonly<JobBoardSettings> = Object.freeze({
  canSearchByLocation: true,
  jobDescriptionFallback: true,
  jobTitleFallback: true,
  hideOldDates: false,
  oldDateCutoffDays: 30,
  hideWorksite: false,
  doNotPostToWeb: false,
});

const byTenant = prepared((db: Db) => db.select().from(jobBoardSettings)
  .where(eq(jobBoardSettings.tenantId, sql.placeholder('tenantId'))).prepare('job_board_settings_by_tenant'));

/** The caller's tenant's settings, or the defaults when it has none stored. */
export async function jobBoardSettingsOf(scope: DataScope): Promise<JobBoardSettings> {
  // Read on every job board search the cache does not answer: a named statement, planned once per connection.
  const [row] = await scope.named('job_board_settings_of_tenant')<JobBoardSettings>`select can_search_by_location as "canSearchByLocation",
      job_description_fallback as "jobDescriptionFallback", job_title_fallback as "jobTitleFallback", hide_old_dates as "hideOldDates",
      old_date_cutoff_days as "oldDateCutoffDays", hide_worksite as "hideWorksite", do_not_post_to_web as "doNotPostToWeb"
    from job_board_settings where tenant_id = ${TENANT}`;
  return row ?? { ...DEFAULT_JOB_BOARD_SETTINGS };
}

/** The settings' names (a changed one is named in the event's `changedFields`). */
const SETTING_KEYS = Object.keys(DEFAULT_JOB_BOARD_SETTINGS).filter((key): key is keyof JobBoardSettings => key in DEFAULT_JOB_BOARD_SETTINGS);

/**
 * Stores the caller's tenant's settings (the given keys over its current ones) and, when a value
 * changed, their event at the tenant's top node, in one transaction. The caller is a rep at the top
 * (the admin pages' job board is for them only): the event sits at the caller's node.
 */
export async function changeJobBoardSettings(scope: DataScope, changes: Partial<JobBoardSettings>): Promise<JobBoardSettings> {
  return scope.transaction(async (tx) => {
    const current = await jobBoardSettingsOf(tx);
    const next = { ...current, ...changes };
    await tx.insert(jobBoardSettings, next).onConflictDoUpdate({ target: jobBoardSettings.tenantId, set: next });
    const changedFields = SETTING_KEYS.filter((key) => next[key] !== current[key]);
    if (changedFields.length) await emitEvent(tx, JOB_BOARD_SETTINGS_UPDATED, getTableName(hierarchyNodes), tx.principal.hierId, { changedFields });
    return next;
  });
}

// The CLI (`staffing jobboard settings`) and test set-ups hold no principal: by tenant id.

/** The tenant's settings, or the defaults when it has none stored. */
export async function readJobBoardSettings(db: Db, tenantId: number): Promise<JobBoardSettings> {
  // Read on every job board search: a named statement, planned once per connection.
  const [row] = await byTenant(db).execute({ tenantId });
  if (!row) return { ...DEFAULT_JOB_BOARD_SETTINGS };
  const { tenantId: _tenant, ...settings } = row;
  return settings;
}

/** Stores a tenant's settings (the given keys over its current ones). */
export async function writeJobBoardSettings(db: Db, tenantId: number, changes: Partial<JobBoardSettings>): Promise<JobBoardSettings> {
  const next = { ...(await readJobBoardSettings(db, tenantId)), ...changes };
  await db.insert(jobBoardSettings).values({ tenantId, ...next })
    .onConflictDoUpdate({ target: jobBoardSettings.tenantId, set: next });
  return next;
}
