import { serviceReps } from '../../platform/db/schema.ts';
import { recordTable } from '../../platform/records/record-table.ts';
import { prospectStatuses, salesTeams } from '../reference-data/reference.table.ts';
import { prospectCatalog } from './prospect.patch-catalog.ts';

export const prospects = recordTable('prospects', prospectCatalog, {
  references: { prospectStatusId: prospectStatuses, ownedByServiceRepId: serviceReps, teamId: salesTeams },
  indexes: [['name']],
});
