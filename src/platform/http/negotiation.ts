// Response negotiation, at the edge only: handlers return plain objects; this picks the media type
// from Accept before the handler runs (406 when none can be met) and renders the result after it.
// JSON goes through the route's response schema (fast-json-stringify); the rest through render.ts.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import Negotiator from 'negotiator';
import { AppError } from './errors.ts';
import { onlyFields, renderCsv, renderText, renderXlsx, renderXml, schemaColumns, type Columns, type PagedList } from './render.ts';
import { branches } from './schema-nodes.ts';
import { pageLinks } from './paging.ts';

/** What a route answers with: one record, a paged list, or something negotiation leaves alone. */
export type Representation = 'record' | 'list' | 'raw';

declare module 'fastify' {
  interface FastifyContextConfig {
    representation?: Representation;
    /** Element name of a record in XML and the sheet name in XLSX (`Country`, `Employee`, ...). */
    recordName?: string;
  }
  interface FastifyRequest {
    responseType: string;
    /** The fields a `fields=` query kept (with the id), set by the route: a list's CSV and XLSX columns are these (decision 0051). */
    chosenFields: ReadonlySet<string> | undefined;
  }
}

export const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const RECORD_TYPES = ['application/json', 'text/json', 'application/xml', 'text/xml', 'text/plain'];
const LIST_TYPES = [...RECORD_TYPES, 'text/csv', XLSX];

export function offeredTypes(representation: Representation): string[] {
  return representation === 'list' ? LIST_TYPES : RECORD_TYPES;
}

function choose(request: FastifyRequest, representation: Representation): string | undefined {
  const accept = request.headers.accept;
  if (!accept || accept === '*/*') return 'application/json';
  return new Negotiator({ headers: { accept } }).mediaType(offeredTypes(representation));
}

/** The columns of a paged list's items, from the route's 200 response schema (`{ data: [item], totalCount }`). */
function listColumns(response: unknown): Columns | undefined {
  const ok = response && typeof response === 'object' ? Object.getOwnPropertyDescriptor(response, '200')?.value : undefined;
  const items = branches(ok).map((page) => page.properties?.data?.items).find((item) => item !== undefined);
  return items === undefined ? undefined : schemaColumns(items);
}

export function registerNegotiation(app: FastifyInstance) {
  app.decorateRequest('responseType', 'application/json');
  app.decorateRequest('chosenFields', undefined);
  // CSV and XLSX columns, worked out once per list route: an empty page has its header row too (NEG-11).
  const columnsByRoute = new WeakMap<object, Columns>();
  app.addHook('onRoute', (route) => {
    const representation = route.config?.representation;
    if (route.schema && representation && representation !== 'raw') route.schema.produces = offeredTypes(representation);
    const columns = route.schema && representation === 'list' ? listColumns(route.schema.response) : undefined;
    if (route.schema && columns) columnsByRoute.set(route.schema, columns);
  });

  app.addHook('onRequest', async (request) => {
    const representation = request.routeOptions.config.representation ?? 'raw';
    if (representation === 'raw') return;
    const chosen = choose(request, representation);
    if (!chosen) {
      throw new AppError('NOT_ACCEPTABLE', `This endpoint answers ${offeredTypes(representation).join(', ')}.`);
    }
    request.responseType = chosen;
  });

  const columnsOf = (request: FastifyRequest) => {
    const schema = request.routeOptions.schema;
    const columns = schema ? columnsByRoute.get(schema) : undefined;
    return columns && request.chosenFields ? onlyFields(columns, request.chosenFields) : columns;
  };

  app.addHook('preSerialization', async (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
    const representation = request.routeOptions.config.representation ?? 'raw';
    if (representation === 'raw' || reply.statusCode >= 300 || payload === null || typeof payload !== 'object') return payload;
    const isList = representation === 'list';
    if (isList) {
      const { totalCount } = payload as PagedList;
      reply.header('x-total-count', String(totalCount));
      const links = pageLinks(request.url, request.query, totalCount);
      if (links) reply.header('link', links);
    }
    const name = request.routeOptions.config.recordName ?? 'Record';
    const type = request.responseType;
    reply.header('vary', 'Accept');
    switch (type) {
      case 'application/json':
      case 'text/json':
        reply.type(`${type}; charset=utf-8`);
        return payload;
      case 'application/xml':
      case 'text/xml':
        reply.type(`${type}; charset=utf-8`).serializer((p) => p as string);
        return renderXml(payload, isList, name);
      case 'text/plain':
        reply.type('text/plain; charset=utf-8').serializer((p) => p as string);
        return renderText(payload, isList);
      case 'text/csv':
        reply.type('text/csv; charset=utf-8').serializer((p) => p as string);
        return renderCsv(payload as PagedList, columnsOf(request));
      case XLSX:
        // The workbook is a Buffer: the serializer hands it on untouched, and Fastify sends a Buffer as is.
        reply.type(XLSX).serializer((workbook) => workbook);
        return renderXlsx(payload as PagedList, name, columnsOf(request));
      default:
        return payload;
    }
  });
}
