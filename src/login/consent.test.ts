// The consent page's groups cover the whole scope catalogue: a scope added to platform/auth/scopes.ts
// without a group, or a group without words in a language, fails here.
import { describe, expect, it } from 'vitest';
import { ALL_SCOPES, SCOPE_GROUPS } from '../platform/auth/scopes.ts';
import { LOCALES, MESSAGES } from './i18n.ts';
import { consentGroups } from './consent.ts';

describe('consent groups', () => {
  it('every scope of the catalogue is in a group that has a title and a description in each language', () => {
    for (const locale of LOCALES) {
      const t = MESSAGES[locale];
      for (const scope of ['openid', ...ALL_SCOPES]) {
        const groups = consentGroups([scope], t);
        expect(groups, `${locale} ${scope}`).toHaveLength(1);
        expect(groups[0]!.title, `${locale} ${scope}`).not.toBe(t.scopes_other);
        expect(groups[0]!.title.length, `${locale} ${scope}`).toBeGreaterThan(3);
        expect(groups[0]!.about.length, `${locale} ${scope}`).toBeGreaterThan(10);
      }
      // Each language has its own words (a group left in English in Spanish is caught).
      if (locale !== 'en') for (const group of SCOPE_GROUPS) expect(t[`about_${group}`], group).not.toBe(MESSAGES.en[`about_${group}`]);
    }
  });

  it('shows every group once, in a fixed order, with the access asked for', () => {
    const groups = consentGroups(['employee-write', 'openid', 'employee-read', 'contact-read', 'datalist-read', 'webhook-write', 'not-a-scope'], MESSAGES.en);
    expect(groups.map((g) => [g.title, g.access, g.scopes])).toEqual([
      ['Who you are', 'See', ['openid']],
      ['Employees and contacts', 'See and change', ['employee-write', 'employee-read', 'contact-read']],
      ['Lists and search', 'See', ['datalist-read']],
      ['Integrations', 'Change', ['webhook-write']],
      ['Other permissions', 'Change', ['not-a-scope']],
    ]);
  });

  it('covers all the scopes: every group is used', () => {
    const used = new Set(consentGroups(ALL_SCOPES, MESSAGES.en).map((g) => g.title));
    expect(used.size).toBe(SCOPE_GROUPS.length);
  });
});
