// The OpenAPI 3.1 description, generated from the route schemas, served at
// /swagger/v1/swagger.json (labelled `v 1`, as the spec says), with an interactive page at /swagger.
// Client generators read it (packages/client, the SDK): every operation has a unique operationId, checked
// when the app gets ready, and request and response schemas are components named after their `$id`.
// Versioning (VER-03, decision 0030): v 1 changes only by adding; `deprecated: true` on an operation
// or a response field marks it in the description and makes its answers carry `Deprecation` (RFC 9745).
import { isDeepStrictEqual } from 'node:util';
import type { FastifyInstance, FastifySchema, onSendHookHandler } from 'fastify';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { TSchema } from 'typebox';
import { ALL_SCOPES } from './auth/scopes.ts';
import type { ErrorCode } from './http/errors.ts';
import { completeOperations, type RouteFacts } from './openapi-contract.ts';
import { addExamples } from './openapi-examples.ts';
import { declareTags } from './openapi-tags.ts';
import { isJson, jsonAt, jsonEntries, jsonList, jsonOf, type Json } from './json-object.ts';

export const OPENAPI_PATH = '/swagger/v1/swagger.json';

declare module 'fastify' {
  interface FastifySchema {
    /** The body as the API description shows it, where validation takes a looser one (a record's PATCH document: see json-patch/patch.ts). */
    documentedBody?: TSchema;
    /** Domain codes the route can answer beyond those its shape implies (a body: 400; an id: 404; ...): documented with their status (openapi-contract.ts). */
    errorCodes?: readonly ErrorCode[];
  }
  interface FastifyContextConfig {
    /** When the route's deprecated operation or response fields were deprecated: the `Deprecation` header's date. */
    deprecatedSince?: Date;
  }
}

/** One operation of the description: `GET` and the path as the description spells it (`/batchjobs/{id}`). */
export interface Operation { method: string; path: string; operationId?: string }

const OPERATION_ID = /^[a-z][A-Za-z0-9]*$/;

/** What is wrong with the operationIds: missing, not camelCase, or used twice. */
export function operationIdProblems(operations: Operation[]): string[] {
  const problems: string[] = [];
  const seen = new Map<string, string>();
  for (const { method, path, operationId } of operations) {
    const where = `${method.toUpperCase()} ${path}`;
    if (operationId === undefined) {
      problems.push(`${where} has no operationId`);
      continue;
    }
    if (!OPERATION_ID.test(operationId)) problems.push(`${where}: operationId "${operationId}" is not camelCase`);
    const other = seen.get(operationId);
    if (other) problems.push(`${where}: operationId "${operationId}" is also the one of ${other}`);
    else seen.set(operationId, where);
  }
  return problems;
}

/** The operations a description lists. */
export function operationsOf(document: Json): Operation[] {
  return jsonEntries(document.paths).flatMap(([path, item]) => jsonEntries(item)
    .map(([method, operation]) => ({ method, path, operationId: typeof operation.operationId === 'string' ? operation.operationId : undefined })));
}

/** The `$ref`s of a document that point to nothing in it (every reference is local). */
export function danglingRefs(document: unknown): string[] {
  const resolves = (ref: string) => {
    if (!ref.startsWith('#/')) return false;
    let node: unknown = document;
    for (const token of ref.slice(2).split('/').map((t) => decodeURIComponent(t).replace(/~1/g, '/').replace(/~0/g, '~'))) {
      if (Array.isArray(node) && Object.hasOwn(node, token)) node = node[Number(token)];
      else if (isJson(node) && Object.hasOwn(node, token)) node = node[token];
      else return false;
    }
    return true;
  };
  const dangling = new Set<string>();
  const walk = (node: unknown) => {
    if (Array.isArray(node)) return node.forEach(walk);
    if (!isJson(node)) return;
    const ref = node.$ref;
    if (typeof ref === 'string' && !resolves(ref)) dangling.add(ref);
    Object.values(node).forEach(walk);
  };
  walk(document);
  return [...dangling];
}

