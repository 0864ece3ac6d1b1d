// GET and PUT /Employees/{id}/Profile: the employee's kept profile (decision 0057), read and written
// whole, visible and writable exactly when the employee is (employee-read / employee-write). The GET's
// ETag is the profile's state; If-Match on the PUT compares it under the employee's lock.
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import type { TypedRequests } from '../../platform/http/typed-requests.ts';
import type { Access } from '../../platform/auth/access.ts';
import { etagOf, ifMatchOf, requireMatch, stateOf, taggedAs } from '../../platform/records/record-etag.ts';
import { EmployeeProfileSchema } from '../matching/employee-profile.schema.ts';
import { canonical } from './employee-profile.merge.ts';
import { lockEmployee, putProfile, readProfile } from './employee-profile.repository.ts';

const read: Access = { roles: ['ServiceRep', 'Service'], scopes: ['employee-read'] };
const write: Access = { roles: ['ServiceRep', 'Service'], scopes: ['employee-write'] };
const Params = Type.Object({ id: Type.Integer({ minimum: 1, maximum: 9007199254740991 }) });
/** The profile under its own name in the OpenAPI document: the GET's answer is the PUT's body. */
export const EmployeeProfileRecord = Type.Object(EmployeeProfileSchema.properties, {
  $id: 'EmployeeProfile', description: 'The candidate as the matcher reads them (docs/matching.md): vocabulary ids, work history, education.',
  examples: [{
    skills: [{ id: 'forklift', stated: true }, { id: 'pallet-jack', stated: false }],
    certifications: [{ id: 'cna', number: 'CNA-123456', expires: '2027-06', endorsements: [] }],
    languages: [{ id: 'es', level: 'native' }],
    workHistory: [{ employer: 'Acme Logistics', title: 'Forklift Operator', occupationId: 'forklift-operator', seniority: null, startDate: '2019-01', endDate: null, current: true }],
    education: [{ school: 'Harold Washington College', degree: 'Associate of Arts', field: 'Business', graduationYear: 2016 }],
    desiredPay: { amount: 19, maxAmount: null, per: 'hour' },
    maxDistanceMiles: 25,
  }],
});
const tags = ['Employees'];
/** The profile's state, as its tag names it: the profile alone, keys in one order (jsonb reorders them). */
const stateOfProfile = (profile: Record<string, unknown>) => stateOf({ profile: canonical(profile) });

export async function employeeProfileRoutes(app: FastifyInstance) {
  const api = app.withTypeProvider<TypedRequests>();

  api.get('/Employees/:id/Profile', {
    config: { access: read, representation: 'record', recordName: 'EmployeeProfile' },
    schema: {
      tags, operationId: 'getEmployeeProfile', params: Params, response: { 200: EmployeeProfileRecord },
      summary: 'The employee\'s profile as the matcher reads it (docs/matching.md, "The candidate profile"): skills, certifications, languages, work history, education, desired pay and distance. An employee without one answers the empty profile; 404 when the caller does not see the employee.',
    },
  }, async (request, reply) => {
    const profile = await readProfile(request.scope, request.params.id);
    reply.header('etag', etagOf(stateOfProfile(profile), request.responseType));
    return profile;
  });

  api.put('/Employees/:id/Profile', {
    config: { access: write, representation: 'record', recordName: 'EmployeeProfile' },
    schema: {
      tags, operationId: 'putEmployeeProfile', params: Params, body: EmployeeProfileRecord, response: { 200: EmployeeProfileRecord },
      summary: 'Replace the employee\'s profile (the whole of it, as the GET answers it). Every vocabulary id must be the vocabulary\'s (400 naming `skills[2].id`). What a person states here is kept when a new resume is attached. With If-Match (the GET\'s ETag), 412 when the profile changed since. Recorded in the employee\'s history (`profile.<section>`) and announced as `employee.updated`.',
    },
  }, async (request, reply) => {
    const id = request.params.id;
    const ifMatch = ifMatchOf(request.headers['if-match']);
    const { profile, etag } = await request.scope.transaction(async (tx) => {
      await lockEmployee(tx, id);
      const suffix = ifMatch === undefined ? undefined : requireMatch(ifMatch, stateOfProfile(await readProfile(tx, id)));
      const written = await putProfile(tx, id, request.body);
      return { profile: written, etag: suffix && taggedAs(stateOfProfile(written), suffix) };
    });
    if (etag) reply.header('etag', etag);
    return profile;
  });
}
