// The reports of an AssessOnCloud results callback, checked beyond the schema (a score inside its own
// range) and named by the field a 400 would point at (`reports.0.assessmentCode`, as the validator
// names fields).
import { AppError, type FieldErrors } from '../../platform/http/errors.ts';
import type { IncomingReport } from './assessment-callback.repository.ts';
import type { ResultsCallbackInput } from './assessment-callback.schemas.ts';

export function incomingReports(body: ResultsCallbackInput): IncomingReport[] {
  const errors: FieldErrors = {};
  body.reports.forEach(({ score }, n) => {
    if (!score) return;
    const { value, minimum = -Infinity, maximum = Infinity } = score;
    if (minimum > maximum) errors[`reports.${n}.score.minimum`] = ['must not be above maximum'];
    else if (value < minimum || value > maximum) errors[`reports.${n}.score.value`] = [`must be between minimum and maximum`];
  });
  if (Object.keys(errors).length > 0) throw new AppError('VALIDATION_FAILED', 'A score lies outside its own range; nothing was stored.', errors);
  return body.reports.map((report, n) => ({ report, payload: report, field: `reports.${n}.assessmentCode` }));
}
