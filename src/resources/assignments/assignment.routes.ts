// /Assignments: create from a job order, read (with `culture`), list, and PATCH of the catalog's
// fields. Accruals, messages and documents are later work; DELETE is not offered (405).
import type { FastifyInstance } from 'fastify';
import type { Access } from '../../platform/auth/access.ts';
import { notFound } from '../../platform/http/errors.ts';
import { PagedList } from '../../platform/http/paging.ts';
import { PatchDocument, type Operation } from '../../platform/http/json-patch/patch.ts';
import { applyPatch } from '../../platform/http/json-patch/apply.ts';
import * as S from './assignment.schemas.ts';
import { assignmentPatchTarget, createAssignment, getAssignment, listAssignments } from './assignment.repository.ts';

// The spec's lists, as written (ASG-01, ASG-06, ASG-07, ASG-10, AMB-19 (a)): the GET also takes the
// write scope, and the details also admit WebUserEmployee.
export const detailsAccess: Access = { roles: ['ServiceRep', 'Service', 'WebUserEmployee'], scopes: ['assignment-read', 'assignment-write'] };
export const listAccess: Access = { roles: ['ServiceRep', 'Service'], scopes: ['assignment-read', 'assignment-write'] };
export const writeAccess: Access = { roles: ['ServiceRep', 'Service'], scopes: ['assignment-write'] };
const tags = ['Assignments'];

export async function assignmentRoutes(app: FastifyInstance) {
  app.post('/Assignments', {
    config: { access: writeAccess, representation: 'record', recordName: 'AssignmentCreated' },
    schema: {
      tags, summary: 'Place an employee on a job order. 409 when an active assignment restriction exists between the order\'s customer and the employee.',
      body: S.AssignmentCreate, response: { 201: S.AssignmentCreated },
    },
  }, async (request, reply) => {
    const assignmentId = await createAssignment(request.scope, request.body as S.AssignmentCreateInput);
    return reply.code(201).header('location', `/Assignments/${assignmentId}`).send({ assignmentId });
  });

  app.get('/Assignments', {
    config: { access: listAccess, representation: 'list', recordName: 'Assignment' },
    schema: { tags, summary: 'Assignments inside the caller\'s hierarchy, latest start first.', querystring: S.AssignmentListQuery, response: { 200: PagedList(S.AssignmentListItem) } },
  }, async (request) => listAssignments(request.scope, request.query as S.AssignmentListFilter));

  app.get('/Assignments/:id', {
    config: { access: detailsAccess, representation: 'record', recordName: 'Assignment' },
    schema: {
      tags, summary: 'Assignment details: every catalog field, plus the employee, job order, customer and names.',
      params: S.AssignmentIdParams, querystring: S.AssignmentDetailsQuery, response: { 200: S.AssignmentRecord },
    },
  }, async (request) => {
    const assignment = await getAssignment(request.scope, (request.params as { id: number }).id, (request.query as { culture?: string }).culture);
    if (!assignment) throw notFound('The assignment');
    return assignment;
  });

  app.patch('/Assignments/:id', {
    config: { access: writeAccess },
    schema: {
      tags, summary: 'Change catalog fields with a JSON Patch document. 200 with no body; a failed test answers 409. The blacklist flags keep assignment restrictions.',
      params: S.AssignmentIdParams, body: PatchDocument,
    },
  }, async (request, reply) => {
    await applyPatch(request.scope, assignmentPatchTarget, (request.params as { id: number }).id, request.body as Operation[]);
    return reply.code(200).send();
  });
}
