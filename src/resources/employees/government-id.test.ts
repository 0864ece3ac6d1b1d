import { describe, expect, it } from 'vitest';
import { checkGovernmentId } from './government-id.ts';

describe('government personal ids (EMP-09)', () => {
  it('US SSN: accepts 123-45-6789 and 123456789, refuses reserved areas and zero groups', () => {
    expect(checkGovernmentId(840, '123-45-6789')).toEqual({ ok: true, normalized: '123456789' });
    expect(checkGovernmentId(840, '123456789')).toEqual({ ok: true, normalized: '123456789' });
    for (const bad of ['000-12-3456', '666-12-3456', '912-12-3456', '123-00-4567', '123-45-0000', '12-345-6789', 'abc']) {
      expect(checkGovernmentId(840, bad).ok, bad).toBe(false);
    }
  });

  it('UK National Insurance number: two letters, six digits, A-D; disallowed prefixes refused', () => {
    expect(checkGovernmentId(826, 'AB 12 34 56 C')).toEqual({ ok: true, normalized: 'AB123456C' });
    expect(checkGovernmentId(826, 'ab123456d')).toEqual({ ok: true, normalized: 'AB123456D' });
    for (const bad of ['QQ123456C', 'GB123456A', 'DA123456A', 'AO123456A', 'AB123456E', 'AB12345A']) expect(checkGovernmentId(826, bad).ok, bad).toBe(false);
  });

  it('Canadian SIN: nine digits with a valid Luhn check digit', () => {
    // 0 is never assigned and 8 is for business numbers, even when the check digit fits.
    expect(checkGovernmentId(124, '046 454 286').ok).toBe(false);
    expect(checkGovernmentId(124, '130 692 544')).toEqual({ ok: true, normalized: '130692544' });
    expect(checkGovernmentId(124, '130-692-545').ok).toBe(false);
    expect(checkGovernmentId(124, '13069254').ok).toBe(false);
  });

  it('other countries: letters and digits up to 50', () => {
    expect(checkGovernmentId(276, '12 345 678 901')).toEqual({ ok: true, normalized: '12345678901' });
    expect(checkGovernmentId(276, '<script>').ok).toBe(false);
  });
});
