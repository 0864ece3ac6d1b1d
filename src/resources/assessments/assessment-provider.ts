// The provider client: how the service asks an assessment provider to open a session. One interface,
// one HTTP implementation for AssessOnCloud-style providers (docs/assessments.md, "Requesting a
// session"); the shapes below are what such a provider implements. Webhook vendors are not called.
import { Type, type Static } from 'typebox';
import { Value } from 'typebox/value';
import { ExternalServiceError, unreachableReason, type ExternalFailureKind } from '../../platform/http/external-service.ts';

/** What the service sends: `POST {apiUrl}/sessions`, `Authorization: Bearer <apiKey>`. */
export const ProviderSessionRequest = Type.Object({
  /** Our session id: the provider echoes it as `assessmentSessionId` in every callback. */
  assessmentSessionId: Type.Integer(),
  candidate: Type.Object({
    /** The employee's id in this service. */
    candidateId: Type.String(),
    givenName: Type.String(),
    familyName: Type.String(),
    email: Type.Optional(Type.String()),
  }),
  assessments: Type.Array(Type.Object({ assessmentCode: Type.String() }), { minItems: 1 }),
  locale: Type.Union([Type.Literal('en'), Type.Literal('es')]),
  /** The two addresses the provider calls back (ASM-20, ASM-23). */
  callbacks: Type.Object({ results: Type.String(), status: Type.String() }),
}, { $id: 'ProviderSessionRequest' });
export type ProviderSessionRequest = Static<typeof ProviderSessionRequest>;

/** What the provider answers (2xx, JSON). */
export const ProviderSessionAnswer = Type.Object({
  providerSessionId: Type.String({ minLength: 1, maxLength: 200 }),
  invitationUrl: Type.String({ pattern: '^https?://', maxLength: 2000 }),
  expiresAt: Type.Optional(Type.String({ format: 'date-time' })),
}, { $id: 'ProviderSessionAnswer' });
export type ProviderSessionAnswer = Static<typeof ProviderSessionAnswer>;

export interface AssessmentProvider {
  requestSession(request: ProviderSessionRequest): Promise<ProviderSessionAnswer>;
}

/**
 * The provider could not open the session: `unreachable` (520) when no answer came, `bad-answer`
 * (521) when it answered an error or an answer without a usable session. The message is safe to
 * store and show (no key, no body).
 */
export class ProviderError extends ExternalServiceError {}

export const PROVIDER_TIMEOUT_MS = 10_000;

/**
 * An AssessOnCloud-style provider at `apiUrl`. The key goes only into the Authorization header: it
 * is never part of an error message, and the service logs neither requests to providers nor their
 * headers.
 */
export function httpProvider(apiUrl: string, apiKey: string, timeoutMs = PROVIDER_TIMEOUT_MS): AssessmentProvider {
  const target = `${apiUrl.replace(/\/+$/, '')}/sessions`;
  const where = new URL(target).origin;
  const fail = (kind: ExternalFailureKind, why: string) => new ProviderError(kind, `The assessment provider at ${where} ${why}.`);
  return {
    async requestSession(request) {
      let status: number, raw: string;
      try {
        const response = await fetch(target, {
          method: 'POST',
          headers: { 'content-type': 'application/json', accept: 'application/json', authorization: `Bearer ${apiKey}` },
          body: JSON.stringify(request),
          signal: AbortSignal.timeout(timeoutMs),
        });
        status = response.status;
        raw = await response.text();
      } catch (err) {
        throw fail('unreachable', unreachableReason(err, timeoutMs));
      }
      if (status < 200 || status > 299) throw fail('bad-answer', `answered ${status}`);
      let body: unknown;
      try {
        body = JSON.parse(raw);
      } catch {
        throw fail('bad-answer', `answered ${status} with a body that is not JSON`);
      }
      if (!Value.Check(ProviderSessionAnswer, body)) {
        const first = [...Value.Errors(ProviderSessionAnswer, body)][0];
        throw fail('bad-answer', `answered without a usable session (${first?.instancePath || 'body'} ${first?.message ?? 'is invalid'})`);
      }
      return body;
    },
  };
}
