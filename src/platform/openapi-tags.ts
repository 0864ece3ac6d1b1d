// The groups of the API description (its `tags`), each with what it holds: the reference page shows
// them as sections, and both linters ask that every tag an operation uses is declared and described.
// A tag missing here is still declared (the lint then names it), so add its line with the new group.
import { jsonEntries, type Json } from './json-object.ts';

export const TAG_DESCRIPTIONS: Readonly<Record<string, string>> = {
  Employees: 'The agency\'s workers: create, list, read and change them (JSON Patch), with their contact methods, messages and history.',
  Prospects: 'Companies the agency is courting, before they become customers.',
  Vendors: 'Companies the agency pays (payroll, tax and other vendors).',
  Customers: 'Companies the agency places workers with, with their contact methods, messages and history.',
  Worksites: 'A customer\'s places of work, where job orders are filled.',
  Contacts: 'People at customers and vendors, with their contact methods, messages and history.',
  Contracts: 'Agreements with customers: dates, status, owner.',
  'Job orders': 'A customer\'s requests for workers: positions, rates, schedule, candidates and summary.',
  'Job titles': 'The tenant\'s job titles (master data): skill codes, categories, workers\' compensation codes.',
  'Rate sheets': 'Pay and bill rates by customer, worksite, job title or employee.',
  Timecards: 'Hours worked on a job order, per week, until payroll processes them.',
  Assignments: 'An employee placed on a job order: dates, shift, status, messages and their documents, accruals.',
  'Assignment restrictions': 'Vetting sessions that check an employee against a job order\'s rules before an assignment, their approvals and the tenant\'s rules.',
  'Assessment administration': 'Assessment packages: which assessments a candidate is sent.',
  'Assessment sessions': 'Assessments requested for employees, and the providers\' callbacks with their results.',
  Datalists: 'Read-only lookup lists of the tenant (branches, statuses, types, countries, ...): the values reference fields take.',
  Matching: 'Matching workers and job orders: an order\'s requirements, read and stated, and the tenant\'s match weights (docs/matching.md).',
  'Job board': 'Job orders as job boards see them: the search, an order\'s details, and its candidates.',
  Staging: 'Employees staged from parsed resumes, reviewed before they become employees.',
  'Batch jobs': 'Work done in the background by a worker (parsing resumes, converting staged employees, ...): its status and per-item results.',
  'Web users': 'Logins for employees and customer contacts (the web user token grant), and disabling them.',
  Search: 'Searches across records: email addresses of employees and contacts.',
  Events: 'The change feed: every change of the records the caller may read, in order, with long polling.',
  Webhooks: 'Subscriptions that deliver events to a URL, signed (Standard Webhooks), with their deliveries.',
  Problems: 'What each error code means: the `type` URI of a problem body.',
  Service: 'The service\'s own state: whether it and its database answer.',
};


/** The description's `tags`: every tag its operations use, in order of first use, with its description. */
export function declareTags(document: Json): Json {
  const used = new Set<string>();
  for (const [, item] of jsonEntries(document.paths)) {
    for (const [, operation] of jsonEntries(item)) for (const tag of Array.isArray(operation.tags) ? operation.tags : []) if (typeof tag === 'string') used.add(tag);
  }
  document.tags = [...used].map((name) => (TAG_DESCRIPTIONS[name] ? { name, description: TAG_DESCRIPTIONS[name] } : { name }));
  return document;
}
