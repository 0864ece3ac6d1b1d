// TypeBox pieces the records' request and response shapes share: ids of the spec's two widths, and
// how a value that may be absent is written (decision 0015: a record keeps only its own shapes).
import { Type, type TSchema } from 'typebox';

const described = (description?: string) => (description ? { description } : {});

/** An Int32 id (a branch, a job order, a list value). */
export const Id32 = (description?: string) => Type.Integer({ minimum: 1, maximum: 2147483647, ...described(description) });
/**
 * An Int64 id (an employee, a customer, a contact): any Int64 is taken, and one above the ids the
 * database gives (2^53 - 1, platform/ids.ts) is answered as an unknown id before validation.
 */
export const Id64 = (description?: string) => Type.Integer({ minimum: 1, format: 'int64', ...described(description) });

/** A value or null. */
export const nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);
export const nullableString = nullable(Type.String());

/** An optional request field; null is "not given" (AMB-84). */
export const opt = <T extends TSchema>(schema: T) => Type.Optional(nullable(schema));

/** When a record was created and last changed. */
export const Timestamps = { createdAt: Type.String({ format: 'date-time' }), updatedAt: Type.String({ format: 'date-time' }) };
