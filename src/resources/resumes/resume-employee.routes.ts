// POST /Employees/Resume: one resume, parsed at once, becomes an employee (RES-01 to RES-14), keeping
// the resume and its profile; PUT /Employees/{id}/Resume: a new resume for an employee (decision 0057).
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import type { Access } from '../../platform/auth/access.ts';
import type { TypedRequests } from '../../platform/http/typed-requests.ts';
import { AppError, invalid } from '../../platform/http/errors.ts';
import { branchForNewEmployee, createResumeEmployee } from './resume-employee.repository.ts';
import { keptResume, parseResume, readResumeUpload } from './resume-upload.ts';
import { standardizeAddress } from './resume.address.ts';
import type { ParsedAddress, ResumeParser } from './resume.types.ts';
import { EmployeeProfileRecord } from '../employee-profiles/employee-profile.routes.ts';
import { attachResume, lockEmployee, requireEmployee } from '../employee-profiles/employee-profile.repository.ts';

// RES-14 (AMB-23 (a)): creating an employee is an employee write.
const access: Access = { roles: ['ServiceRep', 'Service'], scopes: ['employee-write'] };

declare module 'fastify' {
  interface FastifyInstance { resumeParser: ResumeParser }
}

interface Headers { firstName?: string; lastName?: string; howHeardOfId?: number; useStandardized: boolean; branchId?: number }

function header(request: FastifyRequest, name: string): string | undefined {
  const value = request.headers[name.toLowerCase()];
  return Array.isArray(value) ? value[0] : value;
}

/** The optional headers, checked before the file is read (RES-06 to RES-10). */
function readHeaders(request: FastifyRequest): Headers {
  const out: Headers = { useStandardized: false };
  for (const [name, key] of [['FirstName', 'firstName'], ['LastName', 'lastName']] as const) {
    const value = header(request, name);
    if (value === undefined) continue;
    const trimmed = value.trim();
    if (trimmed.length < 1 || trimmed.length > 50) throw invalid(name, 'must have 1 to 50 characters');
    out[key] = trimmed;
  }
  for (const [name, key] of [['HowHeardOfId', 'howHeardOfId'], ['BranchId', 'branchId']] as const) {
    const value = header(request, name);
    if (value === undefined) continue;
    if (!/^\d{1,10}$/.test(value.trim()) || Number(value) < 1 || Number(value) > 2147483647) throw invalid(name, 'must be a positive integer id');
    out[key] = Number(value);
  }
  const standardized = header(request, 'UseStandardizedAddressIfExists');
  if (standardized !== undefined) {
    if (!/^(true|false)$/i.test(standardized.trim())) throw invalid('UseStandardizedAddressIfExists', 'must be true or false');
    out.useStandardized = standardized.trim().toLowerCase() === 'true';
  }
  return out;
}

