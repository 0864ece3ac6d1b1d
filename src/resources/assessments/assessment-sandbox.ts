// The assessment provider sandbox of the demo tenant (docs/assessments.md, decision 0037): an
// AssessOnCloud-style provider served on the API's own listener under /sandbox/assessoncloud, so the
// demo's sessions go the whole way a real provider's go. The service asks it for a session through
// the same HTTP client as any provider (its vendor's apiUrl points here); it answers as a provider
// does and, a moment later, calls the service's own callback addresses back over HTTP with a
// personal access token of the demo tenant's sandbox rep (scope `assessoncloudresults-write` only),
// as a real provider authenticates: first the status `inProgress`, then a result per assessment.
//
// Why it cannot serve another tenant: it exists only in a process started with `--demo` and knows
// only the demo tenant's secrets. It accepts a request bearing the demo vendor's API key only (a
// random secret in the demo's credentials file), calls back only this service's own callback
// addresses (never an address a request names), and its token reaches only the demo tenant's
// sessions. Its callbacks are background tasks that stop with the server.
import { createHash, timingSafeEqual } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { isDeepStrictEqual } from 'node:util';
import { AppError, invalid } from '../../platform/http/errors.ts';
import type { TypedRequests } from '../../platform/http/typed-requests.ts';
import { ProviderSessionAnswer, ProviderSessionRequest } from './assessment-provider.ts';
import { callbackAddresses } from './assessment-session.request.ts';

/** Where the sandbox answers, on the API's listener; the demo vendor's apiUrl is `{BASE_URL}` and this. */
export const SANDBOX_PATH = '/sandbox/assessoncloud';

/** The demo tenant's secrets the sandbox holds (DATA_DIR/demo-credentials.json). */
export interface SandboxCredentials {
  /** The demo vendor's API key: the only key the sandbox accepts. */
  apiKey: string;
  /** The `x-tw-token` it calls back with: the demo's sandbox rep, scope `assessoncloudresults-write` only. */
  callbackToken: string;
}

export interface SandboxOptions {
  credentials: SandboxCredentials;
  /** This service's public address: the callbacks it calls, the invitations it hands out. */
  baseUrl: string;
  /** The pause before each callback (a real candidate takes longer). */
  stepMs?: number;
}

export const SANDBOX_STEP_MS = 1500;
/** Attempts of one callback (the service busy or restarting), `stepMs` apart. */
const CALLBACK_ATTEMPTS = 3;
const SESSION_DAYS = 14;

const digest = (text: string) => createHash('sha256').update(text).digest();
/** Constant-time comparison of the presented Authorization header with the one expected. */
const presents = (header: string | undefined, expected: string) => timingSafeEqual(digest(header ?? ''), digest(expected));

/** A score from 55 to 100, the same for the same session and assessment: a demo's results can be compared. */
function scoreOf(providerSessionId: string, code: string): number {
  return 55 + (digest(`${providerSessionId}|${code}`).readUInt32BE(0) % 46);
}

/** A result per assessment, as the results callback takes them (assessment-callback.schemas.ts, AssessmentReport). */
function reportsOf(request: ProviderSessionRequest, providerSessionId: string) {
  const completedAt = new Date().toISOString();
  return request.assessments.map(({ assessmentCode }) => {
    const value = scoreOf(providerSessionId, assessmentCode);
    return {
      reportId: `${providerSessionId}-${assessmentCode}`, assessmentCode, status: 'completed', completedAt,
      score: { value, minimum: 0, maximum: 100 }, percentile: value, outcome: value >= 70 ? 'pass' : 'fail',
    };
  });
}

const Invitation = Type.Object({ providerSessionId: Type.String(), sandbox: Type.Literal(true), note: Type.String() }, { $id: 'AssessmentSandboxInvitation' });
const InvitationParams = Type.Object({ providerSessionId: Type.String({ maxLength: 200 }) });

