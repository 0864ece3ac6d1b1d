// Forwarded headers at the API: the client's address (logs, per-address limits) comes from
// X-Forwarded-For only when the direct peer is a TRUST_PROXY address; public addresses (links, the
// API description's server) always come from BASE_URL, whatever X-Forwarded-Host says.
import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from './platform/db/database.ts';
import { testConfig, testDatabase } from '../test/helpers.ts';
import { buildApp } from './app.ts';

let database: Database;
beforeAll(async () => { database = await testDatabase(); });
afterAll(async () => { await database?.close(); });

const FORGED = { 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'https', 'x-forwarded-for': '203.0.113.7' };

/** The client addresses an app logs for one request with forged forwarded headers, and its API description. */
async function answerForged(overrides: Record<string, string>) {
  const stream = new PassThrough();
  let log = '';
  stream.on('data', (chunk: Buffer) => { log += String(chunk); });
  const app = await buildApp({ config: testConfig({ LOG_LEVEL: 'info', ...overrides }), database, listenForRevocations: false, logStream: stream });
  try {
    await app.inject({ url: '/health', headers: FORGED });
    const description = (await app.inject({ url: '/swagger/v1/swagger.json', headers: FORGED })).json<{ servers: { url: string }[] }>();
    const ips = log.split('\n').filter(Boolean).map((line) => JSON.parse(line)).flatMap((entry) => (entry.req?.ip ? [entry.req.ip] : []));
    return { ips, servers: description.servers.map((s) => s.url) };
  } finally {
    await app.close();
  }
}

describe('forwarded headers at the API', () => {
  it('without TRUST_PROXY, X-Forwarded-For is not the client address, and X-Forwarded-Host changes no address', async () => {
    const { ips, servers } = await answerForged({});
    expect(ips).not.toContain('203.0.113.7');
    expect(ips).toContain('127.0.0.1');
    expect(servers).toEqual(['http://api.test']);
  });

  it('with TRUST_PROXY naming the peer, X-Forwarded-For is the client address; the addresses still are BASE_URL\'s', async () => {
    const { ips, servers } = await answerForged({ TRUST_PROXY: '127.0.0.1' });
    expect(ips).toContain('203.0.113.7');
    expect(servers).toEqual(['http://api.test']);
  });
});
