// The read of a record by id as one named statement over a set of ids: concurrent GETs of one tenant
// and hierarchy are coalesced into one execution (one round trip, one row description), and the
// statement is planned once per connection. A record writes only its select list and joins; the
// engine adds the tenant, the ids and the hierarchy (decision 0013, for every record since 0015).
import type pg from 'pg';
import { coalescer, prepared } from '../db/database.ts';
import type { DataScope } from '../scope.ts';
import type { Catalog } from '../http/json-patch/catalog.ts';

type Row = Record<string, unknown>;

export interface ReadStatement {
  /** The statement's name (unique in the process): `employees_by_ids`. */
  name: string;
  /** The record's table, aliased `r` in `select` and `joins`. */
  table: string;
  /** The select list (the read shape's properties), over `r` and the joins: `r.id as "employeeId", ...`. */
  select: string;
  /** Joins after `from <table> r` (display names), each bound to `r.tenant_id`. */
  joins?: string;
  /** The property of the id in the select list: `employeeId`. */
  key: string;
  /** The table has no `hier_id` of its own; this expression is the record's hierarchy node. */
  hier?: string;
  /**
   * The column of the employee a record belongs to: a WebUserEmployee (who has no hierarchy) reads
   * the records of their own employee through it. Without it, web users read nothing.
   */
  ownedByEmployee?: string;
}

/** The catalog's columns of `r`, each as its JSON name: the read shape's catalog part. */
export function catalogSelect(catalog: Catalog): string {
  return catalog.fields.map((f) => `r.${f.column} as "${f.json}"`).join(', ');
}

/** `(scope, id) => row`: the record inside the caller's tenant and hierarchy, or undefined. */
export function byIdReader(statement: ReadStatement): (scope: DataScope, id: number) => Promise<Row | undefined> {
  const query = {
    name: statement.name,
    text: `select ${statement.select}
      from ${statement.table} r ${statement.joins ?? ''}
     where r.tenant_id = $1 and r.id = any($2::bigint[]) and ${statement.hier ?? 'r.hier_id'} = any($3::int[])`,
  };
  const run = async (client: Pick<pg.Pool, 'query'>, scope: DataScope, ids: number[]) => {
    const { rows } = await client.query<Row>({ ...query, values: [scope.tenantId, ids, scope.hierIds] });
    return new Map(rows.map((row) => [Number(row[statement.key]), row]));
  };
  const own = statement.ownedByEmployee && {
    name: `${statement.name}_own`,
    text: `select ${statement.select}
      from ${statement.table} r ${statement.joins ?? ''}
     where r.tenant_id = $1 and r.id = $2 and ${statement.ownedByEmployee} = $3`,
  };
  const reads = prepared(() => coalescer<number, Row>());
  return async (scope, id) => {
    const webUser = scope.principal.webUser;
    if (webUser) {
      if (!own || !webUser.employeeId) return undefined;
      const { rows } = await (scope.client ?? scope.db.$client).query<Row>({ ...own, values: [scope.tenantId, id, webUser.employeeId] });
      return rows[0];
    }
    // Inside a transaction, on its connection (it may see its own uncommitted writes).
    if (scope.client) return (await run(scope.client, scope, [id])).get(id);
    return reads(scope.db)(groupOf(scope), id, (ids) => run(scope.db.$client, scope, ids));
  };
}

/** The coalescing group of a caller: its tenant and the hierarchy nodes the query filters by. */
const groups = new WeakMap<number[], string>();
function groupOf(scope: DataScope): string {
  let group = groups.get(scope.hierIds);
  if (group === undefined) groups.set(scope.hierIds, group = `${scope.tenantId}:${scope.hierIds.join(',')}`);
  return group;
}
