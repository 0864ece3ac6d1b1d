// Every route an app registers, for the tests that walk them all (the role walk, the bad-input
// sweep): not listed by hand. Fastify publishes every new instance on the diagnostics channel
// `fastify.initialization` before any plugin loads, so an `onRoute` hook added there sees each route
// the build registers, with its options.
import { subscribe, unsubscribe } from 'node:diagnostics_channel';
import type { FastifyInstance, RouteOptions } from 'fastify';

export interface RegisteredRoute { method: string; url: string; route: RouteOptions }

/**
 * Runs `build` and records the routes of every Fastify instance it creates. The options object each
 * onRoute hook receives is the one Fastify keeps: read after `ready`, it holds what later hooks added.
 */
export async function collectingRoutes<T>(build: () => Promise<T>): Promise<{ built: T; routesOf(app: FastifyInstance): RegisteredRoute[] }> {
  const seen = new Map<FastifyInstance, RouteOptions[]>();
  const collect = (message: unknown) => {
    if (!isInitialization(message)) return;
    const routes: RouteOptions[] = [];
    seen.set(message.fastify, routes);
    message.fastify.addHook('onRoute', (route) => { routes.push(route); });
  };
  subscribe('fastify.initialization', collect);
  const built = await build().finally(() => unsubscribe('fastify.initialization', collect));
  return { built, routesOf: (app) => oneRoutePerMethod(seen.get(app) ?? []) };
}

/** What Fastify publishes on `fastify.initialization`. */
function isInitialization(message: unknown): message is { fastify: FastifyInstance } {
  return typeof message === 'object' && message !== null && 'fastify' in message;
}

/** One entry per method, without HEAD twins and the documentation plugin's routes (/swagger). */
function oneRoutePerMethod(routes: RouteOptions[]): RegisteredRoute[] {
  return routes.flatMap((route) => [route.method].flat()
    .filter((method) => method !== 'HEAD' && !/^\/swagger(\/|$)/i.test(route.url))
    .map((method) => ({ method, url: route.url, route })));
}

/** `/Employees/:id/contactmethods/:contactMethodId` → `['id', 'contactMethodId']`. */
export function paramNames(url: string): string[] {
  return [...url.matchAll(/:([A-Za-z0-9_]+)/g)].map((m) => m[1]!);
}

const UUID = '00000000-0000-4000-8000-000000000000';

export const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

/** The JSON Schema of one property of an object schema (a route's params, querystring or body). */
export function propertySchema(schema: unknown, name: string): Record<string, unknown> | undefined {
  if (!isObject(schema) || !isObject(schema.properties)) return undefined;
  const property = schema.properties[name];
  return isObject(property) ? property : undefined;
}

/** A value for a path parameter that names no record (nothing real is changed): a UUID or an enum's first value where the schema wants one. */
export function paramValue(route: RouteOptions, name: string): string {
  const schema = propertySchema(route.schema?.params, name);
  if (Array.isArray(schema?.enum) && typeof schema.enum[0] === 'string') return schema.enum[0];
  if (schema?.format === 'uuid') return UUID;
  if (schema?.type === 'string') return 'none';
  return '999999';
}

/** The route's path with its parameters filled in: `given` values, else `paramValue`'s. */
export function pathOf({ url, route }: RegisteredRoute, given: Record<string, string> = {}): string {
  return url.replace(/:([A-Za-z0-9_]+)/g, (_, name: string) => given[name] ?? paramValue(route, name));
}
