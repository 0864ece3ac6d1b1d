// The read of a record by id as one named statement over a set of ids: concurrent GETs of one tenant
// and hierarchy are coalesced into one execution (one round trip, one row description), and the
// statement is planned once per connection. A record writes only its select list and joins; the
// engine adds the tenant, the ids and the hierarchy (decision 0013, for every record since 0015).
import type { Queryable } from '../db/pipeline.ts';
import type { TObject } from 'typebox';
import { coalescer, prepared, shortStatements } from '../db/database.ts';
import type { DataScope } from '../scope.ts';
import type { Catalog } from './json-patch/catalog.ts';
import { NoQuery } from './record.ts';
import { claimStatementName } from './statement-names.ts';
import { narrowedSelect, selectItems } from './fields.ts';
import { hasExternalId } from './external-id.ts';

type Row = Record<string, unknown>;

export interface ReadStatement {
  /** The statement's name (unique in the process); default `<table>_by_ids`. */
  name?: string;
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

/**
 * `(scope, id)`: a read by id. Given `fields` (JSON names, decision 0051), its statement selects only
 * those and the id; `query` (a record read's query parameters) is the definition's and not read here.
 */
export type ReadById = (scope: DataScope, id: number, query?: unknown, fields?: readonly string[]) => Promise<Row | undefined>;

/** A record's read by id that carries the shape it answers (and, taking none, no query): what a definition's `read` takes. */
export interface RecordReader {
  (scope: DataScope, id: number, query?: unknown, fields?: readonly string[]): Promise<Row | undefined>;
  readonly schema: TObject;
  readonly query: typeof NoQuery;
}

/**
 * A display name in a select list: `name` (over `x`) of the row of `table` that the record's `column`
 * refers to, in the record's tenant; null when there is none. Each referenced record defines its own
 * once (`customerName = nameIn('customers', 'x.customer_name')`), for its readers and everyone else's.
 */
export const nameIn = (table: string, name: string) => (column: string): string =>
  `(select ${name} from ${table} x where x.tenant_id = r.tenant_id and x.id = ${column})`;

/** The name of a branch and of a service rep (the platform's own tables). */
export const branchName = nameIn('branches', 'x.name');
export const serviceRepName = nameIn('service_reps', `x.first_name || ' ' || x.last_name`);

/** The catalog's columns of `r`, each as its JSON name: the read shape's catalog part. */
export function catalogSelect(catalog: Catalog): string {
  return catalog.fields.map((f) => `r.${f.column} as "${f.json}"`).join(', ');
}

/**
 * `(scope, id) => row`: the record inside the caller's tenant and hierarchy, or undefined. Given the
 * read shape (`schema`), it is a record's read (a definition's `read.reader`).
 */
export function byIdReader(statement: ReadStatement & { schema: TObject }): RecordReader;
export function byIdReader(statement: ReadStatement): ReadById;
export function byIdReader(statement: ReadStatement & { schema?: TObject }): ReadById | RecordReader {
  const name = claimStatementName(statement.name ?? `${statement.table}_by_ids`);
  // A record table's externalId (decision 0050), for every record's read without a line in its own.
  const select = hasExternalId(statement.table) ? `${statement.select}, r.external_id as "externalId"` : statement.select;
  const text = (chosen: string) => `select ${chosen}
      from ${statement.table} r ${statement.joins ?? ''}
     where r.tenant_id = $1 and r.id = any($2::bigint[]) and ${statement.hier ?? 'r.hier_id'} = any($3::int[])`;
  const query = { name, text: text(select) };
  // The column map of `fields=`: the select list's items, split once.
  const items = selectItems(select);
  const run = async (client: Queryable, scope: DataScope, ids: number[]) => {
    const { rows } = await client.query<Row>({ ...query, values: [scope.tenantId, ids, scope.hierIds] });
    return new Map(rows.map((row) => [Number(row[statement.key]), row]));
  };
  const ownText = (chosen: string) => `select ${chosen}
      from ${statement.table} r ${statement.joins ?? ''}
     where r.tenant_id = $1 and r.id = $2 and ${statement.ownedByEmployee} = $3`;
  const own = statement.ownedByEmployee && { name: `${name}_own`, text: ownText(select) };
  const reads = prepared(() => coalescer<number, Row>());
  const read = async (scope: DataScope, id: number, _query?: unknown, fields?: readonly string[]): Promise<Row | undefined> => {
    const webUser = scope.principal.webUser;
    // Only the fields asked for (and the id): a statement of its own, unnamed (the field sets are the callers').
    const narrowed = fields && narrowedSelect(items, [statement.key, ...fields]);
    if (webUser) {
      if (!own || !webUser.employeeId) return undefined;
      const { rows } = await (scope.client ?? scope.db.$client).query<Row>({ ...(narrowed ? { text: ownText(narrowed) } : own), values: [scope.tenantId, id, webUser.employeeId] });
      return rows[0];
    }
    if (narrowed) return (await (scope.client ?? scope.db.$client).query<Row>({ text: text(narrowed), values: [scope.tenantId, [id], scope.hierIds] })).rows[0];
    // Inside a transaction, on its connection (it may see its own uncommitted writes).
    if (scope.client) return (await run(scope.client, scope, [id])).get(id);
    return reads(scope.db)(groupOf(scope), id, (ids) => run(shortStatements(scope.db), scope, ids));
  };
  return statement.schema ? Object.assign(read, { schema: statement.schema, query: NoQuery }) : read;
}

/** The coalescing group of a caller: its tenant and the hierarchy nodes the query filters by. */
const groups = new WeakMap<number[], string>();
function groupOf(scope: DataScope): string {
  let group = groups.get(scope.hierIds);
  if (group === undefined) groups.set(scope.hierIds, group = `${scope.tenantId}:${scope.hierIds.join(',')}`);
  return group;
}
