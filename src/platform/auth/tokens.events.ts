// The events of personal access tokens (issue 27): an integration hears that a token was issued to a
// rep or revoked, as it hears any other change of the tenant. Events carry no values: never the
// secret, nor the SID (half of the token), only the credential's id.
import { eventOf, type EventKind, type EventType } from '../events/event-type.ts';

/**
 * A token has no node of its own: its events sit at its rep's node. No API route reads or writes
 * tokens (the admin pages and `staffing token` do); `webuser-write` is the catalogue's scope that
 * manages credentials (the web users' logins), so a token that may manage logins hears of them.
 * Their location is the admin pages' list (no page is a token's alone).
 */
const tokens: EventKind = {
  stem: 'personalAccessToken', recordType: 'PersonalAccessToken', path: '/admin/tokens', readScopes: ['webuser-write'],
  source: { node: '(select s.hier_id from service_reps s where s.tenant_id = r.tenant_id and s.id = r.service_rep_id)', location: `'/admin/tokens'` },
};

export const TOKEN_CREATED = eventOf(tokens, 'created', 'a personal access token was issued to a rep (the admin pages\' tokens); read by `webuser-write`, the scope that manages credentials (no API route reads tokens)', 'none');

export const TOKEN_REVOKED = eventOf(tokens, 'revoked', 'a personal access token was revoked (the admin pages\' tokens): it works no more; read by `webuser-write`, as its creation', 'none');

export const TOKEN_EVENT_TYPES: readonly EventType[] = [TOKEN_CREATED, TOKEN_REVOKED];
