// @staffing-operations/client: the typed client of the staffing operations API (README.md).
export { createStaffingClient, type StaffingClient, type StaffingClientOptions } from './client.js';
export type { Auth, ServiceCredentials } from './auth.js';
export type { RetryOptions } from './retry.js';
export { paginate, type Page, type PageWindow, type PaginateOptions } from './paging.js';
export { changes, type ChangesOptions, type StaffingEvent } from './feed.js';
export { verifyWebhook, WebhookVerificationError, type DeliveryHeaders } from './webhooks.js';
export { StaffingApiError, StaffingAuthError, unwrap, ensureOk, type Answer } from './errors.js';
export { etagOf, ifMatch } from './conditional.js';
export type { paths, components, operations } from './openapi.js';
