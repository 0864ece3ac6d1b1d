import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ALL_SCOPES } from './scopes.ts';

describe('scope catalogue (AUTH-28)', () => {
  it('AUTH-27: contains the scope names the spec gives', () => {
    for (const s of ['assignment-read', 'assignment-write', 'assessoncloudresults-write', 'assessment-webhook', 'order-read']) expect(ALL_SCOPES).toContain(s);
  });

  it('is documented in docs/authentication.md, every scope', () => {
    const doc = readFileSync(new URL('../../../docs/authentication.md', import.meta.url), 'utf8');
    expect(ALL_SCOPES.filter((s) => !doc.includes(`\`${s}\``))).toEqual([]);
  });
});
