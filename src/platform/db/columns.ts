// The columns most tables share, each named once: the tenant that leads every key, the identity id
// beside it, the hierarchy node a row is seen at, and the times a row was written. Each call makes a
// new builder: a column builder belongs to one table.
import { sql } from 'drizzle-orm';
import { bigint, customType, integer, text, timestamp } from 'drizzle-orm/pg-core';
import { MAX_ID } from '../ids.ts';

export const tenantId = () => integer('tenant_id').notNull();
export const hierId = () => integer('hier_id').notNull();

/** A time with time zone that the row's insert sets (`now()`). */
export const writtenAt = (name: string) => timestamp(name, { withTimezone: true }).notNull().defaultNow();

/**
 * A bigint identity id, read as a JS number: its sequence stops at MAX_ID (2^53 - 1), the last id a
 * number holds exactly, so no id is ever read rounded and an Int64 above it is known to name no row.
 */
export const bigIdentity = (name = 'id') => bigint(name, { mode: 'number' }).generatedAlwaysAsIdentity({ maxValue: MAX_ID });

/** The (tenant_id, id) key's columns: an Int32 identity id, or Int64 where the spec's ids are. */
export const tenantKey = () => ({ tenantId: tenantId(), id: integer('id').generatedAlwaysAsIdentity() });
export const tenantBigKey = () => ({ tenantId: tenantId(), id: bigIdentity() });

export const createdAt = () => writtenAt('created_at');
/** created_at and updated_at, both set on insert (updates set updated_at themselves). */
export const timestamps = () => ({ createdAt: createdAt(), updatedAt: writtenAt('updated_at') });

/** `cube` (from the cube extension): an earthdistance point, `ll_to_earth(latitude, longitude)`. */
export const earthPoint = customType<{ data: string }>({ dataType: () => 'cube' });

/** A list of text values (vocabulary ids, skills), empty unless set. */
export const textList = (name: string) => text(name).array().notNull().default(sql`'{}'::text[]`);
