// The three staging job types as entries of the job catalog (src/resources/jobs.ts): what the worker
// does with each item. The slow part (parsing) runs before the transaction; the returned function
// writes, in the transaction that ends the item.
import { eq, getTableColumns, getTableName, sql } from 'drizzle-orm';
import type { StaticDecode, TSchema } from 'typebox';
import { TENANT, NODES, type DataScope } from '../../platform/scope.ts';
import { deleteFile, getFile } from '../../platform/files/file-store.ts';
import { emitEvent } from '../../platform/events/outbox.ts';
import { AppError } from '../../platform/http/errors.ts';
import { createRecord } from '../../platform/records/commands.ts';
import { messages } from '../reference-data/reference.table.ts';
import { setCreateFacts } from '../employees/employee.repository.ts';
import { employeeRecord } from '../employees/employee.record.ts';
import type { EmployeeCreateInput } from '../employees/employee.schemas.ts';
import { ResumeFileError } from '../resumes/resume.text.ts';
import { employeeProfileOf } from '../matching/employee-profile.schema.ts';
import { attachResume } from '../employee-profiles/employee-profile.repository.ts';
import type { ParsedResume, ResumeParser } from '../resumes/resume.types.ts';
import { defineJob, ItemFailure, type JobContext } from '../../platform/jobs/job-catalog.ts';
import {
  CONVERT_STAGED, conversionDefaults, ConversionParameters, DELETE_STAGED, DeleteParameters, IMPORT_RESUMES, ImportParameters,
} from '../batch-jobs/batch-job.types.ts';
import { stagedEmployees as s } from './staged-employee.table.ts';
import { STAGED_EMPLOYEE_DELETED, STAGED_EMPLOYEE_UPDATED } from './staged-employee.events.ts';

type Staged = typeof s.$inferSelect;

async function staged(scope: DataScope, id: number, lock = false): Promise<Staged> {
  const query = scope.select(s, getTableColumns(s)).where(eq(s.id, id));
  const [row] = await (lock ? query.for('update') : query);
  if (!row) throw new ItemFailure(`Staged employee ${id} does not exist (deleted?) or is outside the job creator's hierarchy.`);
  return row;
}

/**
 * Writes to the staged employee's row, and its updated_at with it, and reports the fields written
 * (`stagedEmployee.updated`) as GET /Staging/Employees/{id} names them: the resume's text is kept for
 * the employee it becomes, not shown, so it is not named.
 */
async function updateStaged(tx: DataScope, id: number, values: Partial<Staged>): Promise<void> {
  await tx.update(s, { ...values, updatedAt: new Date() }, 'tenant').where(eq(s.id, id));
  await emitEvent(tx, STAGED_EMPLOYEE_UPDATED, getTableName(s), id, { changedFields: Object.keys(values).filter((field) => field !== 'resumeText') });
}

/** The staged record's columns from what the parser found. */
export function stagedFields(parsed: ParsedResume): Partial<Staged> {
  const phone = [...parsed.phones].sort((a, b) => Number(b.value.kind === 'mobile') - Number(a.value.kind === 'mobile'))[0];
  const confidence: Record<string, number> = {};
  const take = <T>(name: string, found: { value: T; confidence: number } | null | undefined) => {
    if (found) confidence[name] = found.confidence;
    return found?.value ?? null;
  };
  const address = take('address', parsed.address);
  const firstName = take('firstName', parsed.firstName);
  const middleName = take('middleName', parsed.middleName);
  const lastName = take('lastName', parsed.lastName);
  const emailAddress = take('emailAddress', parsed.email);
  const found = take('phoneNumber', phone);
  const values = Object.values(confidence);
  const complete = firstName && lastName && (emailAddress || found);
  return {
    format: parsed.format,
    parseStatus: complete ? 'Parsed' : 'PartlyParsed',
    parseError: complete ? null : 'Not found in the resume: ' + [!firstName && 'first name', !lastName && 'last name', !emailAddress && !found && 'email or phone'].filter(Boolean).join(', ') + '.',
    firstName: firstName?.slice(0, 50) ?? null, middleName: middleName?.slice(0, 50) ?? null, lastName: lastName?.slice(0, 50) ?? null, emailAddress,
    phoneNumber: found?.number ?? null, phoneCountryCallingCode: found?.countryCallingCode ?? null,
    street1: address?.street1 ?? null, street2: address?.street2 ?? null, municipality: address?.municipality ?? null,
    region: address?.region ?? null, postalCode: address?.postalCode ?? null, countryCode: address?.countryCode ?? null,
    skills: parsed.skills, interestCodes: parsed.interestCodes, workHistory: parsed.workHistory, education: parsed.education,
    profile: parsed.profile ?? null, resumeText: parsed.text, confidence, overallConfidence: values.length ? values.reduce((a, b) => a + b, 0) / values.length : null,
  };
}

