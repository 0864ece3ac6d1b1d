// The events of a webhook subscription's changes (decision 0039): an integration hears that a
// subscription was made, changed (its URL or types, re-enabled, its secret rotated, a delivery sent
// again) or deleted, as any other change. Events carry no values: never the secret.
import { eventOf, type EventKind, type EventType } from '../../platform/events/event-type.ts';

/** The scopes that read a subscription (its GET's). */
const READ_SCOPES = ['webhook-read', 'webhook-write'] as const;

const subscriptions: EventKind = { stem: 'webhookSubscription', recordType: 'WebhookSubscription', path: '/Webhooks', readScopes: READ_SCOPES };

export const WEBHOOK_CREATED = eventOf(subscriptions, 'created', 'a webhook subscription was made (`POST /Webhooks`)', 'none');

/** What an update's `changedFields` names, by the route that made it. */
export const WEBHOOK_CHANGES = {
  replace: ['url', 'eventTypes', 'description'],
  enable: ['credential', 'serviceRepId', 'status'],
  rotate: ['secret'],
  redeliver: ['deliveries'],
} as const;

export const WEBHOOK_UPDATED = eventOf(subscriptions, 'updated', 'a webhook subscription was changed (`PUT /Webhooks/{id}`), re-enabled or moved to another credential (`POST /Webhooks/{id}/Enable`), had its secret rotated (`POST /Webhooks/{id}/RotateSecret`) or a failed delivery sent again (`POST /Webhooks/{id}/Deliveries/{deliveryId}/Redeliver`)', '`url`, `eventTypes`, `description` (PUT); `credential`, `serviceRepId`, `status` (Enable); `secret` (RotateSecret: never its value); `deliveries` (Redeliver)');

export const WEBHOOK_DELETED = eventOf(subscriptions, 'deleted', 'a webhook subscription was deleted (`DELETE /Webhooks/{id}`): its location answers 404 from then on', 'none');

export const WEBHOOK_EVENT_TYPES: readonly EventType[] = [WEBHOOK_CREATED, WEBHOOK_UPDATED, WEBHOOK_DELETED];
