// Data access for prospects: create, read, list, and the PATCH target. A prospect lives in the
// caller's hierarchy node unless the create request names another visible node.
import { and, asc, eq, sql } from 'drizzle-orm';
import type { DataScope } from '../../platform/scope.ts';
import { byIdReader, catalogSelect } from '../../platform/records/read.ts';
import { invalid } from '../../platform/http/errors.ts';
import { toPage, type Paged } from '../../platform/http/paging.ts';
import { prospectStatuses } from '../reference-data/reference.table.ts';
import { prospects } from './prospect.table.ts';
import { prospectCatalog } from './prospect.patch-catalog.ts';
import type { ProspectCreateInput, ProspectListFilter } from './prospect.schemas.ts';

export async function createProspect(scope: DataScope, input: ProspectCreateInput): Promise<number> {
  return scope.transaction(async (tx) => {
    const [status] = input.prospectStatusId != null ? [{ id: input.prospectStatusId }] : await tx.db.select({ id: prospectStatuses.id }).from(prospectStatuses)
      .where(and(eq(prospectStatuses.tenantId, tx.tenantId), eq(prospectStatuses.name, 'New'))).limit(1);
    if (!status) throw invalid('prospectStatusId', 'is required: the tenant has no prospect status named New');
    const [row] = await tx.db.insert(prospects).values({
      tenantId: tx.tenantId, hierId: input.hierId ?? tx.principal.hierId, name: input.name, department: input.department ?? '',
      phoneNumber: input.phoneNumber ?? '', phoneNumberCountryCallingCode: input.phoneNumberCountryCallingCode ?? null, emailAddress: input.emailAddress ?? '',
      notes: input.notes ?? '', source: input.source ?? '', ownedByServiceRepId: input.ownedByServiceRepId ?? tx.principal.serviceRepId,
      teamId: input.teamId ?? null, prospectStatusId: status.id, primaryProspectContactId: input.primaryProspectContactId ?? null,
    }).returning({ id: prospects.id });
    return row!.id;
  });
}

const p = prospects;
const table = prospects;
// Outer columns are written qualified: Drizzle renders a one-table select's columns unqualified,
// and inside a subquery `"tenant_id"` would bind to the subquery's own table.
const names = {
  prospectStatus: sql<string>`(select s.name from prospect_statuses s where s.tenant_id = prospects.tenant_id and s.id = prospects.prospect_status_id)`,
  ownedByServiceRep: sql<string | null>`(select r.first_name || ' ' || r.last_name from service_reps r where r.tenant_id = prospects.tenant_id and r.id = prospects.owned_by_service_rep_id)`,
  team: sql<string | null>`(select t.name from sales_teams t where t.tenant_id = prospects.tenant_id and t.id = prospects.team_id)`,
};

/** One prospect: every catalog field, its node, and the names a client displays. */
export const getProspect = byIdReader({
  name: 'prospects_by_ids',
  table: 'prospects',
  key: 'prospectId',
  select: `r.id as "prospectId", ${catalogSelect(prospectCatalog)}, r.hier_id as "hierId",
      (select s.name from prospect_statuses s where s.tenant_id = r.tenant_id and s.id = r.prospect_status_id) as "prospectStatus",
      (select sr.first_name || ' ' || sr.last_name from service_reps sr where sr.tenant_id = r.tenant_id and sr.id = r.owned_by_service_rep_id) as "ownedByServiceRep",
      (select t.name from sales_teams t where t.tenant_id = r.tenant_id and t.id = r.team_id) as "team"`,
});

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
