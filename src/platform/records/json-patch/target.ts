// What a PATCH works on: a record's catalog, table and rules (the definition's \`patch.target\`),
// and what its own rules and side effects are given. Kept apart so the general path (apply.ts) and
// the one-statement path (direct.ts) both read it without importing each other.
import type { SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { DataScope } from '../../scope.ts';
import type { Catalog, Field } from './catalog.ts';
import type { Record_ } from './patch.ts';
import type { Rules } from '../rules.ts';

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
  /** What each field may hold beyond its catalog type (references, formats); the same rules as on create. */
  rules?: Rules;
  /**
   * Fields named like references (`…Id`, `…Ident`) that no rule checks, each with the reason (an id of
   * another system, a list this service does not hold yet). A test requires every such field to be
   * either ruled or listed here.
   */
  unchecked?: Readonly<Record<string, string>>;
  /**
   * Rules that are not about one field. A target with one takes every document through the general
   * path below (the one-statement path cannot know what it reads).
   */
  validate?: (ctx: PatchContext) => Promise<void>;
  /**
   * BranchId places the record: it must name a branch inside the caller's hierarchy (else 400, AMB-78),
   * and a new one moves the record to that branch's hierarchy node.
   */
  followsBranch?: boolean;
  /**
   * Side effects in the same transaction (assignment restrictions, pass-down to timecards, ...). May
   * answer the record's fields it changed itself (a worksite's coordinates), which its `.updated` event names too.
   */
  after?: (ctx: PatchContext) => Promise<void | readonly string[]>;
}