/** Where a schema or description says `deprecated: true`, as dotted paths (`components.schemas.X.properties.y`). */
export function deprecatedPaths(node: unknown, path: string[] = []): string[] {
  if (!node || typeof node !== 'object') return [];
  const here = isJson(node) && node.deprecated === true ? [path.join('.')] : [];
  return [...here, ...Object.entries(node).flatMap(([key, child]) => deprecatedPaths(child, [...path, key]))];
}

/**
 * Answers of a route with a deprecated operation or response field say so at run time, for clients
 * that never read the description: RFC 9745's `Deprecation` (the date it took effect) and a `Link`
 * to the description, which names what is deprecated and what replaces it. Errors carry no such field.
 */
function deprecationHook(since: Date, descriptionUrl: string): onSendHookHandler {
  const deprecation = `@${Math.floor(since.getTime() / 1000)}`, link = `<${descriptionUrl}>; rel="deprecation"; type="application/json"`;
  return async (_request, reply, payload) => {
    if (reply.statusCode >= 400) return payload;
    // Beside a list's page links, not instead of them.
    const pages = reply.getHeader('link');
    reply.headers({ deprecation, link: typeof pages === 'string' ? `${pages}, ${link}` : link });
    return payload;
  };
}

/** Fastify's `/batchjobs/:id` as the description spells it. */
const documentPath = (url: string) => url.replace(/:([A-Za-z0-9_]+)/g, '{$1}');

/**
 * The component name of a request or response schema: its `$id`; a page (`{data, totalCount}`) of
 * named items without one of its own is `<item>Page`.
 */
function schemaName(schema: unknown): string | undefined {
  const s = jsonOf(schema);
  if (typeof s?.$id === 'string' && /^[A-Za-z][A-Za-z0-9]*$/.test(s.$id)) return s.$id;
  const properties = jsonOf(s?.properties);
  const item = jsonOf(jsonOf(properties?.data)?.items)?.$id;
  return properties?.totalCount && typeof item === 'string' ? `${item}Page` : undefined;
}

/**
 * A query parameter with a default is one the caller may leave out (the server fills it in), but
 * TypeBox lists every non-optional property as required: without this a generated client would have
 * to send `skip` and `take` on every list call.
 */
function optionalWhenDefaulted(document: Json): Json {
  for (const [, item] of jsonEntries(document.paths)) {
    for (const [, operation] of jsonEntries(item)) {
      for (const parameter of jsonList(operation.parameters)) {
        const schema = jsonOf(parameter.schema);
        if (parameter.in !== 'path' && parameter.required === true && schema && Object.hasOwn(schema, 'default')) parameter.required = false;
      }
    }
  }
  return document;
}

/**
 * Request bodies and responses become components, named after their schema's `$id` (each negotiated
 * media type repeated the schema: the description stays a fraction of the size). A response of
 * several media types whose schema has no `$id` is named after its route (`GET_Employees_200`).
 * One name for two different schemas is an error, not a silent overwrite.
 */
