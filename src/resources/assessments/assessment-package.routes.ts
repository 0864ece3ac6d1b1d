// Assessment administration: /Administration/AssessmentPackages and their members under
// /{id}/Assessments (ASM-01 to ASM-17, AMB-69; docs/assessments.md). Methods not listed here answer
// 405 with Allow from the app's not-found handler (ASM-16).
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import type { Access } from '../../platform/auth/access.ts';
import type { TypedRequests } from '../../platform/http/typed-requests.ts';
import { found, notFound } from '../../platform/http/errors.ts';
import * as S from './assessment-package.schemas.ts';
import * as repo from './assessment-package.repository.ts';

/** ASM-01: service reps only, no scope required (a personal access token with any scopes, or none, passes). */
export const assessmentAdminAccess: Access = { roles: ['ServiceRep'], scopes: [] };

const PACKAGES = '/Administration/AssessmentPackages';
const PACKAGE = `${PACKAGES}/:id`;
const MEMBERS = `${PACKAGE}/Assessments`;
const MEMBER = `${MEMBERS}/:assessmentPackageMemberId`;
const tags = ['Assessment administration'];
const noContent = { 204: Type.Null() };

/** Route options: the declared access, negotiation of the representation, and the documented schema. */
function options<Schema extends object>(operationId: string, summary: string, schema: Schema, representation?: { list?: boolean; recordName: string }) {
  return {
    config: { access: assessmentAdminAccess, ...(representation && { representation: representation.list ? 'list' as const : 'record' as const, recordName: representation.recordName }) },
    schema: { tags, operationId, summary, ...schema },
  };
}

export async function assessmentPackageRoutes(app: FastifyInstance) {
  const api = app.withTypeProvider<TypedRequests>();

  api.get(PACKAGES, options('listAssessmentPackages', 'The tenant\'s assessment packages, by name (equal names by id).',
    { querystring: S.AssessmentPageQuery, response: { 200: S.PackagePage } }, { list: true, recordName: 'AssessmentPackage' }),
  async ({ scope, query }) => repo.listPackages(scope, query));

  api.post(PACKAGES, options('createAssessmentPackage', 'Create a package of one vendor\'s assessments. 400 for an unknown or inactive vendor; 409 when the name is taken.',
    { body: S.PackageWrite, response: { 201: S.PackageCreated } }, { recordName: 'AssessmentPackageCreated' }),
  async (request, reply) => {
    const id = await repo.createPackage(request.scope, request.body);
    return reply.code(201).header('location', `${PACKAGES}/${id}`).send({ id });
  });

  api.get(PACKAGE, options('getAssessmentPackage', 'One assessment package. 404 when the tenant has none with this id.',
    { params: S.PackageParams, response: { 200: S.Package } }, { recordName: 'AssessmentPackage' }),
  async ({ scope, params }) => found(await repo.getPackage(scope, params.id), 'The assessment package'));

  api.put(PACKAGE, options('replaceAssessmentPackage', 'Replace every field of a package (missing optional fields take their defaults). 409 when the name is taken, '
    + 'or when the vendor changes while the package holds assessments.',
  { params: S.PackageParams, body: S.PackageWrite, response: noContent }),
  async (request, reply) => {
    await repo.replacePackage(request.scope, request.params.id, request.body);
    return reply.code(204).send();
  });

  api.delete(PACKAGE, options('deleteAssessmentPackage', 'Delete a package and its members. Sessions requested from it keep their copy of its name and assessments.',
    { params: S.PackageParams, response: noContent }),
  async (request, reply) => {
    await repo.deletePackage(request.scope, request.params.id);
    return reply.code(204).send();
  });

  api.get(MEMBERS, options('listAssessmentPackageMembers', 'The assessments of a package, by assessment name (equal names by member id).',
    { params: S.PackageParams, querystring: S.AssessmentPageQuery, response: { 200: S.MemberPage } }, { list: true, recordName: 'AssessmentPackageMember' }),
  async ({ scope, params, query }) => found(await repo.listMembers(scope, params.id, query), 'The assessment package'));

  api.post(MEMBERS, options('createAssessmentPackageMember', 'Add an assessment of the package vendor\'s catalog to a package. 400 for an assessment of another vendor '
    + 'or an inactive one; 409 when it is in the package already.',
  { params: S.PackageParams, body: S.MemberWrite, response: { 201: S.MemberCreated } }, { recordName: 'AssessmentPackageMemberCreated' }),
  async (request, reply) => {
    const { id } = request.params;
    const assessmentPackageMemberId = await repo.addMember(request.scope, id, request.body);
    return reply.code(201).header('location', `${PACKAGES}/${id}/Assessments/${assessmentPackageMemberId}`).send({ assessmentPackageMemberId });
  });

  api.get(MEMBER, options('getAssessmentPackageMember', 'One member of a package. 404 when the member belongs to another package.',
    { params: S.MemberParams, response: { 200: S.Member } }, { recordName: 'AssessmentPackageMember' }),
  async ({ scope, params }) => found(await repo.getMember(scope, params.id, params.assessmentPackageMemberId), 'The assessment package member'));

  api.delete(MEMBER, options('deleteAssessmentPackageMember', 'Remove an assessment from a package. 404 when the member belongs to another package.',
    { params: S.MemberParams, response: noContent }),
  async (request, reply) => {
    if (!(await repo.removeMember(request.scope, request.params.id, request.params.assessmentPackageMemberId))) throw notFound('The assessment package member');
    return reply.code(204).send();
  });
}
