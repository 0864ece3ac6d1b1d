// The three ways the API takes a credential (docs/authentication.md): a personal access token in
// `x-tw-token`, HTTP Basic with the account's SID and auth token, and a bearer token a service gets
// from the login server (`grant_type=tw_vendor_service_credentials`). The service's token is fetched
// when first needed, shared by every call, renewed shortly before it expires, and renewed once more
// when the API answers 401 all the same (a token revoked, a signing key rotated, a clock that drifts).
import { StaffingAuthError } from './errors.js';

export interface ServiceCredentials {
  /** The login server (`{auth_url}`): the token endpoint is `<authUrl>/connect/token`. */
  authUrl: string;
  clientId: string;
  clientSecret: string;
  /** `tenant:<tenant name> pid:<product instance id>` */
  acrValues: string;
  /** Renew the token this many seconds before it expires (default 60). */
  renewBeforeSeconds?: number;
}

export type Auth =
  /** The `<TOKEN>` of a personal access token: Base64 of `SID:SECRET`, as shown when it was made. */
  | { personalAccessToken: string }
  /** The account's master keys (HTTP Basic). */
  | { basic: { accountSid: string; authToken: string } }
  /** OAuth 2.0: the service grant of the login server. */
  | { service: ServiceCredentials };

/** Puts a credential on requests. */
export interface Authenticator {
  /** Sets the request's credential; answers the value set (what `rejected` is told). */
  apply(headers: Headers): Promise<string>;
  /** The API answered 401 to `credential`: true when sending again with a new one can help. */
  rejected(credential: string): boolean;
}

type Send = (request: Request) => Promise<Response>;

export function authenticator(auth: Auth, send: Send, clock: () => number): Authenticator {
  if ('personalAccessToken' in auth) return fixed('x-tw-token', auth.personalAccessToken);
  if ('basic' in auth) return fixed('authorization', `Basic ${btoa(`${auth.basic.accountSid}:${auth.basic.authToken}`)}`);
  return new ServiceToken(auth.service, send, clock);
}

/** A credential that does not change: a 401 means it is wrong, and asking again will not help. */
function fixed(header: string, value: string): Authenticator {
  return {
    apply: async (headers) => { headers.set(header, value); return value; },
    rejected: () => false,
  };
}

interface Held { token: string; expiresAt: number }

class ServiceToken implements Authenticator {
  #held: Held | undefined;
  #pending: Promise<Held> | undefined;

  constructor(private readonly credentials: ServiceCredentials, private readonly send: Send, private readonly clock: () => number) {}

  async apply(headers: Headers): Promise<string> {
    const value = `Bearer ${await this.token()}`;
    headers.set('authorization', value);
    return value;
  }

  rejected(credential: string): boolean {
    // Only the token that was refused is dropped: another call may have renewed it meanwhile.
    if (this.#held && credential === `Bearer ${this.#held.token}`) this.#held = undefined;
    return true;
  }

  private async token(): Promise<string> {
    const margin = (this.credentials.renewBeforeSeconds ?? 60) * 1000;
    if (this.#held && this.clock() < this.#held.expiresAt - margin) return this.#held.token;
    // One request to the login server however many calls are waiting for a token.
    this.#pending ??= this.request().finally(() => { this.#pending = undefined; });
    this.#held = await this.#pending;
    return this.#held.token;
  }

  private async request(): Promise<Held> {
    const { authUrl, clientId, clientSecret, acrValues } = this.credentials;
    const asked = this.clock();
    const response = await this.send(new Request(`${authUrl.replace(/\/+$/, '')}/connect/token`, {
      method: 'POST',
      headers: { accept: 'application/json' },
      body: new URLSearchParams({ grant_type: 'tw_vendor_service_credentials', client_id: clientId, client_secret: clientSecret, acr_values: acrValues }),
    }));
    const body: unknown = await response.json().catch(() => undefined);
    if (!response.ok || !isTokenResponse(body)) throw new StaffingAuthError(response.status, body);
    // Counted from when it was asked for: the token's life may have begun before the answer arrived.
    return { token: body.access_token, expiresAt: asked + body.expires_in * 1000 };
  }
}

function isTokenResponse(body: unknown): body is { access_token: string; expires_in: number } {
  return typeof body === 'object' && body !== null
    && 'access_token' in body && typeof body.access_token === 'string'
    && 'expires_in' in body && typeof body.expires_in === 'number';
}