function nameSchemas(document: Json, routeSchemas: Map<string, FastifySchema>): Json {
  const schemas = jsonAt(jsonAt(document, 'components'), 'schemas');
  // The route schema's own examples (a record's, openapi-examples.ts): @fastify/swagger keeps them
  // on neither a body's nor an answer's schema, so they are put back on the component.
  const withoutExamples = (schema: unknown) => (schema && typeof schema === 'object' ? { ...schema, examples: undefined } : schema);
  const share = (content: Json, name: string, where: string, route: unknown) => {
    const types = Object.keys(content);
    const first = jsonOf(jsonOf(content[types[0]!])?.schema);
    if (!first) return;
    let ref = first;
    if (typeof first.$ref !== 'string') {
      if (Object.hasOwn(schemas, name) && !isDeepStrictEqual(withoutExamples(schemas[name]), withoutExamples(first))) {
        throw new Error(`OpenAPI: two different schemas are named ${name} (one of them at ${where}); give one another $id`);
      }
      const examples = jsonOf(route)?.examples;
      schemas[name] = Array.isArray(examples) && !Array.isArray(first.examples) ? { ...first, examples } : (schemas[name] ?? first);
      ref = { $ref: `#/components/schemas/${name}` };
    }
    for (const type of types) content[type] = { ...jsonOf(content[type]), schema: ref };
  };
  for (const [path, item] of jsonEntries(document.paths)) {
    for (const [method, operation] of jsonEntries(item)) {
      const route = routeSchemas.get(`${method.toUpperCase()} ${path}`);
      const where = `${method.toUpperCase()} ${path}`;
      const body = jsonOf(jsonOf(operation.requestBody)?.content);
      const bodySchema = route?.documentedBody ?? route?.body;
      const bodyName = schemaName(bodySchema);
      if (body && bodyName) share(body, bodyName, where, bodySchema);
      for (const [status, response] of jsonEntries(operation.responses)) {
        const content = jsonOf(response.content);
        if (!content) continue;
        const schema = jsonOf(route?.response)?.[status];
        // A response that declares its media types one by one has a schema of each's own: nothing to share.
        if (schema && typeof schema === 'object' && 'content' in schema) continue;
        const name = schemaName(schema)
          ?? (Object.keys(content).length > 1 ? `${where} ${status}`.replace(/[^A-Za-z0-9]+/g, '_').replace(/^_|_$/g, '') : undefined);
        if (name) share(content, name, `${where} ${status}`, schema);
      }
    }
  }
  const dangling = danglingRefs(document);
  if (dangling.length) throw new Error(`OpenAPI: references to nothing: ${dangling.join(', ')}`);
  return document;
}

/** `employee-read` → "GET endpoints of employee records". */
function scopeDescription(scope: string): string {
  const [record, kind] = scope.split(/-(?=read$|write$)/);
  if (kind === 'read') return `GET endpoints of ${record}`;
  if (kind === 'write') return `POST, PUT, PATCH and DELETE endpoints of ${record}`;
  return scope;
}

const CHARSET = '<meta charset="UTF-8">';

/**
 * swagger-ui's page has no viewport tag (phones get a shrunken desktop page) and @fastify/swagger-ui
 * has no option for one: it is added after the charset of the page's HTML.
 */
const withViewport: onSendHookHandler = async (_request, reply, payload) => {
  if (typeof payload !== 'string' || !String(reply.getHeader('content-type')).startsWith('text/html') || !payload.includes(CHARSET)) return payload;
  return payload.replace(CHARSET, `${CHARSET}\n      <meta name="viewport" content="width=device-width, initial-scale=1">`);
};

export interface OpenApiOptions {
  /** The login server ({auth_url}): the oauth2 scheme's token and authorization endpoints. */
  authUrl: string;
  /** A public client (code flow with PKCE, redirect to /swagger/static/oauth2-redirect.html) the reference page signs in with. */
  referenceClientId?: string;
}

