// /{Owner}/{ownerId}/messages: the notes, calls and emails logged on a record (list, log one, read
// one), for every record whose catalog has a PrimaryMessageId (decision 0035). Each owner's routes
// follow its record definition (path, id, scopes, tag), as contact methods do; logging a message is
// the owner's `.updated` event (changedFields ["messages"]). An assignment's list also holds the
// messages linked to it by PUT /Assignments/{assignmentId}/messages/{messageId} (assignment-messages/).
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import type { TypedRequests } from '../../platform/http/typed-requests.ts';
import type { Access } from '../../platform/auth/access.ts';
import type { Role } from '../../platform/auth/principal.ts';
import { notFound } from '../../platform/http/errors.ts';
import { PagedList } from '../../platform/http/paging.ts';
import { idProperty, idSchema, tagOf, type RecordDefinition } from '../../platform/records/record.ts';
import * as S from './message.schemas.ts';
import { createMessage, getMessage, hasMessages, listMessages, messageOwner, messageValues } from './message.repository.ts';
import { historyRoute } from '../../platform/history/history.route.ts';
import { messageHistory } from './message.history.ts';
import { fieldsOf, withFields } from '../../platform/records/fields.ts';

/** Messages are the agency's notes about people and clients: staff only, never a web user. */
const STAFF: readonly Role[] = ['ServiceRep', 'Service'];

const Page = PagedList(S.MessageRecord, { $id: 'MessagePage' });
// `fields=` on the list and the read (decision 0051), built once for the process.
const ListQuery = withFields(S.MessageListQuery);
const ReadQuery = withFields(Type.Object({}));
const fields = fieldsOf(S.MessageRecord, 'messageId');

/** The routes of the messages of every record in `records` that has a PrimaryMessageId. */
export function messageRoutes(records: readonly RecordDefinition[]) {
  return async function routes(app: FastifyInstance) {
    const api = app.withTypeProvider<TypedRequests>();
    for (const record of records.filter(hasMessages)) {
      const owner = messageOwner(record);
      // The record's own scopes: its list's to read (an assignment takes either of its scopes), its write scope to log.
      const read: Access = { roles: STAFF, scopes: record.access?.list?.scopes ?? [`${record.scope}-read`] };
      const write: Access = { roles: STAFF, scopes: record.access?.write?.scopes ?? [`${record.scope}-write`] };
      const tags = [tagOf(record)];
      const idName = idProperty(record);
      const OwnerParams = Type.Object({ [idName]: idSchema(record) });
      const MessageParams = Type.Object({ [idName]: idSchema(record), messageId: S.MessageId });
      const base = `${record.path}/:${idName}/messages`;
      // `The job order`, and `the job order` inside a sentence.
      const label = owner.what, lower = owner.what.toLowerCase();

      api.get(base, {
        config: { access: read, representation: 'list', recordName: 'Message' },
        schema: {
          tags, operationId: `list${record.name}Messages`,
          summary: `${label}'s messages${owner.kind === 'assignment' ? ' (logged on it or linked to it)' : ''}: its PrimaryMessageId first, then the latest logged first. 404 when ${lower} is not visible.`,
          params: OwnerParams, querystring: ListQuery, response: { 200: Page },
        },
      }, async (request, reply) => {
        const chosen = fields.chosen(request);
        const page = await listMessages(request.scope, owner, request.params[idName]!, request.query, chosen?.select);
        return chosen ? fields.page(reply, chosen, page) : page;
      });

      api.post(base, {
        config: { access: write, representation: 'record', recordName: 'MessageCreated' },
        schema: {
          tags, operationId: `create${record.name}Message`,
          summary: `Log a message on ${lower}, written by your service rep. 201 with the messageId and its read as Location; 404 when ${lower} is not visible.`,
          params: OwnerParams, body: S.MessageCreate, response: { 201: S.MessageCreated },
        },
      }, async (request, reply) => {
        const ownerId = request.params[idName]!;
        const messageId = await createMessage(request.scope, owner, ownerId, messageValues(request.body));
        return reply.code(201).header('location', `${record.path}/${ownerId}/messages/${messageId}`).send({ messageId });
      });

      api.get(`${base}/:messageId`, {
        config: { access: read, representation: 'record', recordName: 'Message' },
        schema: {
          tags, operationId: `get${record.name}Message`,
          summary: `One message of ${lower}. 404 when ${lower} is not visible or the message is not one of its.`,
          params: MessageParams, querystring: ReadQuery, response: { 200: S.MessageRecord },
        },
      }, async (request, reply) => {
        const chosen = fields.chosen(request);
        const message = await getMessage(request.scope, owner, request.params[idName]!, request.params.messageId!, chosen?.select);
        if (!message) throw notFound('The message');
        return chosen ? fields.record(reply, chosen, message) : message;
      });

      historyRoute(app, {
        path: `${base}/:messageId`, params: MessageParams, access: read, tags, source: messageHistory,
        operationId: `get${record.name}MessageHistory`, what: 'The message',
        seen: async (scope, params) => ((await getMessage(scope, owner, params[idName]!, params.messageId!)) ? params.messageId : undefined),
      });
    }
  };
}
