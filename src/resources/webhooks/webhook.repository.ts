// Webhook subscriptions: made by a service rep for the events of what their hierarchy sees, listed
// and deleted by reps whose hierarchy holds the creator's node. The signing secret is kept as
// generated (the worker signs with it) and leaves the service only in the create answer.
import { eq, getTableName, sql } from 'drizzle-orm';
import type { SelectResultFields } from 'drizzle-orm/query-builders/select.types';
import type { Static } from 'typebox';
import { TENANT, type DataScope } from '../../platform/scope.ts';
import { qualified } from '../../platform/db/database.ts';
import { hasScope, lastingCredential } from '../../platform/auth/principal.ts';
import { AppError, validationError } from '../../platform/http/errors.ts';
import { addressProblem } from './address-guard.ts';
import { newSecret } from './webhook-delivery.ts';
import { emitEvent, sequenceEventsOf, type EventTemplate } from '../../platform/events/outbox.ts';
import type { EventType } from '../../platform/events/event-type.ts';
import { WEBHOOK_CHANGES, WEBHOOK_CREATED, WEBHOOK_DELETED, WEBHOOK_UPDATED } from './webhook.events.ts';
import { webhookSubscriptions as subs } from './webhook.table.ts';
import { subscriptionState, type SubscriptionState } from './subscription-state.ts';
import type { Paged, Page } from '../../platform/http/paging.ts';
import type { Webhook, WebhookCreate, WebhookCreated, WebhookDelivery, WebhookDeliveryQuery, WebhookSecretRotated } from './webhook.schemas.ts';

export type { EventType };

/** The subscriptions' table, as its events name it. */
const TABLE = getTableName(subs);

/** Records the subscription's event in the transaction of its change. */
const emit = (tx: DataScope, event: EventTemplate, id: number, changedFields?: readonly string[]) =>
  emitEvent(tx, event, TABLE, id, changedFields ? { changedFields: [...changedFields] } : {});

export interface UrlRules { allowHttp: boolean; allowPrivate: boolean }

/** Why the URL may not be a webhook's; undefined when it may. */
export async function urlProblem(text: string, rules: UrlRules): Promise<string | undefined> {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return 'is not an absolute URL';
  }
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && rules.allowHttp)) return rules.allowHttp ? 'must be an http or https URL' : 'must be an https URL';
  if (url.username || url.password) return 'must not hold a user name or password (they would be stored and shown)';
  return addressProblem(url.hostname, rules.allowPrivate);
}

/** What is wrong with each event type unknown, or of a record the caller may not read. */
function eventTypeProblems(scope: DataScope, asked: string[], known: readonly EventType[]): string[] {
  const messages: string[] = [];
  for (const name of asked) {
    const type = known.find((t) => t.type === name);
    if (!type) messages.push(`${name} is not an event type (known: ${known.map((t) => t.type).join(', ')})`);
    else if (!type.readScopes.some((s) => hasScope(scope.principal, s))) messages.push(`${name} needs the scope ${type.readScopes.join(' or ')}`);
  }
  return messages;
}

const columns = {
  webhookId: subs.id, url: subs.url, eventTypes: subs.eventTypes, description: subs.description, serviceRepId: subs.serviceRepId, createdAt: subs.createdAt,
  // The table unaliased, as every query here names it (the insert's RETURNING included).
  state: sql<SubscriptionState>`${subscriptionState(getTableName(subs))}`,
};

type Row = SelectResultFields<typeof columns>;

/** A row as the API shows it: its state derived from its credential (subscription-state.ts). */
function described({ state, createdAt, ...row }: Row) {
  const iso = (date: string | null) => (date === null ? null : new Date(date).toISOString());
  return {
    ...row, createdAt: createdAt.toISOString(),
    status: state.disabledReason === null ? 'Active' as const : 'Disabled' as const, disabledReason: state.disabledReason, disabledAt: iso(state.disabledAt),
    credential: state.credential && { ...state.credential, expiresAt: iso(state.credential.expiresAt) },
  };
}

/** The caller's credential, which a subscription is bound to; refused for a principal that presented none. */
function bindingOf(scope: DataScope) {
  const credential = lastingCredential(scope.principal);
  if (!credential) throw new AppError('ROLE_NOT_ALLOWED', 'A webhook subscription is bound to the credential that makes it: an API token or an OAuth client.');
  return { credentialId: credential.credentialId, clientId: credential.clientId, serviceRepId: scope.principal.serviceRepId, hierId: scope.principal.hierId };
}

/** Refuses a subscription's URL and event types with one 400 naming every bad field. */
async function checkSubscription(scope: DataScope, input: Static<typeof WebhookCreate>, known: readonly EventType[], rules: UrlRules) {
  const errors: Record<string, string[]> = {};
  const typeProblems = eventTypeProblems(scope, input.eventTypes, known);
  if (typeProblems.length) errors.eventTypes = typeProblems;
  const problem = await urlProblem(input.url, rules);
  if (problem) errors.url = [problem];
  if (Object.keys(errors).length) throw validationError(errors);
}

