// The scoped data-access context: the only way request code reaches tenant data. It carries the
// caller's tenant and the hierarchy nodes it may see; repositories filter every query by both.
import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type pg from 'pg';
import type { Db } from './db/database.ts';
import { transaction } from './db/database.ts';
import type { Principal } from './auth/principal.ts';

export class DataScope {
  readonly tenantId: number;
  /** Hierarchy nodes at or below the caller's node. */
  readonly hierIds: number[];
  private readonly visibleSet: Set<number>;

  /** `client` is set inside a transaction: the connection the transaction runs on. */
  constructor(readonly db: Db, readonly principal: Principal, readonly client?: pg.PoolClient) {
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

  /** Runs `fn` in one transaction, with a scope bound to it; inside a transaction, in that one. */
  transaction<T>(fn: (scope: DataScope) => Promise<T>): Promise<T> {
    if (this.client) return fn(this);
    return transaction(this.db, ({ db, client }) => fn(new DataScope(db, this.principal, client)));
  }
}
