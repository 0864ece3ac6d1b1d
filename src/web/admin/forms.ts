// Reading the admin pages' forms. The body schema takes any field as a string (of bounded length) so
// that every check happens here and its message is shown next to its field, in the page's language.
// Repeated names collapse in the form parser, so checkbox groups name each box: `scope:employee-read`.
import { Type } from 'typebox';

export const MAX_FIELD = 10_000;

/** Any form: string fields, each at most MAX_FIELD characters. */
export const AnyForm = Type.Record(Type.String({ maxLength: 200 }), Type.String({ maxLength: MAX_FIELD }));

export type Form = Record<string, string>;
export type FieldErrors = Record<string, string>;

/** A field's value, trimmed ('' when absent). */
export const field = (form: Form, name: string): string => (form[name] ?? '').trim();

/** A required field of at most 100 characters (a name), trimmed; what is wrong with it goes to errors[name]. */
export function requiredName(form: Form, name: string, errors: FieldErrors, required: string, tooLong: string): string {
  const value = field(form, name);
  if (!value) errors[name] = required;
  else if (value.length > 100) errors[name] = tooLong;
  return value;
}

/** The boxes ticked in a group: `prefix:value` fields, limited to the values offered. */
export function ticked(form: Form, prefix: string, offered: readonly string[]): string[] {
  return offered.filter((value) => form[`${prefix}:${value}`] !== undefined);
}

/** A positive whole number (an id), or undefined. */
export function positiveId(text: string): number | undefined {
  if (!/^\d{1,10}$/.test(text)) return undefined;
  const n = Number(text);
  return n >= 1 && n <= 2_147_483_647 ? n : undefined;
}

/** Path parameters of the admin pages' records: a SID or client id (letters, digits, `_`, `-`). */
export const KeyParams = Type.Object({ key: Type.String({ minLength: 1, maxLength: 100, pattern: '^[A-Za-z0-9_-]+$' }) });
export const IdParams = Type.Object({ id: Type.String({ minLength: 1, maxLength: 10, pattern: '^[0-9]+$' }) });

/** The query of an admin page: the language and a notice to show after a redirect (POST → 303 → GET). */
export const NoticeQuery = Type.Object({
  lang: Type.Optional(Type.String({ maxLength: 10 })),
  done: Type.Optional(Type.String({ maxLength: 40 })),
});

/** Scopes in groups by record (`employee-read`, `employee-write` → `employee`), for checkbox fieldsets. */
export function scopeGroups(scopes: readonly string[]): { record: string; scopes: string[] }[] {
  const groups = new Map<string, string[]>();
  for (const scope of [...scopes].sort()) {
    const record = scope.slice(0, scope.lastIndexOf('-'));
    groups.set(record, [...(groups.get(record) ?? []), scope]);
  }
  return [...groups].map(([record, list]) => ({ record, scopes: list }));
}

/** A date typed as YYYY-MM-DD, as the end of that day (UTC), or undefined when it is no such day. */
export function endOfDay(text: string): Date | undefined {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!match) return undefined;
  const date = new Date(`${text}T23:59:59.999Z`);
  return Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== text ? undefined : date;
}

export const isoDay = (date: Date) => date.toISOString().slice(0, 10);
