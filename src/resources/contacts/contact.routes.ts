// /Contacts: create, read, list, and PATCH of the catalog's fields. DELETE is not offered (405):
// contacts are referenced by orders, contracts and messages. Their contact methods: contact-method.routes.ts.
import type { FastifyInstance } from 'fastify';
import type { Access } from '../../platform/auth/access.ts';
import { notFound } from '../../platform/http/errors.ts';
import { PagedList } from '../../platform/http/paging.ts';
import { PatchDocument, type Operation } from '../../platform/http/json-patch/patch.ts';
import { applyPatch } from '../../platform/http/json-patch/apply.ts';
import * as S from './contact.schemas.ts';
import { contactPatchTarget, createContact, getContact, listContacts } from './contact.repository.ts';

const read: Access = { roles: ['ServiceRep', 'Service'], scopes: ['contact-read'] };
const write: Access = { roles: ['ServiceRep', 'Service'], scopes: ['contact-write'] };
const tags = ['Contacts'];

export async function contactRoutes(app: FastifyInstance) {
  app.post('/Contacts', {
    config: { access: write, representation: 'record', recordName: 'ContactCreated' },
    schema: { tags, summary: 'Create a contact (a person at a customer or a vendor) at a branch.', body: S.ContactCreate, response: { 201: S.ContactCreated } },
  }, async (request, reply) => {
    const contactId = await createContact(request.scope, request.body as S.ContactCreateInput);
    return reply.code(201).header('location', `/Contacts/${contactId}`).send({ contactId });
  });

  app.get('/Contacts', {
    config: { access: read, representation: 'list', recordName: 'Contact' },
    schema: { tags, summary: 'Contacts inside the caller\'s hierarchy, by last name.', querystring: S.ContactListQuery, response: { 200: PagedList(S.ContactListItem) } },
  }, async (request) => listContacts(request.scope, request.query as S.ContactListFilter));

  app.get('/Contacts/:id', {
    config: { access: read, representation: 'record', recordName: 'Contact' },
    schema: { tags, summary: 'One contact: every catalog field, plus display names.', params: S.ContactIdParams, response: { 200: S.ContactRecord } },
  }, async (request) => {
    const contact = await getContact(request.scope, (request.params as { id: number }).id);
    if (!contact) throw notFound('The contact');
    return contact;
  });

  app.patch('/Contacts/:id', {
    config: { access: write },
    schema: {
      tags, summary: 'Change catalog fields with a JSON Patch document. 200 with no body; a failed test answers 409.',
      params: S.ContactIdParams, body: PatchDocument,
    },
  }, async (request, reply) => {
    await applyPatch(request.scope, contactPatchTarget, (request.params as { id: number }).id, request.body as Operation[]);
    return reply.code(200).send();
  });
}
