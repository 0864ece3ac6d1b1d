// The role walk (AUTH-01, AUTH-29, AUTH-33): every route the app registers is called without
// credentials and with a credential of each role, and the answer is checked against the route's own
// declaration (`config.access`). The routes are not listed by hand: test/routes.ts collects every
// route the app registers.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InjectOptions, RouteOptions } from 'fastify';
import { as } from '../../../test/helpers.ts';
import { PASSWORD, testLogin } from '../../../test/login.ts';
import { collectingRoutes, pathOf } from '../../../test/routes.ts';
import { operationsOf } from '../openapi.ts';
import { seedCustomer, seedJobOrder, seedJobTitle, seedWorksite, vet, type Place } from '../../resources/assignments/assignment.fixtures.ts';
import type { Access } from './access.ts';
import { ROLES, type Role } from './principal.ts';
import { ALL_SCOPES } from './scopes.ts';
import { issueCredential } from './tokens.ts';

// Read after `ready`, a route's options hold what later hooks added (registerAccess makes the /swagger plugin routes public).
const { built: t, routesOf } = await collectingRoutes(() => testLogin());
afterAll(async () => { await t.close(); });

interface Walked { method: string; url: string; access: Access | 'public'; route: RouteOptions }

/** The app's routes, one per method, without HEAD twins and the documentation plugin's routes. */
const walked: Walked[] = routesOf(t.app).map(({ method, url, route }) => {
  const access = route.config?.access;
  if (!access) throw new Error(`${method} ${url} declares no access`);
  return { method, url, access, route };
});
const publicRoutes = walked.filter((r) => r.access === 'public');
const guarded = walked.flatMap((r) => (r.access === 'public' ? [] : [{ ...r, access: r.access }]));

/** Rule ids that name one endpoint's roles, added to that endpoint's test names. */
const ENDPOINT_RULES: Record<string, string> = { 'GET /Assignments/:id': 'ASG-06' };

/** The request of the walk: path filled in, an empty body where the method takes one (validation refuses it). */
function requestOf({ method, url, route }: Walked, headers: Record<string, string>): InjectOptions {
  const path = pathOf({ method, url, route });
  const options: InjectOptions = { method: method as InjectOptions['method'], url: path, headers: { ...headers } };
  if (method === 'PATCH') return { ...options, headers: { ...headers, 'content-type': 'application/json-patch+json' }, payload: '[]' };
  if (method === 'POST' || method === 'PUT') return { ...options, headers: { ...headers, 'content-type': 'application/json' }, payload: '{}' };
  return options;
}

/** A role let through may still be refused by validation, a missing record or a conflict; never by authentication, role or scope. */
const LET_THROUGH = new Set([200, 201, 202, 204, 400, 404, 405, 409, 415, 422]);

let credentials: Record<Role, Record<string, string>>;

async function bearer(form: Record<string, string>): Promise<Record<string, string>> {
  const res = await t.token(form);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  expect(typeof res.body.access_token).toBe('string');
  return { authorization: `Bearer ${String(res.body.access_token)}` };
}

beforeAll(async () => {
  const { acme } = t;
  const webUser = (usertype: Role, username: string) => bearer({
    grant_type: 'tw_vendor_webuser', usertype, username, password: PASSWORD,
    client_id: acme.webuser.clientId, client_secret: acme.webuser.clientSecret!, acr_values: acme.acr,
  });
  credentials = {
    ServiceRep: { 'x-tw-token': acme.fixture.adminToken.token },
    Service: await bearer({ grant_type: 'tw_vendor_service_credentials', client_id: acme.service.clientId, client_secret: acme.service.clientSecret!, acr_values: acme.acr }),
    WebUserEmployee: await webUser('WebUserEmployee', 'wendy'),
    WebUserContact: await webUser('WebUserContact', 'carl'),
  };
});