export async function resumeEmployeeRoutes(app: FastifyInstance) {
  app.post('/Employees/Resume', {
    config: { access, representation: 'record', recordName: 'EmployeeCreated' },
    schema: {
      tags: ['Employees'], operationId: 'createEmployeeFromResume', consumes: ['multipart/form-data'],
      summary: 'Create an employee from one resume (PDF, DOC, DOCX, RTF or plain text, at most 2 MiB) in the multipart part `resume` or `file`. Optional headers FirstName, LastName (1-50), HowHeardOfId, UseStandardizedAddressIfExists (default false), BranchId (default: the caller\'s branch). 413 too large, 415 other types, 403 when your hierarchy level may not insert master data, 520/521 when an external parser is unreachable or fails.',
      response: { 201: Type.Object({ employeeId: Type.Integer() }, { $id: 'EmployeeCreated' }) },
    },
  }, async (request, reply) => {
    const scope = request.scope;
    if (!scope.principal.canInsertMasterData) throw new AppError('HIERARCHY_CANNOT_INSERT_MASTER_DATA', 'Your hierarchy level does not permit inserting master table data.');
    const given = readHeaders(request);
    // The BranchId header, else the caller's own node's branch, else the first one they see.
    const branchId = await branchForNewEmployee(scope, given.branchId);
    if (branchId === undefined) throw given.branchId ? invalid('BranchId', 'no such branch inside your hierarchy') : invalid('BranchId', 'you see no branch; give the BranchId header');
    const upload = await readResumeUpload(request);
    const parsed = await parseResume(app.resumeParser, scope.tenantId, upload);

    let address: ParsedAddress | null = parsed.address?.value ?? null;
    const standardized = await standardizeAddress(scope.reference, address);
    if (!standardized && app.config.ADDRESS_STANDARDIZATION_REQUIRED) {
      throw invalid('address', 'The address cannot be parsed or is incomplete, and address standardization is required.');
    }
    if (standardized && given.useStandardized) address = standardized;
    const firstName = given.firstName ?? parsed.firstName?.value;
    const lastName = given.lastName ?? parsed.lastName?.value;
    // A caller who names the person names them whole: a middle name read from the resume may already be in the FirstName given.
    const middleName = given.firstName || given.lastName ? undefined : parsed.middleName?.value;
    if (!firstName) throw invalid('FirstName', 'no first name was found in the resume; give the FirstName header');
    if (!lastName) throw invalid('LastName', 'no last name was found in the resume; give the LastName header');
    const phone = parsed.phones.find((p) => p.value.kind === 'mobile') ?? parsed.phones[0];

    const employeeId = await createResumeEmployee(scope, {
      firstName: firstName.slice(0, 50), lastName: lastName.slice(0, 50), branchId, region: address?.region?.slice(0, 5) ?? '',
      street1: address?.street1?.slice(0, 50) ?? null, street2: address?.street2?.slice(0, 50) ?? null,
      municipality: address?.municipality?.slice(0, 50) ?? null, postalCode: address?.postalCode?.slice(0, 10) ?? null,
      countryCode: address?.countryCode ?? null, bypassAddressValidationService: true,
      primaryEmailAddress: parsed.email?.value.slice(0, 255) ?? null,
      primaryPhoneNumber: phone?.value.number ?? null, primaryPhoneNumberCountryCallingCode: phone ? phone.value.countryCallingCode : null,
    }, {
      ...(given.howHeardOfId !== undefined ? { howHeardOfId: given.howHeardOfId } : {}),
      ...(middleName ? { middleName: middleName.slice(0, 50) } : {}),
    }, standardized && given.useStandardized ? new Date() : undefined, keptResume(upload, parsed));
    return reply.code(201).header('location', `/Employees/${employeeId}`).send({ employeeId });
  });
  app.withTypeProvider<TypedRequests>().put('/Employees/:id/Resume', {
    config: { access, representation: 'record', recordName: 'EmployeeProfile' },
    schema: {
      tags: ['Employees'], operationId: 'putEmployeeResume', consumes: ['multipart/form-data'],
      params: Type.Object({ id: Type.Integer({ minimum: 1, maximum: 9007199254740991 }) }),
      summary: 'Attach a new resume to the employee (multipart as POST /Employees/Resume: the part `resume` or `file`). It is parsed and kept (file and text, the previous one dropped); the profile\'s parts from the previous resume are refreshed, what a person stated (PUT /Employees/{id}/Profile) is kept (docs/matching.md, "The candidate profile"). The employee\'s own fields (name, address) are not changed. Answers the profile; 404 when the caller does not see the employee.',
      response: { 200: EmployeeProfileRecord },
    },
  }, async (request) => {
    const scope = request.scope;
    const { id } = request.params;
    // Not found before the file is read or parsed: the parser's work is not spent on an employee the caller cannot see.
    await requireEmployee(scope, id);
    const upload = await readResumeUpload(request);
    const parsed = await parseResume(app.resumeParser, scope.tenantId, upload);
    const kept = keptResume(upload, parsed);
    return scope.transaction(async (tx) => {
      await lockEmployee(tx, id);
      return attachResume(tx, id, kept.file, kept.profile, false);
    });
  });
}
