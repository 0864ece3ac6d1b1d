// An event type as the service documents it: the registry collects every type (records' derived from
// their definitions, features' declared beside each feature in `<feature>.events.ts`), and that one
// list is what GET /Events filters by, what POST /Webhooks accepts, and docs/events.md's table
// (generated: event-types-doc.ts, `npm run docs:events`).
import type { EventTemplate } from './outbox.ts';

/** One type of event the service emits. */
export interface EventType {
  /** `employee.updated`, `batchJob.completed`. */
  type: string;
  /** The scopes that read the record reported (any one): a reader with none does not see the event. */
  readScopes: readonly string[];
  /** One line for the docs: what happened, and where to read it (Markdown). */
  when: string;
  /** What the event's `changedFields` holds ('none' when it holds nothing) (Markdown). */
  changedFields: string;
}

/** What every event type of one kind of record shares; its types are `<stem>.<action>`. */
export interface EventKind extends Omit<EventTemplate, 'type'> {
  /** `webhookSubscription`: the stem of the kind's types. */
  stem: string;
}

/**
 * One event type of a kind (`<stem>.<action>`) with its row of docs/events.md: when it is written
 * and what its `changedFields` holds. The kind's shared part is written once.
 */
export function eventOf(kind: EventKind, action: string, when: string, changedFields: string): EventTemplate & EventType {
  const { stem, ...shared } = kind;
  return { ...shared, when, changedFields, type: `${stem}.${action}` };
}