/** Phone spellings a stored contact method may have, for an indexed exact match. */
function phoneVariants(number: string): string[] {
  const d = number.replace(/\D/g, '').replace(/^1(?=\d{10}$)/, '');
  if (d.length !== 10) return [number.toLowerCase()];
  const [a, b, c] = [d.slice(0, 3), d.slice(3, 6), d.slice(6)];
  return [d, `1${d}`, `+1${d}`, `${a}-${b}-${c}`, `(${a}) ${b}-${c}`, `(${a})${b}-${c}`, `${a}.${b}.${c}`, `${a} ${b} ${c}`, `+1 ${a}-${b}-${c}`, `+1 ${a} ${b} ${c}`];
}

/** Existing employees (inside the hierarchy) with the same email, phone or full name. */
export async function possibleDuplicates(scope: DataScope, f: Partial<Staged>): Promise<number[]> {
  const parts = [];
  const values = [f.emailAddress?.toLowerCase(), ...(f.phoneNumber ? phoneVariants(f.phoneNumber) : [])].filter((v): v is string => !!v);
  if (values.length) {
    parts.push(sql`select m.owner_id::int as id from contact_methods m where m.tenant_id = ${scope.tenantId} and m.owner_type = 'employee'
      and lower(m.contact_method) = any(${sql.param(values)}::text[])`);
  }
  if (f.firstName && f.lastName) {
    parts.push(sql`select e.id from employees e where e.tenant_id = ${scope.tenantId}
      and lower(e.last_name) = ${f.lastName.toLowerCase()} and lower(e.first_name) = ${f.firstName.toLowerCase()}`);
  }
  if (!parts.length) return [];
  // The parts filter by the tenant too (so each uses its index); the outer join binds it and the hierarchy.
  const rows = await scope.sql<{ id: number }>`select distinct d.id from (${sql.join(parts, sql` union `)}) d
    join employees e on e.tenant_id = ${TENANT} and e.id = d.id where e.hier_id = any(${NODES}) order by d.id limit 20`;
  return rows.map((r) => Number(r.id));
}

/** Parses the staged employee's resume file into its columns, with possible duplicates, with the service's parser. */
export const importResumeDataJob = defineJob({
  type: IMPORT_RESUMES,
  parameters: ImportParameters,
  async handle({ scope, services: { parser } }: JobContext<{ parser: ResumeParser }>, parameters, item) {
    const record = await staged(scope, item.recordId);
    const file = record.fileId ? await getFile(scope, record.fileId) : undefined;
    if (!file) throw new ItemFailure('The resume file is missing.');
    let fields: Partial<Staged>;
    try {
      fields = stagedFields(await parser.parse(file.content, { skipInterestCodes: parameters.skipInterestCodes === true, tenantId: scope.tenantId }));
    } catch (e) {
      // The parser service's errors and a time-out (which a paused process causes as well as a slow
      // file) are retried like a lost lease, then fail the item; a bad file fails it at once.
      if (!(e instanceof ResumeFileError) || e.code === 'TIMEOUT') throw e;
      const reason = `${e.code}: ${e.message}`;
      throw new ItemFailure(reason, async (tx) => {
        await updateStaged(tx, record.id, { parseStatus: 'Failed', parseError: reason });
      });
    }
    const duplicates = await possibleDuplicates(scope, fields);
    return async (tx) => {
      await updateStaged(tx, record.id, { ...fields, possibleDuplicateEmployeeIds: duplicates });
      return record.id;
    };
  },
});

