// A record's paged list as named statements: the record gives its select list, joins, filters and
// order; the engine adds the tenant, the hierarchy, the page and the total (`count(*) over ()`), and
// prepares one statement per set of filters given (each planned once per connection). Each filter
// carries its query parameter's schema, so the list's query schema (the page and the filters) is
// derived here, not written again beside the filters.
import { Type, type Static, type TObject, type TOptional, type TSchema } from 'typebox';
import type { DataScope } from '../scope.ts';
import { PageQuery, type Page, type Paged } from '../http/paging.ts';
import { isValues } from './rules.ts';
import { claimStatementName } from './statement-names.ts';
import { narrowedSelect, selectItems } from './fields.ts';
import { ExternalIdFilter, hasExternalId } from './external-id.ts';

type Row = Record<string, unknown>;

/**
 * A list filter: its query parameter's schema, its condition on the statement's parameter, and how a
 * query value becomes that parameter.
 */
export interface Filter<S extends TSchema = TSchema> {
  schema: S;
  where(parameter: string): string;
  value?(query: unknown): unknown;
}

/** `column = value`, the value as `schema` takes it. */
export const equals = <S extends TSchema>(column: string, schema: S): Filter<S> => ({ schema, where: (p) => `${column} = ${p}` });

/** Values of `column` starting with the query value (as `schema` takes it), in any letter case (its wildcards escaped). */
export const startsWith = <S extends TSchema>(column: string, schema: S): Filter<S> => ({
  schema,
  where: (p) => `lower(${column}) like ${p}`,
  value: (v) => `${String(v).toLowerCase().replace(/[\\%_]/g, '\\$&')}%`,
});

type Filters = Readonly<Record<string, Filter>>;

/** The query of a list with `filters`: the page, then each filter's parameter (optional), in the filters' order. */
export type ListQuery<F extends Filters> = TObject<typeof PageQuery.properties & { [K in keyof F]: TOptional<F[K]['schema']> }>;

/** The filter values a list is called with: each as its schema takes it. */
export type FilterValues<F extends Filters> = { [K in keyof F]?: Static<F[K]['schema']> };

function listQuery<F extends Filters>(filters: F): ListQuery<F>;
// The one place the mapped type is built: each filter's key with its schema made optional, as ListQuery says.
function listQuery(filters: Filters): TObject {
  return Type.Object({ ...PageQuery.properties, ...Object.fromEntries(Object.entries(filters).map(([key, f]) => [key, Type.Optional(f.schema)])) });
}

export interface ListStatement<F extends Filters> {
  /** Prefix of the statements' names (unique in the process); default `<table>_list`. */
  name?: string;
  /** The record's table, aliased `r`. */
  table: string;
  /** The list item's schema (the select list's properties). */
  item: TObject;
  /** The list item's properties, over `r` and the joins. */
  select: string;
  /** Joins for display names (inner joins only on references the record must have). */
  joins?: string;
  /** The table has no `hier_id` of its own: this expression over `r` is the record's hierarchy node (its parent's). */
  hier?: string;
  /** A record kept under a parent: its column naming the parent (`r.customer_id`); the list is then one parent's. */
  parent?: string;
  /** Query property → filter, in the order the query lists them. */
  filters: F;
  /** The order, ending with a unique column so pages never overlap: `r.last_name, r.first_name, r.id`. */
  order: string;
}

interface Prepared { list: { name: string; text: string }; count: { name: string; text: string } }

/**
 * `(scope, query) => page`, with the list's query and item schemas (what a record's list routes
 * answer). Given `fields` (JSON names, decision 0051), its statement selects only those.
 */
export interface ListReader<F extends Filters> {
  (scope: DataScope, query: Page & FilterValues<F>, parentId?: number, fields?: readonly string[]): Promise<Paged<Row>>;
  readonly query: ListQuery<F>;
  readonly item: TObject;
  rows(scope: DataScope, query: FilterValues<F>, options: RowsOptions): AsyncIterable<Row>;
}

