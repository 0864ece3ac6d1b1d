// Request and response shapes of /Prospects (GEN-15: the spec shows only PATCH). The read shape is
// every catalog field plus the id, the hierarchy node and the names a client displays.
import { Type, type Static, type TSchema } from 'typebox';
import { catalogProperties } from '../../platform/http/json-patch/catalog.ts';
import { PageQuery } from '../../platform/http/paging.ts';
import { prospectCatalog } from './prospect.patch-catalog.ts';

/** Optional fields take null as "not given" (AMB-84). */
const opt = <T extends TSchema>(schema: T) => Type.Optional(Type.Union([schema, Type.Null()]));
const Id32 = (description?: string) => Type.Integer({ minimum: 1, maximum: 2147483647, ...(description ? { description } : {}) });
const Id64 = (description?: string) => Type.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER, ...(description ? { description } : {}) });

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

const nullableString = Type.Union([Type.String(), Type.Null()]);

export const ProspectRecord = Type.Object({
  prospectId: Type.Integer(),
  ...catalogProperties(prospectCatalog),
  hierId: Type.Integer(),
  prospectStatus: Type.String({ description: 'Name of the status (ProspectStatusId).' }),
  ownedByServiceRep: nullableString,
  team: Type.Union([Type.String({ description: 'Name of the sales team (TeamId).' }), Type.Null()]),
});

export const ProspectListItem = Type.Object({
  prospectId: Type.Integer(),
  name: Type.String(),
  department: Type.String(),
  prospectStatusId: Type.Integer(),
  prospectStatus: Type.String(),
  ownedByServiceRepId: Type.Union([Type.Integer(), Type.Null()]),
  hierId: Type.Integer(),
});

export const ProspectListQuery = Type.Object({
  ...PageQuery.properties,
  prospectStatusId: Type.Optional(Id64()),
  name: Type.Optional(Type.String({ minLength: 1, maxLength: 255, description: 'Names starting with this (any case).' })),
});
export type ProspectListFilter = Static<typeof ProspectListQuery>;

export const ProspectIdParams = Type.Object({ id: Id32() });