export async function createWebhook(
  scope: DataScope, input: Static<typeof WebhookCreate>, known: readonly EventType[], rules: UrlRules,
): Promise<Static<typeof WebhookCreated>> {
  await checkSubscription(scope, input, known, rules);
  // Starts after the events committed so far: a new subscription receives what happens from now on.
  await sequenceEventsOf(scope);
  const binding = bindingOf(scope);
  const secret = newSecret();
  return scope.transaction(async (tx) => {
    // A value (not a literal): the door's insert type drops the optional columns from its excess-property check.
    const values = {
      url: input.url, eventTypes: input.eventTypes, description: input.description ?? null, secret, ...binding,
      lastSequence: sql`(select coalesce(max(sequence), 0) from events where tenant_id = ${scope.tenantId})`,
    };
    const [row] = await tx.insert(subs, values).returning(columns);
    await emit(tx, WEBHOOK_CREATED, row!.webhookId);
    return { ...described(row!), secret };
  });
}

function shaped({ pending, failed, lastError, ...row }: Row & { pending: number; failed: number; lastError: string | null }): Static<typeof Webhook> {
  return { ...described(row), deliveries: { pending: Number(pending), failed: Number(failed), lastError } };
}

const withDeliveries = {
  ...columns,
  pending: sql<number>`(select count(*) from webhook_deliveries d where d.tenant_id = ${qualified(subs.tenantId)} and d.subscription_id = ${qualified(subs.id)} and d.status = 'Pending')`,
  failed: sql<number>`(select count(*) from webhook_deliveries d where d.tenant_id = ${qualified(subs.tenantId)} and d.subscription_id = ${qualified(subs.id)} and d.status = 'Failed')`,
  lastError: sql<string | null>`(select d.last_error from webhook_deliveries d where d.tenant_id = ${qualified(subs.tenantId)} and d.subscription_id = ${qualified(subs.id)} and d.last_error is not null order by d.id desc limit 1)`,
};

export async function listWebhooks(scope: DataScope, page: Page): Promise<Paged<Static<typeof Webhook>>> {
  const rows = await scope.select(subs, withDeliveries).where().orderBy(subs.id).offset(page.skip).limit(page.take);
  const [count] = await scope.select(subs, { n: sql<number>`count(*)::int` }).where();
  return { data: rows.map(shaped), totalCount: Number(count?.n ?? 0) };
}

export async function getWebhook(scope: DataScope, id: number): Promise<Static<typeof Webhook> | undefined> {
  const [row] = await scope.select(subs, withDeliveries).where(eq(subs.id, id));
  return row && shaped(row);
}

/** Whether the subscription is inside the caller's hierarchy (the routes under it answer 404 otherwise). */
async function visible(scope: DataScope, id: number): Promise<boolean> {
  const rows = await scope.select(subs, { id: subs.id }).where(eq(subs.id, id));
  return rows.length > 0;
}

/** A visible subscription's deliveries, newest first; undefined when the subscription is not visible. */
export async function listDeliveries(scope: DataScope, id: number, query: Static<typeof WebhookDeliveryQuery>): Promise<Paged<Static<typeof WebhookDelivery>> | undefined> {
  if (!(await visible(scope, id))) return undefined;
  const status = query.status ?? null;
  const rows = await scope.sql<{ delivery_id: string; event_id: string; event_type: string; status: 'Pending' | 'Delivered' | 'Failed'; attempts: number;
    next_attempt_at: Date | null; last_error: string | null; delivered_at: Date | null; created_at: Date; total_count: string }>`
    select d.id as delivery_id, e.id as event_id, e.type as event_type, d.status, d.attempts,
           case when d.status = 'Pending' then d.next_attempt_at end as next_attempt_at, d.last_error, d.delivered_at, d.created_at,
           count(*) over () as total_count
      from webhook_deliveries d join events e on e.tenant_id = d.tenant_id and e.id = d.event_id
     where d.tenant_id = ${TENANT} and d.subscription_id = ${id} and (${status}::text is null or d.status = ${status}::text)
     order by d.id desc offset ${query.skip} limit ${query.take}`;
  const iso = (date: Date | null) => (date ? new Date(date).toISOString() : null);
  return {
    data: rows.map((r) => ({
      deliveryId: Number(r.delivery_id), eventId: `evt_${r.event_id}`, eventType: r.event_type, status: r.status, attempts: Number(r.attempts),
      nextAttemptAt: iso(r.next_attempt_at), lastError: r.last_error, deliveredAt: iso(r.delivered_at), createdAt: new Date(r.created_at).toISOString(),
    })),
    totalCount: Number(rows[0]?.total_count ?? 0),
  };
}

