// Forwarded headers at the login server: the public address is always AUTH_URL's (a forged
// X-Forwarded-Host, X-Forwarded-Proto or Host cannot move the endpoints a client is told to use), and
// the client's address is read from X-Forwarded-For only when the direct peer is a TRUST_PROXY address.
import { request } from 'node:http';
import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../platform/db/database.ts';
import { testConfig, testDatabase } from '../../test/helpers.ts';
import { startLoginServer, type LoginServer } from './login-server.ts';

let database: Database;
beforeAll(async () => { database = await testDatabase(); });
afterAll(async () => { await database?.close(); });

/** A login server on a free port, its request log collected. */
async function loginServer(overrides: Record<string, string>): Promise<{ server: LoginServer; log: () => string }> {
  const stream = new PassThrough();
  let log = '';
  stream.on('data', (chunk: Buffer) => { log += String(chunk); });
  const config = testConfig({ AUTH_PORT: '0', LOG_LEVEL: 'info', ...overrides });
  const server = await startLoginServer({ config, database, logStream: stream, listenForRotations: false });
  return { server, log: () => log };
}

/** GET with any headers (fetch may not set Host). */
function get(url: string, headers: Record<string, string>): Promise<Record<string, unknown>> {
  return new Promise((resolve, reject) => {
    request(url, { headers }, (response) => {
      let body = '';
      response.on('data', (chunk: Buffer) => { body += String(chunk); });
      response.on('end', () => resolve(JSON.parse(body)));
    }).on('error', reject).end();
  });
}

const FORGED = { 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'https', 'x-forwarded-for': '203.0.113.7' };
const ENDPOINTS = ['authorization_endpoint', 'token_endpoint', 'jwks_uri', 'introspection_endpoint', 'revocation_endpoint', 'userinfo_endpoint'];

function expectAtIssuer(discovery: Record<string, unknown>, issuer: string) {
  expect(discovery.issuer).toBe(issuer);
  for (const name of ENDPOINTS) expect(String(discovery[name]), name).toMatch(new RegExp(`^${issuer}/`));
}

const loggedIps = (log: string) => log.split('\n').filter(Boolean).map((line) => JSON.parse(line)).flatMap((entry) => (entry.req?.ip ? [entry.req.ip] : []));

describe('forwarded headers at the login server', () => {
  it('without TRUST_PROXY, forged X-Forwarded-Host/Proto and Host leave the discovery document at AUTH_URL, and X-Forwarded-For is not the client address', async () => {
    const { server, log } = await loginServer({});
    try {
      const url = `${server.issuer}/.well-known/openid-configuration`;
      expectAtIssuer(await get(url, FORGED), server.issuer);
      expectAtIssuer(await get(url, { host: 'evil.example' }), server.issuer);
      expect(loggedIps(log())).not.toContain('203.0.113.7');
    } finally {
      await server.close();
    }
  });

  it('with TRUST_PROXY naming the peer, X-Forwarded-For is the client address; the endpoints still are AUTH_URL\'s', async () => {
    const { server, log } = await loginServer({ TRUST_PROXY: '127.0.0.1' });
    try {
      expectAtIssuer(await get(`${server.issuer}/.well-known/openid-configuration`, FORGED), server.issuer);
      expect(loggedIps(log())).toContain('203.0.113.7');
    } finally {
      await server.close();
    }
  });

  it('a TRUST_PROXY naming another address does not make the peer trusted', async () => {
    const { server, log } = await loginServer({ TRUST_PROXY: '10.0.0.0/8, 192.0.2.1' });
    try {
      await get(`${server.issuer}/.well-known/openid-configuration`, FORGED);
      expect(loggedIps(log())).not.toContain('203.0.113.7');
      expect(loggedIps(log())).toContain('127.0.0.1');
    } finally {
      await server.close();
    }
  });
});
