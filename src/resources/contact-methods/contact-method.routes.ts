// /{Employees|Contacts|Customers}/{id}/contactmethods: an owner's emails, phones, ... (list, create,
// read, PATCH). Access follows the owner's record scopes. DELETE is not offered (405).
import type { FastifyInstance } from 'fastify';
import type { TypedRequests } from '../../platform/http/typed-requests.ts';
import type { Access } from '../../platform/auth/access.ts';
import { notFound } from '../../platform/http/errors.ts';
import { PagedList } from '../../platform/http/paging.ts';
import { documentedPatch, PatchDocument } from '../../platform/http/json-patch/patch.ts';
import { contactMethodCatalog } from './contact-method.patch-catalog.ts';
import { applyPatch } from '../../platform/http/json-patch/apply.ts';
import type { OwnerType } from './contact-method.table.ts';
import type { EventTemplate } from '../../platform/events/outbox.ts';
import * as S from './contact-method.schemas.ts';
import { contactMethodPatchTarget, createContactMethod, getContactMethod, listContactMethods } from './contact-method.repository.ts';
import { recordEvent } from '../../platform/records/record-events.ts';
import { employeeRecord } from '../employees/employee.record.ts';
import { contactRecord } from '../contacts/contact.record.ts';
import { customerRecord } from '../customers/customer.record.ts';

// A change of an owner's methods is its owner's `.updated` event (changedFields ["contactMethods"]).
const OWNER_ROUTES: { kind: OwnerType; path: string; scope: string; tag: string; ownerEvent: EventTemplate }[] = [
  { kind: 'employee', path: 'Employees', scope: 'employee', tag: 'Employees', ownerEvent: recordEvent(employeeRecord, 'updated') },
  { kind: 'contact', path: 'Contacts', scope: 'contact', tag: 'Contacts', ownerEvent: recordEvent(contactRecord, 'updated') },
  { kind: 'customer', path: 'Customers', scope: 'customer', tag: 'Customers', ownerEvent: recordEvent(customerRecord, 'updated') },
];

const Page = PagedList(S.ContactMethodRecord, { $id: 'ContactMethodPage' });
const Patch = documentedPatch(contactMethodCatalog, 'ContactMethodPatch');
const singular = (path: string) => path.slice(0, -1);

export async function contactMethodRoutes(app: FastifyInstance) {
  const api = app.withTypeProvider<TypedRequests>();
  for (const { kind, path, scope, tag, ownerEvent } of OWNER_ROUTES) {
    const read: Access = { roles: ['ServiceRep', 'Service'], scopes: [`${scope}-read`] };
    const write: Access = { roles: ['ServiceRep', 'Service'], scopes: [`${scope}-write`] };
    const tags = [tag];
    const base = `/${path}/:id/contactmethods`;
    const owner = singular(path);

    api.get(base, {
      config: { access: read, representation: 'list', recordName: 'ContactMethod' },
      schema: {
        tags, operationId: `list${owner}ContactMethods`, summary: `The ${kind}'s contact methods, pinned first.`,
        params: S.OwnerParams, querystring: S.ContactMethodListQuery, response: { 200: Page },
      },
    }, async (request) => listContactMethods(request.scope, kind, request.params.id, request.query));

    api.post(base, {
      config: { access: write, representation: 'record', recordName: 'ContactMethodCreated' },
      schema: {
        tags, operationId: `create${owner}ContactMethod`, summary: `Add a contact method to the ${kind}.`,
        params: S.OwnerParams, body: S.ContactMethodCreate, response: { 201: S.ContactMethodCreated },
      },
    }, async (request, reply) => {
      const ownerId = request.params.id;
      const contactMethodId = await createContactMethod(request.scope, kind, ownerId, request.body, ownerEvent);
      return reply.code(201).header('location', `/${path}/${ownerId}/contactmethods/${contactMethodId}`).send({ contactMethodId });
    });

    api.get(`${base}/:contactMethodId`, {
      config: { access: read, representation: 'record', recordName: 'ContactMethod' },
      schema: {
        tags, operationId: `get${owner}ContactMethod`, summary: `One contact method of the ${kind}.`,
        params: S.ContactMethodParams, response: { 200: S.ContactMethodRecord },
      },
    }, async (request) => {
      const { id, contactMethodId } = request.params;
      const method = await getContactMethod(request.scope, kind, id, contactMethodId);
      if (!method) throw notFound('The contact method');
      return method;
    });

    api.patch(`${base}/:contactMethodId`, {
      config: { access: write },
      schema: {
        tags, operationId: `patch${owner}ContactMethod`,
        summary: `Change a contact method of the ${kind} with a JSON Patch document. 200 with no body; another owner's method answers 404.`,
        params: S.ContactMethodParams, body: PatchDocument, documentedBody: Patch,
      },
    }, async (request, reply) => {
      const { id, contactMethodId } = request.params;
      await applyPatch(request.scope, contactMethodPatchTarget(kind, id, ownerEvent), contactMethodId, request.body);
      return reply.code(200).send();
    });
  }
}
