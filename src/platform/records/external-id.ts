// `externalId`: the key another system gives a record (decision 0050). Every record table has it,
// from the record table helper (or, for the two tables written by hand, the same two helpers): a
// nullable text column, unique per tenant and table (a partial unique index, so records without one
// never collide). The engine derives the rest from the table: the create body takes it, the read and
// the list show it, the list filters by it (`externalId=`), and a duplicate is a 409 naming it. The
// PATCH catalogs stay the spec's: an externalId is set on create and kept (Import_<Records> jobs key
// their rows by it).
import { sql } from 'drizzle-orm';
import { text, uniqueIndex, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { Type, type TObject } from 'typebox';
import { pgError } from '../db/database.ts';
import { AppError } from '../http/errors.ts';
import { nullable, opt } from './shapes.ts';

export const EXTERNAL_ID_MAX_LENGTH = 255;

/** Tables with an `external_id` column, by name: the read and list statements of a record table show it. */
const tables = new Set<string>();

/** The column, for a record table named `table`. */
export function externalIdColumn(table: string) {
  tables.add(table);
  return { externalId: text('external_id') };
}

/** Unique per tenant in the table, for the records that have one. */
export function externalIdIndex(table: string, t: { tenantId: AnyPgColumn; externalId: AnyPgColumn }) {
  return uniqueIndex(`${table}_external_id`).on(t.tenantId, t.externalId).where(sql`external_id is not null`);
}

/** Whether a table (by name) has the column: the read and list statements over it select it. */
export const hasExternalId = (table: string) => tables.has(table);

const description = 'The record\'s key in another system: unique per tenant and record kind, set on create (POST, or an Import_<Records> job) and kept.';
/** The create body's property. */
export const ExternalIdInput = opt(Type.String({ minLength: 1, maxLength: EXTERNAL_ID_MAX_LENGTH, description }));
/** The read's and the list item's property. */
export const ExternalIdOutput = nullable(Type.String({ description }));
/** The list filter's query parameter. */
export const ExternalIdFilter = Type.String({ minLength: 1, maxLength: EXTERNAL_ID_MAX_LENGTH, description: 'Only the record with this externalId.' });

/**
 * `schema` with `externalId` beside its properties (a create body: optional; a read: nullable),
 * made by Type.Object (its kind is not enumerable: a spread copy is no object to TypeBox's Value).
 * The one cast of the derivation: the copy has every property of `schema` and one more, so it is a
 * `S` to everything that reads it as one (handlers read `externalId` through `externalIdOf`).
 */
export function withExternalId<S extends TObject>(schema: S, kind: 'input' | 'output'): S {
  if ('externalId' in schema.properties) return schema;
  const { type: _type, required: _required, properties, ...options } = schema;
  const copy: TObject = Type.Object({ ...properties, externalId: kind === 'input' ? ExternalIdInput : ExternalIdOutput }, options);
  return copy as S;
}

/** The externalId a create body gives (null or absent: none). */
export function externalIdOf(input: unknown): string | undefined {
  if (typeof input !== 'object' || input === null || !('externalId' in input)) return undefined;
  const value = input.externalId;
  return typeof value === 'string' && value !== '' ? value : undefined;
}

/** A write that broke the unique index of an externalId: 409 naming the field; undefined for anything else. */
export function duplicateExternalId(e: unknown): AppError | undefined {
  const pg = pgError(e);
  if (pg?.code !== '23505' || !pg.constraint?.endsWith('_external_id')) return undefined;
  return new AppError('EXTERNAL_ID_EXISTS', 'A record of this kind with this externalId already exists.', { externalId: ['already exists'] });
}
