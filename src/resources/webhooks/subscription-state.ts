// Whether a webhook subscription may deliver, derived at each read from what it is bound to (never
// stored: nothing to keep in step with revocations, expiries or deletions made by any process): its
// rep must be active and its credential alive. Used by the delivery loop (fan-out and every claim)
// and by the subscription routes (`status`, `disabledReason`), so what GET shows is what delivery does.
import { sql, type SQL } from 'drizzle-orm';

/** Why a subscription does not deliver; re-enabling it (`POST /Webhooks/{id}/Enable`) binds it to a live credential. */
export const DISABLED_REASONS = ['CredentialRevoked', 'CredentialExpired', 'ClientRevoked', 'CredentialUnknown', 'ServiceRepInactive'] as const;
export type DisabledReason = (typeof DISABLED_REASONS)[number];

export const CREDENTIAL_KINDS = ['AccountKey', 'PersonalAccessToken', 'OAuthClient'] as const;

/** A subscription's state: what GET /Webhooks shows of it. Dates as PostgreSQL writes them in JSON. */
export interface SubscriptionState {
  disabledReason: DisabledReason | null;
  disabledAt: string | null;
  credential: { kind: (typeof CREDENTIAL_KINDS)[number]; id: string; name: string; expiresAt: string | null } | null;
}

/**
 * The one rule, over `r` (the rep), `c` (the API token) and `o` (the OAuth client): null while the
 * subscription may deliver. The credential's end comes first (it is for good; a rep may be made
 * active again). An access token's expiry is no reason: a bearer's subscription is bound to its client.
 */
const REASON = `coalesce(case
    when c.id is not null then case when c.revoked_at is not null then 'CredentialRevoked' when c.expires_at <= now() then 'CredentialExpired' end
    when o.client_id is not null then case when o.revoked_at is not null then 'ClientRevoked' end
    else 'CredentialUnknown' end,
  case when not r.is_active then 'ServiceRepInactive' end)`;

/**
 * What the subscription aliased `s` is bound to, and `x.reason`: its rep `r`, its API token `c`, its
 * OAuth client `o` (of its tenant: a client id names one tenant's client).
 */
const bound = (s: string) => `
  from service_reps r
  left join api_credentials c on c.tenant_id = ${s}.tenant_id and c.id = ${s}.credential_id
  left join oauth_clients o on o.tenant_id = ${s}.tenant_id and o.client_id = ${s}.client_id
  cross join lateral (select ${REASON} as reason) x
 where r.tenant_id = ${s}.tenant_id and r.id = ${s}.service_rep_id`;

/** Why the subscription aliased `s` may not deliver now, or null when it may (a condition: `${disabledReason('s')} is null`). */
export const disabledReason = (s: string): SQL => sql.raw(`(select x.reason ${bound(s)})`);

/** The state of the subscription aliased `s` as one JSON value (SubscriptionState). */
export const subscriptionState = (s: string): SQL => sql.raw(`(select json_build_object(
    'disabledReason', x.reason,
    'disabledAt', case x.reason when 'CredentialRevoked' then c.revoked_at when 'CredentialExpired' then c.expires_at when 'ClientRevoked' then o.revoked_at end,
    'credential', case
      when c.id is not null then json_build_object('kind', case c.kind when 'account' then 'AccountKey' else 'PersonalAccessToken' end, 'id', c.sid, 'name', c.name, 'expiresAt', c.expires_at)
      when o.client_id is not null then json_build_object('kind', 'OAuthClient', 'id', o.client_id, 'name', o.name, 'expiresAt', null) end)
  ${bound(s)})`);
