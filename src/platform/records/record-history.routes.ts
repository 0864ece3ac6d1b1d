// A record's history route, derived from its definition beside its other routes (record.routes.ts):
// `GET <path>/{id}/history` (platform/history/history.route.ts), visible exactly when the record is.
import type { FastifyInstance } from 'fastify';
import type { TInteger, TObject } from 'typebox';
import type { Access } from '../auth/access.ts';
import type { DataScope } from '../scope.ts';
import { historyOf, type HistorySource } from '../history/history-install.ts';
import { historyRoute } from '../history/history.route.ts';
import type { RecordDefinition } from './record.ts';

export interface RecordHistoryOptions {
  /** The record's GET path (`/Employees/:id`). */
  one: string;
  /** The GET's path parameters (the record's id, and its parent's). */
  params: TObject<Record<string, TInteger>>;
  access: Access;
  tags: string[];
  /** The record's id, once its read has seen it (it throws a 404 otherwise, as the GET answers). */
  seen(scope: DataScope, params: Record<string, number>): Promise<number>;
}

export function recordHistoryRoute(app: FastifyInstance, def: RecordDefinition, options: RecordHistoryOptions): void {
  historyRoute(app, { path: options.one, params: options.params, access: options.access, tags: options.tags, source: withJoined(def), what: def.what, seen: options.seen });
}

/** The record's source with the fields of the tables recorded under it (keyed by table and column: only their names are read here). */
function withJoined(def: RecordDefinition): HistorySource {
  const own = historyOf(def);
  const joined = def.history?.joined ?? [];
  if (!joined.length) return own;
  return { ...own, fields: { ...own.fields, ...Object.fromEntries(joined.flatMap((s) => Object.entries(s.fields).map(([column, json]) => [`${s.table}.${column}`, json]))) } };
}
