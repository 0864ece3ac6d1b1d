// /{Employees|Contacts|Customers}/{id}/contactmethods: an owner's emails, phones, ... (list, create,
// read, PATCH, history). Access follows the owner's record scopes. DELETE is not offered (405).
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import type { TypedRequests } from '../../platform/http/typed-requests.ts';
import type { Access } from '../../platform/auth/access.ts';
import { notFound } from '../../platform/http/errors.ts';
import { PagedList } from '../../platform/http/paging.ts';
import { documentedPatch, PatchDocument } from '../../platform/records/json-patch/patch.ts';
import { contactMethodCatalog } from './contact-method.patch-catalog.ts';
import { applyPatch } from '../../platform/records/json-patch/apply.ts';
import type { OwnerType } from './contact-method.table.ts';
import * as S from './contact-method.schemas.ts';
import { contactMethodPatchTarget, createContactMethod, getContactMethod, listContactMethods } from './contact-method.repository.ts';
import { recordEvent } from '../../platform/records/record-events.ts';
import { historyRoute } from '../../platform/history/history.route.ts';
import { contactMethodHistory } from './contact-method.history.ts';
import { tagOf, type RecordDefinition } from '../../platform/records/record.ts';
import { CHANGED } from '../../platform/records/record.routes.ts';
import { employeeRecord } from '../employees/employee.record.ts';
import { contactRecord } from '../contacts/contact.record.ts';
import { customerRecord } from '../customers/customer.record.ts';
import { fieldsOf, withFields } from '../../platform/records/fields.ts';

// Each owner's routes follow its record definition (path, scope, tag); a change of its methods is
// its `.updated` event (changedFields ["contactMethods"]).
const OWNER_ROUTES: { kind: OwnerType; record: RecordDefinition }[] = [
  { kind: 'employee', record: employeeRecord },
  { kind: 'contact', record: contactRecord },
  { kind: 'customer', record: customerRecord },
];

const Page = PagedList(S.ContactMethodRecord, { $id: 'ContactMethodPage' });
// `fields=` on the list and the read (decision 0051), built once for the process.
const ListQuery = withFields(S.ContactMethodListQuery);
const ReadQuery = withFields(Type.Object({}));
const fields = fieldsOf(S.ContactMethodRecord, 'contactMethodId');
const Patch = documentedPatch(contactMethodCatalog, 'ContactMethodPatch');

export async function contactMethodRoutes(app: FastifyInstance) {
  const api = app.withTypeProvider<TypedRequests>();
  for (const { kind, record } of OWNER_ROUTES) {
    const read: Access = { roles: ['ServiceRep', 'Service'], scopes: [`${record.scope}-read`] };
    const write: Access = { roles: ['ServiceRep', 'Service'], scopes: [`${record.scope}-write`] };
    const tags = [tagOf(record)];
    const path = record.plural, owner = record.name;
    const base = `${record.path}/:id/contactmethods`;
    const ownerEvent = recordEvent(record, 'updated');

    api.get(base, {
      config: { access: read, representation: 'list', recordName: 'ContactMethod' },
      schema: {
        tags, operationId: `list${owner}ContactMethods`, summary: `The ${kind}'s contact methods, pinned first.`,
        params: S.OwnerParams, querystring: ListQuery, response: { 200: Page },
      },
    }, async (request, reply) => {
      const chosen = fields.chosen(request);
      const page = await listContactMethods(request.scope, kind, request.params.id, request.query, chosen?.select);
      return chosen ? fields.page(reply, chosen, page) : page;
    });

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
        params: S.ContactMethodParams, querystring: ReadQuery, response: { 200: S.ContactMethodRecord },
      },
    }, async (request, reply) => {
      const { id, contactMethodId } = request.params;
      const chosen = fields.chosen(request);
      const method = await getContactMethod(request.scope, kind, id, contactMethodId, chosen?.select);
      if (!method) throw notFound('The contact method');
      return chosen ? fields.record(reply, chosen, method) : method;
    });

    historyRoute(app, {
      path: `${base}/:contactMethodId`, params: S.ContactMethodParams, access: read, tags, source: contactMethodHistory,
      operationId: `get${owner}ContactMethodHistory`, what: 'The contact method',
      seen: async (scope, { id, contactMethodId }) => ((await getContactMethod(scope, kind, id!, contactMethodId!)) ? contactMethodId : undefined),
    });

    api.patch(`${base}/:contactMethodId`, {
      config: { access: write },
      schema: {
        tags, operationId: `patch${owner}ContactMethod`,
        summary: `Change a contact method of the ${kind} with a JSON Patch document. 200 with no body; another owner's method answers 404.`,
        params: S.ContactMethodParams, body: PatchDocument, documentedBody: Patch, response: { 200: CHANGED },
      },
    }, async (request, reply) => {
      const { id, contactMethodId } = request.params;
      await applyPatch(request.scope, contactMethodPatchTarget(kind, id, ownerEvent), contactMethodId, request.body);
      return reply.code(200).send();
    });
  }
}
