import { describe, expect, it } from 'vitest';
import { claimStatementName } from './statement-names.ts';

describe('statement names', () => {
  it('are claimed once: a second reader under the same name fails when it is defined', () => {
    expect(claimStatementName('statement_names_test')).toBe('statement_names_test');
    expect(() => claimStatementName('statement_names_test')).toThrow(/Two statements are named "statement_names_test"/);
  });
});
