// The event log (the outbox, DESIGN.md "Events"; docs/decisions/0031) and the webhook tables that
// deliver it. An event is written in the transaction of the change it reports; its per-tenant
// `sequence` is given after commit by the sequencer (outbox.ts), so sequences appear in commit order
// and a reader that remembers the last one it saw never skips one.
import { sql } from 'drizzle-orm';
import { bigint, check, foreignKey, index, integer, jsonb, pgTable, primaryKey, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { bigIdentity, createdAt, hierId, tenantId, tenantKey } from '../db/columns.ts';
import { hierarchyNodes, serviceReps, tenants } from '../db/schema.ts';

/** What an event carries beyond its record: the fields a PATCH wrote (JSON names), nothing of their values. */
export interface EventData { changedFields?: string[] }

export const events = pgTable('events', {
  tenantId: tenantId(),
  /** Global insertion order; `evt_<id>` is the event's id (`webhook-id`), unique across tenants. */
  id: bigIdentity(),
  /** Position in the tenant's log: dense, in commit order; null until the sequencer reaches it. */
  sequence: bigint('sequence', { mode: 'number' }),
  type: text('type').notNull(),
  occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull().defaultNow(),
  /** The record reported: its kind (`Employee`, `BatchJob`), id and path (`/Employees/12`). */
  recordType: text('record_type').notNull(),
  recordId: bigint('record_id', { mode: 'number' }).notNull(),
  location: text('location').notNull(),
  /** The record's hierarchy node when the event happened: who may see the event, as who may read the record. */
  hierId: hierId(),
  /** The scopes that read the record (any one: `employee-read`): a reader with none of them does not see the event. */
  readScopes: text('read_scopes').array().notNull(),
  data: jsonb('data').$type<EventData>().notNull().default({}),
}, (t) => [
  primaryKey({ columns: [t.tenantId, t.id] }),
  foreignKey({ columns: [t.tenantId, t.hierId], foreignColumns: [hierarchyNodes.tenantId, hierarchyNodes.id] }),
  uniqueIndex('events_sequence').on(t.tenantId, t.sequence),
  // The sequencer's work: committed events without a position yet.
  index('events_unsequenced').on(t.tenantId, t.id).where(sql`sequence is null`),
  // Retention (retention.ts): the oldest first.
  index('events_occurred').on(t.occurredAt),
]);

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
]);
