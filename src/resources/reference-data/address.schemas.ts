// The postal address a customer and an employee carry (their own columns, outside the PATCH catalogs):
// how a create request gives its lines and how a read answers the whole of it.
import { Type } from 'typebox';
import { nullableString, opt } from '../../platform/records/shapes.ts';

/** The street lines and the city of a create request. */
export const AddressLines = {
  street1: opt(Type.String({ maxLength: 50 })),
  street2: opt(Type.String({ maxLength: 50 })),
  municipality: opt(Type.String({ maxLength: 50, description: 'City.' })),
};

/** The region of a create request: a state or province code. */
export const regionOf = (options: { minLength?: number } = {}) => Type.String({ ...options, maxLength: 5, description: 'State or province, e.g. MN.' });
export const PostalCode = Type.String({ maxLength: 10 });
/** The country of a create request. */
export const CountryCode = Type.Integer({ minimum: 1, maximum: 999, description: 'ISO 3166 numeric; default: the branch\'s country.' });

/** The address of a read (a record without a region has null). */
export const Address = {
  street1: nullableString,
  street2: nullableString,
  municipality: nullableString,
  region: nullableString,
  postalCode: nullableString,
  countryCode: Type.Integer(),
};
