// Applies a JSON Patch document to one record in one transaction: load it (locked, inside the
// caller's tenant and hierarchy, else 404), plan the patch against the catalog, run the resource's
// own rules, write the changed columns, run its side effects. Any failure leaves the record as it was.
import { and, eq, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { DataScope } from '../../scope.ts';
import { AppError, invalid, notFound } from '../errors.ts';
import { visibleBranch } from '../../db/branches.ts';
import type { Catalog, Field } from './catalog.ts';
import { planPatch, validationError, type Operation, type Record_ } from './patch.ts';

export type PatchableTable = PgTable & { tenantId: PgColumn; id: PgColumn; hierId?: PgColumn };

export interface PatchContext {
  scope: DataScope;
  id: number;
  current: Record_;
  next: Record_;
  changes: Map<Field, unknown>;
}

export interface PatchTarget {
  catalog: Catalog;
  table: PatchableTable;
  /** What the record is called in a 404. */
  what: string;
  /** Extra conditions on the record (a contact method's owner, say). */
  where?: (scope: DataScope) => SQL | undefined;
  /** Whether the caller sees the record; default: its `hierId` is inside the caller's hierarchy. */
  visible?: (scope: DataScope) => SQL;
  /** Rules beyond the catalog (references exist, BranchId inside the hierarchy, ...); throw to refuse. */
  validate?: (ctx: PatchContext) => Promise<void>;
  /**
   * BranchId places the record: it must name a branch inside the caller's hierarchy (else 400, AMB-78),
   * and a new one moves the record to that branch's hierarchy node.
   */
  followsBranch?: boolean;
  /** Side effects in the same transaction (assignment restrictions, pass-down to timecards, ...). */
  after?: (ctx: PatchContext) => Promise<void>;
}

export async function applyPatch(scope: DataScope, target: PatchTarget, id: number, operations: Operation[]): Promise<void> {
  await scope.transaction(async (tx) => {
    const { table, catalog } = target;
    const rows = await tx.db.select().from(table)
      .where(and(eq(table.tenantId, tx.tenantId), eq(table.id, id), target.visible ? target.visible(tx) : tx.visible(table.hierId!), target.where?.(tx)))
      .for('update');
    const row = rows[0] as Record_ | undefined;
    if (!row) throw notFound(target.what);
    const current: Record_ = Object.fromEntries(catalog.fields.map((f) => [f.json, row[f.json]]));
    const { changes, next } = planPatch(catalog, current, operations);
    const ctx: PatchContext = { scope: tx, id, current, next, changes };
    const moved: { hierId?: number } = {};
    let branchError: AppError | undefined;
    if (target.followsBranch && [...changes.keys()].some((f) => f.json === 'branchId')) {
      const branch = await visibleBranch(tx, next.branchId as number);
      if (branch) moved.hierId = branch.hierId;
      else branchError = invalid('branchId', 'no such branch inside your hierarchy');
    }
    try {
      await target.validate?.(ctx);
    } catch (e) {
      // One 400 names every bad field: the branch's and the resource's own.
      if (branchError && e instanceof AppError && e.code === 'VALIDATION_FAILED') throw validationError({ ...e.errors, ...branchError.errors });
      throw e;
    }
    if (branchError) throw branchError;
    if (changes.size === 0) return;
    const set = { ...Object.fromEntries([...changes].map(([field, value]) => [field.json, value])), ...moved };
    await tx.db.update(table).set({ ...set, updatedAt: new Date() } as never).where(and(eq(table.tenantId, tx.tenantId), eq(table.id, id)));
    await target.after?.(ctx);
  });
}
