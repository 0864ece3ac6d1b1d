// /Employees: create (the spec's create request), read, list, and PATCH of the catalog's fields.
// DELETE is not offered (405): employees carry payroll history.
import type { FastifyInstance } from 'fastify';
import type { Access } from '../../platform/auth/access.ts';
import { notFound } from '../../platform/http/errors.ts';
import { PagedList } from '../../platform/http/paging.ts';
import { PatchDocument, type Operation } from '../../platform/http/json-patch/patch.ts';
import { applyPatch } from '../../platform/http/json-patch/apply.ts';
import * as S from './employee.schemas.ts';
import { createEmployee, employeePatchTarget, getEmployee, listEmployees } from './employee.repository.ts';

const read: Access = { roles: ['ServiceRep', 'Service'], scopes: ['employee-read'] };
const write: Access = { roles: ['ServiceRep', 'Service'], scopes: ['employee-write'] };
const tags = ['Employees'];

export async function employeeRoutes(app: FastifyInstance) {
  app.post('/Employees', {
    config: { access: write, representation: 'record', recordName: 'EmployeeCreated' },
    schema: {
      tags, summary: 'Create an employee. 403 when the hierarchy level may not create employees; 409 when the governmentPersonalId exists.',
      body: S.EmployeeCreate,
      response: { 201: S.EmployeeCreated },
    },
  }, async (request, reply) => {
    const employeeId = await createEmployee(request.scope, request.body as S.EmployeeCreateInput);
    return reply.code(201).header('location', `/Employees/${employeeId}`).send({ employeeId });
  });

  app.get('/Employees', {
    config: { access: read, representation: 'list', recordName: 'Employee' },
    schema: { tags, summary: 'Employees inside the caller\'s hierarchy, by last name.', querystring: S.EmployeeListQuery, response: { 200: PagedList(S.EmployeeListItem) } },
  }, async (request) => listEmployees(request.scope, request.query as S.EmployeeListFilter));

  app.get('/Employees/:id', {
    config: { access: read, representation: 'record', recordName: 'Employee' },
    schema: { tags, summary: 'One employee: every catalog field, plus display names.', params: S.EmployeeIdParams, response: { 200: S.EmployeeRecord } },
  }, async (request) => {
    const employee = await getEmployee(request.scope, (request.params as { id: number }).id);
    if (!employee) throw notFound('The employee');
    return employee;
  });

  app.patch('/Employees/:id', {
    config: { access: write },
    schema: {
      tags, summary: 'Change catalog fields with a JSON Patch document. 200 with no body; a failed test answers 409.',
      params: S.EmployeeIdParams, body: PatchDocument,
    },
  }, async (request, reply) => {
    await applyPatch(request.scope, employeePatchTarget, (request.params as { id: number }).id, request.body as Operation[]);
    return reply.code(200).send();
  });
}
