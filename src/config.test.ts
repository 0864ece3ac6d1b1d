import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

describe('configuration', () => {
  it('applies the documented defaults', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({ PORT: 8080, HOST: '127.0.0.1', DATA_DIR: './data', MAX_IN_FLIGHT_PER_CREDENTIAL: 50, BASE_URL: 'http://127.0.0.1:8080' });
    expect(config.DATABASE_URL).toBeUndefined();
  });

  it('VER-02: addresses are configuration, derived from BASE_URL unless set', () => {
    const config = loadConfig({ BASE_URL: 'https://api.example.com/', JOBBOARD_URL: 'https://jobs.example.com' });
    expect(config).toMatchObject({ BASE_URL: 'https://api.example.com', JOBBOARD_URL: 'https://jobs.example.com', REGISTRATION_URL: 'https://api.example.com/register' });
  });

  it('AUTH-11: the login server has its own address: AUTH_URL, else its own port (PORT + 1) on HOST', () => {
    expect(loadConfig({})).toMatchObject({ AUTH_PORT: 8081, AUTH_URL: 'http://127.0.0.1:8081' });
    expect(loadConfig({ PORT: '9000', HOST: '0.0.0.0' })).toMatchObject({ AUTH_PORT: 9001, AUTH_URL: 'http://localhost:9001' });
    expect(loadConfig({ PORT: '0' })).toMatchObject({ AUTH_PORT: 0 });
    expect(loadConfig({ AUTH_URL: 'https://login.example.com/', AUTH_PORT: '7000' })).toMatchObject({ AUTH_PORT: 7000, AUTH_URL: 'https://login.example.com' });
  });

  it('refuses bad values with a message naming each variable', () => {
    expect(() => loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x', LOG_LEVEL: 'loud' })).toThrow(ConfigError);
    const message = (() => { try { loadConfig({ PORT: '70000', DATABASE_URL: 'mysql://x' }); return ''; } catch (e) { return (e as Error).message; } })();
    expect(message).toMatch(/PORT="70000"/);
    expect(message).toMatch(/DATABASE_URL="mysql:\/\/x"/);
  });

  it('TRUST_PROXY: unset trusts no proxy; a list of addresses and CIDRs is kept; anything else is refused naming it', () => {
    expect(loadConfig({}).TRUST_PROXY).toBeUndefined();
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 127.0.0.1,::1, loopback' }).TRUST_PROXY).toBe('10.0.0.0/8, 127.0.0.1,::1, loopback');
    for (const bad of ['true', '1', '10.0.0.0/99', 'proxy.example.com']) {
      expect(() => loadConfig({ TRUST_PROXY: bad }), bad).toThrow(new RegExp(`TRUST_PROXY=${JSON.stringify(bad).replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}`));
    }
  });
});