/** The sandbox's routes and its callbacks in the background, stopped when the app closes. */
export function assessmentSandbox(options: SandboxOptions) {
  const { credentials, baseUrl, stepMs = SANDBOX_STEP_MS } = options;
  const expectedAuthorization = `Bearer ${credentials.apiKey}`;
  const ownCallbacks = callbackAddresses(baseUrl);

  return async function sandbox(app: FastifyInstance) {
    const stopping = new AbortController();
    const running = new Set<Promise<void>>();
    const log = app.log.child({ component: 'assessment-sandbox' });
    app.addHook('onClose', async () => {
      stopping.abort();
      await Promise.allSettled(running);
    });
    const callBack = (url: string, body: object) => deliver(url, body, credentials.callbackToken, stepMs, stopping.signal, log);

    const api = app.withTypeProvider<TypedRequests>();
    // Public as a provider's endpoint is: it checks the vendor's key itself, as a provider does.
    api.post(`${SANDBOX_PATH}/sessions`, {
      config: { access: 'public' },
      schema: { hide: true, body: ProviderSessionRequest, response: { 201: ProviderSessionAnswer } },
    }, async (request, reply) => {
      if (!presents(request.headers.authorization, expectedAuthorization)) {
        throw new AppError('UNAUTHENTICATED', 'The assessment sandbox accepts the demo tenant\'s sandbox vendor key only.');
      }
      if (!isDeepStrictEqual(request.body.callbacks, ownCallbacks)) {
        throw invalid('callbacks', `must be this service's own callback addresses (${ownCallbacks.results}, ${ownCallbacks.status}): the sandbox calls nothing else`);
      }
      const session = request.body;
      const providerSessionId = `SANDBOX-${session.assessmentSessionId}`;
      const play = async () => {
        const { assessmentSessionId } = session;
        if (!(await callBack(ownCallbacks.status, { assessmentSessionId, providerSessionId, status: 'inProgress', occurredAt: new Date().toISOString() }))) return;
        await callBack(ownCallbacks.results, { assessmentSessionId, providerSessionId, reports: reportsOf(session, providerSessionId) });
      };
      const task = play().catch((e: unknown) => log.warn({ err: e }, 'the sandbox session stopped'));
      running.add(task);
      void task.finally(() => running.delete(task));
      return reply.code(201).send({
        providerSessionId, invitationUrl: `${baseUrl}${SANDBOX_PATH}/sessions/${providerSessionId}`,
        expiresAt: new Date(Date.now() + SESSION_DAYS * 86_400_000).toISOString(),
      });
    });

    // The invitation a session hands out: there is nothing to take in a sandbox.
    api.get(`${SANDBOX_PATH}/sessions/:providerSessionId`, {
      config: { access: 'public' },
      schema: { hide: true, params: InvitationParams, response: { 200: Invitation } },
    }, async (request) => ({
      providerSessionId: request.params.providerSessionId, sandbox: true as const,
      note: 'The demo tenant\'s assessment sandbox: there is no assessment to take here. It reports the session in progress, then a result per assessment, by itself.',
    }));
  };
}

/**
 * Posts one callback as a provider does, after a pause, retrying when the service is busy or away;
 * false when it was not acknowledged (or the server is stopping). The token is never logged.
 */
async function deliver(url: string, body: unknown, token: string, stepMs: number, signal: AbortSignal, log: FastifyBaseLogger): Promise<boolean> {
  for (let attempt = 1; attempt <= CALLBACK_ATTEMPTS; attempt++) {
    try {
      await sleep(stepMs, undefined, { signal });
      const response = await fetch(url, {
        method: 'POST', signal,
        headers: { 'content-type': 'application/json', accept: 'application/json', 'x-tw-token': token },
        body: JSON.stringify(body),
      });
      await response.arrayBuffer();
      if (response.ok) return true;
      log.warn({ url, status: response.status, attempt }, 'the sandbox\'s callback was not acknowledged');
      if (response.status < 500 && response.status !== 429) return false;
    } catch (e) {
      if (signal.aborted) return false;
      log.warn({ url, err: e, attempt }, 'the sandbox could not call back');
    }
  }
  return false;
}
