// Webhook subscriptions' requests and answers (docs/events.md). The signing secret appears in the
// create answer only.
import { Type } from 'typebox';
import { PageQuery, PagedList } from '../../platform/http/paging.ts';
import { Id64 } from '../../platform/records/shapes.ts';
import { CREDENTIAL_KINDS, DISABLED_REASONS } from './subscription-state.ts';

export const MAX_EVENT_TYPES = 50;

export const WebhookCreate = Type.Object({
  url: Type.String({ minLength: 1, maxLength: 2000, description: 'Where deliveries are POSTed: https (http only where WEBHOOK_ALLOW_HTTP says), a host that resolves to public addresses (unless WEBHOOK_ALLOW_PRIVATE_ADDRESSES says), no user or password.' }),
  eventTypes: Type.Array(Type.String({ minLength: 1, maxLength: 100 }), { minItems: 1, maxItems: MAX_EVENT_TYPES, uniqueItems: true, description: 'Event types to receive (`employee.updated`, `batchJob.completed`, ...), each of a record you may read.' }),
  description: Type.Optional(Type.String({ maxLength: 200 })),
}, { $id: 'WebhookCreate', additionalProperties: false });

const webhookProperties = {
  webhookId: Type.Integer(),
  url: Type.String(),
  eventTypes: Type.Array(Type.String()),
  description: Type.Union([Type.String(), Type.Null()]),
  serviceRepId: Type.Integer({ description: 'The creator: deliveries carry the events of what this service rep\'s hierarchy sees.' }),
  createdAt: Type.String({ format: 'date-time' }),
  status: Type.String({ enum: ['Active', 'Disabled'], description: 'Disabled: nothing is delivered (`disabledReason` says why) until a rep who sees it re-enables it (`POST /Webhooks/{id}/Enable`).' }),
  disabledReason: Type.Union([Type.String({ enum: [...DISABLED_REASONS] }), Type.Null()], {
    description: 'Why it is disabled: the credential it is bound to was revoked (`CredentialRevoked`, `ClientRevoked`), has expired (`CredentialExpired`) or is not known (`CredentialUnknown`: made before subscriptions recorded it), or its rep is inactive (`ServiceRepInactive`). Null while active.',
  }),
  disabledAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()], { description: 'When its credential was revoked or expired; null while active, or when not known.' }),
  credential: Type.Union([Type.Object({
    kind: Type.String({ enum: [...CREDENTIAL_KINDS], description: 'An API token (`AccountKey`, `PersonalAccessToken`), or the OAuth client of the bearer token that made it.' }),
    id: Type.String({ description: 'The token\'s SID, or the client id.' }),
    name: Type.String(),
    expiresAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()], { description: 'When the token expires, and the subscription with it (re-enable it with the renewed token before); null: never.' }),
  }), Type.Null()], { description: 'The credential it is bound to: it delivers while that credential is alive. Null: not known.' }),
};

export const Webhook = Type.Object({
  ...webhookProperties,
  deliveries: Type.Object({
    pending: Type.Integer({ minimum: 0, description: 'Deliveries waiting for an attempt or a retry.' }),
    failed: Type.Integer({ minimum: 0, description: 'Deliveries that failed after their last attempt.' }),
    lastError: Type.Union([Type.String(), Type.Null()], { description: 'What the last failed attempt met (`HTTP 500`, `timeout after 10000 ms`, ...).' }),
  }),
}, { $id: 'Webhook' });

export const WebhookCreated = Type.Object({
  ...webhookProperties,
  secret: Type.String({ description: 'The signing secret (`whsec_...`), shown this once: deliveries are signed with it (docs/events.md).' }),
}, { $id: 'WebhookCreated' });

export const WebhookPage = PagedList(Webhook, { $id: 'WebhookPage' });

export const MAX_PREVIOUS_SECRET_HOURS = 168;
export const WebhookSecretRotateQuery = Type.Object({
  previousSecretValidHours: Type.Integer({
    minimum: 0, maximum: MAX_PREVIOUS_SECRET_HOURS, default: 24,
    description: 'How long deliveries stay signed with the old secret as well (0: from now on only the new one), while receivers switch over.',
  }),
});

export const WebhookSecretRotated = Type.Object({
  webhookId: Type.Integer(),
  secret: Type.String({ description: 'The new signing secret (`whsec_...`), shown this once.' }),
  previousSecretExpiresAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()], { description: 'Until when deliveries also carry the old secret\'s signature; null when they no longer do.' }),
}, { $id: 'WebhookSecretRotated' });

export const WebhookDelivery = Type.Object({
  deliveryId: Type.Integer(),
  eventId: Type.String({ description: 'The event delivered: its `id` (`evt_...`). The `webhook-id` header of each attempt is the event\'s `changeId` when it has one, else this id.' }),
  eventType: Type.String(),
  status: Type.String({ enum: ['Pending', 'Delivered', 'Failed'] }),
  attempts: Type.Integer({ minimum: 0 }),
  nextAttemptAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()], { description: 'When a pending delivery is tried next; null once it is delivered or failed.' }),
  lastError: Type.Union([Type.String(), Type.Null()], { description: 'What the last failed attempt met (`HTTP 500`, `timeout after 10000 ms`, ...).' }),
  deliveredAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
  createdAt: Type.String({ format: 'date-time' }),
}, { $id: 'WebhookDelivery' });
export const WebhookDeliveryPage = PagedList(WebhookDelivery, { $id: 'WebhookDeliveryPage' });
export const WebhookDeliveryQuery = Type.Object({
  status: Type.Optional(Type.String({ enum: ['Pending', 'Delivered', 'Failed'], description: 'Only deliveries in this state.' })),
  skip: PageQuery.properties.skip, take: PageQuery.properties.take,
});
export const WebhookListQuery = Type.Object({ skip: PageQuery.properties.skip, take: PageQuery.properties.take });
export const WebhookIdParams = Type.Object({ id: Type.Integer({ minimum: 1, maximum: 2147483647 }) });
export const WebhookDeliveryParams = Type.Object({ ...WebhookIdParams.properties, deliveryId: Id64('Id of the delivery (Int64).') });
