// The methods each path takes, from the route table: a mirror of the routes as they are added (one
// router with no handlers), asked with a concrete path. It tells a 405 from a 404 (problem.ts) and
// which methods a CORS preflight may announce (cors.ts).
import type { FastifyInstance } from 'fastify';
import FindMyWay from 'find-my-way';

const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;

/** The methods of the API's routes at a path (`/Employees/12`), in a fixed order; empty: no route. */
export type MethodsAt = (path: string) => string[];

/** Mirrors `app`'s routes from now on (register it before the routes). */
export function routeMethods(app: FastifyInstance): MethodsAt {
  const routes = FindMyWay({ caseSensitive: false, ignoreTrailingSlash: true });
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) {
      try { routes.on(method as 'GET', route.url, () => {}); } catch { /* HEAD twins and duplicates */ }
    }
  });
  return (path) => METHODS.filter((m) => routes.find(m, path));
}
