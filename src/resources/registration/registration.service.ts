// Registering an applicant (REG-04 to REG-21, decision 0023): the link resolved against the tenant,
// then in ONE transaction the employee (POST /Employees' own schema, rules and create), the fields
// only PATCH sets (the PATCH's own checks), a web user login (POST /WebUsers' rules), the
// registration record, the resume's profile when one is attached, a candidate on each linked order (POST /JobOrders/{id}/jobBoardCandidate's
// create) and the callback's outbox row. A failure anywhere leaves nothing behind.
import type { TSchema } from 'typebox';
import { Value } from 'typebox/value';
import type { DataScope } from '../../platform/scope.ts';
import { AppError, type FieldErrors } from '../../platform/http/errors.ts';
import { checkOperations, PatchDocument, type Operation } from '../../platform/records/json-patch/patch.ts';
import { createRecord } from '../../platform/records/commands.ts';
import { passwordProblem } from '../../platform/auth/passwords.ts';
import { employeeRecord } from '../employees/employee.record.ts';
import { employeeCatalog } from '../employees/employee.patch-catalog.ts';
import { createWebUser } from '../web-users/web-user.repository.ts';
import { WebUserCreate } from '../web-users/web-user.schemas.ts';
import { createCandidate } from '../candidates/candidate.repository.ts';
import { placeOfPostalCode } from '../gazetteer/gazetteer.repository.ts';
import { candidacies, formChoices, linkedBranch, linkedOrders, linkedWorkflow, type BranchChoice, type FormChoices, type LinkedOrder, type RegistrationTenant } from './registration.repository.ts';
import { isStarField, type StarField } from './registration.settings.ts';
import { registrations } from './registration.table.ts';
import { enqueueCallback } from './registration.callback.ts';
import type { EmployeeProfile } from '../matching/employee-profile.schema.ts';
import { attachResume, type KeptResume } from '../employee-profiles/employee-profile.repository.ts';

export const FORM_FIELDS = ['username', 'password', 'firstName', 'middleName', 'lastName', 'emailAddress', 'phoneNumber', 'postalCode',
  'municipality', 'region', 'howHeardOfId', 'howHeardOfDetail', 'employmentCategoryId', 'branchId'] as const;
export type FormField = (typeof FORM_FIELDS)[number];
export type FormValues = Partial<Record<FormField, string>>;

/** `message`: the API's own message for the field (the page says `kind` in its language; the message is what any other entry point says). */
export interface FieldProblem { kind: 'required' | 'tooLong' | 'invalid' | 'taken' | 'tooShort'; limit?: number; message?: string }
export type FormProblems = Partial<Record<FormField, FieldProblem>>;

/** The form's problems, by field: nothing was created. */
export class RegistrationRefused extends Error {
  constructor(readonly problems: FormProblems) { super(`Registration refused: ${Object.keys(problems).join(', ')}`); }
}

/** The link's parameters the page acts on, each resolved (AMB-79 (a): what does not resolve is ignored). */
export interface ResolvedLink {
  choices: FormChoices;
  visible: ReadonlySet<StarField>;
  branch?: BranchChoice;
  workflow?: { id: number; name: string };
  orders: LinkedOrder[];
  /** REG-10 to REG-18: the pre-filled values (the * ones only when visible). */
  prefill: FormValues;
  /** REG-20, REG-21: saved with the orders. */
  utm: { utm_source?: string; utm_campaign?: string; utm_medium?: string };
}

/** The longest value each pre-fillable field takes (POST /Employees' and the catalog's limits). */
const LIMITS: Partial<Record<FormField, number>> = { username: 100, firstName: 50, middleName: 50, lastName: 50, emailAddress: 255, phoneNumber: 255, postalCode: 10 };
const PREFILLED = ['username', 'firstName', 'lastName', 'middleName', 'emailAddress', 'phoneNumber', 'postalCode', 'howHeardOfId', 'employmentCategoryId'] as const;

const text = (value: string | undefined) => (value === undefined || value.trim() === '' ? undefined : value.trim());

