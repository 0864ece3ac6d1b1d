// Declared access, enforced by one hook. Each route states in its options who may call it:
//   config: { access: { roles: ['ServiceRep', 'Service'], scopes: ['datalist-read'] } }
// (scopes: any one of them suffices) or `access: 'public'`. A route without a declaration does not
// start. The hook authenticates, checks role and scope, spends a point of the credential's quota
// (answering RateLimit-Policy and RateLimit: decision 0046), limits simultaneous requests per
// credential and attaches `request.principal` and `request.scope`.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Database } from '../db/database.ts';
import { DataScope } from '../scope.ts';
import { AppError } from '../http/errors.ts';
import { presentedCredential } from './credentials.ts';
import { hasScope, type Principal, type Role } from './principal.ts';
import type { CredentialVerifier } from './verifier.ts';
import type { BearerVerifier } from './bearer.ts';
import { QUOTA_POLICY, quotaHeaders, type Quotas } from '../rate-limit/quota.ts';
import { retryAfter } from '../rate-limit/rate-limit.ts';

export interface Access { roles: readonly Role[]; scopes: readonly string[] }

declare module 'fastify' {
  interface FastifyContextConfig { access?: Access | 'public' }
  interface FastifyRequest { principal: Principal; scope: DataScope }
}

const CHALLENGE = { 'www-authenticate': 'Basic realm="staffing", charset="UTF-8", Bearer realm="staffing"' };

function unauthenticated(detail: string): AppError {
  return new AppError('UNAUTHENTICATED', detail, undefined, CHALLENGE);
}

/** RFC 6750: a refused bearer token is answered with its own challenge. */
function invalidToken(detail: string): AppError {
  const description = detail.replace(/["\\]/g, '');
  return new AppError('UNAUTHENTICATED', detail, undefined, { 'www-authenticate': `Bearer realm="staffing", error="invalid_token", error_description="${description}"` });
}

export interface AccessOptions {
  database: Database;
  verifier: CredentialVerifier;
  /** Bearer tokens of the login server (docs/authentication.md). */
  bearer: BearerVerifier;
  maxInFlightPerCredential: number;
  /** Requests a minute per credential, shared by every process (decision 0046). */
  quotas: Quotas;
}

export function registerAccess(app: FastifyInstance, options: AccessOptions) {
  const inFlight = new Map<string, number>();

  app.addHook('onRoute', (route) => {
    route.config ??= {};
    if (route.config.access) return;
    // Plugin routes of the documentation page are public like the description itself.
    if (/^\/swagger(\/|$)/i.test(route.url)) route.config.access = 'public';
    else throw new Error(`Route ${route.method} ${route.url} declares no access (config.access).`);
  });

  async function authenticate(request: FastifyRequest): Promise<Principal> {
    const presented = presentedCredential(request.headers, request.query);
    switch (presented.kind) {
      case 'none': throw unauthenticated('Credentials are required: Bearer, Basic, x-tw-token or tw-token.');
      case 'malformed': throw unauthenticated(presented.detail);
      case 'bearer': {
        const result = await options.bearer.verify(presented.token);
        if (!result.ok) throw invalidToken(result.detail);
        return result.principal;
      }
      case 'pair': {
        const result = await options.verifier.verify(presented.sid, presented.secret);
        if (!result.ok) throw unauthenticated(result.detail);
        return result.principal;
      }
    }
  }

  app.addHook('onRequest', async (request, reply) => {
    const access = request.routeOptions.config.access;
    if (access === undefined || access === 'public') return;
    const principal = await authenticate(request);
    if (!access.roles.includes(principal.role)) {
      throw new AppError('ROLE_NOT_ALLOWED', `The ${principal.role} role may not call this endpoint.`);
    }
    if (access.scopes.length > 0 && !access.scopes.some((s) => hasScope(principal, s))) {
      throw new AppError('SCOPE_MISSING', `This endpoint requires the scope ${access.scopes.join(' or ')}.`);
    }
    const key = principal.credentialKey;
    const quota = await options.quotas.spend(key, principal.tenantId);
    reply.headers(quotaHeaders(quota));
    if (!quota.allowed) {
      throw new AppError('RATE_LIMITED', `This credential's quota of ${quota.limit} requests a minute is spent.`, undefined,
        { 'retry-after': retryAfter(quota) }, { 'violated-policies': [QUOTA_POLICY] });
    }
    const count = (inFlight.get(key) ?? 0) + 1;
    if (count > options.maxInFlightPerCredential) {
      throw new AppError('TOO_MANY_REQUESTS', `At most ${options.maxInFlightPerCredential} simultaneous requests per credential.`, undefined, { 'retry-after': '1' });
    }
    inFlight.set(key, count);
    // 'close' fires once whether the response finished or the client went away.
    reply.raw.once('close', () => {
      const left = (inFlight.get(key) ?? 1) - 1;
      if (left <= 0) inFlight.delete(key);
      else inFlight.set(key, left);
    });
    request.principal = principal;
    request.scope = new DataScope(options.database.db, principal, undefined, { requestId: request.id });
  });
}