export function listReader<F extends Filters>(given: ListStatement<F>): ListReader<F> {
  const statement = withExternalIdFilter(given);
  const prefix = claimStatementName(statement.name ?? `${statement.table}_list`);
  const shapes = new Map<string, Prepared>();
  // $1 the tenant, $2 the visible nodes, $3 the parent (under one), then the filters given, the page.
  const first = statement.parent ? 4 : 3;
  // The column map of `fields=`: the select list's items, split once.
  const items = selectItems(statement.select);
  const fromOf = (given: string[]) => {
    const conditions = given.map((k, i) => ` and ${statement.filters[k]!.where(`$${i + first}`)}`).join('');
    const parent = statement.parent ? ` and ${statement.parent} = $3` : '';
    return `from ${statement.table} r ${statement.joins ?? ''} where r.tenant_id = $1 and ${statement.hier ?? 'r.hier_id'} = any($2::int[])${parent}${conditions}`;
  };
  const pageText = (select: string, given: string[]) => {
    const page = given.length + first;
    return `select ${select}, count(*) over () as "totalCount" ${fromOf(given)} order by ${statement.order} limit $${page} offset $${page + 1}`;
  };
  const prepare = (given: string[]): Prepared => {
    const key = given.join(',');
    let shape = shapes.get(key);
    if (!shape) {
      const name = `${prefix}_${shapes.size}`;
      shape = {
        list: { name, text: pageText(statement.select, given) },
        count: { name: `${name}_count`, text: `select count(*)::int as n ${fromOf(given)}` },
      };
      shapes.set(key, shape);
    }
    return shape;
  };
  /** The filters given and the statement's parameters before the page: the tenant, the nodes, the parent, the filters' values. */
  const parametersOf = (scope: DataScope, query: FilterValues<F>, parentId: number | undefined) => {
    if (statement.parent && parentId === undefined) throw new Error(`${statement.table}: a list under a parent needs the parent's id`);
    const values: Row = isValues(query) ? query : {};
    const given = Object.keys(statement.filters).filter((k) => values[k] !== undefined);
    return { given, parameters: [scope.tenantId, scope.hierIds, ...(statement.parent ? [parentId] : []), ...given.map((k) => statement.filters[k]!.value?.(values[k]) ?? values[k])] };
  };
  const read = async (scope: DataScope, query: Page & FilterValues<F>, parentId?: number, fields?: readonly string[]): Promise<Paged<Row>> => {
    const { given, parameters } = parametersOf(scope, query, parentId);
    const shape = prepare(given);
    const client = scope.client ?? scope.db.$client;
    // Only the fields asked for: a statement of its own, unnamed (the field sets are the callers').
    const list = fields ? { text: pageText(narrowedSelect(items, fields), given) } : shape.list;
    const { rows } = await client.query<Row & { totalCount: number }>({ ...list, values: [...parameters, query.take, query.skip] });
    // A page past the end has no rows to carry the total: then it is counted.
    const totalCount = rows.length > 0 ? Number(rows[0]!.totalCount) : query.skip > 0
      ? (await client.query<{ n: number }>({ ...shape.count, values: parameters })).rows[0]!.n : 0;
    return { data: rows.map(({ totalCount: _total, ...item }) => item), totalCount };
  };
  /**
   * Every row the list's filters match, in pages of `size` by the record's id (keyset pages: an export
   * holds one page at a time, never the list, and a page does not slow down with its depth).
   */
  async function* rows(scope: DataScope, query: FilterValues<F>, options: RowsOptions): AsyncGenerator<Row> {
    const { given, parameters } = parametersOf(scope, query, options.parentId);
    const select = options.fields ? narrowedSelect(items, options.fields) : statement.select;
    const after = parameters.length + 1;
    const text = `select r.id as "${KEY}", ${select} ${fromOf(given)} and r.id > $${after} order by r.id limit $${after + 1}`;
    const client = scope.client ?? scope.db.$client;
    let last = 0;
    for (;;) {
      const page = await client.query<Row>({ text, values: [...parameters, last, options.size] });
      for (const { [KEY]: key, ...row } of page.rows) {
        last = Number(key);
        yield row;
      }
      if (page.rows.length < options.size) return;
    }
  }
  return Object.assign(read, { query: listQuery(statement.filters), item: statement.item, rows });
}

/** The keyset column of `rows`, a name no select list uses. */
const KEY = '~key';

export interface RowsOptions { size: number; fields?: readonly string[]; parentId?: number }

/**
 * A record table's list shows each record's externalId and filters by it (`externalId=`, decision
 * 0050): added here, once for every record, after the record's own filters. The filter's key is not
 * in `F` (the record's own filters), so the list's static query type does not name it; its schema does.
 */
function withExternalIdFilter<F extends Filters>(statement: ListStatement<F>): ListStatement<F> {
  if (!hasExternalId(statement.table) || 'externalId' in statement.filters) return statement;
  const filters: F = { ...statement.filters, externalId: equals('r.external_id', ExternalIdFilter) };
  return { ...statement, select: `${statement.select}, r.external_id as "externalId"`, filters };
}
