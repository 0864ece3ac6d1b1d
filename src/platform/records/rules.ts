// Field rules as data: what a record's field may hold beyond its catalog type (an id that exists in
// a lookup, a record inside the caller's hierarchy, a value of the record's own, ...). The same rules
// run on create and on PATCH, and each declares the fields it reads, so the set of fields any rule
// looks at is computed (the one-statement PATCH path takes only documents outside that set).
import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { DataScope } from '../scope.ts';
import { addFieldError, validationError, type FieldErrors } from '../http/errors.ts';

export type Values = Record<string, unknown>;

export const isValues = (value: unknown): value is Values => typeof value === 'object' && value !== null && !Array.isArray(value);

/** One per run: every rule of a create or PATCH gets the same object (a rule may key what it reads once on it). */
export interface RuleContext {
  scope: DataScope;
  /** The record's id; undefined on create (the record does not exist yet). */
  id?: number;
  /** The record as it will be (PATCH) or the create request's values, keyed by JSON name. */
  next: Values;
}

type Verdict = string | FieldErrors | undefined;

export interface Rule {
  /** Fields the rule reads besides its own: a change to any of them runs it again. */
  alsoReads?: readonly string[];
  /** Needs the record to exist (its own contact methods or messages): runs on PATCH only. */
  onRecordOnly?: boolean;
  /** Runs also when the field's value is null (by default a null value is left to the catalog's nullability). */
  checksNull?: boolean;
  /** The error for the value, or undefined when it is fine; errors by field when the fault lies with another field it reads. */
  check(value: unknown, ctx: RuleContext): Promise<Verdict> | Verdict;
}

/** Rules of a record, keyed by the JSON name of the field they guard. */
export type Rules = Readonly<Record<string, Rule>>;

/** Every field any rule reads (its own and `alsoReads`). */
export function fieldsRead(rules: Rules): Set<string> {
  const fields = new Set<string>();
  for (const [field, rule] of Object.entries(rules)) {
    fields.add(field);
    for (const other of rule.alsoReads ?? []) fields.add(other);
  }
  return fields;
}

/** Runs the rules whose fields (own or read) are in `changed`; answers the errors, by field. */
export async function ruleErrors(rules: Rules, ctx: RuleContext, changed: ReadonlySet<string>): Promise<FieldErrors> {
  const errors: FieldErrors = {};
  for (const [field, rule] of Object.entries(rules)) {
    if (rule.onRecordOnly && ctx.id === undefined) continue;
    if (!changed.has(field) && !(rule.alsoReads ?? []).some((f) => changed.has(f))) continue;
    const value = ctx.next[field];
    if (value === undefined || (value === null && !rule.checksNull)) continue;
    const verdict = await rule.check(value, ctx);
    if (typeof verdict === 'string') addFieldError(errors, field, verdict);
    else for (const [key, messages] of Object.entries(verdict ?? {})) addFieldError(errors, key, ...messages);
  }
  return errors;
}

/** The rules of `changed` fields, as one 400 naming every bad field. */
export async function checkRules(rules: Rules, ctx: RuleContext, changed: ReadonlySet<string>): Promise<void> {
  const errors = await ruleErrors(rules, ctx, changed);
  if (Object.keys(errors).length) throw validationError(errors);
}

// ---- The common rules ----

type Keyed = PgTable & { tenantId: AnyPgColumn; id: AnyPgColumn };

/** `column` of the tenant's record `id` (when `extra` holds too); undefined when there is no such record. */
async function valueOf<C extends AnyPgColumn>(scope: DataScope, table: Keyed, id: unknown, column: C, extra?: SQL) {
  // The value passed the catalog's type check: an integer (or a uuid for Guid ids).
  const [row] = await scope.db.select({ value: column }).from(table).where(and(eq(table.tenantId, scope.tenantId), sql`${table.id} = ${id}`, extra)).limit(1);
  return row?.value;
}

const exists = async (scope: DataScope, table: Keyed, id: unknown, extra?: SQL) => (await valueOf(scope, table, id, table.id, extra)) !== undefined;

/** A stored record's value of `column` (say its customer, for rules about a field that must match it); undefined when there is no such record. */
export const storedValue = <C extends AnyPgColumn>(table: Keyed, column: C) => (scope: DataScope, id: number) => valueOf(scope, table, id, column);

/** An id of one of the tenant's lookup lists (`listed` says where a client finds the values). */
export function lookup(table: Keyed, listed: string): Rule {
  return { check: async (v, { scope }) => (await exists(scope, table, v)) ? undefined : `is not ${listed}` };
}

/** Why a deactivated list entry is refused: it stays on the records that hold it, but is no new value. */
export const DEACTIVATED = 'is deactivated: records keep it, but it is not taken as a new value';

/**
 * An active entry of one of the tenant's lists (`extra`: of the right kind, say). A deactivated entry
 * is refused as a new value; a record that holds one keeps it, since rules run on changed fields only.
 */
export function activeLookup(table: Keyed & { isActive: AnyPgColumn }, listed: string, extra?: SQL): Rule {
  return {
    check: async (v, { scope }) => {
      // One read tells both: no entry (undefined) or a deactivated one.
      const isActive = await valueOf(scope, table, v, table.isActive, extra);
      return isActive === undefined ? `is not ${listed}` : isActive === true ? undefined : DEACTIVATED;
    },
  };
}

/** A record inside the caller's hierarchy (the same 404-like rule as reading it). */
export function visibleRecord(table: Keyed & { hierId: AnyPgColumn }, what: string): Rule {
  return { check: async (v, { scope }) => (await exists(scope, table, v, scope.visible(table.hierId))) ? undefined : `no such ${what} inside your hierarchy` };
}

/** A record inside the caller's hierarchy or above it (master data defined higher up, such as job titles). */
export function usableRecord(table: Keyed & { hierId: AnyPgColumn }, what: string): Rule {
  return { check: async (v, { scope }) => (await exists(scope, table, v, scope.usable(table.hierId))) ? undefined : `no such ${what} inside your hierarchy` };
}

/** A hierarchy node at or below the caller's (where a record may be created). */
export const visibleNode: Rule = { check: (v, { scope }) => (scope.canSee(Number(v)) ? undefined : 'no such hierarchy node inside your hierarchy') };

/** Not the record itself (a record cannot replace or be the alternate of itself). */
export function notItself(rule: Rule, message = 'cannot name the record itself'): Rule {
  return { ...rule, check: (v, ctx) => (ctx.id !== undefined && Number(v) === ctx.id ? message : rule.check(v, ctx)) };
}

/** A rule of its own: `check` answers the error message or undefined. */
export function rule(check: Rule['check'], options: Omit<Rule, 'check'> = {}): Rule {
  return { ...options, check };
}
