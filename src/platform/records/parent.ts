// A record kept under another (a customer's worksites): it has no hierarchy node of its own, so the
// parent's node decides who sees it, in its reads, its list, its PATCH and its events; and one
// parent's path never reaches another parent's record. Decision: docs/decisions/0036-worksites.md.
import { and, eq, getTableName, sql } from 'drizzle-orm';
import type { DataScope } from '../scope.ts';
import { qualified } from '../db/database.ts';
import { notFound } from '../http/errors.ts';
import type { PatchTarget } from './json-patch/target.ts';
import { idParamOf, idProperty, type Parent, type RecordDefinition } from './record.ts';

/** The parent's table, which holds the node (a parent is a record of the hierarchy). */
function parentTable(parent: Parent) {
  const table = parent.record.patch.target.table;
  if (!table.hierId) throw new Error(`${parent.record.name} has no hierarchy node: a record kept under it could not be placed`);
  return { table, hierId: table.hierId };
}

/** The record's column naming its parent, over the record's row `r` (`r.customer_id`): for select lists and lists. */
export const parentColumn = (parent: Parent) => `r.${parent.column.name}`;

/** The record's hierarchy node, over its row `r`: its parent's (a reader's `hier`). */
export function parentNode(parent: Parent): string {
  return `(select x.hier_id from ${getTableName(parentTable(parent).table)} x where x.tenant_id = r.tenant_id and x.id = ${parentColumn(parent)})`;
}

/** Answers 404 naming the parent (`The customer`) unless it exists inside the caller's hierarchy. */
export async function requireParent(scope: DataScope, parent: Parent, parentId: number): Promise<void> {
  const { table, hierId } = parentTable(parent);
  const rows = await scope.db.select({ one: sql`1` }).from(table).where(and(eq(table.tenantId, scope.tenantId), eq(table.id, parentId), scope.visible(hierId)));
  if (!rows.length) throw notFound(parent.record.what);
}

/**
 * The PATCH target of one parent's record: seen when the parent is, and only under that parent (a
 * record of another parent answers 404 as a missing one does).
 */
export function underParent(target: PatchTarget, parent: Parent, parentId: number): PatchTarget {
  const { table, hierId } = parentTable(parent);
  const node = sql`(select ${hierId} from ${table} where ${table.tenantId} = ${qualified(target.table.tenantId)} and ${table.id} = ${qualified(parent.column)})`;
  return {
    ...target,
    visible: (scope) => scope.visible(node),
    where: (scope) => and(target.where?.(scope), eq(parent.column, parentId)),
  };
}

/** Whether a row the record's read found belongs to `parentId` (its read shape carries the parent's id). */
export function isUnder(definition: Pick<RecordDefinition, 'parent'>, row: Record<string, unknown>, parentId: number | undefined): boolean {
  const parent = definition.parent;
  if (!parent) return true;
  return Number(row[idProperty(parent.record)]) === parentId;
}

/**
 * Where an event of the record finds its node and location, over its row `r`: the parent's node,
 * and `/Customers/12/worksites/7`. Undefined for a record with a node of its own.
 */
export function parentEventSource(definition: Pick<RecordDefinition, 'parent' | 'path'>): { node: string; location: string } | undefined {
  const parent = definition.parent;
  if (!parent) return undefined;
  const [before, after] = definition.path.split(`{${idParamOf(parent.record)}}`);
  return { node: parentNode(parent), location: `'${before}' || ${parentColumn(parent)} || '${after}/' || r.id` };
}
