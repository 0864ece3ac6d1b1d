// Applies a JSON Patch document to one record in one transaction: load it (locked, inside the
// caller's tenant and hierarchy, else 404), plan the patch against the catalog, run the resource's
// own rules, write the changed columns, run its side effects, record its `.updated` event (decision
// 0031) when something changed. Any failure leaves the record as it was and records nothing.
import { and, eq, getTableName } from 'drizzle-orm';
import type { DataScope } from '../../scope.ts';
import { AppError, invalid, notFound, validationError } from '../../http/errors.ts';
import { visibleBranch } from '../branches.ts';
import { planPatch, type Operation, type Record_ } from './patch.ts';
import { writeDirectly } from './direct.ts';
import { ruleErrors } from '../rules.ts';
import type { PatchContext, PatchTarget } from './target.ts';
import { emitEvent, type EventTemplate } from '../../events/outbox.ts';
import type { HistorySource } from '../../history/history-install.ts';

// The hot path runs as named statements built once from the catalog (Drizzle would build each query
// again on every request); targets with their own visibility or conditions go through Drizzle.
const selectText = new WeakMap<PatchTarget, string>();
const updateNames = new Map<string, string>();

function lockedSelect(target: PatchTarget): { name: string; text: string } {
  const name = `patch_select_${getTableName(target.table)}`;
  let text = selectText.get(target);
  if (!text) {
    const columns = target.catalog.fields.map((f) => `"${f.column}" as "${f.json}"`).join(', ');
    text = `select ${columns} from "${getTableName(target.table)}" where tenant_id = $1 and id = $2 and hier_id = any($3::int[]) for update`;
    selectText.set(target, text);
  }
  return { name, text };
}

/** Distinct column sets that get a named statement; rarer ones run unnamed (each set is prepared on every connection). */
const MAX_NAMED_UPDATES = 500;

function updateStatement(table: string, columns: string[]): { name?: string; text: string } {
  const text = `update "${table}" set ${columns.map((c, i) => `"${c}" = $${i + 3}`).join(', ')}, updated_at = now() where tenant_id = $1 and id = $2`;
  let name = updateNames.get(text);
  if (!name && updateNames.size < MAX_NAMED_UPDATES) {
    name = `patch_update_${updateNames.size}`;
    updateNames.set(text, name);
  }
  return name ? { name, text } : { text };
}

async function loadForUpdate(tx: DataScope, target: PatchTarget, id: number): Promise<Record_ | undefined> {
  const { table } = target;
  if (!target.visible && !target.where && tx.client) {
    const { rows } = await tx.client.query<Record_>({ ...lockedSelect(target), values: [tx.tenantId, id, tx.hierIds] });
    return rows[0];
  }
  const rows = await tx.db.select().from(table)
    .where(and(eq(table.tenantId, tx.tenantId), eq(table.id, id), target.visible ? target.visible(tx) : tx.visible(table.hierId!), target.where?.(tx)))
    .for('update');
  return rows[0];
}

// ---- The general path: a locked read, the plan, the resource's rules, the changed columns ----

/**
 * `event`: the record's `.updated` event, recorded with the write when the document changed the
 * record. `history`: the record's history, which the one-statement path then writes itself (else
 * the table's trigger does).
 */
export async function applyPatch(scope: DataScope, target: PatchTarget, id: number, operations: Operation[], event?: EventTemplate, history?: HistorySource): Promise<void> {
  if (await writeDirectly(scope, target, id, operations, event, history)) return;
  await scope.transaction(async (tx) => {
    const { table, catalog } = target;
    const row = await loadForUpdate(tx, target, id);
    if (!row) throw notFound(target.what);
    const current: Record_ = Object.fromEntries(catalog.fields.map((f) => [f.json, row[f.json]]));
    const { changes, next } = planPatch(catalog, current, operations);
    const ctx: PatchContext = { scope: tx, id, current, next, changes };
    const moved: { hierId?: number } = {};
    let branchError: AppError | undefined;
    if (target.followsBranch && [...changes.keys()].some((f) => f.json === 'branchId')) {
      // The catalog has checked the value: an id, or null (which no branch has).
      const branch = typeof next.branchId === 'number' ? await visibleBranch(tx, next.branchId) : undefined;
      if (branch) moved.hierId = branch.hierId;
      else branchError = invalid('branchId', 'no such branch inside your hierarchy');
    }
    const changed = new Set([...changes.keys()].map((f) => f.json));
    // One 400 names every bad field: the branch's, the rules' and the target's own.
    const errors = { ...branchError?.errors, ...(await ruleErrors(target.rules ?? {}, { scope: tx, id, next }, changed)) };
    try {
      await target.validate?.(ctx);
    } catch (e) {
      if (e instanceof AppError && e.code === 'VALIDATION_FAILED') throw validationError({ ...e.errors, ...errors });
      throw e;
    }
    if (Object.keys(errors).length) throw validationError(errors);
    if (changes.size === 0) return;
    const columns = [...changes.keys()].map((f) => f.column);
    const values = [...changes.values()];
    if (moved.hierId !== undefined) { columns.push('hier_id'); values.push(moved.hierId); }
    await tx.client!.query({ ...updateStatement(getTableName(table), columns), values: [tx.tenantId, id, ...values] });
    const alsoChanged = (await target.after?.(ctx)) ?? [];
    const changedFields = [...new Set([...[...changes.keys()].map((f) => f.json), ...alsoChanged])];
    if (event) await emitEvent(tx, event, getTableName(table), id, { changedFields });
  });
}