type Answer = { status: number; code?: string; detail?: string };
async function call(route: Walked, headers: Record<string, string>): Promise<Answer> {
  const res = await t.app.inject(requestOf(route, headers));
  let body: { code?: string; detail?: string } = {};
  try { body = res.json(); } catch { /* not JSON: a 204, say */ }
  return { status: res.statusCode, code: body.code, detail: body.detail };
}

describe('the walk', () => {
  it('AUTH-29: finds every route of the app, each with a declaration', () => {
    expect(guarded.length).toBeGreaterThan(40);
    expect(publicRoutes.length).toBeGreaterThan(0);
  });

  it('AUTH-29: covers every operation of the API description', () => {
    const walkedOperations = new Set(walked.map((r) => `${r.method} ${r.url.replace(/:([A-Za-z0-9_]+)/g, '{$1}')}`));
    const documented = operationsOf(t.app.swagger() as Record<string, unknown>).map((o) => `${o.method.toUpperCase()} ${o.path}`);
    expect(documented.length).toBeGreaterThan(40);
    expect(documented.filter((o) => !walkedOperations.has(o))).toEqual([]);
  });
});

describe('public routes answer without credentials', () => {
  for (const route of publicRoutes) {
    it(`${route.method} ${route.url}: not 401`, async () => {
      const answer = await call(route, {});
      expect(answer.status, JSON.stringify(answer)).not.toBe(401);
      expect(answer.status).toBeLessThan(500);
    });
  }
});

for (const route of guarded) {
  const name = `${route.method} ${route.url}`;
  const allowed = ROLES.filter((role) => route.access.roles.includes(role));
  const refused = ROLES.filter((role) => !route.access.roles.includes(role));
  const rules = ENDPOINT_RULES[name] ? ` ${ENDPOINT_RULES[name]}` : '';

  describe(name, () => {
    it('AUTH-01: answers 401 without credentials', async () => {
      const answer = await call(route, {});
      expect(answer, JSON.stringify(answer)).toMatchObject({ status: 401, code: 'UNAUTHENTICATED' });
    });

    if (refused.length > 0) {
      it(`AUTH-29 AUTH-33${rules}: refuses ${refused.join(', ')} with 403 ROLE_NOT_ALLOWED`, async () => {
        const answers: Record<string, string> = {};
        for (const role of refused) {
          const { status, code, detail } = await call(route, credentials[role]);
          answers[role] = status === 403 && code === 'ROLE_NOT_ALLOWED' ? 'refused' : `${status} ${code}: ${detail}`;
        }
        expect(answers).toEqual(Object.fromEntries(refused.map((role) => [role, 'refused'])));
      });
    }

    it(`AUTH-29${rules}: lets ${allowed.join(', ')} through`, async () => {
      const answers: Record<string, string> = {};
      for (const role of allowed) {
        const { status, code, detail } = await call(route, credentials[role]);
        answers[role] = LET_THROUGH.has(status) ? 'let through' : `${status} ${code}: ${detail}`;
      }
      expect(answers).toEqual(Object.fromEntries(allowed.map((role) => [role, 'let through'])));
    });
  });
}

// The scope walk: a personal access token of the administrator (every node visible) holding one of
// a route's scopes gets through; one holding every other scope gets 403 SCOPE_MISSING.
const scopeTokens = new Map<string, Promise<Record<string, string>>>();
function tokenWith(scopes: readonly string[]): Promise<Record<string, string>> {
  const key = [...scopes].sort().join(' ');
  let token = scopeTokens.get(key);
  if (!token) {
    token = issueCredential(t.database.db, {
      tenantId: t.acme.fixture.tenantId, serviceRepId: t.acme.fixture.adminRepId, kind: 'personal', name: `scopes ${key}`, scopes,
      expiresAt: new Date(Date.now() + 86_400_000),
    }).then((c) => ({ 'x-tw-token': c.token }));
    scopeTokens.set(key, token);
  }
  return token;
}

