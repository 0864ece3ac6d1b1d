// The staging job types' names and parameters, and how POST /batchjobs checks a new job against its
// type's catalog entry (AMB-44 (a), as issue 5 says: 400 naming the field). The catalog itself is
// src/resources/jobs.ts. Decisions: docs/decisions/0014-batch-jobs.md.
import { and, eq } from 'drizzle-orm';
import { IsObject, Type, type Static, type TSchema } from 'typebox';
import { Value } from 'typebox/value';
import type { DataScope } from '../../platform/scope.ts';
import type { JobType } from '../../platform/jobs/job-catalog.ts';
import { visibleBranch } from '../../platform/records/branches.ts';
import { existsInTenant } from '../../platform/records/references.ts';
import { ruleErrors } from '../../platform/records/rules.ts';
import { employeeStatuses, securityGroupMessageActions } from '../../platform/db/schema.ts';
import { addFieldError, invalid, validationError, type FieldErrors } from '../../platform/http/errors.ts';
import { employeePatchTarget } from '../employees/employee.record.ts';

export const IMPORT_RESUMES = 'Staged_Employee_Import_Resume_Data';
export const DELETE_STAGED = 'Delete_Staged_Employees';
/** Not named by the spec (BATCH-10, AMB-01): our name for conversion jobs. */
export const CONVERT_STAGED = 'Convert_Staged_Employees';
/** The job types whose items are staged employees (what a staged employee's item statuses read); the catalog of all types is src/resources/jobs.ts. */
export const STAGED_EMPLOYEE_TYPES = [IMPORT_RESUMES, DELETE_STAGED, CONVERT_STAGED] as const;

const Id = Type.Integer({ minimum: 1, maximum: 2147483647 });
const optional = <T extends Parameters<typeof Type.Optional>[0]>(t: T) => Type.Optional(Type.Union([t, Type.Null()]));

export const ImportParameters = Type.Object({
  skipInterestCodes: optional(Type.Boolean({ description: 'True: interest codes are not parsed from the resumes.' })),
});

export const DeleteParameters = Type.Object({
  stagedEmployeeIds: Type.Optional(Type.Array(Id, { maxItems: 10000, description: 'Staged employees to delete (POST /Staging/Employees/delete fills this).' })),
});

export const ConversionParameters = Type.Object({
  serviceRepId: Id,
  branchId: Id,
  isEmployeeActive: Type.Boolean(),
  orderTypeId: optional(Id),
  messageActionId: optional(Id),
  loggedMessage: optional(Type.String({ maxLength: 4000 })),
  employmentCategoryId: optional(Type.String({ pattern: '^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$' })),
  washedStatusId: optional(Type.Integer({ minimum: 0, maximum: 127 })),
  howHeardOfId: optional(Id),
  howHeardOfDetail: optional(Type.String({ maxLength: 50 })),
  employeeStatusId: optional(Type.String({ minLength: 1, maxLength: 10 })),
});
export type ConversionParams = Static<typeof ConversionParameters>;

/** The employee's catalog values a conversion sets beyond the create request (BATCH-17), by JSON name. */
export function conversionDefaults(p: ConversionParams): Record<string, string | number | boolean> {
  const defaults: Record<string, string | number | boolean> = { serviceRepId: p.serviceRepId, isActive: p.isEmployeeActive };
  for (const key of ['orderTypeId', 'employmentCategoryId', 'washedStatusId', 'howHeardOfId', 'howHeardOfDetail'] as const) {
    const value = p[key];
    if (value != null) defaults[key] = value;
  }
  return defaults;
}

const CONVERSION_KEYS = Object.keys(ConversionParameters.properties).map((k) => k.toLowerCase());

/**
 * The catalog's entry for a new job's type, whatever the caller's case. The spec's own conversion
 * example uses `Delete_Staged_Employees` with conversion defaults; the two parameter shapes do not
 * overlap, so such a job is a conversion.
 */
