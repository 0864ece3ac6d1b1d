// The metrics against values computed by hand: a wrong gain, discount, cut-off or denominator fails.
import { describe, expect, it } from 'vitest';
import { Bm25, words } from './bm25.ts';
import { averagePrecision, dcg, mean, ndcg } from './metrics.ts';

describe('nDCG', () => {
  it('uses gains 2^g - 1 and a log2(rank + 1) discount', () => {
    // 7/1 + 3/log2(3) + 0 + 1/log2(5) = 7 + 1.892789 + 0.430677
    expect(dcg([3, 2, 0, 1], 10)).toBeCloseTo(9.323466, 5);
  });

  it('divides by the ideal ranking of every judged grade, cut at k', () => {
    // ranking [0, 3, 1]; judged 3, 2, 1 (the 2 was left out): DCG 7/log2(3) + 1/2 = 4.916508;
    // ideal 7 + 3/log2(3) + 1/2 = 9.392789
    expect(ndcg([0, 3, 1], [3, 2, 1, 0, 0], 10)).toBeCloseTo(0.523434, 5);
    // at k = 2: DCG 4.416508; ideal 7 + 1.892789
    expect(ndcg([0, 3, 1], [3, 2, 1, 0, 0], 2)).toBeCloseTo(0.496642, 5);
  });

  it('is 1 for the ideal ranking and null when nothing is relevant at all', () => {
    expect(ndcg([3, 2, 1], [1, 3, 2], 10)).toBeCloseTo(1, 10);
    expect(ndcg([0, 0], [0, 0], 10)).toBeNull();
  });
});

describe('average precision', () => {
  it('averages the precision at each relevant rank over the relevant people (grade >= 2)', () => {
    // relevant at ranks 2 and 4 of [1, 3, 0, 2]; 3 relevant judged: (1/2 + 2/4) / 3
    expect(averagePrecision([1, 3, 0, 2], [3, 2, 2, 1, 0], 25)).toBeCloseTo(1 / 3, 10);
  });

  it('counts at most k relevant people, so a perfect top k scores 1', () => {
    expect(averagePrecision([3, 2], [3, 3, 2, 2], 2)).toBe(1);
    expect(averagePrecision([0, 3], [3, 3, 2, 2], 2)).toBeCloseTo(0.25, 10);
  });

  it('is null without relevant people, and mean() skips nulls', () => {
    expect(averagePrecision([1, 1], [1, 0], 25)).toBeNull();
    expect(mean([0.5, null, 1])).toBe(0.75);
    expect(mean([null])).toBeNull();
  });
});

describe('BM25', () => {
  it('scores by hand-computed idf and saturation', () => {
    const index = new Bm25([['a', 'forklift forklift operator'], ['b', 'cashier'], ['c', 'forklift cashier driver']]);
    // N 3; "forklift" df 2: idf ln(1 + 1.5/2.5) = ln 1.6 = 0.470004; average length 7/3, so a
    // three-word document's length norm is 1.2 * (0.25 + 0.75 * 9/7) = 1.457143.
    // doc a: tf 2: 0.470004 * 4.4 / (2 + 1.457143) = 0.598186
    const scores = index.score('Forklift');
    expect(scores.get('a')).toBeCloseTo(0.598186, 5);
    // doc c: tf 1: 0.470004 * 2.2 / (1 + 1.457143) = 0.420817
    expect(scores.get('c')).toBeCloseTo(0.420817, 5);
    expect(scores.get('b')).toBe(0);
  });

  it('folds case and accents and drops stop words', () => {
    expect(words('Operador de Montacargas, CDL-A and the RF')).toEqual(['operador', 'montacargas', 'cdl', 'rf']);
  });
});