/** Spec-named scopes that are not a `<record>-read`/`-write` pair (AUTH-27). */
const SINGLE = new Set(['assessoncloudresults-write', 'assessment-webhook']);
const scoped = guarded.filter((r) => r.access.scopes.length > 0 && r.access.roles.includes('ServiceRep'));

describe('the scope walk (AUTH-24, AUTH-25, AUTH-26, AUTH-31)', () => {
  it('AUTH-24 AUTH-25: GET routes take a read scope, POST/PUT/PATCH/DELETE routes a write scope', () => {
    expect(scoped.length).toBeGreaterThan(40);
    const wrong = scoped.filter(({ method, access }) => (method === 'GET'
      ? !access.scopes.some((scope) => scope.endsWith('-read'))
      : !access.scopes.some((scope) => scope.endsWith('-write') || SINGLE.has(scope))));
    expect(wrong.map((r) => `${r.method} ${r.url}: ${r.access.scopes.join(' ')}`)).toEqual([]);
  });

  for (const route of scoped) {
    it(`AUTH-26 AUTH-31 ${route.method} ${route.url}: each of ${route.access.scopes.join(' or ')} lets a token through; every other scope gets 403 SCOPE_MISSING`, async () => {
      const answers: Record<string, string> = {};
      for (const scope of route.access.scopes) {
        const { status, code, detail } = await call(route, await tokenWith([scope]));
        answers[scope] = LET_THROUGH.has(status) ? 'let through' : `${status} ${code}: ${detail}`;
      }
      const others = ALL_SCOPES.filter((scope) => !route.access.scopes.includes(scope));
      const without = await call(route, await tokenWith(others));
      answers.others = without.status === 403 && without.code === 'SCOPE_MISSING' ? 'refused' : `${without.status} ${without.code}: ${without.detail}`;
      expect(answers).toEqual({ ...Object.fromEntries(route.access.scopes.map((scope) => [scope, 'let through'])), others: 'refused' });
    });
  }
});

describe('ASG-06 AMB-24 (b): a WebUserEmployee reads only their own assignments', () => {
  it('answers 200 with the employee\'s own assignment and 404 for another employee\'s', async () => {
    const { fixture, employeeId } = t.acme;
    const db = t.database.db;
    const at: Place = { tenantId: fixture.tenantId, ...fixture.north };
    const customerId = await seedCustomer(db, at);
    const jobOrderId = await seedJobOrder(db, at, { customerId, jobTitleId: await seedJobTitle(db, at), worksiteId: await seedWorksite(db, at.tenantId, customerId) });
    const north = as(t.app, fixture.northToken);
    const colleague = await north({ method: 'POST', url: '/Employees', payload: { firstName: 'Olive', lastName: 'Other', branchId: fixture.north.branchId, region: 'MN' } });
    expect(colleague.statusCode, colleague.body).toBe(201);
    const assign = async (employee: number) => {
      await vet(north, jobOrderId, employee);
      const res = await north({ method: 'POST', url: '/Assignments', payload: { employeeId: employee, jobOrderId, startDate: '2026-01-05' } });
      expect(res.statusCode, res.body).toBe(201);
      return res.json<{ assignmentId: number }>().assignmentId;
    };
    const own = await assign(employeeId);
    const theirs = await assign(colleague.json<{ employeeId: number }>().employeeId);

    const mine = await t.app.inject({ method: 'GET', url: `/Assignments/${own}`, headers: credentials.WebUserEmployee });
    expect(mine.statusCode, mine.body).toBe(200);
    expect(mine.json()).toMatchObject({ assignmentId: own, employeeId, jobOrderId });
    const other = await t.app.inject({ method: 'GET', url: `/Assignments/${theirs}`, headers: credentials.WebUserEmployee });
    expect(other.statusCode, other.body).toBe(404);
    // The rep who made both sees both: the 404 is the web user's filter, not a missing record.
    expect((await north({ method: 'GET', url: `/Assignments/${theirs}` })).statusCode).toBe(200);
  });
});
