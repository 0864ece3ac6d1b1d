// A record's definition: everything the platform needs to serve it. From one definition the engine
// derives the standard routes (POST, list, GET by id, PATCH) with their access, operationIds and named
// schemas (`Employee`, `EmployeeCreate`, `EmployeePage`, `EmployeePatch`); a record's folder holds
// only what is its own (its create rules, its read and list queries). Decision: docs/decisions/0015.
import type { FastifyRequest, FastifySchema, RawServerDefault, RouteGenericInterface } from 'fastify';
import type { IncomingMessage } from 'node:http';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { TypedRequests } from '../http/typed-requests.ts';
import { Type, type TInteger, type TObject, type TSchema } from 'typebox';
import type { Access } from '../auth/access.ts';
import type { DataScope } from '../scope.ts';
import type { Paged } from '../http/paging.ts';
import type { AppError, ErrorCode } from '../http/errors.ts';
import type { PatchTarget } from './json-patch/target.ts';
import type { Rules } from './rules.ts';
import type { RowsOptions } from './list.ts';
import { Id32, Id64 } from './shapes.ts';
import { withExternalId } from './external-id.ts';

/** What the type provider makes of a schema: the one way a generic handler and a definition agree on a type. */
type Request<S extends FastifySchema> = FastifyRequest<RouteGenericInterface, RawServerDefault, IncomingMessage, S, TypedRequests>;
export type BodyOf<S extends TSchema> = Request<{ body: S }>['body'];
export type QueryOf<S extends TSchema> = Request<{ querystring: S }>['query'];

export type Row = Record<string, unknown>;

/**
 * The record a record is kept under (a customer's worksites: `/Customers/{id}/worksites`). Such a
 * record has no hierarchy node of its own: it is seen when its parent is, its routes sit under the
 * parent's, and its read shape carries the parent's id (`customerId`). Decision: docs/decisions/0036.
 */
export interface Parent {
  record: RecordDefinition;
  /** The record's column naming its parent (`worksites.customer_id`). */
  column: AnyPgColumn;
}

export interface RecordDefinition<Create extends TObject = TObject, Query extends TObject = TObject, ReadQuery extends TObject = TObject> {
  /** Singular domain name: `Employee`. Names the schemas and the operations. */
  name: string;
  /** Plural domain name: `Employees`. The tag and the list operation (`listEmployees`). */
  plural: string;
  /** Collection path: `/Employees`; under a parent, with its id's parameter: `/Customers/{id}/worksites`. */
  path: string;
  /** The record this one is kept under, if any (its routes, visibility and events follow the parent's). */
  parent?: Parent;
  /** The id's path parameter (`id`, or the spec's own name such as `rateSheetId`). */
  idParam?: string;
  idType: 'Int32' | 'Int64';
  /** Scope stem: `employee` grants through `employee-read` and `employee-write`. */
  scope: string;
  /** Who may call, where it differs from the default: ServiceRep and Service, `<scope>-read` to read and list, `<scope>-write` to write. */
  access?: { read?: Access; list?: Access; write?: Access };
  /** What the record is called in a 404: `The employee`. */
  what: string;
  create: {
    summary: string;
    body: Create;
    /**
     * Rules of create-only fields (a `hierId` to create in). The PATCH target's rules run on create
     * too, on the fields the request gives, before `run`.
     */
    rules?: Rules;
    /** `parentId`: the parent's id, for a record kept under one. */
    run(scope: DataScope, input: BodyOf<Create>, parentId?: number): Promise<number>;
    /**
     * The record's create of many rows at once (an import's chunk: createRecords), where it has one:
     * each row's id, or the 4xx of its own checks (that row is not written), in order; `run` is one row
     * of it. A row the database refuses (a unique index) throws: createRecords then writes them one by one.
     */
    runMany?(scope: DataScope, inputs: readonly BodyOf<Create>[], parentId?: number): Promise<(number | AppError)[]>;
  };
  list: {
    summary: string;
    query: Query;
    item: TObject;
    /** `fields`: only these (JSON names of the item, with the id), selected by the statement (decision 0051). */
    run(scope: DataScope, filter: QueryOf<Query>, parentId?: number, fields?: readonly string[]): Promise<Paged<Row>>;
    /** Every item the filters match, one page of `size` at a time (an export's rows). */
    rows(scope: DataScope, filter: QueryOf<Query>, options: RowsOptions): AsyncIterable<Row>;
  };
  read: {
    summary: string;
    schema: TObject;
    /** Query parameters of the read (an assignment's `culture`); `NoQuery` for none. */
    query: ReadQuery;
    /** `fields`: only these (JSON names, with the id), selected by the statement (decision 0051). */
    run(scope: DataScope, id: number, query: QueryOf<ReadQuery>, fields?: readonly string[]): Promise<Row | undefined>;
  };
  /** `note`: what this record's PATCH adds to the standard summary. */
  patch: { note?: string; target: PatchTarget };
  /**
   * What the record's history keeps beyond its catalog's fields (platform/history): columns the GET
   * shows under a name (`government_id_last4` -> `governmentPersonalId`), and fields kept masked.
   */
  history?: {
    fields?: Readonly<Record<string, string>>; masked?: Readonly<Record<string, 'last4' | 'secret'>>;
    /** Other tables' history sources recorded under this record (`idColumn`: an employee's profile): their fields are its history's too (`field=`). Shaped, not typed as HistorySource: history-install reads this file. */
    joined?: readonly { table: string; fields: Readonly<Record<string, string>> }[];
  };
  /**
   * The record's example in the API description (decision 0052), by the read's field names: the values
   * that say something. The read, the list item and the create body each take the fields they have;
   * what it leaves out is made from their schemas (platform/openapi-examples.ts).
   */
  example?: Readonly<Record<string, unknown>>;
  /** Domain codes its create and its PATCH can answer beyond the standard ones (the API description lists them with their status). */
  errorCodes?: { create?: readonly ErrorCode[]; patch?: readonly ErrorCode[] };
}

