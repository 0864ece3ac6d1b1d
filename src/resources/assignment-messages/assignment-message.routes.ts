// PUT /Assignments/{assignmentId}/messages/{messageId} (ASG-16, ASG-17, ASG-27): replaces a
// message's subject, text, action and date, and links it to the assignment (decision 0018). The
// message's documents (message-document.routes.ts) are registered with it: one feature, one folder.
import type { FastifyInstance } from 'fastify';
import type { Access } from '../../platform/auth/access.ts';
import type { TypedRequests } from '../../platform/http/typed-requests.ts';
import { messageValues } from '../messages/message.repository.ts';
import { CHANGED } from '../../platform/records/record.routes.ts';
import { MessageParams, MessageUpdate } from './assignment-message.schemas.ts';
import { updateAssignmentMessage } from './assignment-message.repository.ts';
import { messageDocumentRoutes } from './message-document.routes.ts';

/** ASG-16 (AMB-19): the spec lets either assignment scope update a message. */
const access: Access = { roles: ['ServiceRep', 'Service'], scopes: ['assignment-read', 'assignment-write'] };

export async function assignmentMessageRoutes(app: FastifyInstance) {
  app.withTypeProvider<TypedRequests>().put('/Assignments/:assignmentId/messages/:messageId', {
    config: { access },
    schema: {
      tags: ['Assignments'], operationId: 'updateAssignmentMessage',
      summary: 'Replace a message\'s subject, text, action and date, and link it to the assignment (once, however often it is sent). '
        + 'The message must be logged on the assignment, its employee, customer or job order (and you must see that record), or be linked already; '
        + 'once linked it is in GET /Assignments/{assignmentId}/messages and may be the assignment\'s PrimaryMessageId. '
        + '200 with no body; 404 when the assignment or the message is not visible.',
      params: MessageParams, body: MessageUpdate, response: { 200: CHANGED },
    },
  }, async (request, reply) => {
    const { assignmentId, messageId } = request.params;
    await updateAssignmentMessage(request.scope, assignmentId, messageId, messageValues(request.body));
    return reply.code(200).send();
  });

  await messageDocumentRoutes(app);
}
