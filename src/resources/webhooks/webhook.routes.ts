// Webhook subscriptions (GEN-16, docs/events.md): POST /Webhooks (the signing secret shown once),
// GET /Webhooks, GET /Webhooks/{id}, GET /Webhooks/{id}/Deliveries, POST /Webhooks/{id}/Deliveries/{deliveryId}/Redeliver,
// POST /Webhooks/{id}/RotateSecret, POST /Webhooks/{id}/Enable, PUT /Webhooks/{id}, DELETE /Webhooks/{id}. Delivery is the background's (webhook-delivery.ts).
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import type { Access } from '../../platform/auth/access.ts';
import type { TypedRequests } from '../../platform/http/typed-requests.ts';
import { found, notFound } from '../../platform/http/errors.ts';
import {
  Webhook, WebhookCreate, WebhookCreated, WebhookDeliveryPage, WebhookDeliveryParams, WebhookDeliveryQuery, WebhookIdParams, WebhookListQuery, WebhookPage,
  WebhookSecretRotateQuery, WebhookSecretRotated,
} from './webhook.schemas.ts';
import { createWebhook, deleteWebhook, enableWebhook, getWebhook, listDeliveries, listWebhooks, redeliver, replaceWebhook, rotateSecret, type EventType } from './webhook.repository.ts';

const STAFF = ['ServiceRep', 'Service'] as const;
const read: Access = { roles: STAFF, scopes: ['webhook-read', 'webhook-write'] };
const write: Access = { roles: STAFF, scopes: ['webhook-write'] };
const tags = ['Webhooks'];
const what = 'The webhook subscription';

/** The routes, for the event types the service emits (the registry derives them from the records). */
export function webhookRoutes(eventTypes: readonly EventType[]) {
  return async function routes(app: FastifyInstance) {
    const api = app.withTypeProvider<TypedRequests>();
    const rules = { allowHttp: app.config.WEBHOOK_ALLOW_HTTP, allowPrivate: app.config.WEBHOOK_ALLOW_PRIVATE_ADDRESSES };

    api.post('/Webhooks', {
      config: { access: write, representation: 'record', recordName: 'WebhookCreated' },
      schema: {
        tags, operationId: 'createWebhook',
        summary: 'Subscribe a URL to event types. 201 with the signing secret, shown this once. 400 naming `url` for a URL that is not https or whose host resolves to a private address, naming `eventTypes` for a type unknown or of a record you may not read.',
        body: WebhookCreate, response: { 201: WebhookCreated },
      },
    }, async (request, reply) => {
      const created = await createWebhook(request.scope, request.body, eventTypes, rules);
      return reply.code(201).header('location', `/Webhooks/${created.webhookId}`).send(created);
    });

    api.get('/Webhooks', {
      config: { access: read, representation: 'list', recordName: 'Webhook' },
      schema: { tags, operationId: 'listWebhooks', summary: 'Webhook subscriptions made inside your hierarchy, with their deliveries pending and failed (never their secrets).', querystring: WebhookListQuery, response: { 200: WebhookPage } },
    }, async (request) => listWebhooks(request.scope, request.query));

    api.get('/Webhooks/:id', {
      config: { access: read, representation: 'record', recordName: 'Webhook' },
      schema: { tags, operationId: 'getWebhook', summary: 'One webhook subscription (never its secret).', params: WebhookIdParams, response: { 200: Webhook } },
    }, async (request) => found(await getWebhook(request.scope, request.params.id), what));

    api.get('/Webhooks/:id/Deliveries', {
      config: { access: read, representation: 'list', recordName: 'WebhookDelivery' },
      schema: {
        tags, operationId: 'listWebhookDeliveries',
        summary: 'A subscription\'s deliveries, newest first: the event, the state (Pending, Delivered, Failed), attempts, the next attempt and what the last failed one met.',
        params: WebhookIdParams, querystring: WebhookDeliveryQuery, response: { 200: WebhookDeliveryPage },
      },
    }, async (request) => found(await listDeliveries(request.scope, request.params.id, request.query), what));

    api.post('/Webhooks/:id/Deliveries/:deliveryId/Redeliver', {
      config: { access: write },
      schema: {
        tags, operationId: 'redeliverWebhookDelivery',
        summary: 'Send a failed delivery again (after fixing the receiver): it is pending again, due now, with a fresh count of attempts. 204; 409 for a delivery that has not failed.',
        params: WebhookDeliveryParams, response: { 204: Type.Null() },
      },
    }, async (request, reply) => {
      if (!(await redeliver(request.scope, request.params.id, request.params.deliveryId))) throw notFound('The webhook delivery');
      return reply.code(204).send();
    });

    api.post('/Webhooks/:id/RotateSecret', {
      config: { access: write, representation: 'record', recordName: 'WebhookSecretRotated' },
      schema: {
        tags, operationId: 'rotateWebhookSecret',
        summary: 'Replace the signing secret (after a leak, or on a schedule). 200 with the new secret, shown this once. Deliveries carry the old secret\'s signature beside the new one for `?previousSecretValidHours=` (24 by default, 0 to 168).',
        params: WebhookIdParams, querystring: WebhookSecretRotateQuery, response: { 200: WebhookSecretRotated },
      },
    }, async (request) => found(await rotateSecret(request.scope, request.params.id, request.query.previousSecretValidHours), what));

    api.post('/Webhooks/:id/Enable', {
      config: { access: write, representation: 'record', recordName: 'Webhook' },
      schema: {
        tags, operationId: 'enableWebhook',
        summary: 'Re-enable a subscription disabled because its credential ended (revoked, expired): it is bound to your credential, and to you (your hierarchy, as if you had made it), and delivers what happened meanwhile. On an active one, moves it to your credential (a token renewed before the old one expires). 200 with the subscription; 400 naming `eventTypes` when your credential may not read them.',
        params: WebhookIdParams, response: { 200: Webhook },
      },
    }, async (request) => found(await enableWebhook(request.scope, request.params.id, eventTypes), what));

    api.put('/Webhooks/:id', {
      config: { access: write, representation: 'record', recordName: 'Webhook' },
      schema: {
        tags, operationId: 'replaceWebhook',
        summary: 'Change a subscription\'s URL, event types and description (the body as on POST). It keeps its secret and its place: no event is missed or sent twice, and pending deliveries go to the new URL. 200 with the subscription; 400 as on POST.',
        params: WebhookIdParams, body: WebhookCreate, response: { 200: Webhook },
      },
    }, async (request) => found(await replaceWebhook(request.scope, request.params.id, request.body, eventTypes, rules), what));

    api.delete('/Webhooks/:id', {
      config: { access: write },
      schema: { tags, operationId: 'deleteWebhook', summary: 'Delete a webhook subscription: nothing more is delivered to it, pending deliveries included.', params: WebhookIdParams, response: { 204: Type.Null() } },
    }, async (request, reply) => {
      if (!(await deleteWebhook(request.scope, request.params.id))) throw notFound(what);
      return reply.code(204).send();
    });
  };
}
