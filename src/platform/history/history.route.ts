// The history route of anything with a history (a record, a child collection's item): `GET
// <its GET by id>/history`, its changes newest first, paged and negotiated as a list is, read with
// the thing's read access and visible exactly when its GET by id answers (docs/history.md).
import type { FastifyInstance } from 'fastify';
import type { TInteger, TObject } from 'typebox';
import type { TypedRequests } from '../http/typed-requests.ts';
import type { Access } from '../auth/access.ts';
import { notFound } from '../http/errors.ts';
import type { DataScope } from '../scope.ts';
import type { HistorySource } from './history-install.ts';
import { HistoryQuery, historyNames, historyPageOf, readHistory } from './history.read.ts';

export interface HistoryRoute {
  /** The GET by id's path as the router writes it (`/Employees/:id`). */
  path: string;
  /** Its path parameters. */
  params: TObject<Record<string, TInteger>>;
  access: Access;
  tags: string[];
  /** The history's table and names; its record type names the schemas and the operation (`getEmployeeHistory`). */
  source: HistorySource;
  /** The operation's id where the record type's (`get<RecordType>History`) is taken: one item kind under several owners. */
  operationId?: string;
  /** What a 404 calls it: `The contact method`. */
  what: string;
  /** The id of what the parameters name, when the caller sees it (its GET's read); undefined otherwise. */
  seen(scope: DataScope, params: Record<string, number>): Promise<number | undefined>;
}

export function historyRoute(app: FastifyInstance, route: HistoryRoute): void {
  const api = app.withTypeProvider<TypedRequests>();
  const { recordType } = route.source;
  const source = { recordType, names: historyNames(route.source.fields) };
  api.get(`${route.path}/history`, {
    config: { access: route.access, representation: 'list', recordName: `${recordType}HistoryEntry` },
    schema: {
      tags: route.tags, operationId: route.operationId ?? `get${recordType}History`,
      summary: `Its changes, newest first: who made each, when, and each field's old and new value (secret fields masked). 404 when the caller does not see it.`,
      params: route.params, querystring: HistoryQuery,
      response: { 200: historyPageOf(recordType) },
    },
  }, async (request) => {
    const id = await route.seen(request.scope, request.params);
    if (id === undefined) throw notFound(route.what);
    return readHistory(request.scope, source, id, request.query);
  });
}
