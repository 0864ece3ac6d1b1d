// The webhook tables (docs/events.md, decision 0031; one folder since decision 0039): subscriptions
// to the tenant's event log (platform/events/event.table.ts) and the queue of their deliveries.
import { sql } from 'drizzle-orm';
import { bigint, check, foreignKey, index, integer, pgTable, primaryKey, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { bigIdentity, createdAt, hierId, tenantId, tenantKey } from '../../platform/db/columns.ts';
import { hierarchyNodes, serviceReps, tenants } from '../../platform/db/schema.ts';
import { events } from '../../platform/events/event.table.ts';

/**
 * A webhook subscription: a URL receiving the events of some types that its creator (a service rep)
 * may see. `secret` signs deliveries, so it is kept as given (an outbound secret cannot be hashed);
 * the API shows it once, at creation or rotation, and never logs it.
 */
export const webhookSubscriptions = pgTable('webhook_subscriptions', {
  ...tenantKey(),
  url: text('url').notNull(),
  eventTypes: text('event_types').array().notNull(),
  description: text('description'),
  secret: text('secret').notNull(),
  /** The secret before the last rotation: deliveries are signed with it too until `previousSecretUntil`. */
  previousSecret: text('previous_secret'),
  previousSecretUntil: timestamp('previous_secret_until', { withTimezone: true }),
  /** The creator: deliveries carry what this rep's hierarchy sees; an inactive rep's subscriptions rest. */
  serviceRepId: integer('service_rep_id').notNull(),
  /** The creator's node: who may list and delete the subscription. */
  hierId: hierId(),
  /**
   * The credential that made (or last re-enabled) it, one of two: an API token (`api_credentials.id`)
   * or, for a bearer token, its OAuth client (access tokens live an hour; the client is what an
   * integration is). The subscription delivers while that credential is alive (subscription-state.ts).
   * No foreign key: a credential deleted must disable the subscription (read as an unknown
   * credential), neither be refused nor take the subscription with it. Both null: made before
   * subscriptions recorded it (drizzle/0021), disabled until a rep re-enables it.
   */
  credentialId: integer('credential_id'),
  clientId: text('client_id'),
  /** The last event sequence of the tenant fanned out into deliveries. */
  lastSequence: bigint('last_sequence', { mode: 'number' }).notNull().default(0),
  createdAt: createdAt(),
}, (t) => [
  primaryKey({ columns: [t.tenantId, t.id] }),
  foreignKey({ columns: [t.tenantId], foreignColumns: [tenants.id] }),
  foreignKey({ columns: [t.tenantId, t.serviceRepId], foreignColumns: [serviceReps.tenantId, serviceReps.id] }),
  foreignKey({ columns: [t.tenantId, t.hierId], foreignColumns: [hierarchyNodes.tenantId, hierarchyNodes.id] }),
  check('webhook_subscriptions_one_credential', sql`num_nonnulls(${t.credentialId}, ${t.clientId}) <= 1`),
]);

export const DELIVERY_STATUSES = ['Pending', 'Delivered', 'Failed'] as const;

/** One event to one subscription: the delivery queue, claimed under a lease like batch items. */
export const webhookDeliveries = pgTable('webhook_deliveries', {
  tenantId: tenantId(),
  id: bigIdentity(),
  subscriptionId: integer('subscription_id').notNull(),
  eventId: bigint('event_id', { mode: 'number' }).notNull(),
  /** The event's record and sequence, copied by the fan-out: per-record order is checked on this table alone (null: made before 0028). */
  recordType: text('record_type'),
  recordId: bigint('record_id', { mode: 'number' }),
  sequence: bigint('sequence', { mode: 'number' }),
  status: text('status', { enum: DELIVERY_STATUSES }).notNull().default('Pending'),
  attempts: smallint('attempts').notNull().default(0),
  nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
  leaseUntil: timestamp('lease_until', { withTimezone: true }),
  /** The last attempt's outcome: `HTTP 500`, `timeout`, `address refused`, ... (never the response body). */
  lastError: text('last_error'),
  deliveredAt: timestamp('delivered_at', { withTimezone: true }),
  createdAt: createdAt(),
}, (t) => [
  primaryKey({ columns: [t.tenantId, t.id] }),
  foreignKey({ columns: [t.tenantId, t.subscriptionId], foreignColumns: [webhookSubscriptions.tenantId, webhookSubscriptions.id] }).onDelete('cascade'),
  foreignKey({ columns: [t.tenantId, t.eventId], foreignColumns: [events.tenantId, events.id] }),
  uniqueIndex('webhook_deliveries_once').on(t.tenantId, t.subscriptionId, t.eventId),
  // An event's deliveries: retention keeps an event a delivery still needs (and the foreign key's check on delete).
  index('webhook_deliveries_event').on(t.tenantId, t.eventId),
  // The queue: only deliveries still to make, by when they are due.
  index('webhook_deliveries_due').on(t.nextAttemptAt).where(sql`status = 'Pending'`),
  // Per-record order (webhook-delivery.ts claim): a subscription's deliveries still to make.
  index('webhook_deliveries_pending').on(t.tenantId, t.subscriptionId, t.recordType, t.recordId, t.sequence).where(sql`status = 'Pending'`),
]);
