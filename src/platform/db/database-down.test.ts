// With the database down, every API route answers 503 with Retry-After (decision 0003), never 500.
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../app.ts';
import { testConfig } from '../../../test/helpers.ts';
import { openDatabase, type Database } from './database.ts';
import { freePort } from './embedded.ts';

let app: FastifyInstance;
let database: Database;

beforeAll(async () => {
  // A port nothing listens on: every connection is refused, as when the server has stopped.
  database = openDatabase(`postgres://staffing@127.0.0.1:${await freePort()}/staffing`, 2);
  app = await buildApp({ config: testConfig(), database, listenForRevocations: false });
  await app.ready();
});
afterAll(async () => { await app?.close(); await database?.close(); });

it('ERR-16: every kind of credential, on reads and writes, answers 503 with Retry-After while the database is unreachable', async () => {
  const token = Buffer.from('PA0123456789abcdef:secret').toString('base64');
  for (const [method, url, headers] of [
    ['GET', '/Datalists/Branches', { 'x-tw-token': token }],
    ['GET', '/Employees/1', { authorization: `Basic ${Buffer.from('AC0123:secret').toString('base64')}` }],
    ['POST', '/Employees', { 'x-tw-token': token }],
    ['GET', '/Search/JobBoard?countryCode=840', { 'x-tw-token': token }],
  ] as const) {
    const res = await app.inject({ method, url, headers, ...(method === 'POST' ? { payload: { firstName: 'A' } } : {}) });
    expect(res.statusCode, `${method} ${url}: ${res.body.slice(0, 200)}`).toBe(503);
    expect(res.headers['retry-after']).toBe('5');
    expect(res.json()).toMatchObject({ status: 503, code: 'OVERLOADED' });
  }
});

it('the pages answer a 503 page with Retry-After too', async () => {
  const res = await app.inject({ url: '/jobboard/demo' });
  expect(res.statusCode).toBe(503);
  expect(res.headers['content-type']).toMatch(/^text\/html/);
  expect(res.headers['retry-after']).toBe('5');
});
