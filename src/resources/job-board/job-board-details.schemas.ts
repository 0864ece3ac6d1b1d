// The job board order details (JBD-10 to JBD-19): exactly the spec's fields, in its order. Fields the
// spec shows as null, and values the tenant's settings or the order hide, are typed `T | null`
// (JBD-19, decision 0011): every key is always present. The three obsolete fields are `deprecated`
// in the description and still sent (VER-04, VER-05, decision 0030): v 1 removes no field.
import { Type, type Static, type TSchema } from 'typebox';

const DateTime = Type.Unsafe<Date | string>(Type.String({ format: 'date-time' }));
const nullable = <T extends TSchema>(schema: T, description: string) => Type.Union([schema, Type.Null()], { description });

/** JBD-14. */
export const PAY_FREQUENCIES = ['Monthly', 'Bi-Monthly', 'Bi-Weekly', 'Weekly', 'Daily'] as const;

export const JobBoardAddress = Type.Object({
  attentionTo: nullable(Type.String(), 'Always null: public postings do not name the customer\'s site.'),
  street1: nullable(Type.String(), 'Null when the order hides its worksite address (showWorksiteAddress false) or the tenant hides worksites.'),
  street2: nullable(Type.String(), 'As street1.'),
  municipality: nullable(Type.String(), 'Null when the tenant hides worksites (Hide Worksite).'),
  region: nullable(Type.String(), 'As municipality.'),
  postalCode: nullable(Type.String(), 'As municipality.'),
  country: nullable(Type.String(), 'Country name of the worksite.'),
  countryCode: Type.Integer({ description: 'ISO 3166 numeric code, as GET /DataLists/countries.' }),
  location: Type.Union([
    Type.Object({ latitude: Type.Number(), longitude: Type.Number() }, { additionalProperties: false }),
    Type.Null(),
  ], { description: 'Worksite coordinates (decimal degrees); null when unknown or hidden as street1.' }),
  dateAddressStandardized: nullable(DateTime, 'When the gazetteer standardized and placed the worksite\'s address; null when it could not, or when the tenant hides worksites.'),
}, { additionalProperties: false });

export const JobBoardDetails = Type.Object({
  jobOrderId: Type.Integer(),
  orderId: Type.Integer({ deprecated: true, description: 'Obsolete: use jobOrderId, which always holds the same value (AMB-59). Still sent throughout v 1.' }),
  dateOrderTaken: nullable(DateTime, 'Null when the tenant hides dates older than its cutoff (Hide Old Dates).'),
  jobDescription: Type.Union([Type.String(), Type.Null()], { description: 'The public description, or the order\'s own when none is set and the tenant\'s fallback is on; else null (as in search results).' }),
  jobDescriptionContentType: Type.String({ description: '`text/plain` or `text/html; charset=utf-8`: how to display jobDescription.' }),
  jobTitle: Type.Union([Type.String(), Type.Null()], { description: 'The public title, or the job title\'s name when none is set and the tenant\'s fallback is on; else null (as in search results).' }),
  category: Type.String({ description: 'The job title\'s category.' }),
  jobOrderType: Type.String(),
  skills: Type.Array(Type.String()),
  featured: nullable(Type.Boolean(), 'True: the job is highlighted. Null when never set.'),
  pay: nullable(Type.Number(), 'The pay rate; null when the order does not show pay (showPayRate false).'),
  payFrequency: nullable(Type.String({ enum: [...PAY_FREQUENCIES] }), 'Monthly, Bi-Monthly, Bi-Weekly, Weekly or Daily; null when unset or pay is not shown.'),
  payMin: nullable(Type.Number(), 'Null when unset or pay is not shown.'),
  payMax: nullable(Type.Number(), 'Null when unset or pay is not shown.'),
  payCurrency: Type.Union([Type.String(), Type.Null()], { deprecated: true, description: 'Obsolete, no replacement: always null. Still sent throughout v 1.' }),
  branchId: Type.Integer(),
  branchName: Type.String(),
  jobBoardUrl: Type.String({ deprecated: true, description: 'Obsolete, no replacement here: the order\'s address on the public job board, '
    + '`{jobboard_url}/{tenantName}/jobs/details/{jobOrderId}`, which job board search results (GET /Search/JobBoard) still give. Still sent throughout v 1.' }),
  educationSummary: nullable(Type.String(), 'The order\'s public education summary; null when unset.'),
  experienceSummary: nullable(Type.String(), 'The order\'s public experience summary; null when unset.'),
  publishDateTime: Type.String({ description: 'ISO 8601 with a UTC offset (`2026-11-22T00:00:00+00:00`): PublicPostingDate, else dateOrderTaken.' }),
  address: JobBoardAddress,
}, { $id: 'JobBoardDetails', additionalProperties: false });
export type JobBoardDetailsShape = Static<typeof JobBoardDetails>;

export const JobBoardDetailsParams = Type.Object({ jobOrderId: Type.Integer({ minimum: 1, maximum: 2147483647 }) });
