// What parsing a resume produces, whichever parser (built-in or external HTTP) did it. Every field
// says whether it was found; `confidence` is 0..1 (1: matched a strict pattern, lower: a guess).
import type { ResumeFileErrorCode, ResumeFormat } from './resume.text.ts';

export interface Found<T> { value: T; confidence: number }

export interface ParsedPhone { countryCallingCode: number; number: string; kind: 'mobile' | 'home' | 'work' | 'other' }
export interface ParsedAddress {
  street1: string | null;
  street2: string | null;
  municipality: string | null;
  region: string | null;
  postalCode: string | null;
  /** ISO 3166 numeric (840 United States) when known. */
  countryCode: number | null;
}
export interface ParsedJob { employer: string | null; title: string | null; startDate: string | null; endDate: string | null; description: string | null }
export interface ParsedSchool { school: string; degree: string | null; field: string | null; graduationYear: number | null }

export interface ParsedResume {
  format: ResumeFormat;
  firstName: Found<string> | null;
  lastName: Found<string> | null;
  email: Found<string> | null;
  phones: Found<ParsedPhone>[];
  address: Found<ParsedAddress> | null;
  skills: string[];
  /** Interest codes (job categories the candidate fits); empty when `skipInterestCodes`. */
  interestCodes: string[];
  workHistory: ParsedJob[];
  education: ParsedSchool[];
  /** The extracted plain text (kept on the staged record for review and re-parsing). */
  text: string;
}

export interface ParseOptions { skipInterestCodes?: boolean }

/** A parser failure that belongs to the file (bad, hostile, unsupported): fails the item, not the worker. */
export type ResumeFailure = { code: ResumeFileErrorCode; message: string };

/**
 * An external parsing service failure (AMB-38 (a)): `unreachable` when it cannot be reached or
 * refuses the connection (HTTP 520), `bad-answer` when it answers an error or something unexpected
 * (HTTP 521).
 */
export class ResumeServiceError extends Error {
  constructor(readonly kind: 'unreachable' | 'bad-answer', message: string) {
    super(message);
    this.name = 'ResumeServiceError';
  }
}

export interface ResumeParser {
  /** Parses one file. Throws ResumeFileError for a bad file, ResumeServiceError for the external service. */
  parse(bytes: Buffer, options?: ParseOptions): Promise<ParsedResume>;
  close(): Promise<void>;
}