/** Resolves a link's query parameters (the page's GET, and again on POST: the form's copies are never trusted). */
export async function resolveLink(scope: DataScope, tenant: RegistrationTenant, query: Readonly<Record<string, string | undefined>>, jobBoardBase: string): Promise<ResolvedLink> {
  const choices = await formChoices(scope);
  const visible = new Set(tenant.settings.visibleFields);
  const shown = (field: FormField) => !isStarField(field) || visible.has(field);
  const prefill: FormValues = {};
  for (const field of PREFILLED) {
    const value = text(query[field]);
    if (value === undefined || !shown(field) || value.length > (LIMITS[field] ?? 100)) continue;
    if (field === 'howHeardOfId' && !choices.howHeardOf.some((h) => h.id === value)) continue;
    if (field === 'employmentCategoryId' && !choices.employmentCategories.some((c) => c.id === value.toLowerCase())) continue;
    prefill[field] = field === 'employmentCategoryId' ? value.toLowerCase() : value;
  }
  const orders = await linkedOrders(scope, query.orders, jobBoardBase);
  const utm: ResolvedLink['utm'] = {};
  for (const key of ['utm_source', 'utm_campaign', 'utm_medium'] as const) {
    const value = text(query[key]);
    if (value !== undefined && value.length <= 255) utm[key] = value;
  }
  return {
    choices, visible, orders, prefill, utm,
    branch: linkedBranch(choices.branches, query.branchId),
    workflow: linkedWorkflow(choices.workflows, query.workflowId, query.workflowName),
  };
}

/** International calling codes of the branch countries the demo and tests use; others default to 1 (NANP). */
const CALLING_CODES: Record<number, number> = { 840: 1, 124: 1, 826: 44, 484: 52, 724: 34 };

/** POST /Employees' field (or the login's) → the form's field. */
const FORM_FIELD_OF: Record<string, FormField> = {
  firstName: 'firstName', lastName: 'lastName', middleName: 'middleName', branchId: 'branchId', region: 'region', municipality: 'municipality',
  postalCode: 'postalCode', primaryEmailAddress: 'emailAddress', primaryPhoneNumber: 'phoneNumber', primaryPhoneNumberCountryCallingCode: 'phoneNumber',
  howHeardOfId: 'howHeardOfId', howHeardOfDetail: 'howHeardOfDetail', employmentCategoryId: 'employmentCategoryId', username: 'username', password: 'password',
};

function problemOf(message: string): FieldProblem {
  if (/required|must not be blank/.test(message)) return { kind: 'required', message };
  const limit = /(?:at most|more than) (\d+)/.exec(message)?.[1];
  return limit ? { kind: 'tooLong', limit: Number(limit), message } : { kind: 'invalid', message };
}

