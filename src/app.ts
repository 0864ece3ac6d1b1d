// Builds the HTTP application. Plugins load in a visible order: external plugins, then the
// platform (errors, validation, body parsing, access, negotiation, caching), then the routes.
import Fastify, { type FastifyInstance } from 'fastify';
import underPressure from '@fastify/under-pressure';
import { randomUUID } from 'node:crypto';
import type { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import type { Config } from './config.ts';
import type { Database } from './platform/db/database.ts';
import { CredentialVerifier } from './platform/auth/verifier.ts';
import { registerAccess } from './platform/auth/access.ts';
import { BearerVerifier } from './platform/auth/bearer.ts';
import { repTokenResolver } from './platform/auth/rep-principal.ts';
import { webUserTokenResolver } from './resources/web-users/web-user.repository.ts';
import { registerProblemHandlers, registerProblemTypes, sendProblem } from './platform/http/problem.ts';
import { statusOf } from './platform/http/errors.ts';
import { registerValidation } from './platform/http/validation.ts';
import { createResumeParser } from './resources/resumes/resume.parser.ts';
import type { ResumeParser } from './resources/resumes/resume.types.ts';
import { JobBoardSearchCache } from './resources/job-board/job-board-search.cache.ts';
import { JobBoard } from './resources/job-board/job-board.ts';
import { registerMultipart } from './platform/http/upload.ts';
import { registerBodyParsers } from './platform/http/body.ts';
import { registerNegotiation } from './platform/http/negotiation.ts';
import { registerEtags } from './platform/http/etag.ts';
import { registerIdempotency } from './platform/idempotency/idempotency.ts';
import { registerOpenApi } from './platform/openapi.ts';
import { loggerOptions } from './platform/logging.ts';
import { admission, type Admission } from './platform/http/admission.ts';
import { healthRoutes } from './resources/health/health.routes.ts';
import { resourceRoutes } from './resources/registry.ts';
import { webPages } from './web/web.pages.ts';
import { openLimits } from './platform/rate-limit/rate-limit.ts';
import { webAreas } from './web/registry.ts';
import { assessmentSandbox, type SandboxCredentials } from './resources/assessments/assessment-sandbox.ts';

/** How long a costly job board search waits for its turn before it is answered 503 (as long as a request waits for a database connection). */
const TEXT_SEARCH_WAIT_MS = 5000;

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    /** The job board (its search, details, settings and cache): the API's routes and the public pages use this one. */
    jobBoard: JobBoard;
    /** The job board's cache and its admission of costly searches (jobBoard's own), for what watches them. */
    jobBoardCache: JobBoardSearchCache;
    jobBoardTextSearches: Admission;
  }
}

export interface AppOptions {
  config: Config;
  database: Database;
  /** Listen to other processes (credential revocations, job board changes); off in most tests, which also turns the job board cache off. */
  listenForRevocations?: boolean;
  /** Where logs go (stdout by default); tests read them to check nothing secret is written. */
  logStream?: Writable;
  /** The resume parser (default: from the configuration; the app closes only one it made). */
  resumeParser?: ResumeParser;
  /** Serve the demo tenant's assessment provider sandbox with its secrets (`serve --demo` only; decision 0037). */
  assessmentSandbox?: SandboxCredentials;
}

