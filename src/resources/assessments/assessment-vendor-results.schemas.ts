// The vendor webhook (ASM-25 to ASM-27): `POST /Assessments/Sessions/Vendors/{id}/Results?data=...`,
// where `data` is one result as URL-encoded JSON in the query string (AMB-70 (e)). One generic object
// for every `webhook` vendor, mapped onto the AssessOnCloud report (docs/assessments.md).
import { Type, type Static } from 'typebox';
import { Id64 } from '../../platform/records/shapes.ts';
import { OUTCOMES } from './assessment-callback.schemas.ts';

/** The largest `data` accepted, in characters after URL decoding (docs/assessments.md). */
export const MAX_DATA_LENGTH = 8192;

export const VendorParams = Type.Object({ id: Type.Integer({ minimum: 1, maximum: 2147483647, description: 'The assessment vendor (Int32).' }) });

export const VendorResultsQuery = Type.Object({
  data: Type.String({ minLength: 1, maxLength: MAX_DATA_LENGTH, description: `One result of the vendor, as URL-encoded JSON (the VendorAssessmentResult object), at most ${MAX_DATA_LENGTH} characters decoded.` }),
});

const ScoreNumber = Type.Number({ minimum: 0, maximum: 99_999_999 });

export const VendorResult = Type.Object({
  sessionId: Id64('Our assessmentSessionId.'),
  reportId: Type.String({ minLength: 1, maxLength: 200, description: 'The vendor\'s id of this result; sent again, it is stored once.' }),
  assessmentCode: Type.String({ minLength: 1, maxLength: 100 }),
  score: Type.Optional(ScoreNumber),
  maxScore: Type.Optional(ScoreNumber),
  outcome: Type.Optional(Type.Union(OUTCOMES.map((o) => Type.Literal(o)))),
  completedAt: Type.String({ format: 'date-time' }),
  reportUrl: Type.Optional(Type.String({ pattern: '^https?://', maxLength: 2000 })),
}, { $id: 'VendorAssessmentResult' });
export type VendorResultInput = Static<typeof VendorResult>;
