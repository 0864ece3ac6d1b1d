// Reads a webhook vendor's `data` (AMB-70 (e)): URL-decoded by the router, then JSON, then the
// VendorAssessmentResult object, mapped onto the report the AssessOnCloud callback stores, so both
// callbacks share one way of storing results. Every problem is a 400 naming `data`.
import { Value } from 'typebox/value';
import { invalid } from '../../platform/http/errors.ts';
import { DATE_RANGE, isInDateRange } from '../../platform/http/date-range.ts';
import type { CallbackTarget, IncomingReport } from './assessment-callback.repository.ts';
import { VendorResult, type VendorResultInput } from './assessment-vendor-results.schemas.ts';

function parsed(data: string): VendorResultInput {
  let value: unknown;
  try {
    value = JSON.parse(data);
  } catch {
    throw invalid('data', 'is not JSON (send the result object as URL-encoded JSON)');
  }
  if (!Value.Check(VendorResult, value)) {
    const problems = [...Value.Errors(VendorResult, value)].slice(0, 5).map((e) => `${e.instancePath.replace(/^\//, '').replace(/\//g, '.') || 'the object'} ${e.message}`);
    throw invalid('data', problems.join('; '));
  }
  if (!isInDateRange(new Date(value.completedAt))) throw invalid('data', `completedAt must be ${DATE_RANGE}`);
  if (value.score !== undefined && value.maxScore !== undefined && value.score > value.maxScore) throw invalid('data', 'score is above maxScore');
  return value;
}

/** The session the result is for and the report to store (the vendor's object kept as its payload). */
export function vendorReport(vendorId: number, data: string): { target: CallbackTarget; report: IncomingReport } {
  const result = parsed(data);
  return {
    target: { sessionId: result.sessionId, via: { vendorId } },
    report: {
      field: 'data',
      payload: result,
      report: {
        reportId: result.reportId, assessmentCode: result.assessmentCode, status: 'completed', completedAt: result.completedAt,
        ...(result.score === undefined ? {} : { score: { value: result.score, minimum: 0, ...(result.maxScore === undefined ? {} : { maximum: result.maxScore }) } }),
        ...(result.outcome === undefined ? {} : { outcome: result.outcome }),
        ...(result.reportUrl === undefined ? {} : { reportUrl: result.reportUrl }),
      },
    },
  };
}
