// The caller's address inside oidc-provider (its grants, our Koa middleware) is the one the login
// server's Fastify found (`request.ip`: the proxy settings decide it there, once), not Koa's own.
import type { IncomingMessage } from 'node:http';
import type { FastifyRequest } from 'fastify';

const addresses = new WeakMap<IncomingMessage, string>();

/** Called by the Fastify route that hands the raw request to oidc-provider. */
export function rememberAddress(request: FastifyRequest): void {
  addresses.set(request.raw, request.ip);
}

export function addressOf(req: IncomingMessage): string {
  return addresses.get(req) ?? req.socket.remoteAddress ?? 'unknown';
}