/** A record's list as a `listReader` is: the read of a page, with its query and item schemas. */
export interface ListOf<Query extends TObject> {
  (scope: DataScope, query: QueryOf<Query>, parentId?: number, fields?: readonly string[]): Promise<Paged<Row>>;
  readonly query: Query;
  readonly item: TObject;
  rows(scope: DataScope, query: QueryOf<Query>, options: RowsOptions): AsyncIterable<Row>;
}

/** A record's read by id as a `byIdReader` given its schema is (or `recordRead` makes): the read, with its shape and query. */
export interface ReadOf<ReadQuery extends TObject> {
  (scope: DataScope, id: number, query: QueryOf<ReadQuery>, fields?: readonly string[]): Promise<Row | undefined>;
  readonly schema: TObject;
  readonly query: ReadQuery;
}

/** A record's own read (one that shapes what a byIdReader found, or takes query parameters), with its shape and query. */
export function recordRead<ReadQuery extends TObject>(
  schema: TObject, query: ReadQuery, read: (scope: DataScope, id: number, query: QueryOf<ReadQuery>, fields?: readonly string[]) => Promise<Row | undefined>,
): ReadOf<ReadQuery> {
  return Object.assign(read, { schema, query });
}

/**
 * What a definition must say; the names that follow a convention may be left out (see defineRecord),
 * and the list and the read are their readers, which carry their schemas.
 */
export type RecordInput<Create extends TObject, Query extends TObject, ReadQuery extends TObject> =
  Omit<RecordDefinition<Create, Query, ReadQuery>, 'plural' | 'path' | 'scope' | 'what' | 'list' | 'read'> &
  Partial<Pick<RecordDefinition<Create, Query, ReadQuery>, 'plural' | 'path' | 'scope' | 'what'>> & {
    list: { summary: string; reader: ListOf<Query> };
    /**
     * `exact`: the read answers exactly the spec's fields (a job order's information, JO-04), so it
     * does not show the record's externalId; its list does (decision 0050).
     */
    read: { summary: string; reader: ReadOf<ReadQuery>; exact?: boolean };
  };

/** `JobTitle` → `job title`. */
const words = (name: string) => name.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase();

/** The path parameter of a record's id (`id`, unless the definition names its own). */
export const idParamOf = (definition: Pick<RecordDefinition, 'idParam'>) => definition.idParam ?? 'id';

/**
 * The definition, with the conventional names where it gives none: plural `<name>s`, path
 * `/<plural>` (under a parent, `<parent's path>/{<parent's id>}/<plural in lower case>`), scope
 * `<name>` in lower case (under a parent, the parent's), and `The <name in words>` in a 404. Keeps
 * the type parameters (inferred from the schemas) so `run` is checked against them.
 */
export function defineRecord<Create extends TObject, Query extends TObject, ReadQuery extends TObject>(
  input: RecordInput<Create, Query, ReadQuery>,
): RecordDefinition<Create, Query, ReadQuery> {
  const plural = input.plural ?? `${input.name}s`;
  const { list, read, parent } = input;
  const path = input.path ?? (parent ? `${parent.record.path}/{${idParamOf(parent.record)}}/${plural.toLowerCase()}` : `/${plural}`);
  if (parent && idParamOf(input) === idParamOf(parent.record)) throw new Error(`${input.name}: its id parameter must differ from its parent's (${idParamOf(parent.record)})`);
  return {
    ...input, plural, path, scope: input.scope ?? parent?.record.scope ?? input.name.toLowerCase(), what: input.what ?? `The ${words(input.name)}`,
    // Every record's externalId (decision 0050): taken on create, shown by the read and the list.
    create: { ...input.create, body: withExternalId(input.create.body, 'input') },
    list: { summary: list.summary, query: list.reader.query, item: withExternalId(list.reader.item, 'output'), run: list.reader, rows: list.reader.rows },
    read: { summary: read.summary, schema: read.exact ? read.reader.schema : withExternalId(read.reader.schema, 'output'), query: read.reader.query, run: read.reader },
  };
}

/** The read of a record that takes no query parameters. */
export const NoQuery = Type.Object({});

export function idSchema(definition: Pick<RecordDefinition, 'idType' | 'name'>): TInteger {
  const description = `Id of the ${definition.name}.`;
  return definition.idType === 'Int64' ? Id64(description) : Id32(description);
}

/** A record's collection path with its parent's id in place (`/Customers/12/worksites`); the path itself for others. */
export function collectionPath(definition: Pick<RecordDefinition, 'path' | 'parent'>, parentId?: number): string {
  return definition.parent ? definition.path.replace(`{${idParamOf(definition.parent.record)}}`, String(parentId)) : definition.path;
}

/** A record's collection path as the router writes it (`/Customers/:id/worksites`). */
export const routePath = (definition: Pick<RecordDefinition, 'path'>) => definition.path.replace(/\{(\w+)\}/g, ':$1');

/** The record's group in the API description: `JobTitles` → `Job titles`. */
export function tagOf(definition: Pick<RecordDefinition, 'plural'>): string {
  return definition.plural.replace(/([a-z])([A-Z])/g, (_, a: string, b: string) => `${a} ${b.toLowerCase()}`);
}

/** `employeeId`: the property a create answers and a read starts with. */
export function idProperty(definition: Pick<RecordDefinition, 'name'>): string {
  return definition.name[0]!.toLowerCase() + definition.name.slice(1) + 'Id';
}