/** A job whose whole work on its item's staged employee (locked) is in the transaction that ends the item. */
function stagedEmployeeJob<const Type extends string, P extends TSchema>(type: Type, parameters: P, work: (tx: DataScope, record: Staged, p: StaticDecode<P>) => Promise<number>) {
  return defineJob({
    type, parameters,
    async handle(_ctx, p, item) {
      return async (tx) => work(tx, await staged(tx, item.recordId, true), p);
    },
  });
}

/** Deletes the staged employee and its file (unless converted); its event is written first, from the row it reports. */
export const deleteStagedEmployeesJob = stagedEmployeeJob(DELETE_STAGED, DeleteParameters, async (tx, record) => {
  await emitEvent(tx, STAGED_EMPLOYEE_DELETED, getTableName(s), record.id);
  await tx.delete(s, 'tenant').where(eq(s.id, record.id));
  // A converted one's file is its employee's resume (kept with the profile): not deleted with it.
  if (record.fileId && !record.isConverted) await deleteFile(tx, record.fileId);
  return record.id;
});

/** Creates an employee from the staged employee, with the job's defaults; the item's result is the employee. */
export const convertStagedEmployeesJob = stagedEmployeeJob(CONVERT_STAGED, ConversionParameters, async (tx, record, p) => {
  if (record.isConverted) throw new ItemFailure(`Staged employee ${record.id} was already converted (employee ${record.employeeId}).`);
  const missing = [!record.firstName && 'firstName', !record.lastName && 'lastName', !record.region && 'region'].filter(Boolean);
  if (missing.length) throw new ItemFailure(`Cannot create an employee: ${missing.join(', ')} not found in the resume.`);
  const input: EmployeeCreateInput = {
    firstName: record.firstName!, lastName: record.lastName!, branchId: p.branchId, region: record.region!,
    street1: record.street1, street2: record.street2, municipality: record.municipality, postalCode: record.postalCode,
    countryCode: record.countryCode, primaryEmailAddress: record.emailAddress,
    primaryPhoneNumber: record.phoneNumber, primaryPhoneNumberCountryCallingCode: record.phoneNumber ? record.phoneCountryCallingCode ?? 1 : null,
    bypassAddressValidationService: true,
  };
  // The job's defaults are the employee's fields as PATCH /Employees sets them: the same rules and messages (BATCH-17).
  const also = { ...conversionDefaults(p), ...(record.middleName ? { middleName: record.middleName } : {}) };
  let employeeId: number;
  try {
    // The command: POST /Employees' rules and the defaults' (PATCH's), the write and `employee.created` (decision 0031).
    employeeId = await createRecord(tx, employeeRecord, input, { also });
  } catch (e) {
    if (e instanceof AppError) throw new ItemFailure(`Cannot create an employee: ${e.message}${e.errors ? ' ' + JSON.stringify(e.errors) : ''}`);
    throw e;
  }
  await setCreateFacts(tx, employeeId, p.employeeStatusId != null ? { employeeStatusId: p.employeeStatusId } : {});
  if (p.messageActionId != null && p.loggedMessage) {
    // Part of the employee's creation (its `employee.created` covers it). The message's columns are typed only at run time: a value, not a literal.
    const logged = { originType: 'employee', originId: employeeId, messageActionId: p.messageActionId, serviceRepId: p.serviceRepId, text: p.loggedMessage };
    await tx.insert(messages, logged);
  }
  // The resume's profile, file and text are the employee's now (decision 0057); a record parsed before its text was kept has none.
  if (record.fileId) {
    const parsed = employeeProfileOf({ workHistory: record.workHistory, education: record.education, ...(record.profile && { profile: record.profile }) });
    await attachResume(tx, employeeId, { fileId: record.fileId, fileName: record.fileName, text: record.resumeText }, parsed, true);
  }
  await updateStaged(tx, record.id, { isConverted: true, employeeId });
  return employeeId;
});