export async function registerOpenApi(app: FastifyInstance, baseUrl: string, options: OpenApiOptions) {
  // The documented routes (as @fastify/swagger documents them: no HEAD twins, no hidden routes).
  const routeSchemas = new Map<string, FastifySchema>();
  const routeFacts = new Map<string, RouteFacts>();
  const operations: Operation[] = [];
  app.addHook('onRoute', (route) => {
    if (route.schema?.hide) return;
    const deprecated = [...(route.schema?.deprecated ? ['the operation'] : []), ...deprecatedPaths(route.schema?.response, ['response'])];
    const since = route.config?.deprecatedSince;
    if (deprecated.length && !since) throw new Error(`${route.url}: ${deprecated.join(', ')} deprecated: give config.deprecatedSince, the date the Deprecation header carries`);
    if (since && !deprecated.length) throw new Error(`${route.url}: config.deprecatedSince, but neither the operation nor a response field is deprecated`);
    if (since) route.onSend = [...[route.onSend ?? []].flat(), deprecationHook(since, `${baseUrl}${OPENAPI_PATH}`)];
    for (const method of [route.method].flat()) {
      if (method === 'HEAD') continue;
      const path = documentPath(route.url);
      routeSchemas.set(`${method} ${path}`, route.schema ?? {});
      routeFacts.set(`${method} ${path}`, { isPublic: route.config?.access === 'public', errorCodes: route.schema?.errorCodes ?? [] });
      operations.push({ method, path, operationId: route.schema?.operationId });
    }
  });
  app.addHook('onReady', async () => {
    const problems = operationIdProblems(operations);
    if (problems.length) throw new Error(`OpenAPI: every documented route needs its own camelCase operationId:\n${problems.join('\n')}`);
  });

  await app.register(swagger, {
    // A route may document its body more precisely than it validates it (a record's PATCH document).
    transform: ({ schema, url }) => ({ schema: schema?.documentedBody ? { ...schema, body: schema.documentedBody, documentedBody: undefined } : schema, url }),
    refResolver: { buildLocalReference: (json, _baseUri, _fragment, i) => (typeof json.$id === 'string' ? json.$id : `def-${i}`) },
    // Each step changes the document in place: defaulted parameters optional, schemas named, then
    // what every operation promises (headers, error statuses, retries: openapi-contract.ts) and examples.
    transformObject: (documentObject) => {
      if (!('openapiObject' in documentObject)) return documentObject.swaggerObject;
      const document = nameSchemas(optionalWhenDefaulted(documentObject.openapiObject), routeSchemas);
      declareTags(addExamples(completeOperations(document, (method, path) => routeFacts.get(`${method} ${path}`))));
      return documentObject.openapiObject;
    },
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Staffing Operations API',
        version: 'v 1',
        description: 'Records and operations of a staffing agency. Every request is authenticated (see security schemes); '
          + 'errors are application/problem+json; lists are paged as {data, totalCount}. '
          + 'Version v 1 changes only by adding (operations, optional inputs, response fields: ignore fields you do not know); '
          + 'nothing is removed or retyped. Deprecated operations and fields are marked deprecated, still work and are still sent, '
          + 'and their answers carry a Deprecation header (RFC 9745) with a Link rel="deprecation" to this description.',
      },
      servers: [{ url: baseUrl }],
      components: {
        securitySchemes: {
          basic: { type: 'http', scheme: 'basic', description: 'Username <ACCOUNT_SID>, password <AUTH_TOKEN>.' },
          twToken: { type: 'apiKey', in: 'header', name: 'x-tw-token', description: '<TOKEN>: Base64 of <ACCOUNT_SID>:<AUTH_TOKEN>.' },
          twTokenQuery: { type: 'apiKey', in: 'query', name: 'tw-token', description: 'Same as x-tw-token. Not recommended: query strings leak into logs.' },
          oauth2: {
            type: 'oauth2',
            description: 'Bearer tokens of the login server (docs/authentication.md). Services use grant_type=tw_vendor_service_credentials '
              + 'and web users grant_type=tw_vendor_webuser at the token URL, with acr_values "tenant:<tenant_name> pid:<product_instance_id>"; '
              + 'service reps sign in with the authorization code flow (PKCE).',
            flows: {
              authorizationCode: {
                authorizationUrl: `${options.authUrl}/connect/authorize`,
                tokenUrl: `${options.authUrl}/connect/token`,
                refreshUrl: `${options.authUrl}/connect/token`,
                scopes: Object.fromEntries(ALL_SCOPES.map((scope) => [scope, scopeDescription(scope)])),
              },
            },
          },
        },
      },
      security: [{ oauth2: [] }, { basic: [] }, { twToken: [] }, { twTokenQuery: [] }],
    },
  });
  // In a context of its own: the viewport hook touches the page's routes only.
  await app.register(async (page) => {
    page.addHook('onSend', withViewport);
    await page.register(swaggerUi, {
      routePrefix: '/swagger', uiConfig: { url: OPENAPI_PATH }, staticCSP: true,
      // The Authorize button exchanges its code at the login server: the page may connect there.
      transformStaticCSP: (header) => header.replace("default-src 'self';", `default-src 'self'; connect-src 'self' ${new URL(options.authUrl).origin};`),
      // No scope is ticked by default: the login server then grants the client's scopes (decision 0016).
      initOAuth: options.referenceClientId ? { clientId: options.referenceClientId, usePkceWithAuthorizationCodeGrant: true } : {},
    });
  });
  app.get(OPENAPI_PATH, { config: { access: 'public' }, schema: { hide: true } }, async () => app.swagger());
}
