// Failed client authentication at the OAuth endpoints (token, introspection, revocation: each checks
// a client_secret), counted in the shared rate limits (decision 0034) per client_id and per client
// address. A held address is refused before oidc-provider reads the request; a held client as soon as
// oidc-provider knows which client it is, before its secret is compared, whatever the secret. Both
// answer 429 `slow_down` with Retry-After (the OAuth error shape the endpoints' clients read).
import type { KoaContextWithOIDC } from 'oidc-provider';
import { Provider } from 'oidc-provider';
import { retryAfter, type Limits, type LimitState } from '../platform/rate-limit/rate-limit.ts';
import { oauthError } from './grants.ts';

const minutes = (state: LimitState) => Math.max(1, Math.ceil(state.resetSeconds / 60));

const isInvalidClient = (body: unknown) => typeof body === 'object' && body !== null && 'error' in body && body.error === 'invalid_client';

/** The limits cannot be read (the database is away): oidc-provider's own answer to its failures, logged as its are. */
function serverError(ctx: KoaContextWithOIDC, error: unknown): undefined {
  ctx.status = 500;
  ctx.body = { error: 'server_error', error_description: 'oops! something went wrong' };
  ctx.app.emit('server_error', ctx, error);
  return undefined;
}

export interface ClientAuthLimits {
  /** Koa middleware for `provider.use`: refuses a held address's POSTs, and counts every invalid_client answer. */
  middleware(ctx: KoaContextWithOIDC, next: () => Promise<unknown>): Promise<void>;
  /** Throws the 429 while `clientId` is held: called where oidc-provider is about to compare its secret. */
  checkClient(clientId: string): Promise<void>;
}

export function clientAuthLimits(limits: Limits): ClientAuthLimits {
  const { clientAuthByAddress: byAddress, clientAuthByClient: byClient } = limits;
  return {
    async middleware(ctx, next) {
      if (ctx.method !== 'POST') {
        await next();
        return;
      }
      const address = ctx.ip;
      const held = await byAddress.peek(address).catch((e: unknown) => serverError(ctx, e));
      if (!held) return;
      if (!held.allowed) {
        ctx.status = 429;
        ctx.set('retry-after', retryAfter(held));
        ctx.set('cache-control', 'no-store');
        ctx.body = { error: 'slow_down', error_description: `Too many failed client authentications from this address; try again in ${minutes(held)} minutes.` };
        return;
      }
      await next();
      if (ctx.status !== 401 || !isInvalidClient(ctx.body)) return;
      // A client that exists is counted too; unknown client_ids only against the address.
      const clientId = ctx.oidc?.client?.clientId;
      // A count that fails (the database went away) leaves the answer as it is: it is logged.
      await Promise.all([byAddress.consume(address), clientId === undefined ? undefined : byClient.consume(clientId)])
        .catch((e: unknown) => { ctx.app.emit('server_error', ctx, e); });
    },
    async checkClient(clientId) {
      const held = await byClient.peek(clientId);
      if (held.allowed) return;
      Provider.ctx?.set('retry-after', retryAfter(held));
      throw oauthError(429, 'slow_down', `Too many failed client authentications of this client; try again in ${minutes(held)} minutes.`);
    },
  };
}
