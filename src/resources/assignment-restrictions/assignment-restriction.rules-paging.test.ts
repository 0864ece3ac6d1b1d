// GET /assignmentRestriction/rules is a paged list like every other (docs/content-negotiation.md,
// "Paging"): take and skip apply, with the same bounds, though the rules are computed, not queried.
import { describe, expect, it } from 'vitest';
import { testAppForFile } from '../../../test/helpers.ts';
import { RULE_CODES } from './assignment-restriction.rules.ts';

const { admin } = testAppForFile();

const rules = (query = '') => admin({ method: 'GET', url: `/assignmentRestriction/rules${query}` });
const codes = async (query: string) => {
  const res = await rules(query);
  expect(res.statusCode, res.body).toBe(200);
  const page = res.json<{ data: { ruleCode: string }[]; totalCount: number }>();
  expect(page.totalCount).toBe(RULE_CODES.length);
  return page.data.map((r) => r.ruleCode);
};

describe('GET /assignmentRestriction/rules paging', () => {
  it('PAGE-02 PAGE-03 PAGE-04: take and skip choose the page; totalCount counts every rule', async () => {
    expect(RULE_CODES.length).toBeGreaterThan(3);
    expect(await codes('')).toEqual([...RULE_CODES]);
    expect(await codes('?take=2')).toEqual(RULE_CODES.slice(0, 2));
    expect(await codes('?skip=1&take=2')).toEqual(RULE_CODES.slice(1, 3));
    expect(await codes('?Skip=2')).toEqual(RULE_CODES.slice(2));
    expect(await codes(`?skip=${RULE_CODES.length}`)).toEqual([]);
  });

  it('PAGE-05 AMB-67: take below 1 or above 1000, or skip below 0, is a 400 naming it', async () => {
    for (const [query, field] of [['?take=0', 'take'], ['?take=1001', 'take'], ['?skip=-1', 'skip'], ['?take=x', 'take']] as const) {
      const res = await rules(query);
      expect(res.statusCode, `${query}: ${res.body}`).toBe(400);
      expect(Object.keys(res.json().errors)).toEqual([field]);
    }
  });

  it('answers CSV of the page', async () => {
    const res = await rules('?take=1');
    const csv = await admin({ method: 'GET', url: '/assignmentRestriction/rules?take=1', headers: { accept: 'text/csv' } });
    expect(csv.statusCode, csv.body).toBe(200);
    expect(csv.body.trim().split('\n')).toHaveLength(2);
    expect(csv.body).toContain(res.json().data[0].ruleCode);
  });
});
