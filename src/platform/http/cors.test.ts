// CORS for browser apps (issue 29 item 7, decision 0047): none by default (no CORS header, a preflight
// answered 405 as before); with CORS_ORIGINS, a preflight from a listed origin is answered 204 with the
// methods of that path and the headers they read, answers carry the headers a browser may read, and
// any other origin gets no CORS header at all.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { auth, testApp, testConfig, type TestContext } from '../../../test/helpers.ts';
import { buildApp } from '../../app.ts';
import { ConfigError, loadConfig } from '../../config.ts';

const APP = 'https://app.example';
let t: TestContext;
let open: FastifyInstance;

beforeAll(async () => {
  t = await testApp();
  open = await buildApp({ config: testConfig({ CORS_ORIGINS: `${APP}, https://other-app.example:8443` }), database: t.database, listenForRevocations: false });
  await open.ready();
});
afterAll(async () => { await open?.close(); await t?.close(); });

const preflight = (app: FastifyInstance, url: string, origin: string, method = 'PATCH') => app.inject({
  method: 'OPTIONS', url, headers: { origin, 'access-control-request-method': method, 'access-control-request-headers': 'authorization, if-match, content-type' },
});
const corsHeaders = (headers: Record<string, unknown>) => Object.keys(headers).filter((h) => h.startsWith('access-control-'));
const list = (value: unknown) => String(value).split(',').map((v) => v.trim().toLowerCase());

describe('without CORS_ORIGINS', () => {
  it('a preflight is answered 405 as before and no answer carries a CORS header', async () => {
    const res = await preflight(t.app, '/Employees/1', APP);
    expect(res.statusCode).toBe(405);
    expect(corsHeaders(res.headers)).toEqual([]);
    const read = await t.app.inject({ url: '/Datalists/Branches', headers: { ...auth.token(t.tenant.adminToken), origin: APP } });
    expect(read.statusCode).toBe(200);
    expect(corsHeaders(read.headers)).toEqual([]);
  });
});

describe('with CORS_ORIGINS', () => {
  it('a preflight from a listed origin is answered 204 with the path\'s own methods and the headers they read', async () => {
    const one = await preflight(open, '/Employees/1', APP);
    expect(one.statusCode, one.body).toBe(204);
    expect(one.headers['access-control-allow-origin']).toBe(APP);
    expect(list(one.headers['access-control-allow-methods'])).toEqual(expect.arrayContaining(['get', 'head', 'patch']));
    expect(list(one.headers['access-control-allow-methods'])).not.toContain('post');
    expect(list(one.headers['access-control-allow-headers'])).toEqual(expect.arrayContaining(
      ['authorization', 'content-type', 'idempotency-key', 'if-match', 'x-request-id', 'traceparent'].map((h) => h.toLowerCase())));
    expect(one.headers['access-control-max-age']).toBe('600');
    expect(String(one.headers.vary)).toMatch(/origin/i);

    const collection = await preflight(open, '/Employees', 'https://other-app.example:8443', 'POST');
    expect(collection.statusCode).toBe(204);
    expect(collection.headers['access-control-allow-origin']).toBe('https://other-app.example:8443');
    expect(list(collection.headers['access-control-allow-methods'])).toEqual(expect.arrayContaining(['get', 'post']));
    expect(list(collection.headers['access-control-allow-methods'])).not.toContain('patch');
    expect(list(collection.headers['access-control-allow-headers'])).not.toContain('if-match');
  });

  it('a preflight from another origin gets no CORS header (405 as before); one to a path with no route, 404', async () => {
    for (const origin of ['https://evil.example', 'https://app.example.evil.example', 'http://app.example']) {
      const res = await preflight(open, '/Employees/1', origin);
      expect(res.statusCode, origin).toBe(405);
      expect(corsHeaders(res.headers), origin).toEqual([]);
    }
    const nowhere = await preflight(open, '/NoSuchThing', APP);
    expect(nowhere.statusCode).toBe(404);
    expect(corsHeaders(nowhere.headers)).toEqual([]);
  });

  it('an answer to a listed origin names it and exposes the headers a client reads; an error answer too; another origin gets none', async () => {
    const read = await open.inject({ url: '/Datalists/Branches', headers: { ...auth.token(t.tenant.adminToken), origin: APP } });
    expect(read.statusCode).toBe(200);
    expect(read.headers['access-control-allow-origin']).toBe(APP);
    expect(read.headers['access-control-allow-credentials']).toBeUndefined();
    expect(list(read.headers['access-control-expose-headers'])).toEqual(expect.arrayContaining(
      ['etag', 'location', 'ratelimit', 'ratelimit-policy', 'retry-after', 'x-request-id', 'x-total-count', 'link']));
    const refused = await open.inject({ url: '/Datalists/Branches', headers: { origin: APP } });
    expect(refused.statusCode).toBe(401);
    expect(refused.headers['access-control-allow-origin']).toBe(APP);
    const other = await open.inject({ url: '/Datalists/Branches', headers: { ...auth.token(t.tenant.adminToken), origin: 'https://evil.example' } });
    expect(other.statusCode).toBe(200);
    expect(corsHeaders(other.headers)).toEqual([]);
  });

  it('CORS_ORIGINS takes origins or *, nothing with a path, and stops the start-up otherwise', () => {
    expect(loadConfig({ CORS_ORIGINS: '*' }).CORS_ORIGINS).toBe('*');
    for (const bad of ['https://app.example/', 'https://app.example/path', 'app.example', 'https://app.example,ftp//x']) {
      expect(() => loadConfig({ CORS_ORIGINS: bad }), bad).toThrow(ConfigError);
    }
  });
});
