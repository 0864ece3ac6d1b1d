// Errors are codes: every problem body carries its code and a type URI that describes the code.
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { auth, testApp, type TestContext } from '../../../test/helpers.ts';
import { buildApp } from '../../app.ts';
import { ERROR_CODES, problemType, type ErrorCode } from './errors.ts';

let t: TestContext;
beforeAll(async () => { t = await testApp(); });
afterAll(async () => { await t?.close(); });

describe('error codes', () => {
  it('every code has its own type URI, and GET on it says what the code means', async () => {
    const codes = Object.keys(ERROR_CODES).filter((c): c is ErrorCode => c in ERROR_CODES);
    expect(new Set(codes.map(problemType)).size).toBe(codes.length);
    for (const code of codes) {
      const res = await t.app.inject({ method: 'GET', url: problemType(code) });
      expect(res.statusCode, code).toBe(200);
      expect(res.json()).toMatchObject({ code, status: ERROR_CODES[code].status, meaning: ERROR_CODES[code].meaning });
    }
    expect((await t.app.inject({ method: 'GET', url: '/problems/no-such-code' })).statusCode).toBe(404);
  });

  it('ERR-07 ERR-09: errors the router and access hook raise carry the generic code of their status', async () => {
    const missing = await t.app.inject({ method: 'GET', url: '/NoSuchPath' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ code: 'NOT_FOUND', type: '/problems/not-found', status: 404 });
    const unauthenticated = await t.app.inject({ method: 'GET', url: '/Employees' });
    expect(unauthenticated.json()).toMatchObject({ code: 'UNAUTHENTICATED', status: 401 });
  });
});

describe('an internal error (ERR-15)', () => {
  const SECRET = 'internal-detail-5b1e';
  let app: FastifyInstance;
  beforeAll(async () => {
    // Routes that fail as a bug would: a thrown Error, and a database error whose message quotes a bound value.
    app = await buildApp({ config: t.config, database: t.database, listenForRevocations: false });
    const access = { roles: ['ServiceRep'] as const, scopes: [] };
    app.get('/Thrown', { config: { access }, schema: { operationId: 'thrown' } }, async () => { throw new Error(`${SECRET} at /srv/app.ts:12`); });
    app.get('/BadSql', { config: { access }, schema: { operationId: 'badSql' } }, async () => t.database.db.execute(sql`select ${SECRET}::int`));
    await app.ready();
  });
  afterAll(async () => { await app?.close(); });

  it('ERR-15: answers 500 problem+json with the INTERNAL code and a traceId, and shows nothing of the error', async () => {
    for (const url of ['/Thrown', '/BadSql']) {
      const res = await app.inject({ method: 'GET', url, headers: auth.token(t.tenant.adminToken) });
      expect(res.statusCode, url).toBe(500);
      expect(res.headers['content-type'], url).toMatch(/^application\/problem\+json/);
      expect(res.json(), url).toEqual({
        type: '/problems/internal', code: 'INTERNAL', title: 'Internal Server Error', status: 500,
        detail: 'An unexpected error occurred. Quote the traceId when reporting it.', instance: url, traceId: expect.any(String),
      });
      expect(res.body, url).not.toContain(SECRET);
    }
  });
});

describe('docs/errors.md', () => {
  it('lists every code with its status', () => {
    const page = readFileSync(new URL('../../../docs/errors.md', import.meta.url), 'utf8');
    for (const [code, { status }] of Object.entries(ERROR_CODES)) expect(page, code).toContain(`| \`${code}\` | ${status} |`);
  });
});
