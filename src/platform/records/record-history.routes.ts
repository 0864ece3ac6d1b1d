// A record's history route, derived from its definition beside its other routes (record.routes.ts):
// `GET <path>/{id}/history`, the record's changes newest first, paged and negotiated as its list is,
// read with the record's read access and visible exactly when the record is (docs/history.md).
import type { FastifyInstance } from 'fastify';
import type { TInteger, TObject } from 'typebox';
import type { TypedRequests } from '../http/typed-requests.ts';
import type { Access } from '../auth/access.ts';
import type { DataScope } from '../scope.ts';
import { historyOf } from '../history/history-install.ts';
import { HistoryQuery, historyNames, historyPageOf, readHistory } from '../history/history.read.ts';
import type { RecordDefinition } from './record.ts';

export interface HistoryRouteOptions {
  /** The record's GET path (`/Employees/:id`). */
  one: string;
  /** The GET's path parameters (the record's id, and its parent's). */
  params: TObject<Record<string, TInteger>>;
  access: Access;
  tags: string[];
  /** The record's id, once its read has seen it (404 otherwise, as its GET answers). */
  seen(scope: DataScope, params: Record<string, number>): Promise<number>;
}

export function recordHistoryRoute(app: FastifyInstance, def: RecordDefinition, options: HistoryRouteOptions): void {
  const api = app.withTypeProvider<TypedRequests>();
  const source = { recordType: def.name, names: historyNames(historyOf(def).fields) };
  api.get(`${options.one}/history`, {
    config: { access: options.access, representation: 'list', recordName: `${def.name}HistoryEntry` },
    schema: {
      tags: options.tags, operationId: `get${def.name}History`,
      summary: `The ${def.name}'s changes, newest first: who made each, when, and each field's old and new value (secret fields masked). 404 unless the caller sees the ${def.name}.`,
      params: options.params, querystring: HistoryQuery,
      response: { 200: historyPageOf(def.name) },
    },
  }, async (request) => readHistory(request.scope, source, await options.seen(request.scope, request.params), request.query));
}
