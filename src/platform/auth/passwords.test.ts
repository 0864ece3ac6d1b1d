// Passwords are Argon2id PHC strings (passwords.ts). Hashes stored before the switch to
// @node-rs/argon2 (decision 0001) were written by the `argon2` package, which orders the parameters
// differently (`m=19456,p=1,t=2`): they still verify, so no rep or web user is locked out by the upgrade.
import { describe, expect, it } from 'vitest';
import { hashPassword, passwordMatches } from './passwords.ts';

/** 'correct horse battery', hashed by argon2@0.45.1 with the options passwords.ts used then. */
const WRITTEN_BY_ARGON2 = '$argon2id$v=19$m=19456,p=1,t=2$dGNE7M/h0mNy0r07i6Q92w$lEOYAV0XrWND8VKwXSfnV0jKj7wIHGmxT3iWfSed2Nw';

describe('passwords', () => {
  it('hashes with Argon2id, 19 MiB, 2 passes, and verifies only the same password', async () => {
    const hash = await hashPassword('correct horse battery');
    expect(hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await passwordMatches('correct horse battery', hash)).toBe(true);
    expect(await passwordMatches('correct horse batterY', hash)).toBe(false);
  });

  it('verifies a hash the former library wrote', async () => {
    expect(await passwordMatches('correct horse battery', WRITTEN_BY_ARGON2)).toBe(true);
    expect(await passwordMatches('wrong horse battery', WRITTEN_BY_ARGON2)).toBe(false);
  });

  it('answers false, never throws, for no hash or one that is not a PHC string', async () => {
    expect(await passwordMatches('anything', null)).toBe(false);
    expect(await passwordMatches('anything', 'not a hash')).toBe(false);
  });
});
