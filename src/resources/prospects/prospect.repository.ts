// Data access for prospects: create, read, list, and the PATCH target. A prospect lives in the
// caller's hierarchy node unless the create request names another visible node.
import { existsInTenant } from '../../platform/db/references.ts';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { DataScope } from '../../platform/scope.ts';
import { prepared, type Db } from '../../platform/db/database.ts';
import { hierarchyNodes, serviceReps } from '../../platform/db/schema.ts';
import { validationError } from '../../platform/http/json-patch/patch.ts';
import type { PatchContext, PatchTarget } from '../../platform/http/json-patch/apply.ts';
import { toPage, type Paged } from '../../platform/http/paging.ts';
import { messages, prospectStatuses, salesTeams } from '../reference-data/reference.table.ts';
import { contacts } from '../contacts/contact.table.ts';
import { prospects } from './prospect.table.ts';
import { prospectCatalog } from './prospect.patch-catalog.ts';
import type { ProspectCreateInput, ProspectListFilter } from './prospect.schemas.ts';

type Errors = Record<string, string[]>;

/** The references a prospect holds, checked the same way on create and on PATCH (AMB-78 for the owner). */
const references: { json: string; ok: (scope: DataScope, value: unknown) => Promise<boolean>; message: string }[] = [
  { json: 'prospectStatusId', ok: (s, v) => existsInTenant(s, prospectStatuses, v), message: 'is not a prospect status of the tenant' },
  { json: 'ownedByServiceRepId', ok: (s, v) => existsInTenant(s, serviceReps, v, s.visible(serviceReps.hierId)), message: 'no such service rep inside your hierarchy' },
  { json: 'teamId', ok: (s, v) => existsInTenant(s, salesTeams, v), message: 'is not a sales team of the tenant' },
  { json: 'primaryProspectContactId', ok: (s, v) => existsInTenant(s, contacts, v, s.visible(contacts.hierId)), message: 'no such contact inside your hierarchy' },
];

export async function createProspect(scope: DataScope, input: ProspectCreateInput): Promise<number> {
  return scope.transaction(async (tx) => {
    const errors: Errors = {};
    if (input.hierId != null && !(await existsInTenant(tx, hierarchyNodes, input.hierId, tx.visible(hierarchyNodes.id)))) {
      (errors.hierId ??= []).push('no such hierarchy node inside your hierarchy');
    }
    for (const ref of references) {
      const value = (input as Record<string, unknown>)[ref.json];
      if (value != null && !(await ref.ok(tx, value))) (errors[ref.json] ??= []).push(ref.message);
    }
    if (Object.keys(errors).length) throw validationError(errors);
    const [status] = input.prospectStatusId != null ? [{ id: input.prospectStatusId }] : await tx.db.select({ id: prospectStatuses.id }).from(prospectStatuses)
      .where(and(eq(prospectStatuses.tenantId, tx.tenantId), eq(prospectStatuses.name, 'New'))).limit(1);
    const [row] = await tx.db.insert(prospects).values({
      tenantId: tx.tenantId, hierId: input.hierId ?? tx.principal.hierId, name: input.name, department: input.department ?? '',
      phoneNumber: input.phoneNumber ?? '', phoneNumberCountryCallingCode: input.phoneNumberCountryCallingCode ?? null, emailAddress: input.emailAddress ?? '',
      notes: input.notes ?? '', source: input.source ?? '', ownedByServiceRepId: input.ownedByServiceRepId ?? tx.principal.serviceRepId,
      teamId: input.teamId ?? null, prospectStatusId: status?.id, primaryProspectContactId: input.primaryProspectContactId ?? null,
    } as never).returning({ id: prospects.id }) as { id: number }[];
    return row!.id;
  });
}

type Column = 'name' | 'department' | 'prospectStatusId' | 'ownedByServiceRepId' | 'teamId';
const p = prospects as unknown as Record<Column, AnyPgColumn>;
/** Drizzle types a run-time-column table as `never` rows: queries name it as a plain table. */
const table = prospects as unknown as PgTable;
// Outer columns are written qualified: Drizzle renders a one-table select's columns unqualified,
// and inside a subquery `"tenant_id"` would bind to the subquery's own table.
const names = {
  prospectStatus: sql<string>`(select s.name from prospect_statuses s where s.tenant_id = prospects.tenant_id and s.id = prospects.prospect_status_id)`,
  ownedByServiceRep: sql<string | null>`(select r.first_name || ' ' || r.last_name from service_reps r where r.tenant_id = prospects.tenant_id and r.id = prospects.owned_by_service_rep_id)`,
  team: sql<string | null>`(select t.name from sales_teams t where t.tenant_id = prospects.tenant_id and t.id = prospects.team_id)`,
};

const byId = prepared((db: Db) => db.select({ row: prospects, ...names }).from(prospects)
  .where(and(eq(prospects.tenantId, sql.placeholder('tenantId')), eq(prospects.id, sql.placeholder('id')), sql`${prospects.hierId} = any(${sql.placeholder('hierIds')})`))
  .prepare('prospect_by_id'));

export async function getProspect(scope: DataScope, id: number) {
  const [found] = await byId(scope.db).execute({ tenantId: scope.tenantId, id, hierIds: scope.hierIds }) as unknown as
    ({ row: Record<string, unknown> } & Record<keyof typeof names, string | null>)[];
  if (!found) return undefined;
  const { row, ...display } = found;
  return { prospectId: row.id, ...Object.fromEntries(prospectCatalog.fields.map((f) => [f.json, row[f.json]])), hierId: row.hierId, ...display };
}

export async function listProspects(scope: DataScope, filter: ProspectListFilter): Promise<Paged<Record<string, unknown>>> {
  const where = and(
    eq(prospects.tenantId, scope.tenantId),
    scope.visible(prospects.hierId),
    filter.prospectStatusId === undefined ? undefined : eq(p.prospectStatusId, filter.prospectStatusId),
    filter.name === undefined ? undefined : sql`lower(prospects.name) like ${filter.name.toLowerCase().replace(/[\\%_]/g, '\\$&') + '%'}`,
  );
  const rows = await scope.db.select({
    prospectId: prospects.id, name: p.name, department: p.department, prospectStatusId: p.prospectStatusId, prospectStatus: names.prospectStatus,
    ownedByServiceRepId: p.ownedByServiceRepId, hierId: prospects.hierId, totalCount: sql<number>`count(*) over ()`.mapWith(Number),
  }).from(table).where(where).orderBy(asc(p.name), asc(prospects.id)).limit(filter.take).offset(filter.skip);
  return toPage(rows, filter, ({ totalCount: _t, ...item }) => item, async () =>
    (await scope.db.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(table).where(where))[0]!.n);
}

async function validatePatch({ scope, id, next, changes }: PatchContext): Promise<void> {
  const errors: Errors = {};
  const changed = (json: string) => [...changes.keys()].some((f) => f.json === json);
  const all = [...references, {
    json: 'primaryMessageId', message: 'is not a message of this prospect',
    ok: (s: DataScope, v: unknown) => existsInTenant(s, messages, v, and(eq(messages.originType, 'prospect'), eq(messages.originId, id))),
  }];
  for (const ref of all) {
    if (changed(ref.json) && next[ref.json] !== null && !(await ref.ok(scope, next[ref.json]))) (errors[ref.json] ??= []).push(ref.message);
  }
  if (Object.keys(errors).length) throw validationError(errors);
}

export const prospectPatchTarget: PatchTarget = {
  catalog: prospectCatalog,
  table: prospects as unknown as PatchTarget['table'],
  what: 'The prospect',
  validate: validatePatch,
};
