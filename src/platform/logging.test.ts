// Nothing secret reaches the log: a run of every credential form (headers, every spelling of the
// query parameter, a userinfo in the target) and of a forced 500 whose SQL had values bound is
// scanned for the secrets.
import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { testApp, type TestContext } from '../../test/helpers.ts';
import { buildApp } from '../app.ts';
import { redactUrl } from './logging.ts';

let t: TestContext;
let app: FastifyInstance;
let log = '';
const SECRET_VALUE = 'bound-value-7f3e9c';

beforeAll(async () => {
  t = await testApp();
  const stream = new PassThrough();
  stream.on('data', (chunk: Buffer) => { log += String(chunk); });
  app = await buildApp({ config: { ...t.config, LOG_LEVEL: 'info' }, database: t.database, listenForRevocations: false, logStream: stream });
  app.get('/Forced500', { config: { access: { roles: ['ServiceRep'], scopes: [] } }, schema: { operationId: 'forced500' } },
    async () => t.database.db.execute(sql`select ${SECRET_VALUE}::int`));
  await app.ready();
});
afterAll(async () => { await app?.close(); await t?.close(); });

it('redacts a query carrying a credential under any spelling, and a userinfo', () => {
  for (const url of ['/x?tw-token=abc', '/x?a=1&tw%2Dtoken=abc', '/x?%74w-token=abc', '/x?tw-token[]=abc', '/x?TW-TOKEN=abc', '/x?tw-token%5B0%5D=abc', '/x?client_secret=abc&b=2']) {
    expect(redactUrl(url), url).toBe(`${url.split('?')[0]}?[REDACTED]`);
  }
  expect(redactUrl('http://sid:abc@example.com/x')).toBe('http://[REDACTED]@example.com/x');
  expect(redactUrl('/x?skip=1&take=2')).toBe('/x?skip=1&take=2');
  expect(redactUrl('/x?%ZZ=1')).toBe('/x?%ZZ=1');
});

it('AUTH-16: a run of every credential form and a forced 500 leaves no token, secret or bound value in the log', async () => {
  const { token, sid, secret } = t.tenant.adminToken;
  const basic = `Basic ${Buffer.from(`${sid}:${secret}`).toString('base64')}`;
  const answers = await Promise.all([
    app.inject({ url: '/Datalists/Branches', headers: { 'x-tw-token': token } }),
    app.inject({ url: '/Datalists/Branches', headers: { authorization: basic } }),
    app.inject({ url: '/Datalists/Branches', headers: { authorization: `Bearer ${token}` } }),
    ...['tw-token', 'tw%2Dtoken', '%74w-token', 'tw-token[]', 'TW-Token'].map((name) => app.inject({ url: `/Datalists/Branches?${name}=${encodeURIComponent(token)}` })),
    app.inject({ url: `http://${sid}:${secret}@localhost/Datalists/Branches` }),
    app.inject({ url: '/Forced500', headers: { 'x-tw-token': token } }),
  ]);
  expect(answers.at(-1)?.statusCode).toBe(500);
  expect(answers[0]?.statusCode).toBe(200);
  expect(log).toContain('/Forced500');
  for (const secretText of [token, secret, encodeURIComponent(token), SECRET_VALUE, basic.slice(6)]) expect(log).not.toContain(secretText);
});
