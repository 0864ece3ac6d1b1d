// The prospect record: /Prospects (GEN-15: the spec shows only PATCH; create, read and list follow
// the employee pattern). A prospect lives in the caller's hierarchy node unless the create request
// names another visible node. DELETE is not offered (405).
import { serviceReps } from '../../platform/db/schema.ts';
import { defineRecord } from '../../platform/records/record.ts';
import { lookup, visibleNode, visibleRecord } from '../../platform/records/rules.ts';
import { prospectStatuses, salesTeams } from '../reference-data/reference.table.ts';
import { ownMessage } from '../messages/message.repository.ts';
import { contacts } from '../contacts/contact.table.ts';
import { prospects } from './prospect.table.ts';
import { prospectCatalog } from './prospect.patch-catalog.ts';
import { ProspectCreate } from './prospect.schemas.ts';
import { createProspect, getProspect, listProspects } from './prospect.repository.ts';

export const prospectRecord = defineRecord({
  name: 'Prospect',
  idType: 'Int32',
  create: {
    summary: 'Create a prospect in the caller\'s hierarchy node, or in a visible hierId.',
    body: ProspectCreate,
    rules: { hierId: visibleNode },
    run: createProspect,
  },
  list: { summary: 'Prospects inside the caller\'s hierarchy, by name.', reader: listProspects },
  read: { summary: 'One prospect: every catalog field, plus display names.', reader: getProspect },
  patch: {
    target: {
      catalog: prospectCatalog,
      table: prospects,
      what: 'The prospect',
      // AMB-78 for the owner: a rep inside the caller's hierarchy.
      rules: {
        prospectStatusId: lookup(prospectStatuses, 'a prospect status of the tenant'),
        ownedByServiceRepId: visibleRecord(serviceReps, 'service rep'),
        teamId: lookup(salesTeams, 'a sales team of the tenant'),
        primaryProspectContactId: visibleRecord(contacts, 'contact'),
        primaryMessageId: ownMessage('prospect', 'prospect'),
      },
    },
  },
  // The API description's example (decision 0052).
  example: {
    prospectId: 812, name: 'Northwind Logistics', department: 'Warehouse', phoneNumber: '612-555-0142', phoneNumberCountryCallingCode: 1,
    emailAddress: 'hiring@northwind.example', notes: 'Met at the spring job fair.', source: 'Job fair',
  },
});
