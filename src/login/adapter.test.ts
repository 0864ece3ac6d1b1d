// The adapter against a real database: a code or refresh token is spent by one request only, however
// many arrive together, and the one that finds it spent revokes the grant it came from.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errors } from 'oidc-provider';
import type { Database } from '../platform/db/database.ts';
import { testDatabase } from '../../test/helpers.ts';
import { postgresAdapter } from './adapter.ts';

let database: Database;
beforeAll(async () => { database = await testDatabase(); });
afterAll(async () => { await database?.close(); });

describe('consume()', () => {
  it('of 10 simultaneous consumptions of one refresh token, one succeeds; the others are invalid_grant and revoke the grant', async () => {
    const adapter = postgresAdapter(database.db);
    const [grants, tokens, codes] = [adapter('Grant'), adapter('RefreshToken'), adapter('AuthorizationCode')];
    await grants.upsert('g1', { jti: 'g1', kind: 'Grant' }, 3600);
    await tokens.upsert('rt1', { jti: 'rt1', kind: 'RefreshToken', grantId: 'g1' }, 3600);
    await codes.upsert('code1', { jti: 'code1', kind: 'AuthorizationCode', grantId: 'g1' }, 60);
    const outcomes = await Promise.allSettled(Array.from({ length: 10 }, () => tokens.consume('rt1')));
    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(1);
    for (const o of outcomes) if (o.status === 'rejected') expect(o.reason).toBeInstanceOf(errors.InvalidGrant);
    // The grant and everything issued from it are gone.
    expect(await grants.find('g1')).toBeUndefined();
    expect(await tokens.find('rt1')).toBeUndefined();
    expect(await codes.find('code1')).toBeUndefined();
  });

  it('a token of another grant is untouched by a reuse', async () => {
    const adapter = postgresAdapter(database.db);
    const tokens = adapter('RefreshToken');
    await tokens.upsert('rt-a', { jti: 'rt-a', grantId: 'ga' }, 3600);
    await tokens.upsert('rt-b', { jti: 'rt-b', grantId: 'gb' }, 3600);
    await tokens.consume('rt-a');
    await expect(tokens.consume('rt-a')).rejects.toBeInstanceOf(errors.InvalidGrant);
    expect(await tokens.find('rt-b')).toMatchObject({ grantId: 'gb' });
  });
});
