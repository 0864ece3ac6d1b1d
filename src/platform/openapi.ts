// The OpenAPI 3.1 description, generated from the route schemas, served at
// /swagger/v1/swagger.json (labelled `v 1`, as the spec says), with an interactive page at /swagger.
import type { FastifyInstance } from 'fastify';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';

export const OPENAPI_PATH = '/swagger/v1/swagger.json';

type Json = Record<string, unknown>;

/**
 * Each negotiated media type repeats the response schema; keep it once, in components, and point
 * every media type at it (the description stays a fraction of the size).
 */
function shareResponseSchemas(document: Json): Json {
  const components = ((document.components ??= {}) as Json);
  const schemas = ((components.schemas ??= {}) as Json);
  for (const [path, item] of Object.entries((document.paths ?? {}) as Record<string, Json>)) {
    for (const [method, operation] of Object.entries(item)) {
      for (const [status, response] of Object.entries(((operation as Json).responses ?? {}) as Record<string, Json>)) {
        const content = response.content as Record<string, { schema?: Json }> | undefined;
        const types = content ? Object.keys(content) : [];
        if (!content || types.length < 2) continue;
        const name = `${method.toUpperCase()} ${path} ${status}`.replace(/[^A-Za-z0-9]+/g, '_').replace(/^_|_$/g, '');
        schemas[name] = content[types[0]!]!.schema;
        for (const type of types) content[type] = { schema: { $ref: `#/components/schemas/${name}` } };
      }
    }
  }
  return document;
}

export async function registerOpenApi(app: FastifyInstance, baseUrl: string) {
  await app.register(swagger, {
    refResolver: { buildLocalReference: (json, _baseUri, _fragment, i) => (typeof json.$id === 'string' ? json.$id : `def-${i}`) },
    transformObject: (documentObject) => shareResponseSchemas((documentObject as { openapiObject: Json }).openapiObject) as never,
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
