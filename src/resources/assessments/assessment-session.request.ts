// Requesting a session (ASM-20, ASM-23): insert it, commit, then ask the provider, registering the
// two callback addresses. The provider call is outside the transaction so no row lock waits on a
// remote service; a session whose provider fails is kept, marked failed, and answered with 520 (the
// provider could not be reached) or 521 (it answered an error), as every external service is.
import type { DataScope } from '../../platform/scope.ts';
import { notFound } from '../../platform/http/errors.ts';
import { externalServiceProblem } from '../../platform/http/external-service.ts';
import { httpProvider, ProviderError, type AssessmentProvider } from './assessment-provider.ts';
import { getSession, insertSession, markSessionFailed, recordProviderSession, type VendorConfig } from './assessment-session.repository.ts';
import type { SessionRequestInput } from './assessment-session.schemas.ts';

export const RESULTS_PATH = '/Assessments/Sessions/AssessOnCloud/Results';
export const STATUS_PATH = '/Assessments/Sessions/AssessOnCloud/Status';

/** The addresses registered with the provider, on this service's public address. */
export function callbackAddresses(baseUrl: string) {
  return { results: `${baseUrl}${RESULTS_PATH}`, status: `${baseUrl}${STATUS_PATH}` };
}

/** The client of a vendor that is called; webhook vendors are not (their results come by themselves). */
export function providerFor(vendor: VendorConfig): AssessmentProvider | undefined {
  if (vendor.kind !== 'assessoncloud' || !vendor.apiUrl || !vendor.apiKey) return undefined;
  return httpProvider(vendor.apiUrl, vendor.apiKey);
}

/** POST /Employees/{id}/assessmentSessions: the session as stored after the provider answered. */
export async function requestSession(scope: DataScope, employeeId: number, input: SessionRequestInput, baseUrl: string) {
  const session = await insertSession(scope, employeeId, input.assessmentPackageId);
  const provider = providerFor(session.vendor);
  if (provider) {
    try {
      const answer = await provider.requestSession({
        assessmentSessionId: session.sessionId, candidate: session.candidate, assessments: session.assessments,
        locale: input.locale ?? 'en', callbacks: callbackAddresses(baseUrl),
      });
      await recordProviderSession(scope, session.sessionId, answer);
    } catch (e) {
      if (!(e instanceof ProviderError)) throw e;
      await markSessionFailed(scope, session.sessionId, e.message);
      throw externalServiceProblem(e, `${e.message} Session ${session.sessionId} is marked failed.`, { location: `/Assessments/Sessions/${session.sessionId}` });
    }
  }
  const stored = await getSession(scope, session.sessionId);
  if (!stored) throw notFound('The assessment session');
  return stored;
}
