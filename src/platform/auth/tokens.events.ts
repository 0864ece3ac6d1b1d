// The events of personal access tokens (issue 27): an integration hears that a token was issued to a
// rep or revoked, as it hears any other change of the tenant. Events carry no values: never the
// secret, nor the SID (half of the token), only the credential's id.
import type { EventTemplate } from '../events/outbox.ts';
import type { EventType } from '../events/event-type.ts';

/**
 * A token has no node of its own: its events sit at its rep's node. No API route reads or writes
 * tokens (the admin pages and `staffing token` do); `webuser-write` is the catalogue's scope that
 * manages credentials (the web users' logins), so a token that may manage logins hears of them.
 * Their location is the admin pages' list (no page is a token's alone).
 */
const template = {
  recordType: 'PersonalAccessToken', path: '/admin/tokens', readScopes: ['webuser-write'],
  source: { node: '(select s.hier_id from service_reps s where s.tenant_id = r.tenant_id and s.id = r.service_rep_id)', location: `'/admin/tokens'` },
} as const;

export const TOKEN_CREATED: EventTemplate & EventType = {
  ...template, type: 'personalAccessToken.created',
  when: 'a personal access token was issued to a rep (the admin pages\' tokens); read by `webuser-write`, the scope that manages credentials (no API route reads tokens)',
  changedFields: 'none',
};

export const TOKEN_REVOKED: EventTemplate & EventType = {
  ...template, type: 'personalAccessToken.revoked',
  when: 'a personal access token was revoked (the admin pages\' tokens): it works no more; read by `webuser-write`, as its creation',
  changedFields: 'none',
};

export const TOKEN_EVENT_TYPES: readonly EventType[] = [TOKEN_CREATED, TOKEN_REVOKED];
