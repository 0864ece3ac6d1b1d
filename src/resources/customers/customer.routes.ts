// /Customers: create, read, list, and PATCH of the catalog's fields. DELETE is not offered (405):
// customers carry orders and billing history. Their contact methods: contact-method.routes.ts.
import type { FastifyInstance } from 'fastify';
import type { Access } from '../../platform/auth/access.ts';
import { notFound } from '../../platform/http/errors.ts';
import { PagedList } from '../../platform/http/paging.ts';
import { PatchDocument, type Operation } from '../../platform/http/json-patch/patch.ts';
import { applyPatch } from '../../platform/http/json-patch/apply.ts';
import * as S from './customer.schemas.ts';
import { createCustomer, customerPatchTarget, getCustomer, listCustomers } from './customer.repository.ts';

const read: Access = { roles: ['ServiceRep', 'Service'], scopes: ['customer-read'] };
const write: Access = { roles: ['ServiceRep', 'Service'], scopes: ['customer-write'] };
const tags = ['Customers'];

export async function customerRoutes(app: FastifyInstance) {
  app.post('/Customers', {
    config: { access: write, representation: 'record', recordName: 'CustomerCreated' },
    schema: { tags, summary: 'Create a customer (a department of a client company) at a branch.', body: S.CustomerCreate, response: { 201: S.CustomerCreated } },
  }, async (request, reply) => {
    const customerId = await createCustomer(request.scope, request.body as S.CustomerCreateInput);
    return reply.code(201).header('location', `/Customers/${customerId}`).send({ customerId });
  });

  app.get('/Customers', {
    config: { access: read, representation: 'list', recordName: 'Customer' },
    schema: { tags, summary: 'Customers inside the caller\'s hierarchy, by name.', querystring: S.CustomerListQuery, response: { 200: PagedList(S.CustomerListItem) } },
  }, async (request) => listCustomers(request.scope, request.query as S.CustomerListFilter));

  app.get('/Customers/:id', {
    config: { access: read, representation: 'record', recordName: 'Customer' },
    schema: { tags, summary: 'One customer: every catalog field, plus address and display names.', params: S.CustomerIdParams, response: { 200: S.CustomerRecord } },
  }, async (request) => {
    const customer = await getCustomer(request.scope, (request.params as { id: number }).id);
    if (!customer) throw notFound('The customer');
    return customer;
  });

  app.patch('/Customers/:id', {
    config: { access: write },
    schema: {
      tags, summary: 'Change catalog fields with a JSON Patch document. 200 with no body; a failed test answers 409.',
      params: S.CustomerIdParams, body: PatchDocument,
    },
  }, async (request, reply) => {
    await applyPatch(request.scope, customerPatchTarget, (request.params as { id: number }).id, request.body as Operation[]);
    return reply.code(200).send();
  });
}
