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

/**
 * What scopes are about, for people: the sign-in's consent page shows one line per group, in plain
 * words (login/consent.ts), instead of dozens of scope names.
 */
export const SCOPE_GROUPS = ['people', 'customers', 'orders', 'assessments', 'vendors', 'lookups', 'integration'] as const;
export type ScopeGroup = (typeof SCOPE_GROUPS)[number];

/** `assessoncloudresults-write` → `assessoncloudresults`. */
type SubjectOf<S extends string> = S extends `${infer Subject}-${string}` ? Subject : never;
type ScopeSubject = (typeof SCOPE_RECORDS)[number] | (typeof READ_ONLY_RECORDS)[number] | SubjectOf<(typeof SINGLE_SCOPES)[number]>;

/** The group of every scope's subject: a record or scope added above does not compile until it has one. */
const GROUP_OF: Record<ScopeSubject, ScopeGroup> = {
  employee: 'people', contact: 'people', webuser: 'people',
  customer: 'customers', prospect: 'customers', contract: 'customers', ratesheet: 'customers',
  order: 'orders', assignment: 'orders', jobtitle: 'orders', timecard: 'orders', jobboard: 'orders',
  assessment: 'assessments', assessoncloudresults: 'assessments',
  vendor: 'vendors',
  datalist: 'lookups', search: 'lookups',
  batchjob: 'integration', webhook: 'integration', event: 'integration',
};

function isSubject(name: string): name is ScopeSubject {
  return Object.hasOwn(GROUP_OF, name);
}

/** A catalogue scope's group, and whether it lets the holder change records (anything but `-read`). */
export function scopeGroupOf(scope: string): { group: ScopeGroup; changes: boolean } | undefined {
  const subject = scope.split('-')[0] ?? '';
  if (!ALL_SCOPES.includes(scope) || !isSubject(subject)) return undefined;
  return { group: GROUP_OF[subject], changes: !scope.endsWith('-read') };
}