/**
 * Sends a failed delivery again (after the receiver is fixed): Pending, due now, with a fresh count
 * of attempts. Answers false when the subscription is not visible or has no such delivery; throws
 * 409 for a delivery that has not failed (a pending one is sent anyway, a delivered one arrived).
 */
export async function redeliver(scope: DataScope, id: number, deliveryId: number): Promise<boolean> {
  if (!(await visible(scope, id))) return false;
  return scope.transaction(async (tx) => {
    const [row] = await tx.sql<{ status: string; redelivered: boolean }>`
      with target as (select d.tenant_id, d.id, d.status from webhook_deliveries d
         where d.tenant_id = ${TENANT} and d.subscription_id = ${id} and d.id = ${deliveryId} for update),
      reset as (update webhook_deliveries d set status = 'Pending', attempts = 0, next_attempt_at = now(), lease_until = null
         from target t where d.tenant_id = t.tenant_id and d.id = t.id and t.status = 'Failed' returning d.id)
      select t.status, exists (select 1 from reset) as redelivered from target t`;
    if (!row) return false;
    if (!row.redelivered) throw new AppError('CONFLICT', `Delivery ${deliveryId} is ${row.status}: only a failed delivery is sent again.`);
    await emit(tx, WEBHOOK_UPDATED, id, WEBHOOK_CHANGES.redeliver);
    return true;
  });
}

/**
 * Gives a visible subscription a new secret; the old one goes on signing beside it for `validHours`
 * (0: not at all), so receivers can switch without rejecting a delivery. Undefined when not visible.
 */
export async function rotateSecret(scope: DataScope, id: number, validHours: number): Promise<Static<typeof WebhookSecretRotated> | undefined> {
  const secret = newSecret();
  return scope.transaction(async (tx) => {
    const [row] = await tx.update(subs, {
      previousSecret: validHours > 0 ? subs.secret : null,
      previousSecretUntil: validHours > 0 ? sql`now() + make_interval(hours => ${validHours})` : null,
      secret,
    }).where(eq(subs.id, id)).returning({ webhookId: subs.id, until: subs.previousSecretUntil });
    if (!row) return undefined;
    await emit(tx, WEBHOOK_UPDATED, id, WEBHOOK_CHANGES.rotate);
    return { webhookId: row.webhookId, secret, previousSecretExpiresAt: row.until ? row.until.toISOString() : null };
  });
}

/**
 * Replaces a visible subscription's URL, event types and description, checked as on create. Its
 * secret and its place in the event log stay: nothing is missed or sent twice, and deliveries still
 * pending go to the new URL. Undefined when not visible.
 */
export async function replaceWebhook(
  scope: DataScope, id: number, input: Static<typeof WebhookCreate>, known: readonly EventType[], rules: UrlRules,
): Promise<Static<typeof Webhook> | undefined> {
  if (!(await visible(scope, id))) return undefined;
  await checkSubscription(scope, input, known, rules);
  return scope.transaction(async (tx) => {
    const changed = await tx.update(subs, { url: input.url, eventTypes: input.eventTypes, description: input.description ?? null })
      .where(eq(subs.id, id)).returning({ id: subs.id });
    if (changed.length) await emit(tx, WEBHOOK_UPDATED, id, WEBHOOK_CHANGES.replace);
    return getWebhook(tx, id);
  });
}

/**
 * Re-enables a visible subscription by binding it to the caller's credential (and so to the caller:
 * their rep and hierarchy, as if they had made it), after checking that credential may read its
 * event types. On an active one it moves the subscription to another credential (a token renewed
 * before the old one expires). It keeps its place in the log: what happened while it was disabled
 * is delivered. Undefined when not visible.
 */
export async function enableWebhook(scope: DataScope, id: number, known: readonly EventType[]): Promise<Static<typeof Webhook> | undefined> {
  const [row] = await scope.select(subs, { eventTypes: subs.eventTypes }).where(eq(subs.id, id));
  if (!row) return undefined;
  const problems = eventTypeProblems(scope, row.eventTypes, known);
  if (problems.length) throw validationError({ eventTypes: problems });
  return scope.transaction(async (tx) => {
    const changed = await tx.update(subs, bindingOf(tx)).where(eq(subs.id, id)).returning({ id: subs.id });
    if (changed.length) await emit(tx, WEBHOOK_UPDATED, id, WEBHOOK_CHANGES.enable);
    return getWebhook(tx, id);
  });
}

/** Deletes the subscription and its deliveries (pending ones are not sent); false when not visible. */
export async function deleteWebhook(scope: DataScope, id: number): Promise<boolean> {
  if (!(await visible(scope, id))) return false;
  return scope.transaction(async (tx) => {
    // The event first: it reads the subscription's node from its row, which the delete takes away.
    await emit(tx, WEBHOOK_DELETED, id);
    const rows = await tx.delete(subs).where(eq(subs.id, id)).returning({ id: subs.id });
    if (!rows.length) throw new AppError('NOT_FOUND', 'The webhook subscription was deleted meanwhile.');
    return true;
  });
}
