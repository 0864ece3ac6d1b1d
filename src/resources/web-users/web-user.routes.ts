// POST /WebUsers and DELETE /WebUsers/{id}: a service rep gives an employee or a customer contact a
// login for the `tw_vendor_webuser` grant, or takes it away (docs/authentication.md).
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import type { Access } from '../../platform/auth/access.ts';
import type { TypedRequests } from '../../platform/http/typed-requests.ts';
import { AppError } from '../../platform/http/errors.ts';
import { WebUserCreate, WebUserCreated, WebUserIdParams } from './web-user.schemas.ts';
import { createWebUser, disableWebUser, KIND_OF_ROLE } from './web-user.repository.ts';

const access: Access = { roles: ['ServiceRep'], scopes: ['webuser-write'] };

export async function webUserRoutes(app: FastifyInstance) {
  const api = app.withTypeProvider<TypedRequests>();
  api.post('/WebUsers', {
    config: { access },
    schema: {
      tags: ['Web users'], operationId: 'createWebUser',
      summary: 'Give an employee or a customer contact inside your hierarchy a login for the tw_vendor_webuser grant. 409 when the username is taken or the record has a login.',
      body: WebUserCreate, response: { 201: WebUserCreated },
    },
  }, async (request, reply) => {
    const { type, recordId, username, password } = request.body;
    const id = await createWebUser(request.scope, { kind: KIND_OF_ROLE[type], recordId, username, password });
    return reply.code(201).header('location', `/WebUsers/${id}`).send({ webUserId: id });
  });

  api.delete('/WebUsers/:id', {
    config: { access },
    schema: {
      tags: ['Web users'], operationId: 'disableWebUser',
      summary: 'Disable a web user\'s login: no new tokens, and the tokens issued stop working at once.',
      params: WebUserIdParams, response: { 204: Type.Null() },
    },
  }, async (request, reply) => {
    if (!(await disableWebUser(request.scope, request.params.id))) {
      throw new AppError('NOT_FOUND', `No active web user ${request.params.id} inside your hierarchy.`);
    }
    return reply.code(204).send();
  });
}
