// The scoped data-access context: the only door through which resource, page and CLI code reaches
// tenant data. It carries the caller's tenant and the hierarchy nodes it may see, and every statement
// that goes through it is bound to both: `select/insert/update/delete(table)` add `tenant_id` (and,
// where the table has a node, the hierarchy), `sql` and `named` bind the tenant and the nodes by
// name, and `reference` is the visibly named door to the global reference tables (countries, the
// gazetteer). The raw handles (`db`, `client`) are the platform's: a lint rule keeps them there.
import { and, sql, type Placeholder, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { AnyPgColumn, PgInsertValue, PgSelectBase, PgTable, PgUpdateSetSource, SelectedFields } from 'drizzle-orm/pg-core';
import type pg from 'pg';
import type { Db } from './db/database.ts';
import { openTransaction, shortStatements, transaction, type OpenTransaction } from './db/database.ts';
import type { Principal } from './auth/principal.ts';
import type { Actor } from './history/record-change.table.ts';

/** A table whose rows belong to a tenant. */
export type TenantTable = PgTable & { tenantId: AnyPgColumn };

/**
 * How far a statement reaches into the tenant: the caller's hierarchy (the default, for a table with
 * a node), the nodes above it too (master data such as job titles, used but not listed), or the
 * whole tenant (what must be unique in it, a system job's own bookkeeping). A table without a node
 * is always the whole tenant's.
 */
export type Reach = 'visible' | 'usable' | 'tenant';

/** The global reference tables (no tenant): read only. */
export type ReferenceDb = Pick<Db, 'select' | 'selectDistinct' | 'execute' | '$client'>;

/** Stands for the caller's tenant id in `scope.sql` and `scope.named`. */
export const TENANT = Symbol('the caller\'s tenant');
/** Stands for the caller's visible hierarchy nodes (an int[]) in `scope.sql` and `scope.named`. */
export const NODES = Symbol('the caller\'s hierarchy nodes');
type Bound = typeof TENANT | typeof NODES;

/** The node column of a table that has one. */
const nodeOf = (table: TenantTable): AnyPgColumn | undefined => ('hierId' in table && isColumn(table.hierId) ? table.hierId : undefined);
const isColumn = (value: unknown): value is AnyPgColumn => typeof value === 'object' && value !== null && 'columnType' in value;

/**
 * A row of `table` to insert, without its tenant (the door sets it). Spelt from `$inferInsert`, not as
 * `Omit<PgInsertValue<T>, 'tenantId'>`: TypeScript's `keyof` of drizzle's insert value misses the
 * optional columns of a record table (catalog columns), so that Omit refused every one of them.
 */
export type TenantInsertValue<T extends TenantTable> = { [K in keyof T['$inferInsert'] as K extends 'tenantId' ? never : K]: T['$inferInsert'][K] | SQL | Placeholder };

/** A statement over the caller's rows, waiting for its own condition (`where()` for none). */
export interface Scoped<R> {
  where(condition?: SQL): R;
}

/** A statement that takes a condition (drizzle's select, update and delete builders). */
interface Conditioned<R> { where(condition: SQL | undefined): R }

/** Where a scope's work comes from, beyond its principal: what history records as who and why. */
export interface Origin {
  /** The request's id (its history entries name it). */
  requestId?: string;
  /** The batch job whose item this is (a job's changes are the job's). */
  jobId?: number;
}

/** Who a principal is, as a history entry names it (platform/history): never a secret. */
export function actorOf(principal: Principal, origin: Origin): Actor {
  const credential = principal.credentialId > 0 ? { credentialId: principal.credentialId } : {};
  if (origin.jobId !== undefined) return { type: 'job', id: origin.jobId, ...credential };
  if (principal.webUser) return { type: 'webUser', id: principal.webUser.id, ...credential };
  if (principal.clientId) return { type: 'oauthClient', id: principal.clientId, ...credential };
  return { type: 'serviceRep', id: principal.serviceRepId, ...credential };
}

export class DataScope {
  readonly tenantId: number;
  /** Hierarchy nodes at or below the caller's node. */
  readonly hierIds: number[];
  private readonly visibleSet: Set<number>;
  /** Values waiting for the next insert into a table (rideNextInsert). */
  private readonly riders = new Map<TenantTable, Record<string, unknown>>();

  /**
   * `client` is set inside a transaction: the connection the transaction runs on. `savepoints`: the
   * transaction is a request's own (`begin`), and each `transaction` inside it runs in a savepoint,
   * so a failed one is undone alone and its caller may go on, as it could outside.
   */
  constructor(readonly db: Db, readonly principal: Principal, readonly client?: pg.PoolClient, readonly origin: Origin = {}, private readonly savepoints = false) {
    this.tenantId = principal.tenantId;
    this.hierIds = principal.visibleHierIds;
    this.visibleSet = new Set(principal.visibleHierIds);
  }

  /** `column = any(<the caller's hierarchy nodes>)`: the condition every hierarchy-bound query carries. */
  visible(hierColumn: SQLWrapper): SQL {
    return sql`${hierColumn} = any(${sql.param(this.hierIds)}::int[])`;
  }

  /**
   * `column = any(<visible nodes and the nodes above them>)`: master data defined higher up (a job
   * title at the root) may be referenced by records below it, though it is not listed to them.
   */
  usable(hierColumn: SQLWrapper): SQL {
    return sql`${hierColumn} = any(${sql.param([...this.hierIds, ...this.principal.ancestorHierIds])}::int[])`;
  }

  canSee(hierId: number): boolean {
    return this.visibleSet.has(hierId);
  }

  /** The condition that keeps a statement on `table` to the caller's rows: its tenant, and its nodes as far as `reach`. */
  owns(table: TenantTable, reach: Reach = 'visible'): SQL {
    const tenant = sql`${table.tenantId} = ${this.tenantId}`;
    const node = nodeOf(table);
    if (!node || reach === 'tenant') return tenant;
    return and(tenant, reach === 'usable' ? this.usable(node) : this.visible(node))!;
  }

  /** `select <fields> from <table>` over the caller's rows; `where()` adds the statement's own condition. */
  select<F extends SelectedFields>(table: TenantTable, fields: F, reach?: Reach) {
    return this.scoped(this.db.select(fields).from(table), table, reach);
  }

  /**
   * The same, with joins: `join` adds them to `select <fields> from <table>` (each joined table tied
   * to the table's tenant by its condition; the scope filters the table named first).
   */
  selectJoined<T extends TenantTable, F extends SelectedFields, R>(table: T, fields: F, join: (from: PgSelectBase<T['_']['name'], F, 'partial'>) => Conditioned<R>, reach?: Reach): Scoped<R>;
  selectJoined<R>(table: TenantTable, fields: SelectedFields, join: (from: ReturnType<ReturnType<Db['select']>['from']>) => Conditioned<R>, reach?: Reach): Scoped<R> {
    return this.scoped(join(this.db.select(fields).from(table)), table, reach);
  }

  /** `insert into <table>` of rows in the caller's tenant (the tenant is set on each). */
  insert<T extends TenantTable>(table: T, values: TenantInsertValue<T> | TenantInsertValue<T>[]) {
    const riding = this.riders.get(table);
    this.riders.delete(table);
    // TypeScript cannot see that a generic table's insert value without its tenant, plus the
    // tenant, is an insert value of that table: the one cast of the door.
    const rows = (Array.isArray(values) ? values : [values]).map((v, i) => ({ ...v, ...(i === 0 ? riding : {}), tenantId: this.tenantId }) as PgInsertValue<T>);
    return this.db.insert(table).values(rows);
  }

  /**
   * Values the next insert into `table` through this scope carries on its first row (a create's
   * externalId: createRecord, decision 0050), so they cost no statement of their own. Answers a
   * check: whether they are still waiting (the create wrote its row another way), to be written then.
   */
  rideNextInsert(table: TenantTable, values: Record<string, unknown>): () => boolean {
    this.riders.set(table, values);
    return () => {
      const waiting = this.riders.get(table) === values;
      if (waiting) this.riders.delete(table);
      return waiting;
    };
  }

  /** `update <table> set ...` of the caller's rows; `where()` adds the statement's own condition. */
  update<T extends TenantTable>(table: T, set: PgUpdateSetSource<T>, reach?: Reach) {
    return this.scoped(this.db.update(table).set(set), table, reach);
  }

  /** `delete from <table>` of the caller's rows; `where()` adds the statement's own condition. */
  delete<T extends TenantTable>(table: T, reach?: Reach) {
    return this.scoped(this.db.delete(table), table, reach);
  }

  /**
   * A statement of its own, as drizzle's `sql`: `${TENANT}` and `${NODES}` bind the caller's tenant
   * and visible nodes, other values are parameters (or drizzle SQL fragments). It must name TENANT:
   * a statement over tenant data that forgets the tenant is refused before it runs.
   */
  async sql<Row extends Record<string, unknown>>(strings: TemplateStringsArray, ...values: unknown[]) {
    requireTenant(strings, values);
    const { rows } = await this.db.execute<Row>(sql(strings, ...values.map((v) => this.bind(v, strings))));
    return rows;
  }

  /**
   * A named (prepared once per connection) statement: `scope.named('employees_by_email')\`select ...
   * where tenant_id = ${TENANT}\``. Values are parameters only (no fragments: the text must not vary).
   * `short`: the statement is short by construction (an index lookup, a bounded area): outside a
   * transaction it is pipelined with other requests' (db/pipeline.ts) instead of taking a pool connection.
   */
  named(name: string, { short = false }: { short?: boolean } = {}) {
    return async <Row extends Record<string, unknown>>(strings: TemplateStringsArray, ...values: unknown[]): Promise<Row[]> => {
      requireTenant(strings, values);
      const text = strings.reduce((text, part, i) => `${text}$${i}${part}`);
      const params = values.map((v) => (v === TENANT ? this.tenantId : v === NODES ? this.hierIds : v));
      const { rows } = await (this.client ?? (short ? shortStatements(this.db) : this.db.$client)).query<Row>({ name, text, values: params });
      return rows;
    };
  }

  /** The global reference tables (countries, the gazetteer), read only: they belong to no tenant. */
  get reference(): ReferenceDb {
    return this.db;
  }

  /**
   * The `staffing.actor` setting's value (who, and the request): what the history trigger records
   * of each change this scope's transaction makes (drizzle/0027).
   */
  get actorSetting(): string {
    return JSON.stringify({ ...actorOf(this.principal, this.origin), ...(this.origin.requestId && { requestId: this.origin.requestId }) });
  }

  /** Runs `fn` in one transaction, with a scope bound to it; inside a transaction, in that one. */
  transaction<T>(fn: (scope: DataScope) => Promise<T>): Promise<T> {
    if (this.client && this.savepoints) return this.inSavepoint(this.client, fn);
    if (this.client) return fn(this);
    return transaction(this.db, ({ db, client }) => fn(new DataScope(db, this.principal, client, this.origin)), { 'staffing.actor': this.actorSetting });
  }

  /**
   * `fn` under a savepoint of the scope's transaction, on this scope: when it throws, what it wrote is
   * undone and the transaction goes on (createRecords' one row that the database refused).
   */
  async savepoint<T>(fn: () => Promise<T>): Promise<T> {
    if (!this.client) throw new Error('DataScope.savepoint runs inside a transaction.');
    const client = this.client;
    await client.query('savepoint scope_row');
    try {
      const result = await fn();
      await client.query('release savepoint scope_row');
      return result;
    } catch (e) {
      await client.query('rollback to savepoint scope_row').catch(() => {});
      throw e;
    }
  }

  /**
   * Begins a transaction that outlives one function (a request's, platform/idempotency): its scope,
   * through which everything the request does joins it, and its end (commit or rollback), the caller's.
   */
  async begin(): Promise<{ scope: DataScope; transaction: OpenTransaction }> {
    if (this.client) throw new Error('DataScope.begin: already inside a transaction');
    const tx = await openTransaction(this.db, { 'staffing.actor': this.actorSetting });
    return { scope: new DataScope(tx.db, this.principal, tx.client, this.origin, true), transaction: tx };
  }

  private async inSavepoint<T>(client: pg.PoolClient, fn: (scope: DataScope) => Promise<T>): Promise<T> {
    await client.query('savepoint scope_transaction');
    try {
      const result = await fn(new DataScope(this.db, this.principal, client, this.origin));
      await client.query('release savepoint scope_transaction');
      return result;
    } catch (e) {
      // A rollback that fails leaves the transaction failed: its commit then refuses (OpenTransaction).
      await client.query('rollback to savepoint scope_transaction').catch(() => {});
      throw e;
    }
  }

  private scoped<R>(statement: Conditioned<R>, table: TenantTable, reach?: Reach): Scoped<R> {
    const own = this.owns(table, reach);
    return { where: (condition?: SQL) => statement.where(and(own, condition)) };
  }

  private bind(value: unknown, strings: TemplateStringsArray): unknown {
    if (value === TENANT) return sql.param(this.tenantId);
    if (value === NODES) return sql`${sql.param(this.hierIds)}::int[]`;
    if (isBound(value)) throw new Error(`unknown binding in ${strings.join('?')}`);
    return value;
  }
}

const isBound = (value: unknown): value is Bound => typeof value === 'symbol';

function requireTenant(strings: TemplateStringsArray, values: unknown[]): void {
  if (!values.includes(TENANT)) throw new Error(`A statement over tenant data names \${TENANT}: ${strings.join('?')}`);
}
