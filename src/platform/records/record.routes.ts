// The standard routes of a record, derived from its definition: POST (201 + Location), the paged
// list, GET by id (404 when not visible; its ETag the record's state), PATCH (a JSON Patch of the
// catalog's fields, 200 with no body, documented as such so a generated client types it; If-Match
// compared with that state) and the history (record-history.routes.ts). Handlers are typed by the TypeBox provider from the definition's schemas: no casts.
import type { FastifyInstance } from 'fastify';
import type { TypedRequests } from '../http/typed-requests.ts';
import { Type, type TObject } from 'typebox';
import type { Access } from '../auth/access.ts';
import type { Role } from '../auth/principal.ts';
import type { DataScope } from '../scope.ts';
import { notFound } from '../http/errors.ts';
import { PagedList } from '../http/paging.ts';
import { documentedPatch, PatchDocument } from './json-patch/patch.ts';
import { changeRecord, createRecord } from './commands.ts';
import { collectionPath, idParamOf, routePath, idProperty, idSchema, tagOf, type QueryOf, type RecordDefinition } from './record.ts';
import { isUnder, requireParent } from './parent.ts';
import { recordHistoryRoute } from './record-history.routes.ts';
import { etagOf, ifMatchOf, lockRecord, requireMatch, stateOf, taggedAs } from './record-etag.ts';
import { Value } from 'typebox/value';
import { fieldsOf, withFields } from './fields.ts';

const STAFF: readonly Role[] = ['ServiceRep', 'Service'];

/** A PATCH's answer: 200 and no body (the record's GET reads the result). */
export const CHANGED = Type.Null({ description: 'Changed (or nothing to change); no body. GET the record to read it.' });

/**
 * A copy of `schema` named `$id` in the API description (the schema's own type is kept), with the
 * record's example where it has one. One copy per schema and name for the process: Fastify's
 * validator compiler is shared by every app the process builds (tests build many), and it refuses a
 * second, different schema with a known `$id`.
 */
const copies = new WeakMap<TObject, Map<string, TObject>>();
function named<S extends TObject>(schema: S, $id: string, example?: Readonly<Record<string, unknown>>): S {
  let byName = copies.get(schema);
  if (!byName) copies.set(schema, byName = new Map());
  const copy = byName.get($id);
  if (isSame(schema, copy)) return copy;
  const made = { ...schema, $id, ...(example ? { examples: [example] } : {}) };
  byName.set($id, made);
  return made;
}

/** The copy made of `schema` earlier (its properties are `schema`'s, so its type is too). */
function isSame<S extends TObject>(schema: S, copy: TObject | undefined): copy is S {
  return copy !== undefined && copy.properties === schema.properties;
}

