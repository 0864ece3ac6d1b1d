// The HTTP provider client against the provider double: the request it sends, and each way a
// provider can fail turned into a ProviderError whose message never holds the key.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startProviderDouble, type ProviderDouble } from '../../../test/assessment-provider-double.ts';
import { httpProvider, ProviderError, type ProviderSessionRequest } from './assessment-provider.ts';

const KEY = 'provider-key-never-shown';
const request: ProviderSessionRequest = {
  assessmentSessionId: 42, candidate: { candidateId: '7', givenName: 'Ann', familyName: 'Lee' }, assessments: [{ assessmentCode: 'typing-60' }],
  locale: 'en', callbacks: { results: 'http://api.test/Assessments/Sessions/AssessOnCloud/Results', status: 'http://api.test/Assessments/Sessions/AssessOnCloud/Status' },
};
let double: ProviderDouble;
beforeAll(async () => { double = await startProviderDouble(); });
afterAll(async () => { await double?.close(); });

async function failure(promise: Promise<unknown>): Promise<ProviderError> {
  const error = await promise.then(() => undefined, (e: unknown) => e);
  if (!(error instanceof ProviderError)) throw new Error(`expected a ProviderError, got ${String(error)}`);
  expect(error.message).not.toContain(KEY);
  return error;
}

describe('httpProvider', () => {
  it('posts the request as JSON to {apiUrl}/sessions with the Bearer key and returns the provider\'s session', async () => {
    double.answerWith('session');
    const answer = await httpProvider(`${double.url}v2///`, KEY).requestSession(request);
    expect(answer).toEqual({ providerSessionId: expect.stringMatching(/^AOC-42-/), invitationUrl: expect.stringMatching(/^https:/), expiresAt: '2030-01-31T23:59:59Z' });
    expect(double.requests.at(-1)).toMatchObject({ method: 'POST', path: '/v2/sessions', headers: { authorization: `Bearer ${KEY}`, 'content-type': 'application/json' }, body: request });
  });

  it('fails on an error status, a body that is not JSON, an answer without a session, and an expiresAt without an offset: a bad answer (521)', async () => {
    const cases = [
      [{ status: 401, body: { error: 'bad key' } }, /answered 401/],
      ['not-json', /not JSON/],
      [{ status: 200, body: { invitationUrl: 'https://x' } }, /providerSessionId/],
      [{ status: 200, body: { providerSessionId: 'A', invitationUrl: 'https://x', expiresAt: '2030-01-31 23:59' } }, /expiresAt/],
    ] as const;
    for (const [behaviour, reason] of cases) {
      double.answerWith(behaviour);
      const error = await failure(httpProvider(double.url, KEY).requestSession(request));
      expect(error.message).toMatch(reason);
      expect(error.kind).toBe('bad-answer');
    }
    double.answerWith('session');
  });

  it('a provider that does not answer in time or cannot be reached is unreachable (520), one that answers wrongly a bad answer (521)', async () => {
    double.answerWith('hang');
    const late = await failure(httpProvider(double.url, KEY, 200).requestSession(request));
    expect([late.kind, late.message]).toEqual(['unreachable', expect.stringMatching(/did not answer within 200 ms/)]);
    double.answerWith('session');
    const closed = await failure(httpProvider('http://127.0.0.1:9', KEY).requestSession(request));
    expect([closed.kind, closed.message]).toEqual(['unreachable', expect.stringMatching(/could not be reached/)]);
  });
});