export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const { config, database, listenForRevocations = true, logStream } = options;
  const app = Fastify({
    logger: loggerOptions(config.LOG_LEVEL, logStream),
    genReqId: () => randomUUID(),
    bodyLimit: config.BODY_LIMIT_BYTES,
    routerOptions: { caseSensitive: false, ignoreTrailingSlash: true, maxParamLength: 200 },
    return503OnClosing: true,
    // X-Forwarded-For only from the configured proxies (request.ip: logs, per-address limits); nothing
    // reads the forwarded host or protocol: public addresses are BASE_URL's.
    trustProxy: config.TRUST_PROXY ?? false,
    // Errors the router raises before any route runs (a target that cannot be decoded, an over-long
    // path parameter) are problem+json like every other error.
    frameworkErrors: (error, request, reply) => {
      const code = error.code === 'FST_ERR_MAX_PARAM_LENGTH' ? 'URI_TOO_LONG' : error.code === 'FST_ERR_BAD_URL' ? 'MALFORMED_URL' : 'VALIDATION_FAILED';
      return sendProblem(request, reply, statusOf(code), error.message, undefined, undefined, code);
    },
    // The request line carries the assessment vendors' `data` query (decision 0020: up to 8192
    // characters decoded, which percent-encoding can triple); Node's default allows 16 KiB of headers.
    http: { maxHeaderSize: 32 * 1024 },
  });

  // External plugins.
  await app.register(underPressure, {
    maxEventLoopDelay: config.MAX_EVENT_LOOP_DELAY_MS,
    retryAfter: 5,
    exposeStatusRoute: false,
    pressureHandler: (request, reply, type, value) => {
      request.log.warn({ type, value }, 'overloaded');
      void sendProblem(request, reply, 503, 'The service is overloaded; retry later.', undefined, { 'retry-after': '5' });
    },
  });

  // Platform.
  registerProblemHandlers(app);
  registerValidation(app);
  registerBodyParsers(app);
  await registerMultipart(app);
  const verifier = new CredentialVerifier(database, config.CREDENTIAL_CACHE_SECONDS * 1000);
  if (listenForRevocations) await verifier.listen(app.log);
  app.addHook('onClose', () => verifier.close());
  // Bearer tokens: the login server's JWTs for this API (audience BASE_URL); reps and services act as a
  // rep, web users as their own record.
  const reps = repTokenResolver(database.db), webUsers = webUserTokenResolver(database.db);
  const bearer = new BearerVerifier(database, {
    issuer: config.AUTH_URL, audience: config.BASE_URL, ttlMs: config.CREDENTIAL_CACHE_SECONDS * 1000,
    resolve: (claims, client) => (claims.role === 'WebUserEmployee' || claims.role === 'WebUserContact' ? webUsers : reps)(claims, client),
  });
  if (listenForRevocations) await bearer.listen(app.log);
  app.addHook('onClose', () => bearer.close());
  // The configuration, for the few routes that build public addresses (job board, registration).
  app.decorate('config', config);
  const resumeParser = options.resumeParser ?? createResumeParser(config);
  app.decorate('resumeParser', resumeParser);
  if (!options.resumeParser) app.addHook('onClose', () => resumeParser.close());
  // The job board: answers are cached only while this process hears about changes (NOTIFY); the
  // costly searches (text across a whole board) take turns (issue 14 item 13).
  const jobBoard = new JobBoard(new JobBoardSearchCache(10_000, config.JOB_BOARD_CACHE_SECONDS * 1000),
    admission(config.JOB_BOARD_TEXT_SEARCHES, TEXT_SEARCH_WAIT_MS), config.JOBBOARD_URL);
  if (listenForRevocations) await jobBoard.cache.listen(database, app.log);
  app.decorate('jobBoard', jobBoard);
  app.decorate('jobBoardCache', jobBoard.cache);
  app.decorate('jobBoardTextSearches', jobBoard.textSearches);
  app.addHook('onClose', () => jobBoard.cache.close());
  // Fastify's idiom: the slots exist from the start (one object shape); the access hook fills them before any handler runs.
  app.decorateRequest('principal', null as never);
  app.decorateRequest('scope', null as never);
  registerAccess(app, { database, verifier, bearer, maxInFlightPerCredential: config.MAX_IN_FLIGHT_PER_CREDENTIAL });
  registerNegotiation(app);
  registerEtags(app);
  registerIdempotency(app, { hours: config.IDEMPOTENCY_KEY_HOURS });
  await registerOpenApi(app, config.BASE_URL, { authUrl: config.AUTH_URL, referenceClientId: config.API_REFERENCE_CLIENT_ID });

  // Routes.
  registerProblemTypes(app);
  await app.register(healthRoutes(() => database.db.execute(sql`select 1`)));
  for (const routes of resourceRoutes) await app.register(routes);
  if (options.assessmentSandbox) await app.register(assessmentSandbox({ credentials: options.assessmentSandbox, baseUrl: config.BASE_URL }));
  // Pages: the job board, registration and admin (HTML, their own error pages).
  // Registrations and the applicant's sign-in count against limits every process shares (decision 0034).
  await app.register(webPages(webAreas, { config, database, limits: openLimits(database.pipeline, config) }));

  return app;
}