export function recordRoutes<Create extends TObject, Query extends TObject, ReadQuery extends TObject>(def: RecordDefinition<Create, Query, ReadQuery>) {
  // Built once per record for the process (the validator compiler is shared by every app a process builds).
  const listQuery = withFields(def.list.query);
  const readQuery = withFields(def.read.query);
  const key = idProperty(def);
  // `fields=` (decision 0051): under a parent, its id is read too (the read checks the parent), answered only when asked for.
  const parentKey = def.parent ? [idProperty(def.parent.record)] : [];
  const listFields = fieldsOf(def.list.item, key, parentKey);
  const readFields = fieldsOf(def.read.schema, key, parentKey);
  return async function routes(app: FastifyInstance) {
    const api = app.withTypeProvider<TypedRequests>();
    const scope = (kind: 'read' | 'write') => `${def.scope}-${kind}`;
    const read: Access = def.access?.read ?? { roles: STAFF, scopes: [scope('read')] };
    const list: Access = def.access?.list ?? read;
    const write: Access = def.access?.write ?? { roles: STAFF, scopes: [scope('write')] };
    const tags = [tagOf(def)];
    const idName = idParamOf(def);
    // A record kept under a parent: the parent's id in every path, and the parent seen first (decision 0036).
    const parent = def.parent;
    const parentName = parent && idParamOf(parent.record);
    const ParentParams = Type.Object(parent && parentName ? { [parentName]: idSchema(parent.record) } : {});
    const Params = Type.Object({ ...ParentParams.properties, [idName]: idSchema(def) });
    const collection = routePath(def);
    const one = `${collection}/:${idName}`;
    /** The parent's id in the request's path; undefined for a record of its own. */
    const parentIdOf = (params: Record<string, number | undefined>) => (parentName ? params[parentName] : undefined);
    /** The same, seen first (404 unless the caller sees the parent). */
    const parentOf = async (request: { scope: DataScope; params: Record<string, number | undefined> }) => {
      const parentId = parentIdOf(request.params);
      if (parent && parentId !== undefined) await requireParent(request.scope, parent, parentId);
      return parentId;
    };

    api.post(collection, {
      config: { access: write, representation: 'record', recordName: `${def.name}Created` },
      schema: {
        tags, operationId: `create${def.name}`, summary: def.create.summary,
        params: ParentParams,
        body: named(def.create.body, `${def.name}Create`, def.example), errorCodes: def.errorCodes?.create,
        response: { 201: Type.Object({ [key]: Type.Integer() }, { $id: `${def.name}Created` }) },
      },
    }, async (request, reply) => {
      const parentId = parentIdOf(request.params);
      const id = await createRecord(request.scope, def, request.body, parentId);
      return reply.code(201).header('location', `${collectionPath(def, parentId)}/${id}`).send({ [key]: id });
    });

    api.get(collection, {
      config: { access: list, representation: 'list', recordName: def.name },
      schema: {
        tags, operationId: `list${def.plural}`, summary: def.list.summary,
        params: ParentParams,
        querystring: listQuery,
        response: { 200: named(PagedList(named(def.list.item, `${def.name}ListItem`, def.example)), `${def.name}Page`) },
      },
    }, async (request, reply) => {
      const chosen = listFields.chosen(request);
      const page = await def.list.run(request.scope, request.query, await parentOf(request), chosen?.select);
      return chosen ? listFields.page(reply, chosen, page) : page;
    });

    api.get(one, {
      config: { access: read, representation: 'record', recordName: def.name },
      schema: {
        tags, operationId: `get${def.name}`, summary: def.read.summary,
        params: Params, querystring: readQuery,
        response: { 200: named(def.read.schema, def.name, def.example) },
      },
    }, async (request, reply) => {
      const chosen = readFields.chosen(request);
      const record = await seen(request.scope, request.params, request.query, chosen?.select);
      // Some fields: not the record's state, so not its tag (the bytes' own, which If-Match never matches).
      if (chosen) return readFields.record(reply, chosen, record);
      // The tag of the record's state (record-etag.ts), which If-Match on its PATCH compares.
      reply.header('etag', etagOf(stateOf(record), request.responseType));
      return record;
    });

    /** The record, as its GET reads it (only `fields` and the ids, given them); 404 when the caller does not see it. */
    async function seen(scope: DataScope, params: Record<string, number | undefined>, query: QueryOf<ReadQuery>, fields?: readonly string[]) {
      const record = await def.read.run(scope, params[idName]!, query, fields);
      // Under a parent: another parent's record is not found, as a missing one is.
      if (!record || !isUnder(def, record, parentName === undefined ? undefined : params[parentName])) throw notFound(def.what);
      return record;
    }

    // Its history: visible exactly when the record is (its read, with the read's defaults).
    recordHistoryRoute(app, def, {
      one, params: Params, access: read, tags,
      seen: async (scope, params) => (await seen(scope, params, Value.Parse(def.read.query, {})), params[idName]!),
    });

    api.patch(one, {
      config: { access: write },
      schema: {
        tags, operationId: `patch${def.name}`,
        summary: ['Change catalog fields with a JSON Patch document. 200 with no body; a failed test answers 409. With If-Match (the ETag of a GET), 412 when the record changed since, and the new ETag on success.', def.patch.note].filter(Boolean).join(' '),
        params: Params, body: PatchDocument, documentedBody: documentedPatch(def.patch.target.catalog, `${def.name}Patch`),
        response: { 200: CHANGED }, errorCodes: def.errorCodes?.patch,
      },
    }, async (request, reply) => {
      const id = request.params[idName]!, parentId = parentIdOf(request.params);
      const ifMatch = ifMatchOf(request.headers['if-match']);
      if (ifMatch === undefined) {
        await changeRecord(request.scope, def, id, request.body, parentId);
        return reply.code(200).send();
      }
      // Compared under the record's lock, in the write's transaction: nobody writes in between (decision 0049).
      const etag = await request.scope.transaction(async (tx) => {
        await lockRecord(tx, def.patch.target.table, id);
        const suffix = requireMatch(ifMatch, stateOf(await seen(tx, request.params, Value.Parse(def.read.query, {}))));
        await changeRecord(tx, def, id, request.body, parentId);
        return taggedAs(stateOf(await seen(tx, request.params, Value.Parse(def.read.query, {}))), suffix);
      });
      return reply.code(200).header('etag', etag).send();
    });
  };
}
