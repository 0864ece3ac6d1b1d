// A record's paged list as named statements: the record gives its select list, joins, filters and
// order; the engine adds the tenant, the hierarchy, the page and the total (`count(*) over ()`), and
// prepares one statement per set of filters given (each planned once per connection).
import type { DataScope } from '../scope.ts';
import type { Page, Paged } from '../http/paging.ts';
import { isValues } from './rules.ts';

type Row = Record<string, unknown>;

/** A list filter: its condition on the statement's parameter, and how a query value becomes that parameter. */
export interface Filter {
  where(parameter: string): string;
  value?(query: unknown): unknown;
}

/** `column = value`. */
export const equals = (column: string): Filter => ({ where: (p) => `${column} = ${p}` });

/** Values of `column` starting with the query value, in any letter case (its wildcards escaped). */
export const startsWith = (column: string): Filter => ({
  where: (p) => `lower(${column}) like ${p}`,
  value: (v) => `${String(v).toLowerCase().replace(/[\\%_]/g, '\\$&')}%`,
});

export interface ListStatement {
  /** Prefix of the statements' names (unique in the process): `employees_list`. */
  name: string;
  /** The record's table, aliased `r`. */
  table: string;
  /** The list item's properties, over `r` and the joins. */
  select: string;
  /** Joins for display names (inner joins only on references the record must have). */
  joins?: string;
  /** Query property → filter. */
  filters: Readonly<Record<string, Filter>>;
  /** The order, ending with a unique column so pages never overlap: `r.last_name, r.first_name, r.id`. */
  order: string;
}

interface Prepared { list: { name: string; text: string }; count: { name: string; text: string } }

export function listReader(statement: ListStatement): (scope: DataScope, query: Page) => Promise<Paged<Row>> {
  const shapes = new Map<string, Prepared>();
  const prepare = (given: string[]): Prepared => {
    const key = given.join(',');
    let shape = shapes.get(key);
    if (!shape) {
      const conditions = given.map((k, i) => ` and ${statement.filters[k]!.where(`$${i + 3}`)}`).join('');
      const from = `from ${statement.table} r ${statement.joins ?? ''} where r.tenant_id = $1 and r.hier_id = any($2::int[])${conditions}`;
      const name = `${statement.name}_${shapes.size}`;
      shape = {
        list: { name, text: `select ${statement.select}, count(*) over () as "totalCount" ${from} order by ${statement.order} limit $${given.length + 3} offset $${given.length + 4}` },
        count: { name: `${name}_count`, text: `select count(*)::int as n ${from}` },
      };
      shapes.set(key, shape);
    }
    return shape;
  };
  return async (scope, query) => {
    const values: Row = isValues(query) ? query : {};
    const given = Object.keys(statement.filters).filter((k) => values[k] !== undefined);
    const shape = prepare(given);
    const parameters = [scope.tenantId, scope.hierIds, ...given.map((k) => statement.filters[k]!.value?.(values[k]) ?? values[k])];
    const client = scope.client ?? scope.db.$client;
    const { rows } = await client.query<Row & { totalCount: number }>({ ...shape.list, values: [...parameters, query.take, query.skip] });
    // A page past the end has no rows to carry the total: then it is counted.
    const totalCount = rows.length > 0 ? Number(rows[0]!.totalCount) : query.skip > 0
      ? (await client.query<{ n: number }>({ ...shape.count, values: parameters })).rows[0]!.n : 0;
    return { data: rows.map(({ totalCount: _total, ...item }) => item), totalCount };
  };
}