function entryOf(catalog: readonly JobType[], type: string, parameters: Record<string, unknown>): JobType | undefined {
  const conversion = type.toLowerCase() === DELETE_STAGED.toLowerCase() && Object.keys(parameters).some((k) => CONVERSION_KEYS.includes(k.toLowerCase()));
  const name = (conversion ? CONVERT_STAGED : type).toLowerCase();
  return catalog.find((entry) => entry.type.toLowerCase() === name);
}

/** Property names as the schema spells them, whatever the caller's case; nulls dropped (absent). */
function canonical(schema: TSchema, input: Record<string, unknown>): Record<string, unknown> {
  const names = new Map(Object.keys(IsObject(schema) ? schema.properties : {}).map((k) => [k.toLowerCase(), k]));
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(input)) if (v !== null) out[names.get(k.toLowerCase()) ?? k] = v;
  return out;
}

const field = (name: string) => `batchJobParameters.${name}`;

/** The parameters checked against the type's schema: 400 naming each field that does not fit. */
function checkShape(schema: TSchema, value: Record<string, unknown>): void {
  const errors: Record<string, string[]> = {};
  for (const e of Value.Errors(schema, value)) {
    const missing = 'requiredProperties' in e.params ? e.params.requiredProperties : undefined;
    addFieldError(errors, field(missing?.[0] ?? e.instancePath.replace(/^\//, '').split('/')[0] ?? ''), missing ? 'is required' : e.message);
  }
  if (Object.keys(errors).length) throw validationError(errors);
}

/**
 * A new job as it is stored: its type as the catalog names it and its parameters checked by the
 * type's entry (the schema, then the entry's own checks), normalised. A type the catalog does not
 * name keeps its name and parameters (AMB-46 (a): accepted, and the job says nobody listens).
 */
export async function checkedJob(scope: DataScope, catalog: readonly JobType[], type: string, parameters: Record<string, unknown>) {
  const entry = entryOf(catalog, type, parameters);
  if (!entry) return { type, parameters, items: [] };
  const value = canonical(entry.parameters, parameters);
  checkShape(entry.parameters, value);
  await entry.check?.(scope, Value.Decode(entry.parameters, value));
  return { type: entry.type, parameters: value, items: [...(entry.firstItems ?? [])] };
}

/**
 * The employee's fields are checked by the employee record's own rules (what PATCH /Employees
 * refuses, with its messages), and its branch as POST /Employees checks it: the conversion's item
 * checks them again when it creates the employee (a value may have gone in between).
 */
export async function checkConversion(scope: DataScope, p: ConversionParams): Promise<void> {
  const errors: FieldErrors = {};
  if (!(await visibleBranch(scope, p.branchId))) addFieldError(errors, field('branchId'), 'no such branch inside your hierarchy');
  const defaults = conversionDefaults(p);
  const ruled = await ruleErrors(employeePatchTarget.rules ?? {}, { scope, next: defaults }, new Set(Object.keys(defaults)));
  for (const [name, messages] of Object.entries(ruled)) addFieldError(errors, field(name), ...messages);
  if (Object.keys(errors).length) throw validationError(errors);
  if (p.messageActionId != null) {
    const [allowed] = await scope.select(securityGroupMessageActions, { id: securityGroupMessageActions.messageActionId })
      .where(and(eq(securityGroupMessageActions.securityGroupId, scope.principal.securityGroupId), eq(securityGroupMessageActions.messageActionId, p.messageActionId)));
    if (!allowed) throw invalid(field('messageActionId'), 'no such message action for your security group (GET /Datalists/MessageActions)');
    if (!p.loggedMessage) throw invalid(field('loggedMessage'), 'is required when messageActionId is given');
  }
  if (p.employeeStatusId != null && !(await existsInTenant(scope, employeeStatuses, p.employeeStatusId))) throw invalid(field('employeeStatusId'), 'no such employee status (GET /Datalists/EmployeeStatuses)');
}
