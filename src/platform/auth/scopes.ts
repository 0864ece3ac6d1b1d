// The scope catalogue. A personal access token holds a chosen subset; an account key holds all.
// `<record>-read` grants the GET endpoints of a record, `<record>-write` its POST, PUT, PATCH and
// DELETE endpoints (docs/authentication.md). Names the spec gives are kept as they are.

/** Records that have a read and a write scope. */
export const SCOPE_RECORDS = [
  'assignment', 'batchjob', 'contact', 'contract', 'customer', 'employee', 'jobboard',
  'jobtitle', 'order', 'prospect', 'ratesheet', 'timecard', 'vendor', 'webuser',
  // Webhook subscriptions (GEN-16, docs/events.md).
  'webhook',
] as const;

/** Records that are only read (lookup lists, searches): a read scope alone. */
export const READ_ONLY_RECORDS = ['datalist', 'search', 'event'] as const;

/** Scopes the spec names that are not a read/write pair. */
export const SINGLE_SCOPES = ['assessoncloudresults-write', 'assessment-webhook', 'assessment-read', 'assessment-write'] as const;

export const ALL_SCOPES: readonly string[] = [
  ...SCOPE_RECORDS.flatMap((r) => [`${r}-read`, `${r}-write`]),
  ...READ_ONLY_RECORDS.map((r) => `${r}-read`),
  ...SINGLE_SCOPES,
].sort();

export function isScope(name: string): boolean {
  return name === '*' || ALL_SCOPES.includes(name);
}
