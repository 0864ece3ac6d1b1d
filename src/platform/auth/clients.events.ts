// The events of the tenant's OAuth clients (issue 27): an integration hears that a client was
// registered or revoked, as it hears any other change of the tenant. Events carry no values: never
// a secret.
import { eventOf, type EventKind, type EventType } from '../events/event-type.ts';

/**
 * A client's id is text (`client_id`) and the event log's record ids are numbers: the record is the
 * tenant's clients, located at their list, its id the tenant's top hierarchy node (only reps at the
 * top register or revoke clients), as the assignment restriction rules'. No API route reads or writes
 * clients (the admin pages and `staffing client` do); `webuser-write` is the catalogue's scope that
 * manages credentials (the web users' logins), as for personal access tokens.
 */
const clients: EventKind = {
  stem: 'oauthClient', recordType: 'OAuthClients', path: '/admin/clients', readScopes: ['webuser-write'],
  source: { node: 'r.id', location: `'/admin/clients'` },
};

export const CLIENT_CREATED = eventOf(clients, 'created', 'an OAuth client was registered for the tenant (the admin pages\' clients); the record is the tenant\'s clients (`/admin/clients`, id: the top hierarchy node\'s); read by `webuser-write`, the scope that manages credentials', 'none');

export const CLIENT_REVOKED = eventOf(clients, 'revoked', 'an OAuth client of the tenant was revoked (the admin pages\' clients): it gets no token more; recorded as its registration', 'none');

export const CLIENT_EVENT_TYPES: readonly EventType[] = [CLIENT_CREATED, CLIENT_REVOKED];
