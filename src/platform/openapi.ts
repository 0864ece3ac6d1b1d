// The OpenAPI 3.1 description, generated from the route schemas, served at
// /swagger/v1/swagger.json (labelled `v 1`, as the spec says), with an interactive page at /swagger.
import type { FastifyInstance } from 'fastify';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';

export const OPENAPI_PATH = '/swagger/v1/swagger.json';

export async function registerOpenApi(app: FastifyInstance, baseUrl: string) {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Staffing Operations API',
        version: 'v 1',
        description: 'Records and operations of a staffing agency. Every request is authenticated (see security schemes); '
          + 'errors are application/problem+json; lists are paged as {data, totalCount}.',
      },
      servers: [{ url: baseUrl }],
      components: {
        securitySchemes: {
          basic: { type: 'http', scheme: 'basic', description: 'Username <ACCOUNT_SID>, password <AUTH_TOKEN>.' },
          twToken: { type: 'apiKey', in: 'header', name: 'x-tw-token', description: '<TOKEN>: Base64 of <ACCOUNT_SID>:<AUTH_TOKEN>.' },
          twTokenQuery: { type: 'apiKey', in: 'query', name: 'tw-token', description: 'Same as x-tw-token. Not recommended: query strings leak into logs.' },
        },
      },
      security: [{ basic: [] }, { twToken: [] }, { twTokenQuery: [] }],
    },
  });
  await app.register(swaggerUi, { routePrefix: '/swagger', uiConfig: { url: OPENAPI_PATH }, staticCSP: true });
  app.get(OPENAPI_PATH, { config: { access: 'public' }, schema: { hide: true } }, async () => app.swagger());
}
