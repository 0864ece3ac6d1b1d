// Government personal ids by country (EMP-09): US SSN (840), UK National Insurance number (826),
// Canadian SIN (124, with its Luhn check digit). Other countries: any 1 to 50 letters, digits,
// spaces or dashes. Only a keyed hash (duplicate check) and the last four characters are stored.
import { createHash } from 'node:crypto';

export type GovernmentIdCheck = { ok: true; normalized: string } | { ok: false; message: string };

function luhn(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) { d *= 2; if (d > 9) d -= 9; }
    sum += d;
  }
  return sum % 10 === 0;
}

export function checkGovernmentId(countryCode: number, raw: string): GovernmentIdCheck {
  const value = raw.trim().toUpperCase();
  switch (countryCode) {
    case 840: {
      const m = /^(\d{3})-?(\d{2})-?(\d{4})$/.exec(value);
      if (!m) return { ok: false, message: 'must be a US Social Security number (123-45-6789)' };
      const [area, group, serial] = [m[1]!, m[2]!, m[3]!];
      if (area === '000' || area === '666' || area.startsWith('9') || group === '00' || serial === '0000') {
        return { ok: false, message: 'is not a valid US Social Security number' };
      }
      return { ok: true, normalized: area + group + serial };
    }
    case 826: {
      const compact = value.replace(/\s+/g, '');
      const m = /^([A-CEGHJ-PR-TW-Z][A-CEGHJ-NPR-TW-Z])(\d{6})([A-D])$/.exec(compact);
      if (!m || ['BG', 'GB', 'NK', 'KN', 'TN', 'NT', 'ZZ'].includes(m[1]!)) {
        return { ok: false, message: 'must be a UK National Insurance number (QQ 12 34 56 C)' };
      }
      return { ok: true, normalized: compact };
    }
    case 124: {
      const digits = value.replace(/[\s-]/g, '');
      if (!/^\d{9}$/.test(digits) || digits.startsWith('0') || digits.startsWith('8')) {
        return { ok: false, message: 'must be a Canadian Social Insurance Number (9 digits)' };
      }
      if (!luhn(digits)) return { ok: false, message: 'is not a valid Canadian Social Insurance Number (check digit)' };
      return { ok: true, normalized: digits };
    }
    default:
      if (!/^[A-Z0-9][A-Z0-9 -]{0,49}$/.test(value)) return { ok: false, message: 'must be 1 to 50 letters, digits, spaces or dashes' };
      return { ok: true, normalized: value.replace(/[\s-]/g, '') };
  }
}

/** The stored form: SHA-256 over tenant, country and normalised id (equal ids collide, nothing else). */
export function governmentIdHash(tenantId: number, countryCode: number, normalized: string): Buffer {
  return createHash('sha256').update(`${tenantId}:${countryCode}:${normalized}`).digest();
}
