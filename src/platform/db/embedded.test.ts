// The embedded server's address for the service's own connections (decision 0032).
import { describe, expect, it } from 'vitest';
import { socketUrlOf } from './embedded.ts';

const tcp = 'postgres://staffing:secret@127.0.0.1:5433/postgres';

describe('socketUrlOf', () => {
  it('goes through the server\'s Unix socket when this process sees it', () => {
    const asked: string[] = [];
    expect(socketUrlOf(tcp, 5433, (path) => { asked.push(path); return true; })).toBe(`${tcp}?host=%2Ftmp`);
    expect(asked).toEqual(['/tmp/.s.PGSQL.5433']);
  });

  it('keeps TCP on loopback when the socket is not there (another /tmp: systemd\'s PrivateTmp)', () => {
    expect(socketUrlOf(tcp, 5433, () => false)).toBe(tcp);
  });
});
