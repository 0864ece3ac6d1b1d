// An event type as the service documents it: the registry collects every type (records' derived from
// their definitions, features' declared beside each feature in `<feature>.events.ts`), and that one
// list is what GET /Events filters by, what POST /Webhooks accepts, and docs/events.md's table
// (generated: event-types-doc.ts, `npm run docs:events`).

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
