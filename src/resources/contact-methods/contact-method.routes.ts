// /{Employees|Contacts|Customers}/{id}/contactmethods: an owner's emails, phones, ... (list, create,
// read, PATCH). Access follows the owner's record scopes. DELETE is not offered (405).
import type { FastifyInstance } from 'fastify';
import type { Access } from '../../platform/auth/access.ts';
import { notFound } from '../../platform/http/errors.ts';
import { PagedList } from '../../platform/http/paging.ts';
import { PatchDocument, type Operation } from '../../platform/http/json-patch/patch.ts';
import { applyPatch } from '../../platform/http/json-patch/apply.ts';
import type { OwnerType } from './contact-method.table.ts';
import * as S from './contact-method.schemas.ts';
import { contactMethodPatchTarget, createContactMethod, getContactMethod, listContactMethods } from './contact-method.repository.ts';

const OWNER_ROUTES: { kind: OwnerType; path: string; scope: string; tag: string }[] = [
  { kind: 'employee', path: 'Employees', scope: 'employee', tag: 'Employees' },
  { kind: 'contact', path: 'Contacts', scope: 'contact', tag: 'Contacts' },
  { kind: 'customer', path: 'Customers', scope: 'customer', tag: 'Customers' },
];

type Params = { id: number; contactMethodId: number };

export async function contactMethodRoutes(app: FastifyInstance) {
  for (const { kind, path, scope, tag } of OWNER_ROUTES) {
    const read: Access = { roles: ['ServiceRep', 'Service'], scopes: [`${scope}-read`] };
    const write: Access = { roles: ['ServiceRep', 'Service'], scopes: [`${scope}-write`] };
    const tags = [tag];
    const base = `/${path}/:id/contactmethods`;

    app.get(base, {
      config: { access: read, representation: 'list', recordName: 'ContactMethod' },
      schema: { tags, summary: `The ${kind}'s contact methods, pinned first.`, params: S.OwnerParams, querystring: S.ContactMethodListQuery, response: { 200: PagedList(S.ContactMethodRecord) } },
    }, async (request) => listContactMethods(request.scope, kind, (request.params as Params).id, request.query as S.ContactMethodListFilter));

    app.post(base, {
      config: { access: write, representation: 'record', recordName: 'ContactMethodCreated' },
      schema: { tags, summary: `Add a contact method to the ${kind}.`, params: S.OwnerParams, body: S.ContactMethodCreate, response: { 201: S.ContactMethodCreated } },
    }, async (request, reply) => {
      const ownerId = (request.params as Params).id;
      const contactMethodId = await createContactMethod(request.scope, kind, ownerId, request.body as S.ContactMethodCreateInput);
      return reply.code(201).header('location', `/${path}/${ownerId}/contactmethods/${contactMethodId}`).send({ contactMethodId });
    });

    app.get(`${base}/:contactMethodId`, {
      config: { access: read, representation: 'record', recordName: 'ContactMethod' },
      schema: { tags, summary: `One contact method of the ${kind}.`, params: S.ContactMethodParams, response: { 200: S.ContactMethodRecord } },
    }, async (request) => {
      const { id, contactMethodId } = request.params as Params;
      const method = await getContactMethod(request.scope, kind, id, contactMethodId);
      if (!method) throw notFound('The contact method');
      return method;
    });

    app.patch(`${base}/:contactMethodId`, {
      config: { access: write },
      schema: {
        tags, summary: `Change a contact method of the ${kind} with a JSON Patch document. 200 with no body; another owner's method answers 404.`,
        params: S.ContactMethodParams, body: PatchDocument,
      },
    }, async (request, reply) => {
      const { id, contactMethodId } = request.params as Params;
      await applyPatch(request.scope, contactMethodPatchTarget(kind, id), contactMethodId, request.body as Operation[]);
      return reply.code(200).send();
    });
  }
}
