// Ranking quality against graded relevance (decision 0055): nDCG@k with graded gains (2^grade - 1,
// discount log2(rank + 1)) and average precision with "relevant" meaning grade >= 2. A ranking is
// the grades of the results in rank order (an ungraded result is a 0); `judged` is every grade the
// order has, so the ideal ranking counts relevant people the ranking left out.

export const RELEVANT = 2;

const gain = (grade: number) => 2 ** grade - 1;

/** Discounted cumulative gain of the first k grades. */
export function dcg(grades: readonly number[], k: number): number {
  return grades.slice(0, k).reduce((sum, grade, i) => sum + gain(grade) / Math.log2(i + 2), 0);
}

/** nDCG@k: the ranking's DCG over the best possible one's; null when the order has nothing above 0. */
export function ndcg(ranking: readonly number[], judged: readonly number[], k: number): number | null {
  const ideal = dcg([...judged].sort((a, b) => b - a), k);
  return ideal === 0 ? null : dcg(ranking, k) / ideal;
}

/**
 * Average precision of the first k results: the mean, over the relevant people the order has (at
 * most k of them, so a perfect top k scores 1), of the precision at each relevant result's rank;
 * null when the order has no relevant person.
 */
export function averagePrecision(ranking: readonly number[], judged: readonly number[], k: number): number | null {
  const relevant = Math.min(k, judged.filter((g) => g >= RELEVANT).length);
  if (relevant === 0) return null;
  let hits = 0, sum = 0;
  ranking.slice(0, k).forEach((grade, i) => {
    if (grade < RELEVANT) return;
    hits += 1;
    sum += hits / (i + 1);
  });
  return sum / relevant;
}

/** The mean of the values that are not null (null when none is). */
export function mean(values: readonly (number | null)[]): number | null {
  const present = values.filter((v): v is number => v !== null);
  return present.length ? present.reduce((a, b) => a + b, 0) / present.length : null;
}