/** The API's field errors as the form's problems; an error on a field the form does not have is not the applicant's to fix. */
function formProblems(errors: FieldErrors, into: FormProblems = {}): FormProblems {
  for (const [field, messages] of Object.entries(errors)) {
    const formField = FORM_FIELD_OF[field.replace(/^\//, '')];
    if (!formField) throw new AppError('VALIDATION_FAILED', `${field}: ${messages.join('; ')}`);
    into[formField] ??= problemOf(messages[0] ?? '');
  }
  return into;
}

/** A TypeBox schema's errors as field errors (the `required` keyword names the missing properties). */
function schemaErrors(schema: TSchema, value: unknown): FieldErrors {
  const errors: FieldErrors = {};
  for (const e of Value.Errors(schema, value)) {
    const params: unknown = e.params;
    const missing = params && typeof params === 'object' && 'requiredProperties' in params && Array.isArray(params.requiredProperties) ? params.requiredProperties : [];
    const fields = missing.length ? missing.map(String) : [e.instancePath.replace(/^\//, '').split('/')[0] ?? ''];
    for (const f of fields) (errors[f] ??= []).push(missing.length ? 'is required' : e.keyword === 'minLength' ? 'is required' : e.message);
  }
  return errors;
}

export interface Registered { registrationId: number; employeeId: number; webUserId: number; jobOrderCandidateIds: number[]; firstName: string; username: string }

export interface RegisterInput {
  tenant: RegistrationTenant;
  link: ResolvedLink;
  form: FormValues;
  localeId: string;
  /** Every query parameter of the link (REG-05). */
  parameters: Record<string, string>;
  /** A resume the applicant attached, parsed: kept with the employee's profile (decision 0057). */
  resume?: { file: KeptResume; profile: EmployeeProfile };
}

/** Registers the applicant, or throws RegistrationRefused naming each field to fix. */
export async function register(scope: DataScope, input: RegisterInput): Promise<Registered> {
  const { link, tenant } = input;
  const shown = (field: FormField) => !isStarField(field) || link.visible.has(field);
  const value = (field: FormField) => (shown(field) ? text(input.form[field]) : undefined);
  const problems: FormProblems = {};

  // REG-06: a fixed branch comes from the link, re-resolved here; else the applicant's pick.
  const picked = value('branchId');
  const branch = link.branch ?? linkedBranch(link.choices.branches, picked);
  if (!branch) problems.branchId = { kind: picked ? 'invalid' : 'required' };

  // REG-17: the postal code locates the applicant: the gazetteer fills the city and state left blank.
  let region = value('region'), municipality = value('municipality');
  const postalCode = value('postalCode'), phone = value('phoneNumber');
  if (postalCode && branch && (!region || !municipality)) {
    const place = await placeOfPostalCode(scope.reference, branch.countryCode, postalCode);
    region ??= place?.region;
    municipality ??= place?.municipality;
  }
  const employee = {
    firstName: value('firstName'), lastName: value('lastName'), branchId: branch?.id, region, municipality, postalCode,
    primaryEmailAddress: value('emailAddress'), primaryPhoneNumber: phone,
    primaryPhoneNumberCountryCallingCode: phone && branch ? (CALLING_CODES[branch.countryCode] ?? 1) : undefined,
  };
  const body = Object.fromEntries(Object.entries(employee).filter(([, v]) => v !== undefined));
  formProblems(schemaErrors(employeeRecord.create.body, body), problems);

  // The fields POST /Employees does not take are set as PATCH /Employees/{id} sets them, with its checks.
  const heardOf = value('howHeardOfId');
  const extra: Record<string, string | number> = {};
  const middleName = value('middleName'), detail = text(input.form.howHeardOfDetail), category = value('employmentCategoryId');
  if (middleName) extra.middleName = middleName;
  if (heardOf) {
    if (/^\d{1,9}$/.test(heardOf)) extra.howHeardOfId = Number(heardOf);
    else problems.howHeardOfId ??= { kind: 'invalid' };
    if (detail) extra.howHeardOfDetail = detail;
  }
  if (category) extra.employmentCategoryId = category;
  // Checked against PatchDocument as a request's would be (which also types it).
  const document: unknown = Object.entries(extra).map(([field, v]) => ({ op: 'replace', path: `/${field}`, value: v }));
  const operations: Operation[] = Value.Check(PatchDocument, document) ? document : [];
  try { checkOperations(employeeCatalog, operations); } catch (e) { if (e instanceof AppError && e.errors) formProblems(e.errors, problems); else throw e; }

  // POST /WebUsers' rules for the login.
  const login = { type: 'WebUserEmployee', recordId: 1, username: text(input.form.username) ?? '', password: input.form.password ?? '' };
  formProblems(schemaErrors(WebUserCreate, login), problems);
  const weak = login.password && passwordProblem(login.password);
  if (weak) problems.password ??= { kind: weak.includes('at least') ? 'tooShort' : 'tooLong', limit: Number(/\d+/.exec(weak)?.[0]) };

  if (Object.keys(problems).length || !Value.Check(employeeRecord.create.body, body)) throw new RegistrationRefused(problems);
  try {
    return await scope.transaction(async (tx) => {
      // POST /Employees' command, with the fields only PATCH sets: its rules, the write and `employee.created`.
      const employeeId = await createRecord(tx, employeeRecord, body, { also: extra });
      if (input.resume) await attachResume(tx, employeeId, input.resume.file, input.resume.profile, true);
      const webUserId = await createWebUser(tx, { kind: 'employee', recordId: employeeId, username: login.username, password: login.password }, 'tenant');
      const jobOrderCandidateIds: number[] = [];
      for (const order of link.orders) jobOrderCandidateIds.push(await createCandidate(tx, order.id, { employeeId, ...link.utm }));
      const registration = { employeeId, webUserId, workflowId: link.workflow?.id ?? null, localeId: input.localeId, parameters: input.parameters, jobOrderCandidateIds };
      const [row] = await tx.insert(registrations, registration).returning({ id: registrations.id, createdAt: registrations.createdAt });
      const registrationId = row!.id;
      if (tenant.settings.callbackUrl) {
        await enqueueCallback(tx, tenant.settings.callbackUrl, {
          event: 'registration', registrationId, tenantName: tenant.name, localeId: input.localeId, parameters: input.parameters,
          employeeId, webUserId, workflowId: link.workflow?.id ?? null, jobOrderCandidateIds, createdAt: row!.createdAt.toISOString(),
        });
      }
      return { registrationId, employeeId, webUserId, jobOrderCandidateIds, firstName: body.firstName, username: login.username };
    });
  } catch (e) {
    if (e instanceof AppError && e.code === 'CONFLICT') throw new RegistrationRefused({ username: { kind: 'taken' } });
    if (e instanceof AppError && e.code === 'VALIDATION_FAILED' && e.errors) throw new RegistrationRefused(formProblems(e.errors));
    throw e;
  }
}

/**
 * REG-19 for a signed-in applicant: a candidate on each linked order they are not one of yet, with
 * the link's utm values, in one transaction. Answers the new candidates' orders.
 */
export async function applyToOrders(scope: DataScope, employeeId: number, link: ResolvedLink): Promise<LinkedOrder[]> {
  return scope.transaction(async (tx) => {
    const already = await candidacies(tx, employeeId, link.orders.map((o) => o.id));
    const added = link.orders.filter((o) => !already.has(o.id));
    for (const order of added) await createCandidate(tx, order.id, { employeeId, ...link.utm });
    return added;
  });
}
