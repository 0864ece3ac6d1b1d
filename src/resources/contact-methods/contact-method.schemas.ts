// Request and response shapes of /{Employees|Contacts|Customers}/{id}/contactmethods.
import { Type, type Static } from 'typebox';
import { catalogProperties } from '../../platform/records/json-patch/catalog.ts';
import { PageQuery } from '../../platform/http/paging.ts';
import { Id64, nullableString, Timestamps } from '../../platform/records/shapes.ts';
import { contactMethodCatalog } from './contact-method.patch-catalog.ts';

/** A record's primary email address and phone number (PRIMARY_METHODS in a select list). */
export const PrimaryMethods = { primaryEmailAddress: nullableString, primaryPhoneNumber: nullableString };

/** Optional fields take null as "not given" (AMB-84). */
const opt = <T extends ReturnType<typeof Type.String> | ReturnType<typeof Type.Integer> | ReturnType<typeof Type.Boolean>>(schema: T) =>
  Type.Optional(Type.Union([schema, Type.Null()]));

export const ContactMethodCreate = Type.Object({
  contactMethodTypeId: Type.Integer({ minimum: -32768, maximum: 32767, description: '1 email, 2 home phone, 3 cell phone, 4 work phone, 5 fax, 6 website.' }),
  contactMethod: Type.String({ minLength: 1, maxLength: 255, description: 'The address or number.' }),
  isActive: opt(Type.Boolean({ default: true })),
  notes: opt(Type.String({ maxLength: 1000 })),
  whenAvailable: opt(Type.String({ maxLength: 25 })),
  areaCode: opt(Type.Integer({ minimum: -2147483648, maximum: 2147483647, default: 0, description: '0 when there is none.' })),
  providerId: opt(Type.Integer({ minimum: -2147483648, maximum: 2147483647, default: -1, description: 'Text-messaging provider; -1 when there is none.' })),
  countryCallingCode: opt(Type.Integer({ minimum: -2147483648, maximum: 2147483647, description: 'International calling code (1, 44, ...).' })),
  isPinned: opt(Type.Boolean({ default: false })),
});
export type ContactMethodCreateInput = Static<typeof ContactMethodCreate>;

export const ContactMethodCreated = Type.Object({ contactMethodId: Type.Integer() }, { $id: 'ContactMethodCreated' });

export const ContactMethodRecord = Type.Object({
  contactMethodId: Type.Integer(),
  ...catalogProperties(contactMethodCatalog),
  contactMethodType: Type.String({ description: 'Name of the contact method type.' }),
  ...Timestamps,
}, { $id: 'ContactMethod' });

export const ContactMethodListQuery = Type.Object({
  ...PageQuery.properties,
  contactMethodTypeId: Type.Optional(Type.Integer({ minimum: -32768, maximum: 32767 })),
  isActive: Type.Optional(Type.Boolean()),
});
export type ContactMethodListFilter = Static<typeof ContactMethodListQuery>;

const Id = Id64();
export const OwnerParams = Type.Object({ id: Id });
export const ContactMethodParams = Type.Object({ id: Id, contactMethodId: Type.Integer({ minimum: 1, maximum: 2147483647 }) });
