// Request and response shapes of /Prospects (GEN-15: the spec shows only PATCH). The read shape is
// every catalog field plus the id, the hierarchy node and the names a client displays.
import { Type, type Static } from 'typebox';
import { catalogProperties } from '../../platform/records/json-patch/catalog.ts';
import { Id32, Id64, nullable, nullableString, opt } from '../../platform/records/shapes.ts';
import { prospectCatalog } from './prospect.patch-catalog.ts';

export const ProspectCreate = Type.Object({
  name: Type.String({ minLength: 1, maxLength: 255, description: 'Company name of the prospect.' }),
  hierId: opt(Id32('Hierarchy node of the prospect, inside the caller\'s hierarchy; default the caller\'s node.')),
  department: opt(Type.String({ maxLength: 255 })),
  phoneNumber: opt(Type.String({ maxLength: 255 })),
  phoneNumberCountryCallingCode: opt(Type.Integer({ minimum: 1, maximum: 9999 })),
  emailAddress: opt(Type.String({ maxLength: 255 })),
  notes: opt(Type.String()),
  source: opt(Type.String({ maxLength: 255 })),
  ownedByServiceRepId: opt(Id32('A service rep inside the caller\'s hierarchy; default the caller.')),
  teamId: opt(Id32('A sales team of the tenant.')),
  prospectStatusId: opt(Id64('A prospect status of the tenant; default New.')),
  primaryProspectContactId: opt(Id64('A contact inside the caller\'s hierarchy.')),
});
export type ProspectCreateInput = Static<typeof ProspectCreate>;

export const ProspectCreated = Type.Object({ prospectId: Type.Integer() });

export const ProspectRecord = Type.Object({
  prospectId: Type.Integer(),
  ...catalogProperties(prospectCatalog),
  hierId: Type.Integer(),
  prospectStatus: Type.String({ description: 'Name of the status (ProspectStatusId).' }),
  ownedByServiceRep: nullableString,
  team: nullable(Type.String({ description: 'Name of the sales team (TeamId).' })),
});

export const ProspectListItem = Type.Object({
  prospectId: Type.Integer(),
  name: Type.String(),
  department: Type.String(),
  prospectStatusId: Type.Integer(),
  prospectStatus: Type.String(),
  ownedByServiceRepId: nullable(Type.Integer()),
  hierId: Type.Integer(),
});

export const ProspectIdParams = Type.Object({ id: Id32() });
