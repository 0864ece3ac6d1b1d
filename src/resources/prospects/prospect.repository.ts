// Data access for prospects: create, read, list, and the PATCH target. A prospect lives in the
// caller's hierarchy node unless the create request names another visible node.
import { eq } from 'drizzle-orm';
import type { DataScope } from '../../platform/scope.ts';
import { Type } from 'typebox';
import { byIdReader, catalogSelect, nameIn, serviceRepName } from '../../platform/records/read.ts';
import { equals, listReader, startsWith } from '../../platform/records/list.ts';
import { Id64 } from '../../platform/records/shapes.ts';
import { invalid } from '../../platform/http/errors.ts';
import { prospectStatuses } from '../reference-data/reference.table.ts';
import { prospects } from './prospect.table.ts';
import { prospectCatalog } from './prospect.patch-catalog.ts';
import { ProspectListItem, ProspectRecord, type ProspectCreateInput } from './prospect.schemas.ts';

export async function createProspect(scope: DataScope, input: ProspectCreateInput): Promise<number> {
  return scope.transaction(async (tx) => {
    const [status] = input.prospectStatusId != null ? [{ id: input.prospectStatusId }] : await tx.select(prospectStatuses, { id: prospectStatuses.id })
      .where(eq(prospectStatuses.name, 'New')).limit(1);
    if (!status) throw invalid('prospectStatusId', 'is required: the tenant has no prospect status named New');
    const [row] = await tx.insert(prospects, {
      hierId: input.hierId ?? tx.principal.hierId, name: input.name, department: input.department ?? '',
      phoneNumber: input.phoneNumber ?? '', phoneNumberCountryCallingCode: input.phoneNumberCountryCallingCode ?? null, emailAddress: input.emailAddress ?? '',
      notes: input.notes ?? '', source: input.source ?? '', ownedByServiceRepId: input.ownedByServiceRepId ?? tx.principal.serviceRepId,
      teamId: input.teamId ?? null, prospectStatusId: status.id, primaryProspectContactId: input.primaryProspectContactId ?? null,
    }).returning({ id: prospects.id });
    return row!.id;
  });
}

/** One prospect: every catalog field, its node, and the names a client displays. */
const prospectStatus = nameIn('prospect_statuses', 'x.name');

export const getProspect = byIdReader({
  table: 'prospects', key: 'prospectId', schema: ProspectRecord,
  select: `r.id as "prospectId", ${catalogSelect(prospectCatalog)}, r.hier_id as "hierId", ${prospectStatus('r.prospect_status_id')} as "prospectStatus",
      ${serviceRepName('r.owned_by_service_rep_id')} as "ownedByServiceRep", ${nameIn('sales_teams', 'x.name')('r.team_id')} as "team"`,
});

/** GET /Prospects: by name, filtered by status and name prefix. */
export const listProspects = listReader({
  table: 'prospects', item: ProspectListItem,
  select: `r.id as "prospectId", r.name, r.department, r.prospect_status_id as "prospectStatusId", ${prospectStatus('r.prospect_status_id')} as "prospectStatus",
      r.owned_by_service_rep_id as "ownedByServiceRepId", r.hier_id as "hierId"`,
  filters: {
    prospectStatusId: equals('r.prospect_status_id', Id64()),
    name: startsWith('r.name', Type.String({ minLength: 1, maxLength: 255, description: 'Names starting with this (any case).' })),
  },
  order: 'r.name, r.id',
});
