// What parsing a resume produces, whichever parser (built-in or external HTTP) did it. Every field
// says whether it was found; `confidence` is 0..1 (1: matched a strict pattern, lower: a guess).
// The schemas check an external parser's answer; the types are derived from them.
import { Type, type Static, type TSchema } from 'typebox';
import { ExternalServiceError } from '../../platform/http/external-service.ts';
import type { ResumeFileErrorCode } from './resume.text.ts';
import { CandidateProfileSchema } from '../matching/matching.profile.ts';

export interface Found<T> { value: T; confidence: number }

const Confidence = Type.Number({ minimum: 0, maximum: 1 });
const found = <T extends TSchema>(value: T) => Type.Object({ value, confidence: Confidence });
const nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);
const NullableString = nullable(Type.String());

export const ResumeFormatSchema = Type.Union([Type.Literal('pdf'), Type.Literal('doc'), Type.Literal('docx'), Type.Literal('rtf'), Type.Literal('txt')]);

export const ParsedPhoneSchema = Type.Object({
  countryCallingCode: Type.Integer({ minimum: 1, maximum: 999 }),
  /** The national significant number, digits only (3125550147). */
  number: Type.String({ pattern: '^[0-9]{4,17}$' }),
  /** The same number in E.164 (+13125550147). */
  e164: Type.String({ pattern: '^\\+[0-9]{5,18}$' }),
  kind: Type.Union([Type.Literal('mobile'), Type.Literal('home'), Type.Literal('work'), Type.Literal('other')]),
});
export type ParsedPhone = Static<typeof ParsedPhoneSchema>;

export const ParsedAddressSchema = Type.Object({
  street1: NullableString,
  street2: NullableString,
  municipality: NullableString,
  /** A state or province code (IL, ON), or a UK county/town when that is all there is. */
  region: NullableString,
  postalCode: NullableString,
  /** ISO 3166 numeric (840 United States, 124 Canada, 826 United Kingdom) when known. */
  countryCode: nullable(Type.Integer()),
});
export type ParsedAddress = Static<typeof ParsedAddressSchema>;

export const ParsedJobSchema = Type.Object({
  employer: NullableString,
  title: NullableString,
  /** `yyyy-mm`, or `yyyy` when the resume gives only a year. */
  startDate: NullableString,
  /** As startDate; null when not given or when the job is current. */
  endDate: NullableString,
  /** The end was "Present", "Current", "Now"... */
  current: Type.Boolean(),
  description: NullableString,
});
export type ParsedJob = Static<typeof ParsedJobSchema>;

export const ParsedSchoolSchema = Type.Object({
  /** Null when only a degree is given (a GED, a diploma). */
  school: NullableString,
  degree: NullableString,
  field: NullableString,
  graduationYear: nullable(Type.Integer()),
});
export type ParsedSchool = Static<typeof ParsedSchoolSchema>;

export const ParsedResumeSchema = Type.Object({
  format: ResumeFormatSchema,
  firstName: nullable(found(Type.String({ minLength: 1 }))),
  /** The words between the first and last names, as written; optional for services that predate it (read as null). */
  middleName: Type.Optional(nullable(found(Type.String({ minLength: 1 })))),
  lastName: nullable(found(Type.String({ minLength: 1 }))),
  email: nullable(found(Type.String({ minLength: 3 }))),
  phones: Type.Array(found(ParsedPhoneSchema)),
  address: nullable(found(ParsedAddressSchema)),
  skills: Type.Array(Type.String()),
  /** Interest codes (job categories the candidate fits); empty when `skipInterestCodes`. */
  interestCodes: Type.Array(Type.String()),
  workHistory: Type.Array(ParsedJobSchema),
  education: Type.Array(ParsedSchoolSchema),
  /** The extracted plain text (kept on the staged record for review and re-parsing). */
  text: Type.String(),
  /**
   * The resume read through the skill and occupation vocabulary (decision 0056): skill and
   * certification ids, languages, each job's occupation. The built-in parser always fills it; an
   * external service may leave it out (profileOf(text, titles) can compute it from the text).
   */
  profile: Type.Optional(CandidateProfileSchema),
});
export type ParsedResume = Static<typeof ParsedResumeSchema>;

export interface ParseOptions {
  skipInterestCodes?: boolean;
  /** Whose file it is: the built-in parser shares its threads fairly between tenants (0012). */
  tenantId?: number;
}

/** A parser failure that belongs to the file (bad, hostile, unsupported): fails the item, not the worker. */
export type ResumeFailure = { code: ResumeFileErrorCode; message: string };

/**
 * An external parsing service failure (AMB-38 (a)): `unreachable` when it cannot be reached or
 * refuses the connection (HTTP 520), `bad-answer` when it answers an error or something unexpected
 * (HTTP 521), as for every external service (platform/http/external-service.ts).
 */
export class ResumeServiceError extends ExternalServiceError {}

export interface ResumeParser {
  /** Parses one file. Throws ResumeFileError for a bad file, ResumeServiceError for the external service. */
  parse(bytes: Buffer, options?: ParseOptions): Promise<ParsedResume>;
  close(): Promise<void>;
}
